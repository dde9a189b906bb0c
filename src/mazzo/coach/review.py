"""The esperto's review of a finished match: every decision of one seat, valued from that seat's
view only.

At each decision of the seat (a turn with more than one legal move) worlds are drawn by the
engine's ``determinize`` with a :class:`~mazzo.engine.chance.CanonicalRandom` seeded by the
decision's place in the match, so they depend on what the seat could see and never on the real
hidden cards. Each candidate move is played in every world and the hand is finished by the
game's heuristic bot for every seat; the move's value is the mean of the hand's points the seat
then gains (``ReviewRules.relative``: less the mean of the other sides'), or, for a decision
the game values by a :class:`~mazzo.engine.review.Measure` (two-player cribbage's play, by the
chance of winning the game), the measure of each hand's end. Every candidate meets
the same worlds and the same rollout draws, so the differences between moves, the losses, are
measured far more finely than the values (their standard error is that of the paired
differences). A game with exact values for a decision (cribbage's discard analyzer) gives them
instead. A decision with more legal moves than ``ReviewRules.candidates`` is first screened with
a few worlds; the strongest few and the move played are then valued at full depth.

A loss is classed by the game's thresholds, and a move is called an inaccuracy, a mistake or a
blunder only when its loss is larger than its uncertainty (:data:`UNCERTAINTY_Z` standard
errors); otherwise it is good: the worlds could not tell it from the best.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mazzo.bots.ismcts import agent_policy, public_scores, score_profile
from mazzo.engine.chance import CanonicalRandom
from mazzo.engine.game import CHANCE, JSON, TERMINAL, Action, Game, MazzoError, State
from mazzo.engine.record import Record, check_record
from mazzo.engine.review import Measure, ReviewRules

#: the classes of a move, best first
CLASSES: Final = ("best", "good", "inaccuracy", "mistake", "blunder")
#: a loss counts against a move only when it exceeds this many standard errors
UNCERTAINTY_Z: Final = 2.0
#: worlds each legal move gets in the screening of a decision with many moves
SCREEN_WORLDS: Final = 4
#: the fewest worlds a value stands on when a time budget cuts the depth
MIN_WORLDS: Final = 4
#: actions a rollout may play before it is cut off (far more than any hand takes)
ROLLOUT_CAP: Final = 5000
#: mixed into every decision's seed, so that reviews are reproducible
SEED: Final = 20260044

#: ``(decisions done, decisions in all)``, called after each decision
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class MoveValue:
    """One move's value: the mean hand points, the worlds behind it and its standard error."""

    action: Action
    value: float
    samples: int
    error: float


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of the seat."""

    version: int  # actions in the match before the decision
    hand: int
    phase: str
    chosen: Action
    best: Action
    loss: float
    error: float  # standard error of the loss (0: exact)
    klass: str
    reason: dict[str, str]  # by language
    values: list[MoveValue]  # best first; the move played always among them
    unit: dict[str, str]  # the unit of the values and the loss, by language
    percent: bool = False  # the values are chances (the reasons say percentages)

    @property
    def estimate(self) -> float:
        """The value of the move played (the expected hand points, or the chance to win the
        game), from the seat's view: the chart's running estimate."""
        return next(v.value for v in self.values if v.action == self.chosen)


@dataclass
class Review:
    """The review of one seat of a match."""

    game: Game
    seat: int
    unit: dict[str, str]
    decisions: list[Decision] = field(default_factory=list)

    def summary(self) -> JSON:
        """Count per class, the average and total loss over the seat's decisions."""
        summary: JSON = self.to_json()["summary"]
        return summary

    def to_json(self) -> JSON:
        """The review as ``mazzo review --json`` prints it and the server stores it."""
        return assemble(self.game, self.seat, [decision_json(d) for d in self.decisions])


def decision_json(d: Decision) -> JSON:
    """One decision's part of the review's JSON (without its running total)."""
    return {
        "version": d.version, "hand": d.hand, "phase": d.phase,
        "chosen": d.chosen.to_json(), "best": d.best.to_json(),
        "loss": _round(d.loss), "error": _round(d.error), "unit": d.unit["en"],
        "unit_it": d.unit["it"], "percent": d.percent, "class": d.klass,
        "reason": d.reason["en"], "reason_it": d.reason["it"],
        "estimate": _round(d.estimate),
        "values": [{"action": v.action.to_json(), "value": _round(v.value),
                    "samples": v.samples, "error": _round(v.error)} for v in d.values],
    }


def assemble(game: Game, seat: int, decisions: list[JSON]) -> JSON:
    """The review's JSON from its decisions' (:func:`decision_json`, in match order): each
    with the running total of the losses in its unit, and the summary: the count per class, the
    average and total loss in the game's unit, and ``losses``, the same for each unit the
    decisions were valued in (losses in different units are never added up)."""
    rules = game.review_rules()
    counts = dict.fromkeys(CLASSES, 0)
    losses: dict[str, JSON] = {}
    for d in decisions:
        kept = losses.setdefault(d["unit"], {
            "unit": d["unit"], "unit_it": d["unit_it"], "percent": d["percent"],
            "decisions": 0, "total_loss": 0.0, "average_loss": 0.0})
        kept["total_loss"] += d["loss"]
        kept["decisions"] += 1
        d["cumulative_loss"] = _round(kept["total_loss"])
        counts[d["class"]] += 1
    for kept in losses.values():
        kept["average_loss"] = _round(kept["total_loss"] / kept["decisions"])
        kept["total_loss"] = _round(kept["total_loss"])
    mine = losses.get(rules.unit_en, {"total_loss": 0.0, "average_loss": 0.0})
    summary = {"decisions": len(decisions), "classes": counts,
               "total_loss": mine["total_loss"], "average_loss": mine["average_loss"],
               "losses": list(losses.values())}
    return {"game": game.id, "seat": seat, "unit": {"en": rules.unit_en, "it": rules.unit_it},
            "decisions": decisions, "summary": summary}


def _round(x: float) -> float:
    return round(x, 3) + 0.0  # no -0.0 in the JSON


# --- the match ---------------------------------------------------------------------------------


def decision_points(record: Record, seat: int,
                    only: int | None = None) -> tuple[Game, list[tuple[int, State, Action]]]:
    """The game and each decision of ``seat`` in the record: ``(version, state before, action
    played)``, a decision being a turn with more than one legal move (``only``: the states of
    the others are left out, ``None`` in their place). Bad records and seats raise
    :class:`MazzoError` in both languages."""
    checked = check_record(record)
    players = checked.config.players
    if type(seat) is not int or not 0 <= seat < players:
        raise MazzoError(f"--seat: a seat from 0 to {players - 1}, not {seat}",
                         italian=f"--seat: un posto da 0 a {players - 1}, non {seat}")
    state = checked.game.new_match(checked.config)
    found: list[tuple[int, Any, Action]] = []
    for version, action in enumerate(checked.actions):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            kept = state.clone() if only is None or only == len(found) else None
            found.append((version, kept, action))
        state.apply(action)
    return checked.game, found


def review_record(record: Record, seat: int, *, worlds: int | None = None,
                  budget: float | None = None, progress: Progress | None = None) -> Review:
    """Review every decision of ``seat`` in a (finished or unfinished) match record.

    ``worlds``: the depth (default: the game's ``ReviewRules.worlds``); ``budget``: seconds of
    CPU the whole review may take: the depth of each later decision is cut so that the rest fits
    (at least :data:`MIN_WORLDS`), which makes the review depend on the machine's speed."""
    game, points = decision_points(record, seat)
    rules = game.review_rules()
    depth = worlds or rules.worlds
    review = Review(game, seat, {"en": rules.unit_en, "it": rules.unit_it})
    start = time.process_time()
    rollouts = 0
    for done, (version, state, action) in enumerate(points):
        now = depth
        if budget is not None and rollouts:  # a world costs a rollout for each candidate
            spent = time.process_time() - start
            per_world = spent / rollouts * rules.candidates
            left = (budget - spent) / (len(points) - done)
            now = max(MIN_WORLDS, min(depth, int(left / per_world)))
        decision, played = review_decision(game, state, seat, action, version, now, rules)
        review.decisions.append(decision)
        rollouts += played
        if progress is not None:
            progress(done + 1, len(points))
    return review


# --- one decision ------------------------------------------------------------------------------


def review_decision(game: Game, state: State, seat: int, chosen: Action, version: int,
                    worlds: int, rules: ReviewRules | None = None) -> tuple[Decision, int]:
    """The review of the decision ``state`` puts to ``seat``, where ``chosen`` was played, and
    the rollouts it took. It reads the state only through the seat's view (its legal moves, its
    own cards, ``determinize``), so a state whose hidden cards were redealt gives the same."""
    rules = rules or game.review_rules()
    legal = state.legal_actions()
    measure = rules.measure(state, seat) if rules.measure is not None else None
    exact = rules.exact(state, seat, legal) if rules.exact is not None else None
    if exact is not None:
        means, samples = exact
        values = [MoveValue(a, v, samples, 0.0) for a, v in zip(legal, means, strict=True)]
        values.sort(key=lambda v: -v.value)
        best = values[0]
        chosen_value = next(v for v in values if v.action == chosen)
        if chosen_value.value >= best.value:
            best = chosen_value
        return _decision(game, state, seat, version, chosen, best, values,
                         best.value - chosen_value.value, 0.0, rules, None), 0
    sampler = _Sampler(game, state, seat, version, rules, measure)
    candidates = list(legal)
    if len(candidates) > rules.candidates:
        screen = {a: sampler.mean(a, min(SCREEN_WORLDS, worlds)) for a in candidates}
        kept = sorted(candidates, key=lambda a: -screen[a])[: rules.candidates]
        candidates = kept if chosen in kept else [*kept[:-1], chosen]
    runs = {a: sampler.values(a, worlds) for a in candidates}
    values = [MoveValue(a, _mean(r), len(r), _error(r)) for a, r in runs.items()]
    values.sort(key=lambda v: -v.value)
    best = values[0]
    mine = runs[chosen]
    if _mean(mine) >= best.value:
        best = next(v for v in values if v.action == chosen)
    diffs = [b - c for b, c in zip(runs[best.action], mine, strict=True)]
    return _decision(game, state, seat, version, chosen, best, values, _mean(diffs),
                     _error(diffs), rules, measure), sampler.rollouts


def classify(loss: float, error: float, rules: ReviewRules | Measure, is_best: bool) -> str:
    """The class of a move by its loss (``rules``: the thresholds of its unit): worse than good
    only when the loss is larger than its uncertainty (the worlds could not tell it from the
    best)."""
    if is_best:
        return "best"
    good, inaccuracy, mistake = rules.thresholds
    if loss <= good or loss <= UNCERTAINTY_Z * error:
        return "good"
    return "inaccuracy" if loss <= inaccuracy else "mistake" if loss <= mistake else "blunder"


def _decision(game: Game, state: State, seat: int, version: int, chosen: Action,
              best: MoveValue, values: list[MoveValue], loss: float, error: float,
              rules: ReviewRules, measure: Measure | None) -> Decision:
    is_best = best.action == chosen
    loss = 0.0 if is_best else max(loss, 0.0)
    klass = classify(loss, error, measure or rules, is_best)
    reason = {lang: _reason(game, state, seat, best, loss, is_best, rules, measure, lang)
              for lang in ("en", "it")}
    unit = {lang: (measure or rules).unit(lang) for lang in ("en", "it")}
    return Decision(version, state.hand_number, state.phase, chosen, best.action, loss, error,
                    klass, reason, values, unit, measure is not None and measure.percent)


def _reason(game: Game, state: State, seat: int, best: MoveValue, loss: float, is_best: bool,
            rules: ReviewRules, measure: Measure | None, lang: str) -> str:
    """One line: what the esperto plays and what it gains ("esperto keeps 5♥ 5♦: +1.9 points
    expected", "esperto: play 5♥, +12.0 percentage points of win chance"); for the best move,
    its expected points (its chance)."""
    it = lang == "it"
    if measure is not None and measure.percent:
        unit = (f"punti percentuali di {measure.unit_it}" if it
                else f"percentage points of {measure.unit_en}")
        value = (f"{_number(100 * best.value, lang)}% di {measure.unit_it}" if it
                 else f"{_number(100 * best.value, lang)}% {measure.unit_en}")
        shown, after = 100 * loss, ""
    else:
        unit = (measure or rules).unit(lang)
        unit += f" {rules.expected_it}" if it and measure is None else ""
        after = "" if it or measure is not None else " expected"
        value, shown = f"{_number(best.value, lang)} {unit}{after}", loss
    if is_best:
        return f"la mossa dell'esperto: {value}" if it else f"the esperto's move: {value}"
    said = rules.phrase(state, seat, best.action, lang) if rules.phrase is not None else None
    words = said or game.describe_action(best.action, lang)
    gain = f"+{_number(shown, lang)} {unit}{after}"
    return (f"l'esperto {words}: {gain}" if it and said
            else f"l'esperto: {words}, {gain}" if it
            else f"esperto {words}: {gain}" if said
            else f"esperto: {words}, {gain}")


def _number(x: float, lang: str) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "it" else text


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def _error(xs: Sequence[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for fewer than two)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mean = _mean(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


class _Sampler:
    """The worlds of one decision and the hand points each move makes in them.

    World ``i`` and the rollout's generator in it are the same for every move (common random
    numbers), and both are seeded by the decision's version: only the view decides them."""

    def __init__(self, game: Game, state: State, seat: int, version: int,
                 rules: ReviewRules, measure: Measure | None = None) -> None:
        self.game, self.state, self.seat, self.rules = game, state, seat, rules
        self.measure = measure
        self.seed = SEED * 1_000_003 + version
        self.rng = CanonicalRandom(self.seed)
        self.worlds: list[State] = []
        self.done: dict[Action, list[float]] = {}
        self.rollouts = 0
        self.heuristic = game.bots().get("heuristic")
        self.hand_starts = score_profile(game, state.config).hand_starts
        self.side = set(rules.partners(seat, state.num_players))

    def mean(self, action: Action, worlds: int) -> float:
        return _mean(self.values(action, worlds))

    def values(self, action: Action, worlds: int) -> list[float]:
        """The hand points of ``action`` in the first ``worlds`` worlds."""
        got = self.done.setdefault(action, [])
        while len(self.worlds) < worlds:
            self.worlds.append(self.state.determinize(self.seat, self.rng))
        for i in range(len(got), worlds):
            got.append(self._play(action, i))
        return got[:worlds]

    def _play(self, action: Action, index: int) -> float:
        world = self.worlds[index].clone()
        rng = random.Random(self.seed * 7919 + index)
        policy = (agent_policy(self.heuristic(rng.randrange(2**31))) if self.heuristic
                  else None)
        before = self._points(world)
        stop = world.hand_number + 1
        world.apply(action)
        last = before
        for _ in range(ROLLOUT_CAP):
            player = world.current_player
            if player == TERMINAL or world.hand_number >= stop:
                break
            if player == CHANCE:
                if world.phase in self.hand_starts and world.hand_number + 1 >= stop:
                    break
                world.apply(world.sample_chance(rng))
            else:
                legal = world.legal_actions()
                world.apply(policy(world, rng) if policy is not None
                            else legal[rng.randrange(len(legal))])
            now = self._points(world)
            if any(n < b for n, b in zip(now, last, strict=True)) and self.rules.relative:
                break  # a game of the match was won and the board cleared: its pegs are in last
            last = now
        self.rollouts += 1
        if self.measure is not None:
            return self.measure.value(self.state, world, self.seat)
        return self._gain(last, before)

    def _points(self, world: State) -> list[float]:
        found = public_scores(world)
        return found if found is not None else world.scores()

    def _gain(self, after: list[float], before: list[float]) -> float:
        gains = [a - b for a, b in zip(after, before, strict=True)]
        mine = gains[self.seat]
        if not self.rules.relative:
            return mine
        others = [g for s, g in enumerate(gains) if s not in self.side]
        return mine - _mean(others) if others else mine
