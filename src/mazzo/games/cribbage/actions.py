"""Cribbage actions, interned where cheap, and their stable integer encoding.

Player actions: ``Discard`` (lay away 1 or 2 cards to the crib), ``Play`` (lay a card in the play),
and with muggins ``Announce`` (your own score), ``Claim`` / ``Decline`` (muggins on an opponent's
overlooked points). Saying "go" is not an action: a player who cannot play is passed
automatically (it is his only legal move) and a ``Go`` event is emitted.
Chance outcomes: ``CutForDeal`` (one card per player), ``Deal`` (the deck order), ``Cut`` (starter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card, french_deck
from mazzo.engine.chance import Deal as Deal
from mazzo.engine.game import Action, quick_init

DECK: tuple[Card, ...] = french_deck()
DECK_SET = frozenset(DECK)


@dataclass(frozen=True, slots=True)
class CutForDeal(Action):
    """Chance: each player's cut for the first deal, in seat order."""

    kind: ClassVar[str] = "cut_for_deal"
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "cut for deal " + " ".join(str(c) for c in self.cards)


@quick_init
@dataclass(frozen=True, slots=True)
class Cut(Action):
    """Chance: the starter turned up from the undealt cards."""

    kind: ClassVar[str] = "cut"
    card: Card

    def __str__(self) -> str:
        return f"starter {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Lay away to the crib. The cards are kept sorted by id whatever order they are named in,
    so the same two cards are one action: legal, equal, indexed and recorded alike."""

    kind: ClassVar[str] = "discard"
    secret: ClassVar[bool] = True  # the crib stays face down until the show
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.cards))
        if ordered != self.cards:
            object.__setattr__(self, "cards", ordered)  # frozen: set once, at construction

    def __str__(self) -> str:
        return "crib " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Muggins: the points you claim for your own hand, crib or card (≤ the true score)."""

    kind: ClassVar[str] = "announce"
    points: int

    def __str__(self) -> str:
        return f"announce {self.points}"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Muggins: take the points the opponent overlooked."""

    kind: ClassVar[str] = "claim"

    def __str__(self) -> str:
        return "muggins"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return "no muggins"


ACTION_TYPES: tuple[type[Action], ...] = (
    CutForDeal, Deal, Cut, Discard, Play, Announce, Claim, Decline,
)

# --- interned actions and the integer encoding -------------------------------------------------

MAX_ANNOUNCE = 29
PLAY: dict[int, Play] = {int(c): Play(c) for c in DECK}
DISCARD1: dict[int, Discard] = {int(c): Discard((c,)) for c in DECK}
#: DISCARD2[a][b] for card ids a < b
DISCARD2: dict[int, dict[int, Discard]] = {
    int(a): {int(b): Discard((a, b)) for b in DECK if int(b) > int(a)} for a in DECK
}
ANNOUNCE: tuple[Announce, ...] = tuple(Announce(p) for p in range(MAX_ANNOUNCE + 1))
CLAIM = Claim()
DECLINE = Decline()

_PAIRS: list[Discard] = [DISCARD2[int(a)][int(b)] for a, b in
                         ((a, b) for i, a in enumerate(sorted(DECK)) for b in sorted(DECK)[i + 1:])]
_SPACE: list[Action] = (
    [DISCARD1[int(c)] for c in DECK] + _PAIRS + [PLAY[int(c)] for c in DECK]
    + list(ANNOUNCE) + [CLAIM, DECLINE]
)
_INDEX: dict[Action, int] = {a: i for i, a in enumerate(_SPACE)}
ACTION_SPACE = len(_SPACE)  # 52 + 1326 + 52 + 30 + 2 = 1462


def action_index(action: Action) -> int:
    try:
        return _INDEX[action]
    except KeyError:
        raise ValueError(f"{action!r} is not a cribbage player action") from None


def action_at(index: int) -> Action:
    if not 0 <= index < ACTION_SPACE:
        raise ValueError(f"action index {index} is outside 0..{ACTION_SPACE - 1}")
    return _SPACE[index]
