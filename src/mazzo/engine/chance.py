"""Chance outcomes shared by the games: who deals first, and the order of the cards dealt.

Each game's ``state`` module says how it lays out a ``Deal`` (which cards go where).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Action, quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class ChooseDealer(Action):
    """Chance: the first dealer, drawn by lot."""

    kind: ClassVar[str] = "choose_dealer"
    seat: int

    def __str__(self) -> str:
        return f"first dealer: seat {self.seat}"


@quick_init
@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the shuffled cards in the order the game deals them, top card first."""

    kind: ClassVar[str] = "deal"
    order: tuple[Card, ...]

    def __str__(self) -> str:
        return f"shuffle and deal {len(self.order)} cards"


def shuffled(cards: Sequence[Card], rng: random.Random) -> Deal:
    """A Deal of ``cards`` in random order."""
    order = list(cards)
    rng.shuffle(order)
    return Deal(tuple(order))
