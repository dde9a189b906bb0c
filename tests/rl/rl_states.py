"""Random decision states of every game and test config, shared by the RL space tests."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator

from mazzo.engine import all_games
from mazzo.engine.game import Config, Game, State
from playout import decisions

#: the shortest test config of each game, as OpenSpiel parameters (the OpenSpiel tests')
SHORT = {
    "nebraska": {"players": 2, "hands": 1},
    "novantanove": {"players": 2, "target": 6, "mode": "rubber"},
    "poker_italiano": {"players": 3, "stack": 10, "max_hands": 2},
    "cribbage": {"players": 2, "target": 61, "games_to_win": 1},
    "burraco": {"players": 2, "hands": 1},
}


def game_configs() -> list[tuple[Game, Config]]:
    return [(game, config) for game in all_games() for config in game.test_configs()]


def config_id(pair: tuple[Game, Config]) -> str:
    game, config = pair
    return f"{game.id}-{zlib.crc32(config.dumps().encode()) % 10_000}"


def decision_states(game: Game, config: Config, count: int, seed: int) -> Iterator[State]:
    """``count`` decision states from random matches (a new match when one ends), spread out."""
    rng = random.Random(seed)
    produced = 0
    while produced < count:  # a new match when one ends
        for state in decisions(game.new_match(config), rng):
            if rng.random() < 0.5:
                yield state
                produced += 1
                if produced == count:
                    return
