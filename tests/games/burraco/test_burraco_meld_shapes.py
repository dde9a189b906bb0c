"""The moves onto a meld are kept per shape (``tables.meld_moves``): the places a card may go
(the keys of ``attach_options``, in their order) are the same for every meld of a shape, over
every set and run shape, each filled in several ways (copies, which wild), and every card."""

from __future__ import annotations

from collections import defaultdict
from itertools import product

from mazzo.cards import ACE, Card, card
from mazzo.games.burraco.actions import DECK
from mazzo.games.burraco.melds import HIGH_ACE, LOW_ACE, Meld, attach_options, layouts
from mazzo.games.burraco.tables import MeldShape, meld_moves, meld_shape

JOLLIES = [c for c in DECK if c & 0xFF == 192]


def _wilds(suit: int) -> list[Card]:
    """Two jollies, the suit's own 2 and another suit's (both copies between them)."""
    return [*JOLLIES[:2], card(2, suit, 1), card(2, (suit + 1) % 4, 0)]


#: one card of each type: the copy of the card added is not in question (it is part of the key
#: of the moves kept), the cards of the meld are
TYPES = list({c & 0xFF: c for c in DECK}.values())


def _runs() -> list[Meld]:
    """Runs of every shape: each suit and span, clean or with a wild at each place, each wild
    of :func:`_wilds`, the naturals' copies in two patterns (in turn)."""
    runs = []
    for suit, lo in product(range(4), range(LOW_ACE, HIGH_ACE - 1)):
        for hi in range(lo + 2, HIGH_ACE + 1):
            if lo == LOW_ACE and hi == HIGH_ACE:
                continue  # one natural ace per run
            for wild_at, (copies, wild) in product(range(lo - 1, hi + 1),
                                                   zip(("0", "10") * 2, _wilds(suit), strict=True)):
                if wild_at < lo:
                    wild_at = 0  # clean
                    if wild != JOLLIES[0]:
                        continue
                elif wild_at == 2 and wild & 0xFF == suit * 16 + 2:
                    continue  # its own 2 at 2 is natural: a clean run
                cards = tuple(
                    wild if p == wild_at else
                    card(ACE if p in (LOW_ACE, HIGH_ACE) else p, suit,
                         int(copies[(p - lo) % len(copies)]))
                    for p in range(lo, hi + 1))
                run = Meld(True, suit, cards, lo, wild_at)
                if run in layouts(cards):
                    runs.append(run)
    return runs


def _sets() -> list[Meld]:
    """Sets of every rank and length (3 to 8 naturals), clean or with each wild."""
    sets = []
    for rank, size in product(range(3, ACE + 1), range(2, 9)):
        for offset in (0, 1):
            naturals = tuple(card(rank, (i + offset) % 4, (i // 4 + offset) % 2)
                             for i in range(size))
            for wild in (None, *_wilds(offset)):
                cards = naturals if wild is None else (*naturals, wild)
                if len(cards) >= 3:
                    sets.append(Meld(False, rank, cards, 0, 0 if wild is None else 1))
    return sets


def test_every_meld_of_a_shape_takes_the_same_cards_at_the_same_places() -> None:
    by_shape: dict[MeldShape, list[Meld]] = defaultdict(list)
    for m in [*_runs(), *_sets()]:
        by_shape[meld_shape(m)].append(m)
    assert len(by_shape) > 2000
    assert sum(len(ms) > 1 for ms in by_shape.values()) > 1800
    for melds in by_shape.values():
        first, *others = melds
        assert all(meld_moves(m) is meld_moves(first) for m in others)
        for c in TYPES:
            places = list(attach_options(first, c))
            for m in others:
                assert list(attach_options(m, c)) == places, (first, m, c)
