"""The textbook pegging rules, as a score per card (medio's play, and the model of a competent
pegger that esperto's inference reads his plays by).

Each card is scored by its immediate points minus the expected reply of the next player, given
the cards the player has not seen: 2 × P(a card making 15 or 31), 2 or 6 × P(a pair / pair royal
against us), 1.5 × P(a run reply); leaving the count at 5 or 21 costs a point, leading a 5 is
avoided and leading below 5 liked, and high cards are dumped first (the low ones are kept for
the go).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from mazzo.cards import Card
from mazzo.games.cribbage.scoring import CRANK, DECK, VALUE, peg_total

#: scores this close are a tie
TIE = 1e-9


#: cards of the pack by rank
_PACK_BY_RANK = [sum(1 for c in DECK if CRANK[c & 15] == r) for r in range(14)]
#: a card's rank by its id (a table instead of ``CRANK[c & 15]``: one look-up a card seen)
_RANK_OF = [CRANK[i & 15] for i in range(64)]


def peg_scores(count: int, ranks: Sequence[int], unseen: Sequence[Card], held: int,
               cards: Sequence[Card]) -> list[float]:
    """The score of laying each of ``cards`` at ``count`` after ``ranks`` (since the reset),
    when the next player holds ``held`` cards among ``unseen``."""
    by_value = [0] * 11
    by_rank = [0] * 14
    for c in unseen:
        by_value[VALUE[c & 15]] += 1
        by_rank[CRANK[c & 15]] += 1
    return counted_peg_scores(count, ranks, by_value, by_rank, len(unseen), held, cards)


def unseen_counts(seen: Collection[Card]) -> tuple[list[int], list[int], int]:
    """The cards of the pack not in ``seen`` (distinct cards of the pack), counted by value
    and by rank, and their number: what :func:`peg_scores` counts from the unseen cards,
    counted down from the pack instead (a player has seen a dozen cards, not forty)."""
    by_rank = list(_PACK_BY_RANK)
    for c in seen:
        by_rank[_RANK_OF[c]] -= 1
    # a card counts its rank up to nine, ten for a ten or a face: the values from the ranks
    # (no card has rank 0, so value 0 counts none, as by_rank[0])
    by_value = by_rank[:10]
    by_value.append(by_rank[10] + by_rank[11] + by_rank[12] + by_rank[13])
    return by_value, by_rank, len(DECK) - len(seen)


def counted_peg_scores(count: int, ranks: Sequence[int], by_value: Sequence[int],
                       by_rank: Sequence[int], unseen: int, held: int,
                       cards: Sequence[Card]) -> list[float]:
    """:func:`peg_scores` from the unseen cards' counts by value and rank and their number."""
    total = max(1, unseen)
    holds = _holds(total, held)  # chance that the next player holds one of k unseen cards
    last = ranks[-1] if ranks else -9  # (no rank is within 2 of -9)
    after = [*ranks, 0]  # the ranks with the card laid, its rank set per card
    out: list[float] = []
    for c in cards:
        r = CRANK[c & 15]
        v = VALUE[c & 15]
        new = count + v
        after[-1] = r
        score = float(peg_total(after, new))
        # the risks added in their first order (15, 31, a pair, a run): the same float sums
        risk = 0.0
        if 5 <= new <= 14:
            risk += 2 * holds[by_value[15 - new]]
        if 21 <= new <= 30:
            risk += 2 * holds[by_value[31 - new]]
        if new + v <= 31:
            risk += (6 if last == r else 2) * holds[by_rank[r]]
        if 1 <= abs(last - r) <= 2:
            # the unseen cards of the ranks within 2 of r (by_rank: 14 entries, 0 unused)
            near = sum(by_rank[max(1, r - 2):min(13, r + 2) + 1]) - by_rank[r]
            risk += 1.5 * holds[near // 2]
        score -= risk
        if new == 5 or new == 21:
            score -= 1.0
        if count == 0:
            score += 0.6 if v < 5 else (-1.5 if v == 5 else 0.0)
        score += 0.05 * v  # keep low cards back for the go
        out.append(score)
    return out


#: :func:`_holds`'s tables by (unseen cards, cards held)
_HOLDS: dict[tuple[int, int], tuple[float, ...]] = {}


def _holds(total: int, held: int) -> tuple[float, ...]:
    """Chance that the next player, holding ``held`` of ``total`` unseen cards, holds at least
    one of k of them, by k (0..total): worked out once per (total, held), the same floats."""
    found = _HOLDS.get((total, held))
    if found is None:
        found = _HOLDS[(total, held)] = tuple(
            1.0 - (1.0 - k / total) ** held if held else 0.0 for k in range(total + 1))
    return found


def best_pegs(scores: Sequence[float]) -> list[int]:
    """The indices of the best scores (ties within :data:`TIE`), in order, as medio builds
    them: a later card only a hair better than the best so far replaces the whole list."""
    best: list[int] = []
    best_score = -1e9
    for i, score in enumerate(scores):
        if score > best_score + TIE:
            best, best_score = [i], score
        elif abs(score - best_score) <= TIE:
            best.append(i)
    return best
