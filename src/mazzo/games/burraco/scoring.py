"""Burraco scoring: card values, meld validity, burraco types, the hand tally, victory points.

Public API (pure functions, cards as :class:`mazzo.cards.Card`):

- :func:`is_valid_meld` — can these cards lie on the table as one set or run (§4)?
- :func:`burraco_type` — ``"pulito"``, ``"semipulito"`` (``fibur`` only), ``"sporco"`` or None.
- :func:`hand_tally` — every line of one side's score for a hand (§9).
- :func:`victory_points`, :func:`three_player_vp` — tournament conversion (§11).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mazzo.cards import Card
from mazzo.games.burraco.melds import Meld, layouts

PRESETS: Final = ("classic", "fibur")
VP_TABLES: Final = ("published", "seed_wiki")

JOLLY_VALUE: Final = {"classic": 25, "fibur": 30}
BURRACO_POINTS: Final = {"pulito": 200, "semipulito": 150, "sporco": 100}
CLOSING_POINTS: Final = 100
POZZETTO_NOT_TAKEN: Final = -100
BURRACO_SIZE: Final = 7


def _value_table(jolly: int) -> tuple[int, ...]:
    """Card value by ``id & 0xFF`` (suit*16 + rank): one list lookup in the hot path."""
    table = [0] * 256
    for t in range(256):
        rank = t & 15
        if t >> 4 == 12:
            table[t] = jolly
        elif rank == 2:
            table[t] = 20
        elif rank == 14:
            table[t] = 15
        elif rank >= 8:
            table[t] = 10
        elif rank >= 3:
            table[t] = 5
    return tuple(table)


VALUES: Final = {preset: _value_table(JOLLY_VALUE[preset]) for preset in PRESETS}


def card_value(c: Card, preset: str = "classic") -> int:
    """Points of one card (a wild counts its own value, whatever it stands for)."""
    return VALUES[preset][int(c) & 0xFF]


def cards_value(cards: Sequence[Card], preset: str = "classic") -> int:
    table = VALUES[preset]
    return sum(table[int(c) & 0xFF] for c in cards)


# --- melds and burraco types -------------------------------------------------------------------


def is_valid_meld(cards: Sequence[Card]) -> bool:
    """True when ``cards`` form a legal set or run by themselves (§4)."""
    return bool(layouts(cards))


def meld_type(meld: Meld, preset: str = "classic") -> str | None:
    """Burraco type of a laid-out meld, None under 7 cards."""
    if len(meld.cards) < BURRACO_SIZE:
        return None
    if not meld.wild:
        return "pulito"
    if preset == "fibur" and _semipulito(meld):
        return "semipulito"
    return "sporco"


def _semipulito(meld: Meld) -> bool:
    """FIBur: a set of 8+ with the wild, or a run with 7+ consecutive naturals (the wild beyond
    one end of them)."""
    if not meld.run:
        return len(meld.cards) >= 8
    left = meld.wild - meld.lo
    right = len(meld.cards) - left - 1
    return max(left, right) >= BURRACO_SIZE


_TYPE_RANK: Final = {"pulito": 3, "semipulito": 2, "sporco": 1}


def burraco_type(
    meld_cards: Sequence[Card] | Meld, preset: str = "classic"
) -> str | None:
    """``"pulito"``, ``"semipulito"`` (``fibur`` only), ``"sporco"``, or None (under 7 cards or
    not a valid meld). Plain cards that could lie more than one way (a same-suit 2 natural or
    wild) get the best reading; pass a :class:`Meld` for an exact layout."""
    if isinstance(meld_cards, Meld):
        return meld_type(meld_cards, preset)
    found = [meld_type(m, preset) for m in layouts(meld_cards)]
    kinds = [k for k in found if k is not None]
    if not kinds:
        return None
    return max(kinds, key=_TYPE_RANK.__getitem__)


# --- the hand tally ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tally:
    """One side's score for a hand, line by line (§9)."""

    burraco: int
    closing: int
    melded: int
    in_hand: int
    pozzetto: int
    burraci: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.burraco + self.closing + self.melded + self.in_hand + self.pozzetto

    def lines(self) -> list[tuple[str, int]]:
        return [
            ("burraco", self.burraco),
            ("chiusura", self.closing),
            ("carte calate", self.melded),
            ("carte in mano", self.in_hand),
            ("pozzetto", self.pozzetto),
            ("totale", self.total),
        ]


def hand_tally(
    melds: Sequence[Sequence[Card] | Meld],
    hand: Sequence[Card],
    pozzetto_taken: bool,
    closed: bool,
    preset: str = "classic",
) -> Tally:
    """Score one side: its melds, the cards left in its players' hands, whether it took its
    pozzetto and whether it closed. Pozzetto cards taken but not played are simply in ``hand``."""
    table = VALUES[preset]
    kinds: list[str] = []
    melded = 0
    for meld in melds:
        cards = meld.cards if isinstance(meld, Meld) else meld
        melded += sum(table[int(c) & 0xFF] for c in cards)
        kind = burraco_type(meld, preset)
        if kind is not None:
            kinds.append(kind)
    return Tally(
        burraco=sum(BURRACO_POINTS[k] for k in kinds),
        closing=CLOSING_POINTS if closed else 0,
        melded=melded,
        in_hand=-sum(table[int(c) & 0xFF] for c in hand),
        pozzetto=0 if pozzetto_taken else POZZETTO_NOT_TAKEN,
        burraci=tuple(kinds),
    )


# --- victory points ----------------------------------------------------------------------------

#: upper edges of the published bands (winner 10, 11, ... 19; above the last: 20) [X]
VP_EDGES: Final = {
    3: (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500),
    4: (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000),
}


def victory_points(difference: float, hands: int = 3, table: str = "published") -> tuple[int, int]:
    """(winner VP, loser VP) for a match-point difference; they add up to 20.

    ``published``: each band ends at its round number (500 → 14–6); ``seed_wiki``: each band
    starts at it (500 → 15–5), which reproduces the seed's example.
    """
    edges = VP_EDGES[hands]
    diff = abs(difference)
    if table == "seed_wiki":
        band = sum(1 for e in edges if diff >= e)
    else:
        band = sum(1 for e in edges if diff > e)
    return 10 + band, 10 - band


def three_player_vp(
    points: Sequence[float], hands: int = 3, table: str = "published"
) -> list[int]:
    """Each player's VP summed over the three pairings (seed's 3-player mini-tournament)."""
    vp = [0] * len(points)
    for a in range(len(points)):
        for b in range(a + 1, len(points)):
            win, lose = victory_points(points[a] - points[b], hands, table)
            if points[a] >= points[b]:
                vp[a] += win
                vp[b] += lose
            else:
                vp[a] += lose
                vp[b] += win
    return vp
