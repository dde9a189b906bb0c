"""What happens in a Nebraska match, for people and logs (translated by ``text``).

Events are made at every move (a search's rollouts too): each gets
:func:`~mazzo.engine.game.quick_init`'s faster ``__init__`` (so none has defaults).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event, quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    kind: ClassVar[str] = "dealer_chosen"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    kind: ClassVar[str] = "hand_dealt"
    hand_number: int
    dealer: int


@quick_init
@dataclass(frozen=True, slots=True)
class CandidateTurned(Event):
    kind: ClassVar[str] = "candidate"
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A seat laid its bid face down (the card stays secret)."""

    kind: ClassVar[str] = "bid_placed"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    kind: ClassVar[str] = "bids_revealed"
    bids: tuple[Card, ...]
    decider: int


@quick_init
@dataclass(frozen=True, slots=True)
class Decided(Event):
    kind: ClassVar[str] = "decided"
    seat: int
    card: Card
    promoted: bool


@quick_init
@dataclass(frozen=True, slots=True)
class ReplacementsDealt(Event):
    kind: ClassVar[str] = "replacements"
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """``reason``: complete (5 common cards), stock_short (rejection, too few to replace),
    stock_empty (no candidate left to turn)."""

    kind: ClassVar[str] = "hand_ended"
    reason: str
    common_cards: int


@quick_init
@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """``by_tiebreak``: family/expert, the most was shared and the tie-break decided."""

    kind: ClassVar[str] = "hand_scored"
    points: tuple[int, ...]
    winners: tuple[int, ...]
    by_tiebreak: bool


@quick_init
@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    winners: tuple[int, ...]
    totals: tuple[int, ...]
