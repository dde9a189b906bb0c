"""How players rate, for finding a game: a player's rating in a game (``mazzo.server.ratings``,
shown on the scale of ``mazzo.arena.ratings``), read through the part that provides it; where a
build has none, a rating is the model's newcomer's (and shown as unknown)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Final

from mazzo.server.storage.base import Storage

#: a newcomer's rating in the Weng–Lin model (openskill's Plackett–Luce defaults): mu, sigma
NEWCOMER: Final = (25.0, 25.0 / 3)


def _part(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def rating_of(storage: Storage, account: str | None, game: str) -> tuple[float, float, int]:
    """(mu, sigma, matches) of an account in a game; a guest's (or every one's, without the
    ratings part) is a newcomer's with no matches. Reads storage: call it in a worker thread."""
    ratings = _part("mazzo.server.ratings")
    if account is None or ratings is None:
        return (*NEWCOMER, 0)
    mu, sigma, matches = ratings.rating_of(storage, account, game)
    return float(mu), float(sigma), int(matches)


def shown_rating(storage: Storage, account: str | None, game: str) -> int | None:
    """The rating people see beside an account's name (the conservative mu − 3·sigma on the
    ratings' scale); None for a guest, or where ratings are not part of the build."""
    ratings = _part("mazzo.server.ratings")
    scale = _part("mazzo.arena.ratings")
    if account is None or ratings is None or scale is None or not hasattr(scale, "shown"):
        return None
    mu, sigma, _matches = rating_of(storage, account, game)
    return int(scale.shown(mu, sigma))
