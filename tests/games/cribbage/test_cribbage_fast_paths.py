"""The cribbage hot paths agree with their plain definitions: the show scored inline, the deal
drawn through a dict, the discard pairs listed through ``combinations``."""

from __future__ import annotations

import random
from itertools import combinations

from mazzo.cards import JACK, Card
from mazzo.games.cribbage.actions import DECK, Discard
from mazzo.games.cribbage.scoring import CRANK, rank_parts, show_score
from mazzo.games.cribbage.state import CribbageState


def _plain_show(hand: tuple[Card, ...], starter: Card, crib: bool) -> tuple[int, ...]:
    fifteens, pairs, runs = rank_parts([CRANK[c & 15] for c in (*hand, starter)])
    suits = {c >> 4 for c in hand}
    flush = 0
    if len(suits) == 1:
        flush = 5 if starter >> 4 in suits else (0 if crib else 4)
    nobs = int(any(c & 15 == JACK and c >> 4 == starter >> 4 for c in hand))
    return fifteens, pairs, runs, flush, nobs, fifteens + pairs + runs + flush + nobs


def test_show_score_matches_the_plain_count() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        *hand, starter = rng.sample(DECK, 5)
        crib = rng.random() < 0.5
        assert tuple(show_score(hand, starter, crib)) == _plain_show(tuple(hand), starter, crib)


def _draw_with_a_set(rng: random.Random, k: int) -> tuple[Card, ...]:
    out: list[Card] = []
    seen: set[Card] = set()
    while len(out) < k:
        c = DECK[int(rng.random() * 52)]
        if c not in seen:
            seen.add(c)
            out.append(c)
    return tuple(out)


def test_the_deal_draw_is_the_same_rejection_sampling() -> None:
    for seed in range(3_000):
        for k in (12, 16, 20):
            ours, plain = random.Random(seed), random.Random(seed)
            assert CribbageState._draw(ours, k) == _draw_with_a_set(plain, k)
            assert ours.random() == plain.random()  # as many draws used


def test_discard_pairs_are_every_pair_in_order() -> None:
    from mazzo.engine import get_game

    game = get_game("cribbage")
    rng = random.Random(3)
    for _ in range(200):
        state = game.new_match(game.config(players=2))
        while state.phase != "discard":
            state.apply(state.sample_chance(rng))
        hand = state.hands[state.current_player]
        assert state.legal_actions() == [Discard(pair) for pair in combinations(hand, 2)]


def test_the_six_card_listing_is_the_pairs_in_order_of_any_hand() -> None:
    from mazzo.games.cribbage.state import _pairs_of_six

    rng = random.Random(5)
    for _ in range(2_000):
        hand = rng.sample(DECK, 6)  # sorted or not
        assert _pairs_of_six(hand) == [Discard(pair) for pair in combinations(hand, 2)]


def _plain_run_length(ranks: list[int]) -> int:
    best = 0
    for size in range(3, len(ranks) + 1):
        window = ranks[-size:]
        if len(set(window)) == size and max(window) - min(window) == size - 1:
            best = size
    return best


def test_last_run_length_matches_every_window() -> None:
    from mazzo.games.cribbage.scoring import last_run_length

    rng = random.Random(11)
    for _ in range(50_000):
        ranks = [rng.randint(1, 13) for _ in range(rng.randint(1, 9))]
        if rng.random() < 0.5:  # runs are rare at random: make some
            start = rng.randint(1, 9)
            ranks += rng.sample(range(start, start + 5), rng.randint(2, 5))
        assert last_run_length(ranks) == _plain_run_length(ranks), ranks
