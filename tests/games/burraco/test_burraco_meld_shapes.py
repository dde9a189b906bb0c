"""The moves onto a meld are kept per shape (``tables.meld_moves``): the places a card may go
(the keys of ``attach_options``, in their order) are the same for every meld of a shape, over
every set and run shape, each filled in several ways (copies, which wild), and every card."""

from __future__ import annotations

from collections import defaultdict
from itertools import product

from burraco_helpers import every_run, wilds_for

from mazzo.cards import ACE, card
from mazzo.games.burraco.actions import DECK
from mazzo.games.burraco.melds import Meld, attach_options
from mazzo.games.burraco.tables import MeldShape, meld_moves, meld_shape

#: one card of each type: the copy of the card added is not in question (it is part of the key
#: of the moves kept), the cards of the meld are
TYPES = list({c & 0xFF: c for c in DECK}.values())


def _sets() -> list[Meld]:
    """Sets of every rank and length (3 to 8 naturals), clean or with each wild."""
    sets = []
    for rank, size in product(range(3, ACE + 1), range(2, 9)):
        for offset in (0, 1):
            naturals = tuple(card(rank, (i + offset) % 4, (i // 4 + offset) % 2)
                             for i in range(size))
            for wild in (None, *wilds_for(offset)):
                cards = naturals if wild is None else (*naturals, wild)
                if len(cards) >= 3:
                    sets.append(Meld(False, rank, cards, 0, 0 if wild is None else 1))
    return sets


def test_every_meld_of_a_shape_takes_the_same_cards_at_the_same_places() -> None:
    by_shape: dict[MeldShape, list[Meld]] = defaultdict(list)
    for m in [*every_run(), *_sets()]:
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
