"""The scoring API: every worked example of the rules, the exact distribution, properties."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from cribbage_helpers import cards, one
from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.cards import JACK, Card
from mazzo.games.cribbage.scoring import (
    CRANK,
    DECK,
    VALUE,
    ShowScore,
    distribution,
    peg_points,
    score_show,
)

# (hand, starter, fifteens, pairs, runs, flush, nobs, total), counted by the rules of the show
# (docs/rules/cribbage.md, section 6)
EXAMPLES = [
    ("5C 5D 5H JS", "5S", 16, 12, 0, 0, 1, 29),
    ("5C 5D 5H 5S", "JD", 16, 12, 0, 0, 0, 28),
    ("4C 5D 6H 6S", "3C", 6, 2, 8, 0, 0, 16),
    ("2H 4H 6H 8H", "KC", 0, 0, 0, 4, 0, 4),
    ("2H 4H 6H 8H", "KH", 0, 0, 0, 5, 0, 5),
    ("7C 8D 8H 9S", "8C", 6, 6, 9, 0, 0, 21),
    ("3C 3D 3H 9S", "3S", 12, 12, 0, 0, 0, 24),
    ("JH 5C TD KS", "5H", 12, 2, 0, 0, 1, 15),
    ("AC 2D 3H 4S", "5C", 2, 0, 5, 0, 0, 7),
    ("TC JC QC KC", "5C", 8, 0, 4, 5, 1, 18),
    ("6C 7D 8H 9S", "2C", 6, 0, 4, 0, 0, 10),
    ("2C 4D 6H 8S", "TC", 0, 0, 0, 0, 0, 0),
    ("JD 4S 6C 9H", "KD", 2, 0, 0, 0, 1, 3),
    ("4C 4D 5H 6S", "6C", 8, 4, 12, 0, 0, 24),
    ("5H 5D TC JS", "QH", 12, 2, 3, 0, 0, 17),
]


@pytest.mark.parametrize(("hand", "starter", "f", "p", "r", "fl", "nb", "total"), EXAMPLES)
def test_worked_hands(hand: str, starter: str, f: int, p: int, r: int, fl: int, nb: int,
                      total: int) -> None:
    assert score_show(cards(hand), one(starter)) == ShowScore(f, p, r, fl, nb, total)


def test_crib_flush_rule() -> None:
    # example 4 as a crib: a four-card flush does not count in the crib
    assert score_show(cards("2H 4H 6H 8H"), one("KC"), crib=True).total == 0
    # example 5 as a crib: five cards of one suit do
    assert score_show(cards("2H 4H 6H 8H"), one("KH"), crib=True).total == 5


def test_four_card_flush_cannot_use_the_starter() -> None:
    # three hearts in hand plus a heart starter is no flush
    assert score_show(cards("2H 4H 6H 8C"), one("KH")).flush == 0


def test_nobs_needs_the_jack_in_hand_not_the_starter() -> None:
    assert score_show(cards("2H 4C 6D 8S"), one("JH")).nobs == 0
    assert score_show(cards("JH 4C 6D 8S"), one("2H")).nobs == 1
    assert score_show(cards("JH 4C 6D 8S"), one("2C")).nobs == 0


def test_ace_is_low() -> None:
    # Q-K-A is no run; A-2-3 is
    assert score_show(cards("QH KC AD 7S"), one("9D")).runs == 0
    assert score_show(cards("AH 2C 3D 9S"), one("QD")).runs == 3
    assert score_show(cards("AH 4C KD 8S"), one("9D")).fifteens == 2  # A+4+K only


def test_score_show_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="4 cards"):
        score_show(cards("AH 2H 3H"), one("4H"))
    with pytest.raises(ValueError, match="different"):
        score_show(cards("AH 2H 3H 4H"), one("4H"))


# --- pegging (rules §9 table) ------------------------------------------------------------------

PEGGING = [
    ("5H TC", [0, 2]),
    ("5H TC 5D 5S", [0, 2, 0, 2]),
    ("7H 7C 7D", [0, 2, 6]),
    ("7H 7C 7D 7S", [0, 2, 6, 12]),
    ("4H 6C 5D", [0, 0, 5]),
    ("4H 6C 5D 3S", [0, 0, 5, 4]),
    ("4H 6C 5D 3S 2C", [0, 0, 5, 4, 5]),
    ("3H 4C 3D 5S", [0, 0, 0, 5]),
    ("KH 5C", [0, 2]),
    ("TH 5C 6D 4S", [0, 2, 0, 3]),
    ("9H 7C 8D", [0, 0, 3]),
]


@pytest.mark.parametrize(("laid", "points"), PEGGING)
def test_pegging_examples(laid: str, points: list[int]) -> None:
    seq = cards(laid)
    assert [peg_points(seq[: i + 1]) for i in range(len(seq))] == points


def test_pegging_details() -> None:
    assert peg_points(cards("TH JC")) == 0  # a ten and a jack do not pair
    assert peg_points(cards("KH KC")) == 2
    assert peg_points(cards("TH TC 5D")) == 0  # count 25, the 5 pairs nothing
    assert peg_points(cards("KH QC 6D 5S")) == 2  # 31
    assert peg_points(cards("2H 4C 3D")) == 3  # run in any order
    assert peg_points(cards("2H 4C 2D 3S")) == 3  # 4-2-3 only, the first 2 is cut off
    assert peg_points(cards("AH 3C 2D")) == 3  # the ace is low
    assert peg_points(cards("2C 4D AH 3S")) == 4  # all four: a run of 4
    with pytest.raises(ValueError, match="over 31"):
        peg_points(cards("KH QC JD 2S"))
    with pytest.raises(ValueError):
        peg_points([])


# --- the exact distribution --------------------------------------------------------------------


def test_distribution_hand() -> None:
    start = time.perf_counter()
    dist = distribution()
    elapsed = time.perf_counter() - start
    assert sum(dist.values()) == 12_994_800
    assert dist[29] == 4
    assert dist[28] == 76
    assert dist[0] == 1_009_008
    for impossible in (19, 25, 26, 27):
        assert dist.get(impossible, 0) == 0
    assert max(dist) == 29
    assert set(range(30)) - set(dist) == {19, 25, 26, 27}
    assert elapsed < 3.0


def test_distribution_crib() -> None:
    dist = distribution(crib=True)
    assert sum(dist.values()) == 12_994_800
    assert dist[0] == 1_022_208
    assert dist[29] == 4
    for impossible in (19, 25, 26, 27):
        assert dist.get(impossible, 0) == 0


# --- properties against an independent brute-force scorer -------------------------------------


def reference_show(hand: list[Card], starter: Card, crib: bool) -> ShowScore:
    """Straight from the rules: every subset for 15s, pairs, longest runs."""
    five = [*hand, starter]
    ranks = [CRANK[c & 15] for c in five]
    values = [min(r, 10) for r in ranks]
    fifteens = 2 * sum(
        1 for k in range(2, 6) for combo in combinations(range(5), k)
        if sum(values[i] for i in combo) == 15
    )
    pairs = 2 * sum(1 for a, b in combinations(ranks, 2) if a == b)
    runs = 0
    for k in (5, 4, 3):
        found = [combo for combo in combinations(ranks, k)
                 if len(set(combo)) == k and max(combo) - min(combo) == k - 1]
        if found:
            runs = k * len(found)
            break
    suits = [c.suit for c in hand]
    flush = 0
    if len(set(suits)) == 1:
        if starter.suit == suits[0]:
            flush = 5
        elif not crib:
            flush = 4
    nobs = int(any(c.rank == JACK and c.suit == starter.suit for c in hand))
    return ShowScore(fifteens, pairs, runs, flush, nobs, fifteens + pairs + runs + flush + nobs)


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@pytest.mark.soak
@settings(max_examples=400, deadline=None)
@given(five_cards, st.booleans())
def test_score_show_matches_reference(picked: list[Card], crib: bool) -> None:
    hand, starter = picked[:4], picked[4]
    got = score_show(hand, starter, crib)
    assert got == reference_show(hand, starter, crib)
    assert got.total not in (19, 25, 26, 27)
    # hand order never matters; a crib never scores more than the same cards as a hand
    assert score_show(hand[::-1], starter, crib) == got
    assert score_show(hand, starter, True).total <= score_show(hand, starter, False).total


def reference_peg(laid: list[Card]) -> int:
    count = sum(VALUE[c & 15] for c in laid)
    ranks = [CRANK[c & 15] for c in laid]
    pts = 2 if count in (15, 31) else 0
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    best = 0
    for n in range(3, len(ranks) + 1):
        tail = ranks[-n:]
        if len(set(tail)) == n and max(tail) - min(tail) == n - 1:
            best = n
    return pts + best


@pytest.mark.soak
@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_peg_points_matches_reference(laid: list[Card]) -> None:
    while sum(VALUE[c & 15] for c in laid) > 31:
        laid = laid[1:]
    if laid:
        assert peg_points(laid) == reference_peg(laid)
