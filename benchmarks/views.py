"""What a view costs: random playouts with a view at every decision, one view against one apply
timed call by call, split by kind of decision, counted in instructions, and profiled.

- :func:`steps_per_second`: random playouts of each game's main config with a view built at every
  decision, as a server or an RL environment does: the figure compared with RLCard (which builds
  its state dict at every step); ``peers`` and ``games`` time with :func:`timed`.
- :func:`view_cost`: every view and every apply of recorded random matches timed alone (the
  ``peers`` figure "one view costs N applies").
- :func:`view_phases`: the same replays with each decision put in one group: the hand's first
  view (what a game rebuilds once a hand), each other seat's first view in the hand, then the rest
  by phase (``python -m benchmarks view-phases GAME [field=value ...]``).
- :func:`count` and :func:`replay`: the same figure by instructions, under valgrind's callgrind
  (``python -m benchmarks view-instructions GAME [field=value ...]``). Times move with the machine
  and with what ran just before; instruction counts do not. The recorded matches are replayed in
  six child processes under ``valgrind --tool=callgrind --toggle-collect=builtin_eval``
  (``PYTHONHASHSEED=0``), which counts only code run inside ``eval()``. Each child replays the
  matches once uncounted (the first use of a game's tables stays out; it builds views in every
  mode, so that what runs through ``eval()`` outside the replay, ``typing`` reading annotations,
  is the same in every count and cancels) and once with one kind of call, at every decision or
  chance move, run through ``eval()``:

  - ``nothing``: an empty ``eval`` at each decision (its own cost, taken off the others);
  - ``applies``: each decision's ``apply``, no views;
  - ``views``: each ``view(current player)``, the applies uncounted;
  - ``upkeep``: each decision's ``apply`` in a replay that builds the views, uncounted;
  - ``chance`` and ``chance_upkeep``: each chance move's ``apply``, without and with views.

  Per decision: apply = applies - nothing; view = views - nothing; upkeep = (upkeep - applies) +
  (chance_upkeep - chance), what building views adds to the applies. The ratio is (view +
  upkeep) / apply, as :func:`view_cost` reads it from times.
- :func:`profile`: cProfile of random playouts, with or without a view at every decision
  (``python -m benchmarks profile [GAME ...] [--bare]``).
"""

from __future__ import annotations

import cProfile
import dataclasses
import io
import json
import os
import pstats
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mazzo.engine import CHANCE, Config, State, get_game

#: rounds of each side of a comparison; the figure is their median
ROUNDS = 3
#: (label, game id, config fields): the main config of every game, as in the issue's table
MAIN_CONFIGS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("cribbage 2 p", "cribbage", {"players": 2}),
    ("nebraska 4 p", "nebraska", {"players": 4}),
    ("novantanove 3 p", "novantanove", {"players": 3}),
    ("poker_italiano 4 p", "poker_italiano", {"players": 4}),
    ("burraco 4 p", "burraco", {"players": 4}),
)


def main_config(game_id: str, fields: dict[str, object]) -> Config:
    """``game_id``'s config with ``fields`` (a bad game or field raises its MazzoError)."""
    return get_game(game_id).config(**fields)


def play(config: Config, rng: random.Random, views: bool) -> State:
    """One uniformly random match; with ``views``, ``view(current player)`` before each move."""
    state = get_game(config.game_id).new_match(config)
    while True:
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif player < 0:
            return state
        else:
            if views:
                state.view(player)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def timed(seconds: float, step: Callable[[int], int]) -> tuple[float, float]:
    """Call ``step(i)`` (returning a work count) for ``seconds`` of this process's CPU time (CPU
    time: a busy machine skews every side alike): (calls/s, work/s)."""
    calls = work = 0
    start = time.process_time()
    while True:
        work += step(calls)
        calls += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return calls / elapsed, work / elapsed


def steps_per_second(config: Config, seconds: float, views: bool) -> tuple[float, float]:
    """(matches/s, actions/s) of random matches of ``config``; actions count chance too."""
    return timed(seconds, lambda i: len(play(config, random.Random(i), views).history))


# --- a view's cost: the replays -------------------------------------------------------------


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


@dataclasses.dataclass(frozen=True)
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



# --- by kind of decision -----------------------------------------------------------------------


FIRST_OF_HAND = "the hand's first view"
SEAT_FIRST = "a seat's first view of the hand"


@dataclasses.dataclass(frozen=True)
class GroupCost:
    """The decisions of one group, in total ns over them (means are per decision)."""

    group: str
    decisions: int
    view_ns: float
    upkeep_ns: float
    apply_ns: float

    def excess_per_decision(self, all_decisions: int) -> float:
        """What this group adds to the mean (view + upkeep - apply) over every decision."""
        return (self.view_ns + self.upkeep_ns - self.apply_ns) / all_decisions


def decision_groups(config: Config, history: list[Any]) -> list[str]:
    """The group of each decision (chance moves skipped) of one recorded match, in order."""
    state = get_game(config.game_id).new_match(config)
    groups: list[str] = []
    hand = None
    seen: set[int] = set()
    for action in history:
        player = state.current_player
        if player != CHANCE:
            if state.hand_number != hand:
                hand, seen = state.hand_number, set()
                groups.append(FIRST_OF_HAND)
            elif player not in seen:
                groups.append(SEAT_FIRST)
            else:
                groups.append(state.phase)
            seen.add(player)
        state.apply(action)
    return groups


def view_phases(config: Config, histories: list[list[Any]],
                replays: int = TIMED_REPLAYS) -> list[GroupCost]:
    """The cost of each group of decisions over ``histories``, groups in order of first use."""
    overhead = _clock_overhead_ns()
    totals: dict[str, list[float]] = {}  # group: [decisions, view, upkeep, apply]
    for history in histories:
        bare: list[list[int]] = []
        viewed: list[tuple[list[int], list[int]]] = []
        for _ in range(replays):  # bare, viewed, bare, viewed, ...
            bare.append(timed_decisions(config, history, False)[1])
            viewed_ns, applied_ns, _ = timed_decisions(config, history, True)
            viewed.append((viewed_ns, applied_ns))
        bare_applies = _medians(bare, overhead)
        views = _medians([v for v, _ in viewed], overhead)
        viewed_applies = _medians([a for _, a in viewed], overhead)
        for i, group in enumerate(decision_groups(config, history)):
            total = totals.setdefault(group, [0, 0.0, 0.0, 0.0])
            total[0] += 1
            total[1] += views[i]
            total[2] += viewed_applies[i] - bare_applies[i]
            total[3] += bare_applies[i]
    return [GroupCost(group, int(n), view, upkeep, apply)
            for group, (n, view, upkeep, apply) in totals.items()]


def report(groups: list[GroupCost]) -> list[str]:
    """The table's lines: per group, then all decisions."""
    decisions = sum(g.decisions for g in groups)
    lines = [f"{'decisions':34} {'count':>6} {'share':>6} {'view µs':>8} {'upkeep µs':>9} "
             f"{'apply µs':>8} {'excess µs/decision':>18}"]
    for g in groups:
        n = g.decisions
        lines.append(f"{g.group:34} {n:6d} {n / decisions:6.1%} {g.view_ns / n / 1e3:8.2f} "
                     f"{g.upkeep_ns / n / 1e3:9.2f} {g.apply_ns / n / 1e3:8.2f} "
                     f"{g.excess_per_decision(decisions) / 1e3:18.2f}")
    view = sum(g.view_ns for g in groups)
    upkeep = sum(g.upkeep_ns for g in groups)
    apply = sum(g.apply_ns for g in groups)
    lines.append(f"{'all':34} {decisions:6d} {1:6.1%} {view / decisions / 1e3:8.2f} "
                 f"{upkeep / decisions / 1e3:9.2f} {apply / decisions / 1e3:8.2f} "
                 f"{(view + upkeep - apply) / decisions / 1e3:18.2f}")
    lines.append(f"one view in applies (chance moves' upkeep left out): "
                 f"{(view + upkeep) / apply:.2f}")
    return lines


def config_fields(pairs: list[str]) -> dict[str, object]:
    """``field=value`` words as config fields: integers, true/false, or text."""
    fields: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"{pair!r} is not field=value")
        fields[name] = (int(value) if value.lstrip("-").isdigit()
                        else {"true": True, "false": False}.get(value, value))
    return fields


# --- by instructions --------------------------------------------------------------------------

MODES = ("nothing", "applies", "views", "upkeep", "chance", "chance_upkeep")
_NOTHING = compile("None", "nothing", "eval")
_APPLY = compile("state.apply(action)", "apply", "eval")
_VIEW = compile("state.view(player)", "view", "eval")


def replay(config: Config, histories: list[list[Any]], mode: str,
           through_eval: bool = True) -> dict[str, int]:
    """Replay ``histories`` once, running ``mode``'s calls through ``eval`` (see the module's
    text; ``through_eval`` false: the same calls made directly, to warm up uncounted); the
    counts of decisions, chance moves and ``eval`` calls."""
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    views = mode in ("views", "upkeep", "chance_upkeep")
    eval_nothing = through_eval and mode == "nothing"
    eval_view = through_eval and mode == "views"
    eval_apply = through_eval and mode in ("applies", "upkeep")
    eval_chance = through_eval and mode in ("chance", "chance_upkeep")
    game = get_game(config.game_id)
    decisions = chance = evals = 0
    for history in histories:
        state: State = game.new_match(config)
        space: dict[str, Any] = {"state": state}
        for action in history:
            player = state.current_player
            space["action"] = action
            if player == CHANCE:
                chance += 1
                if eval_chance:
                    eval(_APPLY, space)
                    evals += 1
                else:
                    state.apply(action)
                continue
            decisions += 1
            space["player"] = player
            if eval_view:
                eval(_VIEW, space)
            elif views:
                state.view(player)
            if eval_nothing:
                eval(_NOTHING, space)
            if eval_apply:
                eval(_APPLY, space)
            else:
                state.apply(action)
            evals += eval_view + eval_nothing + eval_apply
    return {"decisions": decisions, "chance": chance, "evals": evals}


def callgrind_total(text: str) -> int:
    """The instructions a callgrind output file reports in all (its ``summary:`` or
    ``totals:`` line)."""
    found = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.MULTILINE)
    if found is None:
        raise ValueError("no summary or totals line in the callgrind output")
    return int(found.group(1))


def per_decision(totals: dict[str, int], decisions: int) -> dict[str, float]:
    """apply, view and upkeep instructions per decision, and the ratio, from each mode's total."""
    apply = (totals["applies"] - totals["nothing"]) / decisions
    view = (totals["views"] - totals["nothing"]) / decisions
    upkeep = (totals["upkeep"] - totals["applies"]
              + totals["chance_upkeep"] - totals["chance"]) / decisions
    return {"apply": apply, "view": view, "upkeep": upkeep, "ratio": (view + upkeep) / apply}


def instructions_child(mode: str, config: Config, matches: int) -> None:
    """One child of :func:`count`: the replays, and its counts as a JSON line."""
    histories = recorded_matches(config, matches)
    # first uses (tables, lazy imports) uncounted, the same in every mode: what runs through
    # eval() outside the replay (typing reads annotations with it) is then the same everywhere
    replay(config, histories, "views", through_eval=False)
    print(json.dumps(replay(config, histories, mode)))


def count(mode: str, game: str, fields: list[str], matches: int, valgrind: str) -> tuple[int, int]:
    """(instructions, decisions) of one child replaying in ``mode`` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [valgrind, "--tool=callgrind", "--collect-atstart=no",
                   "--toggle-collect=builtin_eval", f"--callgrind-out-file={out}",
                   sys.executable, "-m", "benchmarks", "view-instructions", "--child", mode,
                   game, *fields, "--matches", str(matches)]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False,
                              cwd=Path(__file__).resolve().parents[1])  # where ``benchmarks`` is
        if done.returncode != 0:
            raise SystemExit(f"view-instructions: the {mode} run failed:\n{done.stderr[-2000:]}")
        counts = json.loads(done.stdout.strip().splitlines()[-1])
        return callgrind_total(out.read_text()), counts["decisions"]


def instructions(game: str, fields: list[str], matches: int) -> int:
    """Count each mode in its child, then print the figures per decision; 2 without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("view-instructions: valgrind is not installed (apt-get install valgrind)",
              file=sys.stderr)
        return 2
    totals: dict[str, int] = {}
    decisions = 0
    for done, mode in enumerate(MODES, 1):
        totals[mode], decisions = count(mode, game, fields, matches, valgrind)
        print(f"  [{done}/{len(MODES)}] {mode}: {totals[mode]:,} instructions", flush=True)
    figures = per_decision(totals, decisions)
    print(f"{' '.join([game, *fields])}: {decisions} decisions; per decision: apply "
          f"{figures['apply'] / 1e3:.1f} k, view {figures['view'] / 1e3:.1f} k + upkeep "
          f"{figures['upkeep'] / 1e3:.1f} k instructions: one view in applies "
          f"{figures['ratio']:.2f}")
    return 0


# --- where the time goes ----------------------------------------------------------------------

def profile(game_id: str, fields: dict[str, object], seconds: float, views: bool,
            top: int) -> str:
    """cProfile of ``seconds`` CPU seconds of random playouts (a view at every decision with
    ``views``), the ``top`` functions by own time."""
    config = main_config(game_id, fields)
    profiler = cProfile.Profile()
    start = time.process_time()
    seed = 0
    profiler.enable()
    while time.process_time() - start < seconds:
        play(config, random.Random(seed), views)
        seed += 1
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


