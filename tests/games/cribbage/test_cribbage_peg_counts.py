"""medio's pegging scores from counts made down from the pack (``unseen_counts``, what its
``peg_among`` uses) are exactly those counted from the list of unseen cards, and exactly those of
the scores' first definition (``plain_peg_scores``: the chances worked out per question, the risks
summed in a loop), to the last bit."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mazzo.cards import Card
from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.pegging import counted_peg_scores, peg_scores, unseen_counts
from mazzo.games.cribbage.scoring import CRANK, VALUE, peg_total


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
