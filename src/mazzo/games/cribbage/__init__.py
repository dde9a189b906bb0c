"""Cribbage: 2, 3 or 4 players (partnerships), to 121 or 61, match points with skunks, muggins,
an exact score distribution and discard analyzer (``mazzo.games.cribbage.scoring``)."""

from mazzo.games.cribbage.game import CribbageGame

GAME = CribbageGame()

__all__ = ["GAME", "CribbageGame"]
