"""Random playouts of each game's main config with a view built at every decision, as a server or
an RL environment does: the figure the issue compares with RLCard (which builds its state dict at
every step). Shared by ``bench_peers`` and ``python -m benchmarks.profile_games``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from mazzo.engine import CHANCE, Config, State, get_game

#: (label, game id, config fields): the main config of every game, as in the issue's table
MAIN_CONFIGS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("cribbage 2 p", "cribbage", {"players": 2}),
    ("nebraska 4 p", "nebraska", {"players": 4}),
    ("novantanove 3 p", "novantanove", {"players": 3}),
    ("poker_italiano 4 p", "poker_italiano", {"players": 4}),
    ("burraco 4 p", "burraco", {"players": 4}),
)


def main_config(game_id: str, fields: dict[str, object]) -> Config:
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
