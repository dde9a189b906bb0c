"""Burraco: 108 cards, pinelle and jolly wild, pozzetti, burraco; 2, 3 or 4 players."""

from mazzo.games.burraco.game import BurracoGame

GAME = BurracoGame()

__all__ = ["GAME", "BurracoGame"]
