"""medio's pegging scores from counts made down from the pack (``unseen_counts``, what its
``peg_among`` uses) are exactly those counted from the list of unseen cards."""

from __future__ import annotations

import random

from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.pegging import counted_peg_scores, peg_scores, unseen_counts
from mazzo.games.cribbage.scoring import CRANK, VALUE


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
