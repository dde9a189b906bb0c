"""The heuristic's hand reading counted on plain lists (``discards``, ``open_four``,
``_draw_bonus``) answers what its first definitions (with ``Counter``) answer: every five-card
hand of the 32-card deck in deck order, and shuffled hands of every deck size in any order (the
first card found matters: which card is kept, which is the odd one)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from mazzo.cards import ACE, JACK, QUEEN, Card, short_deck
from mazzo.games.poker_italiano.bots import PokerHeuristic, _draw_bonus, open_four
from mazzo.games.poker_italiano.scoring import (
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    key_function,
)

#: every hand of the short deck and thousands of shuffled ones
pytestmark = pytest.mark.soak


def plain_open_four(hand: Sequence[Card], deck_size: int) -> Card | None:
    low = 15 - deck_size // 4
    for odd in hand:
        ranks = sorted({c.rank for c in hand if c is not odd})
        if len(ranks) == 4 and ranks[3] - ranks[0] == 3 and low < ranks[0] and ranks[3] < ACE:
            return odd
    return None


def plain_draw_bonus(hand: Sequence[Card], deck_size: int) -> float:
    suits = Counter(c.suit for c in hand)
    if suits.most_common(1)[0][1] == 4:
        return 0.25
    if plain_open_four(hand, deck_size) is not None:
        return 0.2
    counts = Counter(c.rank for c in hand)
    if any(n == 2 and r >= QUEEN for r, n in counts.items()):
        return 0.1
    return 0.0


def plain_discards(hand: Sequence[Card], deck_size: int) -> list[Card]:
    key = key_function(deck_size)(hand)
    cat = key >> 26
    if cat in (STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH):
        return []
    counts = Counter(c.rank for c in hand)
    grouped = [c for c in hand if counts[c.rank] >= 2]
    if cat in (TRIPS, TWO_PAIR):
        return [c for c in hand if counts[c.rank] == 1]
    suits = Counter(c.suit for c in hand)
    suit, most = suits.most_common(1)[0]
    pair_rank = grouped[0].rank if grouped else 0
    if most == 4 and pair_rank < JACK:
        return [c for c in hand if c.suit != suit]
    run = plain_open_four(hand, deck_size)
    if run is not None and pair_rank < JACK:
        return [run]
    if grouped:
        return [c for c in hand if counts[c.rank] == 1]
    top = max(hand, key=lambda c: c.rank)
    return [c for c in hand if c is not top]


def _same(hand: Sequence[Card], deck_size: int) -> None:
    got = PokerHeuristic.discards(hand, deck_size)
    assert got == plain_discards(hand, deck_size), hand
    assert all(any(c is h for h in hand) for c in got)  # the hand's own cards
    assert open_four(hand, deck_size) is plain_open_four(hand, deck_size), hand
    assert _draw_bonus(hand, deck_size) == plain_draw_bonus(hand, deck_size), hand


def test_every_hand_of_the_short_deck() -> None:
    for hand in combinations(short_deck(32), 5):
        _same(list(hand), 32)


def test_shuffled_hands_of_every_deck() -> None:
    rng = random.Random(17)
    for deck_size in range(32, 53, 4):
        deck = list(short_deck(deck_size))
        for _ in range(6000):
            _same(rng.sample(deck, 5), deck_size)


def test_open_four_on_other_lengths() -> None:
    rng = random.Random(18)
    deck = list(short_deck(40))
    for size in (1, 3, 4, 6, 7):
        for _ in range(2000):
            hand = rng.sample(deck, size)
            assert open_four(hand, 40) is plain_open_four(hand, 40), hand
