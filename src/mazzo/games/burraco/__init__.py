"""Burraco: 108 cards, pinelle and jolly wild, pozzetti, burraco of 7; 4 in pairs, 2 or 3 players."""

from mazzo.games.burraco.game import BurracoGame

GAME = BurracoGame()

__all__ = ["GAME", "BurracoGame"]
