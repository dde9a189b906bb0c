"""Nebraska (Dal Negro): 104 cards in eight colour suits; family, expert and poker scoring."""

from mazzo.games.nebraska.game import NebraskaGame

GAME = NebraskaGame()

__all__ = ["GAME", "NebraskaGame"]
