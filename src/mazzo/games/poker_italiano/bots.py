"""Heuristic bot: placeholder replaced below."""
from __future__ import annotations

import random

from mazzo.engine.agent import Turn
from mazzo.engine.game import Action


class PokerHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        return turn.legal[0]
