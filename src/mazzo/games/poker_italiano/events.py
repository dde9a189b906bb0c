"""Events of Poker all'italiana: what an action caused, for people and logs (see ``text``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    kind: ClassVar[str] = "dealer_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new deal: who deals, the deck, the opening requirement (rank of the pair needed)."""

    kind: ClassVar[str] = "hand_started"
    hand: int
    dealer: int
    deck_size: int
    min_pair: int
    parole: bool
    pot: int


@dataclass(frozen=True, slots=True)
class AntePaid(Event):
    kind: ClassVar[str] = "ante_paid"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Spoke(Event):
    """A betting word: blind, cover, pass, open, call, raise, fold, parola, stay, bet.

    ``amount`` is the chips the seat put in with it (for a raise: call plus raise).
    """

    kind: ClassVar[str] = "spoke"
    seat: int
    word: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    dealer: int
    players: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    kind: ClassVar[str] = "reshuffled"
    count: int


@dataclass(frozen=True, slots=True)
class DeadDeal(Event):
    """Nobody opened: the pot stays for the next deal."""

    kind: ClassVar[str] = "dead_deal"
    pot: int


@dataclass(frozen=True, slots=True)
class VoidHand(Event):
    """Everybody said passo after the draw: every player takes back this hand's chips."""

    kind: ClassVar[str] = "void_hand"
    pot: int


@dataclass(frozen=True, slots=True)
class Refund(Event):
    kind: ClassVar[str] = "refund"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PiattoDiParole(Event):
    """Two or more said parola and nobody bet: the pot is frozen and the hand replayed."""

    kind: ClassVar[str] = "piatto_di_parole"
    pot: int


@dataclass(frozen=True, slots=True)
class Shown(Event):
    kind: ClassVar[str] = "shown"
    seat: int
    cards: tuple[Card, ...]
    category: str


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """A player who cannot beat the best hand shown concedes without showing."""

    kind: ClassVar[str] = "mucked"
    seat: int


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    kind: ClassVar[str] = "pot_won"
    seat: int
    amount: int
    pot: int
    shown: bool


@dataclass(frozen=True, slots=True)
class PotSplit(Event):
    """Safety net at the hard deal cap: a pot nobody could win is shared out."""

    kind: ClassVar[str] = "pot_split"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Busted(Event):
    kind: ClassVar[str] = "busted"
    seat: int


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    kind: ClassVar[str] = "match_over"
    reason: str
