"""Hand ranking (§8), opening checks (§3, §3.1) and the category counts of §11."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.cards import Card, french_deck, parse_cards, short_deck
from mazzo.games.poker_italiano.scoring import (
    CATEGORIES,
    HandValue,
    Ranking,
    bilateral_straight_flush_draw,
    can_open,
    category_name,
    compare,
    evaluate,
    key_function,
)

# §11 hand comparisons: (deck, A, B, winner) — 1 means A wins.
EXAMPLES = [
    (1, 32, "7S 9S JS KS AS", "QH QD QC 8H 8D", 1),
    (2, 32, "8H 8D 8C 8S 7H", "7S 9S JS KS AS", 1),
    (3, 32, "7H 8D 9C TS AH", "7D 8C 9S TH JD", -1),
    (4, 32, "7H 8D 9C TS AH", "KS KC KD 8H 9S", 1),
    (5, 32, "TH JD QC KS AH", "TD JC QS KH AD", 1),
    (6, 32, "AS 7S 8S 9S TS", "KH KD KC KS 7H", 1),
    (7, 36, "6H 7H 8H 9H AH", "TS JS QS KS AS", -1),
    (8, 36, "AH 6D 7C 8S 9H", "AD 6H 7D 8C 9S", 1),
    (9, 40, "5C 6D 7H 8S AS", "5D 6C 7S 8H 9D", -1),
    (10, 40, "AH KH 9D 7C 5S", "AD KD 9H 7S 5C", 1),
    (11, 40, "QH QS 9D 7C 5S", "QD QC 9H 7S 5C", 1),
    (12, 40, "JH JC 6D 6C 9S", "JD JS 6H 6S 9H", 1),
    (13, 36, "KH KD KC 7S 7H", "QH QD QC AS AH", 1),
    (14, 32, "9H 9D 8C 8S AH", "9C 9S 8H 8D KH", 1),
    (15, 40, "KD KS AC 9D 8H", "KH KC JD 9H 8S", 1),
    (16, 32, "KH AH 7H 9H JH", "QS QC QH TS TD", 1),
]


@pytest.mark.parametrize(("number", "deck", "a", "b", "winner"), EXAMPLES)
def test_worked_comparisons(number: int, deck: int, a: str, b: str, winner: int) -> None:
    assert compare(parse_cards(a), parse_cards(b), deck) == winner
    assert compare(parse_cards(b), parse_cards(a), deck) == -winner


@pytest.mark.parametrize("deck", [32, 36, 40])
def test_flush_beats_full_house_in_every_short_deck(deck: int) -> None:
    low = 15 - deck // 4
    flush = [c for c in short_deck(deck) if c.suit == 0 and c.rank in (low, low + 2, low + 4,
                                                                          12, 14)]
    full = parse_cards("KS KC KD AS AD")
    assert evaluate(flush, deck).category == "flush"
    assert evaluate(full, deck).category == "full_house"
    assert compare(flush, full, deck) == 1


def test_example_7_cyclic_straight_flush_option() -> None:
    minima, massima = parse_cards("6H 7H 8H 9H AH"), parse_cards("TS JS QS KS AS")
    media = parse_cards("7D 8D 9D TD JD")
    cyclic = Ranking(cyclic_straight_flush=True)
    assert compare(minima, massima, 36, cyclic) == 1
    assert compare(massima, media, 36, cyclic) == 1
    assert compare(media, minima, 36, cyclic) == 1
    assert compare(media, parse_cards("6C 7C 8C 9C TC"), 36, cyclic) == 1  # two medias: normal
    assert compare(minima, parse_cards("KH KD KC KS 7H"), 36, cyclic) == 1


def test_example_15_suit_before_kickers_option() -> None:
    a, b = parse_cards("KD KS AC 9D 8H"), parse_cards("KH KC JD 9H 8S")
    assert compare(a, b, 40) == 1
    assert compare(a, b, 40, Ranking(suit_before_kickers=True)) == -1


def test_flush_by_suit_option() -> None:
    hearts, spades = parse_cards("7H 8H 9H JH QH"), parse_cards("7S 9S JS KS AS")
    assert compare(hearts, spades, 32) == -1
    assert compare(hearts, spades, 32, Ranking(flush_by_suit=True)) == 1
    # still a flush: it beats a full house and loses to four of a kind
    full, quads = parse_cards("KC KD KS AC AD"), parse_cards("8C 8D 8S 8H TC")
    assert compare(spades, full, 32, Ranking(flush_by_suit=True)) == 1
    assert compare(spades, quads, 32, Ranking(flush_by_suit=True)) == -1


@pytest.mark.parametrize(
    ("deck", "hand"), [(32, "KS AH 7D 8C 9H"), (32, "AH 2D 3C 4S 5H"), (52, "KS AH 2D 3C 4S")]
)
def test_not_straights(deck: int, hand: str) -> None:
    cards = parse_cards(hand)
    if deck == 32 and "2D" in hand:
        with pytest.raises(ValueError, match="not in the 32-card deck"):
            evaluate(cards, deck)
        return
    assert evaluate(cards, deck).category == "high_card"


def test_ace_low_straight_exists_only_for_the_deck_bottom() -> None:
    assert evaluate(parse_cards("AH 7D 8C 9S TH"), 32).straight_top == 10
    assert evaluate(parse_cards("AH 6D 7C 8S 9H"), 36).straight_top == 9
    assert evaluate(parse_cards("AH 5D 6C 7S 8H"), 40).straight_top == 8
    assert evaluate(parse_cards("AH 2D 3C 4S 5H"), 52).category == "straight"
    assert evaluate(parse_cards("AH 6D 7C 8S 9H"), 40).category == "high_card"


OPENINGS = [
    ("JC JD 9S 8H 7C", True, False),
    ("TH TS AC KD 8H", False, False),
    ("QS QD 7C 8D 9H", True, False),
    ("KC KH 7D 8S 9C", True, True),
    ("7C 7D 9C 9D AS", True, True),
    ("8H 9H TH JH AS", True, True),
    ("JH QH KH AH 8S", False, False),
]


@pytest.mark.parametrize(("hand", "normal", "parole"), OPENINGS)
def test_opening_table(hand: str, normal: bool, parole: bool) -> None:
    cards = parse_cards(hand)
    assert can_open(cards, 32) is normal
    assert can_open(cards, 32, kings_required=True) is parole


@pytest.mark.parametrize(
    ("deck", "hand", "bilateral"),
    [
        (32, "8H 9H TH JH 7S", True),
        (32, "TS JS QS KS 7D", True),
        (32, "JH QH KH AH 8S", False),
        (32, "AH 7H 8H 9H KS", False),
        (32, "7H 8H 9H TH KS", True),  # A♥ (low) or J♥ completes
        (32, "8H 9H JH QH KS", False),  # scala a incastro
        (36, "6C 7C 8C 9C KS", True),
        (40, "AD 5D 6D 7D KS", False),
    ],
)
def test_bilateral_straight_flush_draw(deck: int, hand: str, bilateral: bool) -> None:
    cards = parse_cards(hand)
    assert bilateral_straight_flush_draw(cards, deck) is bilateral
    assert can_open(cards, deck, kings_required=True) is bilateral


COUNTS = {
    32: [52020, 107520, 24192, 10752, 5100, 1344, 204, 224, 20],
    36: [122400, 193536, 36288, 16128, 6120, 1728, 480, 288, 24],
    40: [249900, 322560, 51840, 23040, 7140, 2160, 980, 360, 28],
}


@pytest.mark.parametrize("deck", [32, 36, 40])
def test_category_counts_over_every_hand(deck: int) -> None:
    key = key_function(deck)
    counts = Counter(key(h) >> 26 for h in combinations(short_deck(deck), 5))
    assert [counts[i] for i in range(9)] == COUNTS[deck]
    assert sum(counts.values()) == {32: 201376, 36: 376992, 40: 658008}[deck]


def test_52_card_deck_keeps_the_standard_order() -> None:
    flush, full = parse_cards("2H 5H 7H 9H JH"), parse_cards("3S 3C 3D 4S 4C")
    assert evaluate(flush, 52).category == "flush"
    assert compare(full, flush, 52) == 1


def test_hand_value_is_ordered_and_named() -> None:
    low = evaluate(parse_cards("7H 8D 9C JS QH"), 32)
    pair = evaluate(parse_cards("7H 7D 9C JS QH"), 32)
    assert isinstance(low, HandValue) and low < pair
    assert pair.category == "pair" and pair.name("it") == "coppia"
    assert evaluate(parse_cards("7H 8H 9H TH JH"), 32).name("it") == "scala reale"
    assert category_name(pair.key, 32) == "pair"


def test_bad_hands_are_rejected() -> None:
    with pytest.raises(ValueError, match="5 different cards"):
        evaluate(parse_cards("7H 7H 8D 9C TS"), 32)
    with pytest.raises(ValueError, match="5 different cards"):
        evaluate(parse_cards("7H 8D 9C TS"), 32)


hands32 = st.lists(st.sampled_from(short_deck(32)), min_size=5, max_size=5, unique=True)
hands52 = st.lists(st.sampled_from(french_deck()), min_size=10, max_size=10, unique=True)


@settings(max_examples=300, deadline=None)
@given(hand=hands32, data=st.data())
def test_value_ignores_card_order(hand: list[Card], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(hand))
    assert evaluate(hand, 32) == evaluate(shuffled, 32)
    assert evaluate(hand, 32).category in CATEGORIES


@settings(max_examples=300, deadline=None)
@given(cards=hands52)
def test_disjoint_hands_never_tie(cards: list[Card]) -> None:
    a, b = cards[:5], cards[5:]
    for deck in (52,):
        result = compare(a, b, deck)
        assert result in (1, -1)
        assert compare(b, a, deck) == -result
        va, vb = evaluate(a, deck), evaluate(b, deck)
        assert (va > vb) == (result == 1)
        if va.category != vb.category:
            order = {"flush": 5.4, "full_house": 5.5}  # 52 cards: full beats flush
            rank = {c: order.get(c, i) for i, c in enumerate(CATEGORIES)}
            assert (rank[va.category] > rank[vb.category]) == (result == 1)


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(short_deck(40)), min_size=10, max_size=10, unique=True))
def test_short_deck_disjoint_hands_never_tie(cards: list[Card]) -> None:
    for ranking in (Ranking(), Ranking(suit_before_kickers=True), Ranking(flush_by_suit=True)):
        assert compare(cards[:5], cards[5:], 40, ranking) != 0


@pytest.mark.parametrize(
    ("hand", "problem"),
    [
        ("7H 8H 7H 9C TS", "5 different cards"),  # a card twice, not first: a carried bit
        ("7H 8D 9C TS JS QS", "5 different cards"),  # six cards
        ("7H' 8D 9C TS JS", "not in the 32-card deck"),  # a Burraco twin (id past the table)
        ("JK 8D 9C TS JS", "not in the 32-card deck"),  # a jolly
        ("7 giallo, 8D, 9C, TS, JS", "not in the 32-card deck"),  # a Nebraska colour
        ("6H 8D 9C TS JS", "not in the 32-card deck"),  # a rank below the short deck's
    ],
)
def test_evaluate_refuses_what_the_fast_check_must_catch(hand: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        evaluate(parse_cards(hand), 32)


def test_evaluate_agrees_with_the_key_function_and_shares_values() -> None:
    key = key_function(36)
    for hand in list(combinations(short_deck(36), 5))[::97]:
        value = evaluate(hand, 36)
        assert value.key == key(hand)
        assert value.category == category_name(value.key, 36)
        assert evaluate(list(reversed(hand)), 36) is value  # immutable: one object per key
    ranked = Ranking(suit_before_kickers=True)
    hand = parse_cards("7H 7D 9C TS JS")
    assert evaluate(hand, 32, ranked).key == key_function(32, ranked)(hand)
