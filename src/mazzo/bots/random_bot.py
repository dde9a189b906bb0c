"""The uniformly random agent: the baseline every bot must beat."""

from __future__ import annotations

import random

from mazzo.engine.agent import Turn
from mazzo.engine.game import Action


class RandomAgent:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        return turn.legal[self.rng.randrange(len(turn.legal))]
