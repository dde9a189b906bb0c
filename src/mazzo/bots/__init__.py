"""Game-independent agents."""

from mazzo.bots.random_bot import RandomAgent

__all__ = ["RandomAgent"]
