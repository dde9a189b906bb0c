"""Burraco actions and their finite integer encoding.

A turn is split into bounded steps so every state has a short exact list: take (``pesca`` the
stock or ``raccogli`` the pile), then any number of ``cala`` (a new meld of exactly three cards)
and ``attacca`` (one card onto one of the side's melds) — each removes cards from the hand, so a
turn has at most as many steps as cards — then ``scarta``. Longer melds are a ``cala`` followed by
``attacca`` steps; moving or replacing a wild is part of the ``attacca`` that causes it, whose
``wild`` field says where the run's wild stands afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import ClassVar, Final

from mazzo.cards import RANK_TEXT, SUIT_SYMBOL, Card, burraco_deck
from mazzo.engine.chance import Deal as Deal
from mazzo.engine.game import Action, IllegalAction, card_token, quick_init
from mazzo.games.burraco.melds import layouts

DECK: Final = burraco_deck()
DECK_INDEX: Final = {c: i for i, c in enumerate(DECK)}
MAX_MELDS: Final = 36  # a side's melds: 108 cards / 3
WILD_SLOTS: Final = 15  # 0 = no wild, else its run position 1..14


def position_text(pos: int, suit: int) -> str:
    """The card a run position stands for: ``6♦``, ``A♠`` (positions 1 and 14 are aces)."""
    rank = 14 if pos == 1 else pos
    return RANK_TEXT[rank] + SUIT_SYMBOL.get(suit, "")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the stock ("tallone")."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "pesca"


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Take the whole discard pile ("monte degli scarti")."""

    kind: ClassVar[str] = "take_pile"

    def __str__(self) -> str:
        return "raccogli gli scarti"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    card: Card

    def __str__(self) -> str:
        return f"scarta {card_token(self.card)}"


@quick_init  # a search's listings make thousands of new moves
@dataclass(frozen=True, slots=True)
class Cala(Action):
    """Lay a new meld of three cards (sorted by deck index); ``wild``: the run position the wild
    stands for (0 when there is none or in a set)."""

    kind: ClassVar[str] = "meld"
    cards: tuple[Card, ...]
    wild: int = 0

    def __str__(self) -> str:
        return "cala " + meld_text(self.cards, self.wild)


@quick_init
@dataclass(frozen=True, slots=True)
class Attacca(Action):
    """Add one card to the side's meld number ``meld`` (0-based; texts count from 1);
    ``wild``: where the run's wild stands afterwards (0: no wild)."""

    kind: ClassVar[str] = "attach"
    card: Card
    meld: int
    wild: int = 0

    def __str__(self) -> str:
        text = f"attacca {card_token(self.card)} al gioco {self.meld + 1}"
        return text + (f" (matta al posto {self.wild})" if self.wild else "")


def meld_text(cards: tuple[Card, ...], wild: int) -> str:
    """Cards in table order, the wild marked with what it stands for: ``J★(=6♦) 7♦ 8♦``."""
    for layout in layouts(cards):
        if layout.wild == wild or not layout.run:
            return layout_text(layout.cards, layout.lo, layout.wild, layout.key, layout.run)
    return " ".join(card_token(c) for c in cards)


def layout_text(cards: tuple[Card, ...], lo: int, wild: int, key: int, run: bool) -> str:
    parts = []
    for i, c in enumerate(cards):
        token = card_token(c)
        if run and wild and lo + i == wild:
            token += f"(={position_text(wild, key)})"
        parts.append(token)
    return " ".join(parts)


DRAW: Final = Draw()
TAKE_PILE: Final = TakePile()
DISCARD: Final = {c: Discard(c) for c in DECK}
ACTION_TYPES: tuple[type[Action], ...] = (Draw, TakePile, Discard, Cala, Attacca, Deal)

_N = len(DECK)
_DISCARD_BASE: Final = 2
_ATTACH_BASE: Final = _DISCARD_BASE + _N
_MELD_BASE: Final = _ATTACH_BASE + _N * MAX_MELDS * WILD_SLOTS
_TRIPLES: Final = comb(_N, 3)
ACTION_SPACE: Final = _MELD_BASE + _TRIPLES * WILD_SLOTS


def meld_key(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The canonical order of a meld action's cards (deck order)."""
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


def _triple_index(a: int, b: int, c: int) -> int:
    """Combinatorial number system: a < b < c."""
    return comb(a, 1) + comb(b, 2) + comb(c, 3)


def _triple_at(index: int) -> tuple[int, int, int]:
    c = 2
    while comb(c + 1, 3) <= index:
        c += 1
    index -= comb(c, 3)
    b = 1
    while comb(b + 1, 2) <= index:
        b += 1
    index -= comb(b, 2)
    return index, b, c


def action_index(action: Action) -> int:
    if isinstance(action, Draw):
        return 0
    if isinstance(action, TakePile):
        return 1
    if isinstance(action, Discard):
        return _DISCARD_BASE + DECK_INDEX[action.card]
    if isinstance(action, Attacca):
        if not 0 <= action.meld < MAX_MELDS or not 0 <= action.wild < WILD_SLOTS:
            raise IllegalAction(f"{action} is outside the action space")
        slot = (DECK_INDEX[action.card] * MAX_MELDS + action.meld) * WILD_SLOTS + action.wild
        return _ATTACH_BASE + slot
    if isinstance(action, Cala):
        idx = sorted(DECK_INDEX[c] for c in action.cards)
        if len(idx) != 3 or len(set(idx)) != 3 or not 0 <= action.wild < WILD_SLOTS:
            raise IllegalAction(f"{action} is outside the action space")
        return _MELD_BASE + _triple_index(*idx) * WILD_SLOTS + action.wild
    raise IllegalAction(f"{action!r} is not a Burraco player action")


def action_at(index: int) -> Action:
    if not 0 <= index < ACTION_SPACE:
        raise IllegalAction(f"action index {index} outside 0..{ACTION_SPACE - 1}")
    if index == 0:
        return DRAW
    if index == 1:
        return TAKE_PILE
    if index < _ATTACH_BASE:
        return DISCARD[DECK[index - _DISCARD_BASE]]
    if index < _MELD_BASE:
        slot, wild = divmod(index - _ATTACH_BASE, WILD_SLOTS)
        card_i, meld = divmod(slot, MAX_MELDS)
        return Attacca(DECK[card_i], meld, wild)
    triple, wild = divmod(index - _MELD_BASE, WILD_SLOTS)
    a, b, c = _triple_at(triple)
    return Cala((DECK[a], DECK[b], DECK[c]), wild)
