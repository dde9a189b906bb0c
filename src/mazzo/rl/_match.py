"""What the PettingZoo and Gymnasium wrappers share: the config, the options, chance."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from mazzo.engine.game import CHANCE, Config, Game, MazzoError, State
from mazzo.engine.registry import get_game

ILLEGAL_MODES = ("raise", "penalize")
REWARD_MODES = ("final", "hand")
LANGUAGES = ("en", "it")
#: the reward of an agent that plays a masked index when ``illegal="penalize"``
ILLEGAL_PENALTY = -1.0


def resolve(game: Game | str, config: Config | None, fields: dict[str, Any]) -> tuple[Game, Config]:
    """The game and its validated config: a whole ``config``, or config ``fields``, not both."""
    resolved = get_game(game) if isinstance(game, str) else game
    if config is not None:
        if fields:
            raise MazzoError(f"pass a config or config fields, not both (got {sorted(fields)})")
        if not isinstance(config, resolved.config_class):
            raise MazzoError(f"{resolved.id} needs a {resolved.config_class.__name__}, "
                             f"not {type(config).__name__}")
        config.validate()
        return resolved, config
    return resolved, resolved.config(**fields)


def config_fields(config: Config) -> dict[str, Any]:
    """A config's fields as keyword arguments (tuples stay tuples, unlike ``to_json``)."""
    return {f.name: getattr(config, f.name) for f in dataclasses.fields(config)}


def check_option(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise MazzoError(f"{name}: {value!r} is not allowed; choose one of {', '.join(allowed)}")


def play_chance(state: State, rng: random.Random) -> None:
    """Play chance nodes (shuffles, the first dealer) with ``rng`` until a seat or the end."""
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))


def score_deltas(before: list[float], after: list[float]) -> list[float]:
    return [a - b for a, b in zip(after, before, strict=True)]
