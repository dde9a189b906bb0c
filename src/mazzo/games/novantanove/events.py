"""What happens in a Novantanove match, for people and logs (translated by ``text``).

Events never carry a hidden card: a bid card laid face down is announced without its identity.
Those made at every move, trick or deal (cards and bid cards laid, offers, tricks won, deals
scored) get :func:`~mazzo.engine.game.quick_init`'s faster ``__init__``: so they take no
defaults (``dummy`` is always given).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event, quick_init


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    kind: ClassVar[str] = "dealer_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A new deal: its dealer and trump suit (-1: no trump); ``turn_up`` in the classic game."""

    kind: ClassVar[str] = "dealt"
    hand_number: int
    dealer: int
    trump: int
    turn_up: Card | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class BidCardLaid(Event):
    """A bid card laid face down (the card stays secret); ``hand`` 2 is the dummy with 2 players."""

    kind: ClassVar[str] = "bid_card_laid"
    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class PremiumOffer(Event):
    """A player's answer when asked for a premium bid: ``pass``, ``declare`` or ``reveal``."""

    kind: ClassVar[str] = "premium_offer"
    seat: int
    offer: str


@dataclass(frozen=True, slots=True)
class OfferWithdrawn(Event):
    """A declaration overcalled by a reveal: that player's bid cards stay face down."""

    kind: ClassVar[str] = "offer_withdrawn"
    seat: int


@dataclass(frozen=True, slots=True)
class BidExposed(Event):
    """A premium bidder's bid cards turned face up before the first lead."""

    kind: ClassVar[str] = "bid_exposed"
    seat: int
    cards: tuple[Card, ...]
    bid: int
    premium: str


@dataclass(frozen=True, slots=True)
class HandExposed(Event):
    """A revealer's whole hand, or the dummy's nine cards, laid face up before the first lead."""

    kind: ClassVar[str] = "hand_exposed"
    hand: int
    cards: tuple[Card, ...]
    dummy: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` from ``hand`` (not ``seat`` only when playing the dummy)."""

    kind: ClassVar[str] = "card_played"
    seat: int
    hand: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    kind: ClassVar[str] = "trick_won"
    hand: int
    number: int
    cards: tuple[Card, ...]
    dummy: bool


@quick_init
@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """One hand's result: its bid cards turned up, tricks, success and the deal's points."""

    kind: ClassVar[str] = "deal_scored"
    hand: int
    bid_cards: tuple[Card, ...]
    bid: int
    tricks: int
    success: bool
    points: int
    dummy: bool


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """A game ended: the winner, the game bonus per seat and the game number."""

    kind: ClassVar[str] = "game_over"
    winner: int
    game_number: int
    bonuses: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieContinues(Event):
    """Target reached with equal highest totals: one more deal."""

    kind: ClassVar[str] = "tie_continues"
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RubberOver(Event):
    kind: ClassVar[str] = "rubber_over"
    winner: int
    games_played: int
    bonus: int
    totals: tuple[int, ...]
