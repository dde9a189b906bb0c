"""Nebraska actions: a secret bid, the winner's promote/reject, and the chance outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card, nebraska_deck
from mazzo.engine.chance import ChooseDealer as ChooseDealer
from mazzo.engine.chance import Deal as Deal
from mazzo.engine.game import Action

DECK = nebraska_deck()
DECK_INDEX = {c: i for i, c in enumerate(DECK)}


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Lay one card from hand face down as this round's bid."""

    kind: ClassVar[str] = "bid"
    secret: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return f"bid {self.card}"


@dataclass(frozen=True, slots=True)
class Promote(Action):
    """The candidate becomes a common card."""

    kind: ClassVar[str] = "promote"

    def __str__(self) -> str:
        return "promote"


@dataclass(frozen=True, slots=True)
class Reject(Action):
    """The candidate is discarded; everyone receives a replacement card."""

    kind: ClassVar[str] = "reject"

    def __str__(self) -> str:
        return "reject"


BID = {c: Bid(c) for c in DECK}
PROMOTE = Promote()
REJECT = Reject()
ACTION_TYPES: tuple[type[Action], ...] = (Bid, Promote, Reject, ChooseDealer, Deal)
ACTION_SPACE = len(DECK) + 2


def action_index(action: Action) -> int:
    if isinstance(action, Bid):
        return DECK_INDEX[action.card]
    if isinstance(action, Promote):
        return len(DECK)
    if isinstance(action, Reject):
        return len(DECK) + 1
    raise ValueError(f"{action} is a chance outcome, not a player action")


def action_at(index: int) -> Action:
    if 0 <= index < len(DECK):
        return BID[DECK[index]]
    if index == len(DECK):
        return PROMOTE
    if index == len(DECK) + 1:
        return REJECT
    raise ValueError(f"action index {index} is outside 0..{ACTION_SPACE - 1}")
