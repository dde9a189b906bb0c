"""Chance outcomes shared by the games: who deals first, and the order of the cards dealt.

Each game's ``state`` module says how it lays out a ``Deal`` (which cards go where).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

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


class CanonicalRandom(random.Random):
    """A Random whose ``shuffle`` and ``sample`` first sort what they are given.

    A game's ``determinize`` typically pools the cards the seat cannot see — in whatever order
    they really lie — and shuffles the pool. Sorting first makes the world drawn depend only on
    *which* cards are unseen (what the view tells) and the seed, never on where the hidden cards
    really are; so the search, fed only through ``determinize``, gives the same move for the same
    view and seed. Items that cannot be sorted are used in the order given.
    """

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        with contextlib.suppress(TypeError):
            x.sort()
        super().shuffle(x)

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        with contextlib.suppress(TypeError):
            population = sorted(population)
        return super().sample(population, k, counts=counts)
