"""Game-independent agents: random, ISMCTS search and the difficulty levels."""

from mazzo.bots.ismcts import ISMCTSAgent
from mazzo.bots.levels import LEVELS, make_agent
from mazzo.bots.random_bot import RandomAgent

__all__ = ["LEVELS", "ISMCTSAgent", "RandomAgent", "make_agent"]
