"""mazzo against its peers, side by side in this process: every figure a ratio to its peer.

Peers (the ``bench`` extra; skipped with a note when missing): OpenSpiel's C++ cribbage and RLCard's
gin rummy (whose ``env.step`` builds its state dict at every step, as we build a view). Each figure
is the median of 3 rounds, and the rounds interleave mazzo and the peer (mazzo, peer, mazzo, ...) so
a machine that speeds up or slows down during the run skews both sides alike. CPU time throughout.

The cost of a view in ``apply``s is not a difference of two totals (that swung by ±0.3 between
quiet runs): every view and every apply of recorded random matches is timed alone, per decision
the median of several replays, replays with and without views alternated (see :func:`view_cost`).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.steps import MAIN_CONFIGS, main_config, play, steps_per_second, timed
from mazzo.engine import CHANCE, Config, State, get_game

ROUNDS = 3


def interleaved(sides: list[Callable[[], float]]) -> list[float]:
    """The median of ``ROUNDS`` calls of each side, the sides called in turn each round."""
    results: list[list[float]] = [[] for _ in sides]
    for _ in range(ROUNDS):
        for index, side in enumerate(sides):
            results[index].append(side())
    return [statistics.median(r) for r in results]


# --- the peers --------------------------------------------------------------------------------


def _openspiel_cribbage() -> Any | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.load_game("cribbage")


def openspiel_games_per_s(game: Any, seconds: float, observe: bool) -> float:
    """Whole 2-player games to 121 per CPU second of OpenSpiel's C++ cribbage driven from Python
    like ours; with ``observe``, ``information_state_string(current player)`` at every decision
    (its cribbage provides no observation tensor)."""
    rng = random.Random(0)

    def one_game(_: int) -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if observe:
                    state.information_state_string(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        return 1

    return timed(seconds, one_game)[0]


def _rlcard_gin_rummy() -> Any | None:
    try:
        import rlcard  # type: ignore[import-not-found,import-untyped]
    except ImportError:
        return None
    return rlcard.make("gin-rummy", config={"seed": 0})


def rlcard_steps_per_s(env: Any, seconds: float) -> float:
    """``env.step`` calls per CPU second of RLCard's gin rummy with uniformly random legal moves
    (each step builds the state dict: observation planes and the legal list)."""
    rng = random.Random(0)

    def one_game(_: int) -> int:
        state, _player = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return timed(seconds, one_game)[1]


# --- mazzo figures ----------------------------------------------------------------------------


def recorded_matches(config: Config, count: int) -> list[list[Any]]:
    """The histories of ``count`` random matches, to replay with and without views."""
    return [play(config, random.Random(seed), views=False).history for seed in range(count)]


def replay_seconds(config: Config, histories: list[list[Any]], views: bool) -> float:
    """CPU seconds to replay ``histories`` with ``apply`` (and a view at every decision)."""
    game = get_game(config.game_id)
    start = time.process_time()
    for history in histories:
        state: State = game.new_match(config)
        for action in history:
            if views and state.current_player != CHANCE:
                state.view(state.current_player)
            state.apply(action)
    return time.process_time() - start


def view_over_apply_by_difference(config: Config, histories: list[list[Any]]) -> float:
    """The earlier rounds' figure, kept to compare with: the same moves replayed with and without
    views, the difference divided by the decisions, over the mean ``apply`` of all actions
    (chance included). It swings by ±0.3 between quiet runs: two near totals subtracted."""
    actions = sum(len(h) for h in histories)
    decisions = _decisions(config, histories)
    bare = statistics.median(replay_seconds(config, histories, False) for _ in range(ROUNDS))
    viewed = statistics.median(replay_seconds(config, histories, True) for _ in range(ROUNDS))
    return ((viewed - bare) / decisions) / (bare / actions) if decisions else 0.0


def _decisions(config: Config, histories: list[list[Any]]) -> int:
    """How many of the recorded actions were players' moves (not chance)."""
    count = 0
    for history in histories:
        state = get_game(config.game_id).new_match(config)
        for action in history:
            count += state.current_player != CHANCE
            state.apply(action)
    return count


# --- one view against one apply, timed call by call -------------------------------------------

#: replays of each recorded match per side; each decision's times are the medians of these
TIMED_REPLAYS = 7


@dataclass(frozen=True)
class ViewCost:
    """What one ``view(current player)`` costs against one ``apply`` at the same decisions, in
    mean ns per decision. ``apply_viewed_ns`` is the apply of a replay that builds views: where
    a game keeps view parts up to date in ``apply``, that upkeep is the views' cost too, and so
    is what it adds to the chance moves (a deal, a cut), counted per decision as well."""

    decisions: int
    view_ns: float  # all the views built at a decision (one, or one per seat)
    apply_ns: float  # apply (its legality check included) in a replay that never builds a view
    apply_viewed_ns: float  # the same applies in the replay that builds views before each
    views_per_decision: int = 1
    chance_ns: float = 0.0  # the chance moves' applies, bare, per decision
    chance_viewed_ns: float = 0.0  # the same in the replay that builds views

    @property
    def upkeep_ns(self) -> float:
        """What building views adds to the applies, chance moves' included, per decision."""
        return self.apply_viewed_ns - self.apply_ns + self.chance_viewed_ns - self.chance_ns

    @property
    def ratio(self) -> float:
        """One view and its share of what the views add to ``apply``, in bare ``apply``s."""
        return (self.view_ns + self.upkeep_ns) / self.views_per_decision / self.apply_ns


def _clock_overhead_ns() -> int:
    """What one ``perf_counter_ns`` call adds to a timed interval (median of many empty ones)."""
    clock = time.perf_counter_ns
    return int(statistics.median(-clock() + clock() for _ in range(20_000)))


def timed_decisions(
    config: Config, history: list[Any], views: bool, every_seat: bool = False
) -> tuple[list[int], list[int], list[int]]:
    """One replay of ``history``: at every decision (not chance) the ns of ``view(current
    player)`` (0 without ``views``; with ``every_seat``, of every seat's view, as the table
    server sends them after each move) and then of ``apply(action)``, each between two clock
    reads; and the ns of each chance move's ``apply``."""
    clock = time.perf_counter_ns
    viewed_ns: list[int] = []
    applied_ns: list[int] = []
    chance_ns: list[int] = []
    state: State = get_game(config.game_id).new_match(config)
    seats = range(state.num_players)
    for action in history:
        player = state.current_player
        if player == CHANCE:
            start = clock()
            state.apply(action)
            chance_ns.append(clock() - start)
            continue
        start = clock()
        if views and every_seat:
            for seat in seats:
                state.view(seat)
        elif views:
            state.view(player)
        viewed = clock()
        state.apply(action)
        viewed_ns.append(viewed - start)
        applied_ns.append(clock() - viewed)
    return viewed_ns, applied_ns, chance_ns


def _medians(runs: list[list[int]], overhead: int) -> list[float]:
    """Per decision, the median of its times over the runs, less the clock's own cost."""
    return [statistics.median(times) - overhead for times in zip(*runs, strict=True)]


def view_cost(config: Config, histories: list[list[Any]], replays: int = TIMED_REPLAYS,
              every_seat: bool = False) -> ViewCost:
    """Each recorded match replayed ``replays`` times without views and as often with, the two
    alternated replay by replay (a load that comes and goes slows both sides alike); every view
    and apply timed alone; per decision the median of its replays (a preempted call or a garbage
    collection is an outlier of one replay, not the median), less the clock's cost; then the
    means over all decisions. The chance moves (deals, cuts) are timed the same way, and what
    views add to them counts as upkeep: a game may bring its kept view parts up to date when it
    deals, and that is the views' cost too. ``every_seat``: every seat's view at each decision,
    not only the current player's (the server's pattern; the figure is then per view)."""
    overhead = _clock_overhead_ns()
    views: list[float] = []
    bare_applies: list[float] = []
    viewed_applies: list[float] = []
    bare_chance: list[float] = []
    viewed_chance: list[float] = []
    for history in histories:
        bare: list[tuple[list[int], list[int], list[int]]] = []
        viewed: list[tuple[list[int], list[int], list[int]]] = []
        for _ in range(replays):  # bare, viewed, bare, viewed, ...
            bare.append(timed_decisions(config, history, False))
            viewed.append(timed_decisions(config, history, True, every_seat))
        bare_applies += _medians([a for _, a, _ in bare], overhead)
        bare_chance += _medians([c for _, _, c in bare], overhead)
        views += _medians([v for v, _, _ in viewed], overhead)
        viewed_applies += _medians([a for _, a, _ in viewed], overhead)
        viewed_chance += _medians([c for _, _, c in viewed], overhead)
    mean = statistics.fmean
    seats = get_game(config.game_id).new_match(config).num_players if every_seat else 1
    decisions = len(views)
    return ViewCost(decisions, mean(views), mean(bare_applies), mean(viewed_applies), seats,
                    sum(bare_chance) / decisions, sum(viewed_chance) / decisions)


# --- the report -------------------------------------------------------------------------------


def _cribbage_lines(seconds: float) -> list[str]:
    game = _openspiel_cribbage()
    if game is None:
        return ["OpenSpiel: pyspiel missing (pip install open-spiel), cribbage comparison skipped"]
    config = get_game("cribbage").config(players=2, games_to_win=1)
    lines = []
    for observe, goal in ((False, 1.0), (True, 0.8)):
        ours, theirs = interleaved([
            lambda observe=observe: steps_per_second(config, seconds, observe)[0],  # type: ignore[misc]
            lambda observe=observe: openspiel_games_per_s(game, seconds, observe),  # type: ignore[misc]
        ])
        what = ("with a view / an information-state string at every decision" if observe
                else "bare")
        met = "met" if ours / theirs >= goal else "NOT met"
        lines.append(f"cribbage 2 p, whole games to 121 per s, {what}: mazzo {ours:,.0f}, "
                     f"OpenSpiel C++ {theirs:,.0f} → {ours / theirs:.2f}× (goal ≥ {goal}×, {met})")
    return lines


def _steps_lines(seconds: float) -> list[str]:
    env = _rlcard_gin_rummy()
    if env is None:
        return ["RLCard: rlcard missing (pip install rlcard), steps comparison skipped"]
    lines = []
    for label, game_id, fields in MAIN_CONFIGS:
        config = main_config(game_id, fields)
        ours, theirs = interleaved([
            lambda config=config: steps_per_second(config, seconds, True)[1],  # type: ignore[misc]
            lambda: rlcard_steps_per_s(env, seconds),
        ])
        met = "met" if ours / theirs >= 3 else "NOT met"
        lines.append(f"{label}, steps/s with a view at every decision: mazzo {ours:,.0f}, "
                     f"RLCard gin rummy (state dict every step) {theirs:,.0f} → "
                     f"{ours / theirs:.2f}× (goal ≥ 3×, {met})")
    return lines


def _view_lines(quick: bool) -> list[str]:
    lines = []
    for label, game_id, fields in MAIN_CONFIGS:
        config = main_config(game_id, fields)
        count = 2 if game_id == "burraco" or quick else 20
        histories = recorded_matches(config, count)
        cost = view_cost(config, histories, 3 if quick else TIMED_REPLAYS)
        by_difference = view_over_apply_by_difference(config, histories)
        met = "met" if cost.ratio <= 1 else "NOT met"
        lines.append(f"{label}, one view(current player) costs {cost.ratio:.2f} apply: "
                     f"view {cost.view_ns / 1000:.2f} µs + {cost.upkeep_ns / 1000:.2f} µs more "
                     "per apply (chance moves' included) "
                     f"against apply {cost.apply_ns / 1000:.2f} µs, {cost.decisions:,} decisions "
                     f"timed call by call (goal ≤ 1, {met}; "
                     f"the earlier replay-difference figure: {by_difference:.2f})")
        server = view_cost(config, histories, 3 if quick else TIMED_REPLAYS, every_seat=True)
        lines.append(f"{label}, every seat's view after each move (as the table server sends "
                     f"them), per view: {server.ratio:.2f} apply "
                     f"({server.views_per_decision} views a decision)")
    return lines


def run(quick: bool = False) -> list[str]:
    seconds = 0.3 if quick else 1.5
    return _cribbage_lines(seconds) + _steps_lines(seconds) + _view_lines(quick)


if __name__ == "__main__":
    for line in run():
        print(line)
