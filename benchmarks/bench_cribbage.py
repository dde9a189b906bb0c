"""Cribbage benchmarks: random playouts, the show scorer, the discard analyzer, and (if
``open-spiel`` is installed) OpenSpiel's C++ cribbage random playouts timed in this process."""

from __future__ import annotations

import random
import time

from benchmarks.baseline import ratio
from benchmarks.steps import timed
from mazzo.engine import random_playout
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.scoring import DECK, discard_analysis, distribution, score_show


def playouts(config: CribbageConfig, seconds: float) -> tuple[float, float]:
    """(matches/s, actions/s) of uniformly random matches."""

    def step(i: int) -> int:
        state = random_playout(GAME.new_match(config), random.Random(i))
        return len(state.history)

    return timed(seconds, step)


def openspiel_playouts(seconds: float) -> tuple[float, float] | None:
    """(games/s, actions/s) of OpenSpiel's 2-player cribbage (one game to 121) driven from
    Python exactly like ours, or None if pyspiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")
    rng = random.Random(0)

    def step(i: int) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
        return actions

    return timed(seconds, step)


def run(quick: bool = False) -> list[str]:
    seconds = 0.5 if quick else 3.0
    lines: list[str] = []
    default = CribbageConfig()
    one_game = CribbageConfig(games_to_win=1)
    m, a = playouts(default, seconds)
    lines.append(f"random playout (default: best of 3 to 121): {m:,.0f} matches/s "
                 f"({ratio(m)}), {a:,.0f} actions/s ({ratio(a)})")
    g, ga = playouts(one_game, seconds)
    lines.append(f"random playout (one game to 121, 2 players): {g:,.0f} games/s "
                 f"({ratio(g)}), {ga:,.0f} actions/s ({ratio(ga)})")
    for players in (3, 4):
        pm, pa = playouts(CribbageConfig(players=players, games_to_win=1), seconds / 2)
        lines.append(f"random playout (one game to 121, {players} players): {pm:,.0f} games/s "
                     f"({ratio(pm)}), {pa:,.0f} actions/s")
    hands = [tuple(random.Random(i).sample(DECK, 5)) for i in range(1000)]
    calls, _ = timed(seconds, lambda i: score_show(hands[i % 1000][:4], hands[i % 1000][4]).total)
    lines.append(f"score_show: {calls:,.0f} calls/s ({ratio(calls)})")
    start = time.perf_counter()
    distribution()
    lines.append(f"distribution(): {time.perf_counter() - start:.2f} s for all 12,994,800 hands")
    sixes = [random.Random(i).sample(DECK, 6) for i in range(100)]
    an, _ = timed(seconds, lambda i: len(discard_analysis(sixes[i % 100], i % 2 == 0)))
    lines.append(f"discard_analysis (6 cards): {an:,.0f} calls/s ({ratio(an)})")
    spiel = openspiel_playouts(seconds)
    if spiel is None:
        lines.append("OpenSpiel: pyspiel missing (pip install open-spiel), comparison skipped")
    else:
        sg, sa = spiel
        lines.append(f"OpenSpiel C++ cribbage (one game to 121, Python driver): {sg:,.0f} games/s, "
                     f"{sa:,.0f} actions/s ({ratio(sg)})")
        lines.append(f"mazzo / OpenSpiel games/s: {g / sg:.2f} (goal ≥ 0.5)")
    return lines
