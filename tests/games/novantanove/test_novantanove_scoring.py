"""Every worked example of rules §10 (bid encodings, deal tables, game end) plus properties."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazzo.cards import CLUBS, DIAMONDS, HEARTS, SPADES, french_deck, joker, parse_cards
from mazzo.games.novantanove.scoring import (
    NO_TRUMP,
    bid_value,
    game_bonuses,
    game_winner,
    next_trump,
    rubber_bonus,
    score_deal,
    successes,
    trick_winner,
)

BIDS = [
    ("AC KC 6C", 9),
    ("AD KD QD", 0),
    ("AC 7D 8D", 3),
    ("9H 9S 9D", 3),
    ("6S 7S 8S", 3),
    ("7D 6S 10C", 4),
    ("AH KH QH", 6),
    ("JC JH JS", 6),
]


@pytest.mark.parametrize(("text", "bid"), BIDS)
def test_bid_encoding(text: str, bid: int) -> None:
    assert bid_value(parse_cards(text)) == bid


def test_ranks_do_not_matter_and_suit_codes() -> None:
    assert [bid_value(parse_cards(f"A{s} 6{s} 9{s}")) for s in "CHSD"] == [9, 6, 3, 0]


def test_220_ways_to_choose_three_bid_cards_from_twelve() -> None:
    hand = french_deck(6)[:12]
    assert comb(12, 3) == 220 == len(list(combinations(hand, 3)))


def test_joker_bids_as_the_turn_up_suit() -> None:
    assert bid_value([joker(), *parse_cards("AC AD")], joker_suit=CLUBS) == 6
    assert bid_value([joker(), *parse_cards("AC AD")], joker_suit=DIAMONDS) == 3
    with pytest.raises(ValueError, match="joker"):
        bid_value([joker()])


# (bids, premium per player, tricks, scores, next trump)
DEALS = [
    ((3, 2, 2), None, (3, 4, 2), [23, 4, 22], HEARTS),
    ((3, 3, 3), None, (3, 3, 3), [13, 13, 13], CLUBS),
    ((0, 4, 4), None, (1, 4, 4), [1, 24, 24], HEARTS),
    ((2, 2, 2), None, (3, 3, 3), [3, 3, 3], DIAMONDS),
    ((4, 3, 2), (30, 0, 0), (4, 2, 3), [64, 2, 3], SPADES),
    ((4, 2, 2), (30, 0, 0), (4, 3, 2), [54, 3, 22], HEARTS),
    ((4, 3, 2), (30, 0, 0), (3, 3, 3), [3, 63, 33], SPADES),
    ((9, 0, 1), (60, 0, 0), (9, 0, 0), [89, 20, 0], HEARTS),
    ((9, 1, 1), (60, 0, 0), (9, 0, 0), [99, 0, 0], SPADES),
]


@pytest.mark.parametrize(("bids", "premium", "tricks", "scores", "trump"), DEALS)
def test_three_player_deal_table(
    bids: tuple[int, ...],
    premium: tuple[int, ...] | None,
    tricks: tuple[int, ...],
    scores: list[int],
    trump: int,
) -> None:
    assert sum(tricks) == 9
    assert score_deal(bids, tricks, premium) == scores
    assert next_trump(sum(successes(bids, tricks))) == trump


# 2 players: L1, L2 and the dummy D (hand 2); bids L1 3, L2 2, D 4
DUMMY_CASES = [
    ("a", (0, 0, 0), (3, 2, 4), [True, True, True], [13, 12, 44]),
    ("b", (0, 0, 0), (3, 3, 3), [True, False, True], [23, 3, 23]),
    ("c", (0, 0, 0), (2, 2, 5), [False, True, False], [2, 32, 5]),
    ("d", (30, 0, 0), (2, 2, 5), [False, True, False], [2, 62, 35]),
    ("e", (30, 30, 0), (2, 1, 6), [False, False, False], [2, 1, 66]),
]


@pytest.mark.parametrize(("case", "premium", "tricks", "ok", "scores"), DUMMY_CASES)
def test_two_player_dummy_table(
    case: str, premium: tuple[int, ...], tricks: tuple[int, ...], ok: list[bool], scores: list[int]
) -> None:
    bids = (3, 2, 4)
    assert successes(bids, tricks, dummy=2) == ok, case
    assert score_deal(bids, tricks, premium, dummy=2) == scores, case


def test_dummy_success_counts_for_next_trump() -> None:
    assert next_trump(sum(successes((3, 2, 4), (3, 2, 4), dummy=2))) == CLUBS
    assert next_trump(sum(successes((3, 2, 4), (2, 1, 6), dummy=2))) == DIAMONDS


def test_four_players_all_succeed_no_bonus_and_no_trump() -> None:
    bids, tricks = (3, 2, 4, 1), (3, 2, 4, 1)
    assert score_deal(bids, tricks) == [3, 2, 4, 1]
    assert next_trump(4) == NO_TRUMP
    # [D] 1–3 successes with four players use the three-player bonus table
    assert score_deal((3, 2, 4, 0), (3, 2, 4, 1)) == [13, 12, 14, 1]
    assert score_deal((3, 2, 4, 0), (3, 2, 3, 2)) == [23, 22, 3, 2]
    assert score_deal((3, 2, 4, 0), (3, 3, 3, 1)) == [33, 3, 3, 1]


def test_four_player_maximum_is_99() -> None:
    assert score_deal((9, 0, 1, 1), (9, 0, 1, 0), (60, 0, 0, 0)) == [79, 10, 11, 0]
    assert score_deal((9, 1, 1, 1), (9, 0, 0, 1), (60, 0, 0, 0))[0] == 89
    assert score_deal((9, 1, 1, 1), (9, 0, 0, 0), (60, 0, 0, 0)) == [99, 0, 0, 0]
    # winning all ten tricks always fails: no bid exceeds 9
    assert score_deal((9, 0, 0, 0), (10, 0, 0, 0), (60, 0, 0, 0)) == [10, 70, 70, 70]


def test_only_one_premium_bidder_outside_the_dummy_game() -> None:
    with pytest.raises(ValueError, match="one player"):
        score_deal((1, 1, 1), (3, 3, 3), (30, 30, 0))
    with pytest.raises(ValueError, match="premium"):
        score_deal((1, 1, 1), (3, 3, 3), (40, 0, 0))


def test_game_end_examples() -> None:
    totals = [92 + 13, 88 + 13, 40 + 13]
    assert totals == [105, 101, 53]
    winner = game_winner(totals, 100)
    assert winner == 0
    assert game_bonuses(totals, 100, winner) == [100, 100, 0]
    # 87, 87, 40 + row 2 → 100, 100, 53: tie for the lead, one more deal
    assert game_winner([100, 100, 53], 100) is None
    assert game_winner([99, 98, 53], 100) is None


def test_rubber_bonus() -> None:
    assert rubber_bonus(3) == 500
    assert rubber_bonus(7) == 100
    assert rubber_bonus(9) == 0


def test_trick_winner_trump_and_suit_led() -> None:
    suit_of = [(i >> 4) & 15 for i in range(256)]
    rank_of = [i & 15 for i in range(256)]
    trick = parse_cards("10H AS 6C")
    assert trick_winner(trick, NO_TRUMP, suit_of, rank_of) == 0
    assert trick_winner(trick, CLUBS, suit_of, rank_of) == 2
    assert trick_winner(parse_cards("10H AH 7C 8C"), CLUBS, suit_of, rank_of) == 3
    assert trick_winner(parse_cards("10H 6C AH"), SPADES, suit_of, rank_of) == 2


@given(
    st.lists(st.integers(0, 9), min_size=3, max_size=3),
    st.lists(st.integers(0, 9), min_size=3, max_size=3),
    st.sampled_from([None, (30, 0, 0), (0, 60, 0), (0, 0, 30)]),
)
def test_deal_score_invariants(
    bids: list[int], tricks: list[int], premium: tuple[int, ...] | None
) -> None:
    points = score_deal(bids, tricks, premium)
    ok = successes(bids, tricks)
    for i in range(3):
        assert points[i] >= tricks[i]  # tricks always count, nothing is ever subtracted
        if not ok[i] and not (premium and any(premium)):
            assert points[i] == tricks[i]
    extra = sum(points) - sum(tricks)
    bonus = {0: 0, 1: 30, 2: 40, 3: 30}[sum(ok)]
    if premium and any(premium):
        bidder = next(i for i, p in enumerate(premium) if p)
        p = premium[bidder]
        assert extra == bonus + (p if ok[bidder] else 2 * p)
    else:
        assert extra == bonus
    assert max(points) <= 99 or not ok[points.index(max(points))]


@given(
    st.lists(st.integers(0, 9), min_size=3, max_size=3),
    st.lists(st.integers(0, 9), min_size=3, max_size=3),
    st.sampled_from([(0, 0, 0), (30, 0, 0), (0, 30, 0), (30, 30, 0)]),
)
def test_dummy_score_invariants(
    bids: list[int], tricks: list[int], premium: tuple[int, ...]
) -> None:
    points = score_deal(bids, tricks, premium, dummy=2)
    ok = successes(bids, tricks, dummy=2)
    assert ok[2] == (tricks[2] <= bids[2])
    if tricks[2] == bids[2]:
        assert points[2] >= tricks[2] + 30  # exact dummy = a successful declarer
    if premium == (30, 30, 0) and not ok[0] and not ok[1]:
        assert points[0] == tricks[0] and points[1] == tricks[1]
