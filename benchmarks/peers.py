"""mazzo against its peers, side by side in this process: every figure a ratio to its peer.

Peers (the ``bench`` extra; skipped with a note when missing): OpenSpiel's C++ cribbage and RLCard's
gin rummy (whose ``env.step`` builds its state dict at every step, as we build a view). Each figure
is the median of 3 rounds, and the rounds interleave mazzo and the peer (mazzo, peer, mazzo, ...) so
a machine that speeds up or slows down during the run skews both sides alike. CPU time throughout.

The cost of a view in ``apply``s is not a difference of two totals (that swung by ±0.3 between
quiet runs): every view and every apply of recorded random matches is timed alone, per decision
the median of several replays, replays with and without views alternated
(:func:`benchmarks.views.view_cost`).

``python -m benchmarks peers [--quick]``
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from benchmarks.views import (
    MAIN_CONFIGS,
    ROUNDS,
    TIMED_REPLAYS,
    main_config,
    recorded_matches,
    steps_per_second,
    timed,
    view_cost,
    view_over_apply_by_difference,
)
from mazzo.engine import get_game


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
