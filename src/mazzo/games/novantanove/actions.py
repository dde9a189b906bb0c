"""Novantanove actions: bid cards laid away one by one, premium answers, card play, chance.

Laying three bid cards is split into three ``BidCard`` steps so every decision has a short action
list (at most 13 choices) and the RL action space stays small.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card, french_deck, joker
from mazzo.engine.chance import ChooseDealer as ChooseDealer
from mazzo.engine.chance import Deal as Deal
from mazzo.engine.game import Action
from mazzo.games.novantanove.config import NovantanoveConfig


@dataclass(frozen=True, slots=True)
class BidCard(Action):
    """Lay one card from hand face down among this deal's three bid cards."""

    kind: ClassVar[str] = "bid_card"
    secret: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return f"lay {self.card} as a bid card"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No premium bid."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Offer to declare: bid cards face up at the start of play (premium 30)."""

    kind: ClassVar[str] = "declare"

    def __str__(self) -> str:
        return "declare"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Offer to reveal: bid cards and the whole hand face up (premium 60)."""

    kind: ClassVar[str] = "reveal"

    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick (from one's hand, or from the dummy when controlling it)."""

    kind: ClassVar[str] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


PASS: Pass = Pass()
DECLARE: Declare = Declare()
REVEAL: Reveal = Reveal()

_FULL = (*french_deck(2), joker())
#: one interned action object per card, so legal_actions allocates nothing new
PLAY: dict[Card, Play] = {c: Play(c) for c in _FULL}
BID: dict[Card, BidCard] = {c: BidCard(c) for c in _FULL}

_LOWEST = {36: 6, 48: 3, 52: 2}


def deck_for(config: NovantanoveConfig) -> tuple[Card, ...]:
    """The pack of this config: 36 (6–A), 48 (3–A) or 52 cards, plus the classic joker."""
    cards = french_deck(_LOWEST[config.deck_size])
    if config.variant == "classic":
        cards += (joker(),)
    return cards
