"""medio's pegging scores from counts made down from the pack (``unseen_counts``, what its
``peg_among`` uses) are exactly those counted from the list of unseen cards, and exactly those of
the scores' first definition (``plain_peg_scores``: the chances worked out per question, the risks
summed in a loop), to the last bit."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from mazzo.cards import Card
from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.pegging import counted_peg_scores, peg_scores, unseen_counts
from mazzo.games.cribbage.scoring import CRANK, VALUE, peg_parts, peg_total

#: tens of thousands of random packs against the first definition
pytestmark = pytest.mark.soak


def plain_peg_scores(count: int, ranks: Sequence[int], by_value: Sequence[int],
                     by_rank: Sequence[int], unseen: int, held: int,
                     cards: Sequence[Card]) -> list[float]:
    """``counted_peg_scores`` as first written."""
    total = max(1, unseen)

    def holds(k: int) -> float:
        return 1.0 - (1.0 - k / total) ** held if held else 0.0

    out: list[float] = []
    for c in cards:
        r = CRANK[c & 15]
        v = VALUE[c & 15]
        new = count + v
        score = float(peg_total([*ranks, r], new))
        risk = 0.0
        for goal in (15, 31):
            need = goal - new
            if 1 <= need <= 10:
                risk += 2 * holds(by_value[need])
        if new + v <= 31:
            paired = len(ranks) > 0 and ranks[-1] == r
            risk += (6 if paired else 2) * holds(by_rank[r])
        if ranks and abs(ranks[-1] - r) in (1, 2):
            risk += 1.5 * holds(sum(by_rank[x] for x in (r - 2, r - 1, r + 1, r + 2)
                                    if 1 <= x <= 13) // 2)
        score -= risk
        if new in (5, 21):
            score -= 1.0
        if count == 0:
            score += 0.6 if v < 5 else (-1.5 if v == 5 else 0.0)
        score += 0.05 * v
        out.append(score)
    return out


def test_counts_from_the_pack_give_the_same_scores() -> None:
    rng = random.Random(17)
    for _ in range(3000):
        seen = set(rng.sample(DECK, rng.randrange(1, 52)))
        unseen = [c for c in DECK if c not in seen]
        sequence = rng.sample(sorted(seen), min(len(seen), rng.randrange(0, 5)))
        count = sum(VALUE[c & 15] for c in sequence)
        if count > 31:
            sequence, count = [], 0
        ranks = [CRANK[c & 15] for c in sequence]
        cards = [c for c in seen if VALUE[c & 15] <= 31 - count][:4]
        held = rng.randrange(0, 5)
        by_value, by_rank, left = unseen_counts(seen)
        assert counted_peg_scores(count, ranks, by_value, by_rank, left, held, cards) == (
            peg_scores(count, ranks, unseen, held, cards))


def test_the_scores_of_the_first_definition() -> None:
    rng = random.Random(18)
    for _ in range(20000):
        seen = set(rng.sample(DECK, rng.randrange(0, 53)))
        sequence = rng.sample(sorted(seen), min(len(seen), rng.randrange(0, 8)))
        while sum(VALUE[c & 15] for c in sequence) > 31:
            sequence.pop()
        count = sum(VALUE[c & 15] for c in sequence)
        ranks = [CRANK[c & 15] for c in sequence]
        cards = [c for c in DECK if c not in sequence and VALUE[c & 15] <= 31 - count]
        cards = rng.sample(cards, min(len(cards), 6))
        held = rng.randrange(0, 7)
        by_value, by_rank, left = unseen_counts(seen)
        assert counted_peg_scores(count, ranks, by_value, by_rank, left, held, cards) == (
            plain_peg_scores(count, ranks, by_value, by_rank, left, held, cards))


def test_unseen_counts_count_the_unseen_cards() -> None:
    """Counted down from the pack by rank alone (values from the ranks), as the unseen cards'
    own counts by value and by rank (ninth ISMCTS pass)."""
    rng = random.Random(19)
    for _ in range(5000):
        seen = rng.sample(DECK, rng.randrange(0, 53))
        by_value, by_rank = [0] * 11, [0] * 14
        unseen = [c for c in DECK if c not in seen]
        for c in unseen:
            by_value[VALUE[c & 15]] += 1
            by_rank[CRANK[c & 15]] += 1
        assert unseen_counts(seen) == (by_value, by_rank, len(unseen))
        assert unseen_counts(set(seen)) == (by_value, by_rank, len(unseen))


def test_peg_total_is_the_sum_of_the_parts() -> None:
    """``peg_total`` (which skips the run search when the last three ranks cannot end a run)
    against the parts found one by one, on rank sequences with repeats and long runs."""
    rng = random.Random(20)
    for _ in range(30000):
        ranks = [rng.randrange(1, 14) for _ in range(rng.randrange(1, 9))]
        if rng.random() < 0.3:  # a run laid in some order, to reach the long ones
            low, size = rng.randrange(1, 10), rng.randrange(3, 6)
            tail = list(range(low, min(14, low + size)))
            rng.shuffle(tail)
            ranks = ranks[:rng.randrange(0, 3)] + tail
        count = rng.randrange(0, 32)
        assert peg_total(ranks, count) == sum(p for _, p in peg_parts(ranks, count)), ranks
