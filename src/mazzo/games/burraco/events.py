"""What happens in a Burraco match, for people and logs (translated by ``text``). Each event
is made with ``quick_init``'s ``__init__`` (the same signature): most moves make one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event, quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    kind: ClassVar[str] = "hand_dealt"
    hand_number: int
    dealer: int
    up_card: Card
    pozzetti: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat drew from the stock (the card stays secret)."""

    kind: ClassVar[str] = "drew"
    seat: int
    stock_left: int


@quick_init
@dataclass(frozen=True, slots=True)
class TookPile(Event):
    kind: ClassVar[str] = "took_pile"
    seat: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Melded(Event):
    """A new meld (``layout``: the cards in table order, the wild marked)."""

    kind: ClassVar[str] = "melded"
    seat: int
    meld: int
    layout: str


@quick_init
@dataclass(frozen=True, slots=True)
class Attached(Event):
    kind: ClassVar[str] = "attached"
    seat: int
    meld: int
    card: Card
    layout: str


@quick_init
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    seat: int
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class PozzettoTaken(Event):
    """``al_volo``: the hand was emptied by melding and the seat plays on at once."""

    kind: ClassVar[str] = "pozzetto"
    seat: int
    size: int
    al_volo: bool


@quick_init
@dataclass(frozen=True, slots=True)
class Paired(Event):
    """3 players, phase A: the first seat to its pozzetto plays alone, the other two pair up."""

    kind: ClassVar[str] = "paired"
    solo: int
    pair: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Closed(Event):
    kind: ClassVar[str] = "closed"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class StockExhausted(Event):
    """Two cards left in the stock: the hand ends after this turn."""

    kind: ClassVar[str] = "stock_exhausted"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """``lines`` per side: burraco, closing, melded cards, cards in hand, pozzetto, total;
    ``points`` per seat (a 3-player pair's side total is halved)."""

    kind: ClassVar[str] = "hand_scored"
    hand_number: int
    sides: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, ...], ...]
    points: tuple[float, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class ThreePozzetti(Event):
    """3 players: a total reached the threshold; from now on three pozzetti of 11, all alone."""

    kind: ClassVar[str] = "three_pozzetti"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    winners: tuple[int, ...]
    totals: tuple[float, ...]
