"""Per-game parts of the rl layer: ``mazzo.rl.games.<game id>``, for a game that needs one.

A module here may define
- ``coder(game, config) -> TokenCoder``: the action space of a game whose moves do not fit one
  flat index (Burraco's melds, poker's amounts and draws); without it, the flat coder over the
  game's own action index;
- ``chance_pool(world, drawn) -> tuple[int, ...]``: the card ids OpenSpiel draws a chance
  action's cards from (``drawn``: the card, or the cards, the engine's sample orders), for a
  game that deals some of its pack rather than shuffling it all (Cribbage); without it, the
  sample's own cards;
- ``utility_bounds(config) -> (low, high)``: the bounds of ``returns()`` where they are not
  0..1 (poker's chips).

Other modules here hold per-game extras named for what they are, imported only by name
(``cribbage_endgame``: a sub-game small enough for OpenSpiel's tabular CFR).
"""

from __future__ import annotations

import importlib
from typing import Any

from mazzo.engine.game import Game


def game_part(game: Game, name: str) -> Any | None:
    """``name`` from ``mazzo.rl.games.<game id>``; None where the game has no module here or
    its module lacks that part."""
    module_name = f"{__name__}.{game.id}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise  # the game's module is there but something it imports is not
        return None
    return getattr(module, name, None)
