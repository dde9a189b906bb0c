"""Novantanove (Ninety-Nine, David Parlett): exact-bid plain tricks for 3, 2 with a dummy, or 4."""

from mazzo.games.novantanove.game import NovantanoveGame

GAME = NovantanoveGame()

__all__ = ["GAME", "NovantanoveGame"]
