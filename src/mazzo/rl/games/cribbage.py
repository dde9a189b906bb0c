"""Cribbage's part of the rl layer: the pools its chance actions are drawn from.

A deal takes some of the 52 cards, not all, and the starter is cut from the cards not dealt this
hand; OpenSpiel draws each card from the right pool (``mazzo.rl.openspiel.chance_plan``).
"""

from __future__ import annotations

from mazzo.cards import Card
from mazzo.engine.game import State
from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.state import CribbageState


def chance_pool(world: State, drawn: Card | tuple[Card, ...]) -> tuple[int, ...]:
    """The ids a chance action's cards are drawn from: the whole deck for a deal, the cards
    not dealt this hand for the starter (one card)."""
    if not isinstance(drawn, Card):
        return tuple(sorted(int(c) for c in DECK))
    if not isinstance(world, CribbageState):
        raise TypeError(f"not a cribbage state: {type(world).__name__}")
    return tuple(sorted(int(c) for c in DECK if c not in world.dealt))
