"""Cribbage scoring: the show, pegging, the exact score distribution and the discard analyzer.

Pure functions over cards. Cards are ``mazzo.cards.Card`` ints (``suit * 16 + rank``, ace stored as
14); cribbage counts the ace as 1, so every function maps rank 14 to 1 through :data:`CRANK`.
The show is split into a rank part (fifteens, pairs, runs: depends only on the multiset of five
ranks, cached by a base-5 key) and a suit part (flush, nobs), which keeps scoring table-driven.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement, product
from typing import NamedTuple

from mazzo.cards import FRENCH_SUITS, JACK, Card, card, french_deck

# --- per-card tables (indexed by ``card id & 15`` = stored rank) -------------------------------

#: cribbage rank 1..13 (ace low) by stored rank 2..14
CRANK: tuple[int, ...] = (0, 0, *range(2, 14), 1, 0)
#: count value (A 1, 2..10, J Q K 10) by stored rank
VALUE: tuple[int, ...] = tuple(min(r, 10) for r in CRANK)
#: base-5 digit weight of each stored rank, so a multiset of ≤ 4 equal ranks has a unique sum
_KEY: tuple[int, ...] = tuple(5 ** (r - 1) if r else 0 for r in CRANK)

DECK: tuple[Card, ...] = french_deck()
#: ``_KEY`` by card id (cribbage cards have ids below 64): one lookup per card in the show
SHOW_KEY: tuple[int, ...] = tuple(_KEY[i & 15] for i in range(64))


def value(c: int) -> int:
    """Count value of a card: ace 1, 2..10, court cards 10."""
    return VALUE[c & 15]


# --- the show ----------------------------------------------------------------------------------


class ShowScore(NamedTuple):
    """Points per category of one hand or crib with the starter."""

    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    total: int


def rank_parts(ranks: Sequence[int]) -> tuple[int, int, int]:
    """(fifteens, pairs, runs) points of cribbage ranks 1..13 (any number of cards)."""
    ways = [1] + [0] * 15
    counts = [0] * 15
    for r in ranks:
        v = r if r < 10 else 10
        for s in range(15, v - 1, -1):
            ways[s] += ways[s - v]
        counts[r] += 1
    pairs = sum(m * (m - 1) for m in counts)
    runs = 0
    length, mult = 0, 1
    for r in range(1, 15):  # counts[14] is always 0 and closes the last stretch
        m = counts[r]
        if m:
            length += 1
            mult *= m
            continue
        if length >= 3:
            runs = max(runs, length * mult)
        length, mult = 0, 1
    return 2 * ways[15], pairs, runs


_RANK_CACHE: dict[int, tuple[int, int, int]] = {}

#: the rank part of every show, by the base-5 key of its five ranks (the sum of ``SHOW_KEY``
#: over the four cards and the starter): (fifteens, pairs, runs, run length, their points). Empty
#: until :func:`show_rank_table` fills it whole (6,175 rank multisets, ~40 ms, once per process,
#: so importing the game costs nothing); the engine's show is then one lookup per hand.
SHOW_RANKS: dict[int, tuple[int, int, int, int, int]] = {}
_SHOW_RANKS_LOCK = threading.Lock()


def show_rank_table() -> dict[int, tuple[int, int, int, int, int]]:
    """:data:`SHOW_RANKS`, filled on the first call: every multiset of five ranks (at most four
    of one rank) scored by :func:`rank_parts`. The table is built aside and published by one
    ``dict.update`` (atomic under the GIL), under a lock: readers test ``SHOW_RANKS or ...``, so
    they must never see it half filled (the server replays tables in worker threads)."""
    if SHOW_RANKS:
        return SHOW_RANKS
    with _SHOW_RANKS_LOCK:
        if not SHOW_RANKS:
            table: dict[int, tuple[int, int, int, int, int]] = {}
            for ranks in combinations_with_replacement(range(1, 14), 5):
                if ranks[0] == ranks[4]:
                    continue  # five of a rank: not in one deck
                fifteens, pairs, runs = rank_parts(ranks)
                key = sum(_KEY[r if r != 1 else 14] for r in ranks)
                table[key] = (fifteens, pairs, runs, RUN_SHAPE[runs][0], fifteens + pairs + runs)
            SHOW_RANKS.update(table)
    return SHOW_RANKS


def _rank_part(key: int, cards: Iterable[int]) -> tuple[int, int, int]:
    found = _RANK_CACHE.get(key)
    if found is None:
        found = rank_parts([CRANK[c & 15] for c in cards])
        _RANK_CACHE[key] = found
    return found


def _suit_part(hand: Sequence[int], starter: int, crib: bool) -> tuple[int, int]:
    """(flush, nobs) points of a 4-card hand or crib."""
    suit = hand[0] >> 4
    flush = 0
    if hand[1] >> 4 == suit and hand[2] >> 4 == suit and hand[3] >> 4 == suit:
        if starter >> 4 == suit:
            flush = 5
        elif not crib:
            flush = 4
    nobs = 0
    jack = (starter & 0xF0) | JACK  # the jack of the starter's suit
    if jack != starter:
        for c in hand:
            if c == jack:
                nobs = 1
                break
    return flush, nobs


def score_show(hand: Sequence[Card], starter: Card, crib: bool = False) -> ShowScore:
    """Score a 4-card hand (or crib, ``crib=True``) with the starter, by category.

    A hand scores a 4-card flush (5 with the starter); a crib only a 5-card flush.
    """
    if len(hand) != 4:
        raise ValueError(f"a hand or crib has 4 cards, not {len(hand)}")
    cards = (*hand, starter)
    if len(set(cards)) != 5:
        raise ValueError("the hand and the starter must be five different cards")
    return show_score(hand, starter, crib)


def show_score(hand: Sequence[int], starter: int, crib: bool = False) -> ShowScore:
    """:func:`score_show` without the validation (the engine's hot path)."""
    a, b, c, d = hand
    key_of = SHOW_KEY
    key = key_of[a] + key_of[b] + key_of[c] + key_of[d] + key_of[starter]
    found = _RANK_CACHE.get(key)
    if found is None:
        found = _rank_part(key, (*hand, starter))
    fifteens, pairs, runs = found
    # the suit part inline (as _suit_part): a 4-card flush, 5 with the starter; his nobs
    suit = a >> 4
    flush = 0
    if b >> 4 == suit and c >> 4 == suit and d >> 4 == suit:
        if starter >> 4 == suit:
            flush = 5
        elif not crib:
            flush = 4
    jack = (starter & 0xF0) | JACK
    nobs = 1 if jack != starter and (a == jack or b == jack or c == jack or d == jack) else 0
    return ShowScore(fifteens, pairs, runs, flush, nobs, fifteens + pairs + runs + flush + nobs)


def show_total(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """The total of :func:`show_score` without its breakdown, from the whole rank table (the
    esperto's search scores thousands of shows a move)."""
    a, b, c, d = hand
    key_of = SHOW_KEY
    ranks = (SHOW_RANKS or show_rank_table())[
        key_of[a] + key_of[b] + key_of[c] + key_of[d] + key_of[starter]]
    flush, nobs = _suit_part(hand, starter, crib)
    return ranks[4] + flush + nobs


#: run points of a 5-card show → (run length, number of runs); the map is one-to-one
RUN_SHAPE: dict[int, tuple[int, int]] = {
    0: (0, 0), 3: (3, 1), 4: (4, 1), 5: (5, 1), 6: (3, 2), 8: (4, 2), 9: (3, 3), 12: (3, 4),
}


def fifteen_count(cards: Iterable[int]) -> int:
    """How many distinct card combinations total 15."""
    ways = [1] + [0] * 15
    for c in cards:
        v = VALUE[c & 15]
        for s in range(15, v - 1, -1):
            ways[s] += ways[s - v]
    return ways[15]


# --- the play ----------------------------------------------------------------------------------

PAIR_POINTS: tuple[int, ...] = (0, 0, 2, 6, 12)
PAIR_REASON: tuple[str, ...] = ("", "", "pair", "pair_royal", "double_pair_royal")


def peg_parts(ranks: Sequence[int], count: int) -> list[tuple[str, int]]:
    """Scoring parts of the last card laid: ``ranks`` are the cribbage ranks since the last reset,
    ``count`` the count after it. Reasons: fifteen, thirty_one, pair, pair_royal,
    double_pair_royal, run (points = its length). Go and last card are not included."""
    parts: list[tuple[str, int]] = []
    if count == 15:
        parts.append(("fifteen", 2))
    elif count == 31:
        parts.append(("thirty_one", 2))
    n = len(ranks)
    last = ranks[-1]
    same = 1
    while same < n and ranks[n - 1 - same] == last:
        same += 1
    if same >= 2:
        parts.append((PAIR_REASON[same], PAIR_POINTS[same]))
        return parts
    best = last_run_length(ranks)
    if best:
        parts.append(("run", best))
    return parts


def last_run_length(ranks: Sequence[int]) -> int:
    """Longest n ≥ 3 such that the last n ranks are n distinct consecutive ranks, else 0."""
    n = len(ranks)
    if n < 3:
        return 0
    seen = best = 0
    lo, hi = 14, 0
    for size, r in enumerate(reversed(ranks), 1):
        bit = 1 << r
        if seen & bit:
            break  # a repeated rank: no longer window can be a run
        seen |= bit
        if r < lo:
            lo = r
        if r > hi:
            hi = r
        if hi - lo == size - 1:
            if size >= 3:
                best = size
        elif hi - lo >= n:
            break  # the span only grows, and no window is longer than n
    return best


#: ``SPAN3[a << 8 | b << 4 | c]``: max − min of three different cribbage ranks, 99 if two are
#: equal (a run ending with ranks a, b, c needs them different and as many cards as their span + 1)
SPAN3: list[int] = [
    max(a, b, c) - min(a, b, c) if len({a, b, c}) == 3 else 99
    for a in range(16) for b in range(16) for c in range(16)
]


def peg_total(ranks: Sequence[int], count: int) -> int:
    """Points of the last card laid (as :func:`peg_parts`, summed), for the hot path."""
    pts = 2 if count == 15 or count == 31 else 0
    n = len(ranks)
    last = ranks[-1]
    if n >= 2 and ranks[-2] == last:
        same = 2
        while same < n and ranks[n - 1 - same] == last:
            same += 1
        return pts + PAIR_POINTS[same]
    if n >= 3 and SPAN3[ranks[-3] << 8 | ranks[-2] << 4 | last] < n:
        # the last three ranks differ and span less than the cards laid: a run may end here
        # (else none can: every run of three or more ends with them)
        return pts + last_run_length(ranks)
    return pts


def peg_points(played: Sequence[Card]) -> int:
    """Points earned by the last card of ``played`` (the cards laid since the last reset, in
    order): 15, 31, pairs and runs. Go and last card are excluded (they depend on other hands)."""
    if not played:
        raise ValueError("no card has been played")
    count = sum(VALUE[c & 15] for c in played)
    if count > 31:
        raise ValueError(f"the count would be {count}, over 31")
    return peg_total([CRANK[c & 15] for c in played], count)


# --- the exact distribution --------------------------------------------------------------------


def _bonus_distribution(
    hand_ranks: tuple[int, ...], starter_rank: int, crib: bool
) -> dict[int, int]:
    """Count (flush + nobs) over every suit assignment of a concrete rank pattern."""
    groups: dict[int, int] = {}
    for r in hand_ranks:
        groups[r] = groups.get(r, 0) + 1
    choices = [list(combinations(FRENCH_SUITS, m)) for m in groups.values()]
    ranks = list(groups)
    out: dict[int, int] = {}
    for pick in product(*choices):
        hand = [card(r if r != 1 else 14, s) for r, suits in zip(ranks, pick, strict=True)
                for s in suits]
        used = {s for r, suits in zip(ranks, pick, strict=True) if r == starter_rank
                for s in suits}
        for s in FRENCH_SUITS:
            if s in used:
                continue
            st = card(starter_rank if starter_rank != 1 else 14, s)
            flush, nobs = _suit_part(hand, st, crib)
            out[flush + nobs] = out.get(flush + nobs, 0) + 1
    return out


def _pattern(hand_counts: dict[int, int], starter_rank: int) -> tuple[tuple[int, ...], int]:
    """A concrete stand-in for every hand whose suit bonus is distributed alike: only equality
    with the jack and with the starter's rank matters, so other ranks are relabelled 2, 3, 4…"""
    relabel: dict[int, int] = {JACK: JACK}
    st = JACK if starter_rank == JACK else 1
    relabel[starter_rank] = st
    free = iter((2, 3, 4, 5, 6))
    out: list[int] = []
    for r, m in sorted(hand_counts.items(), key=lambda rm: (rm[1], rm[0])):
        if r not in relabel:
            relabel[r] = next(free)
        out.extend([relabel[r]] * m)
    # the relabelled other ranks keep their multiplicities; sort them for a canonical key
    return tuple(sorted(out)), st


def distribution(crib: bool = False) -> dict[int, int]:
    """Exact count of every show total over all 12,994,800 (4-card hand, starter) combinations.

    Enumerates the 6,175 five-rank multisets and, for each, the starter's rank; the rank part
    scores once per multiset, and the suit part (flush, nobs) is counted once per rank pattern.
    """
    dist: dict[int, int] = {}
    bonus_cache: dict[tuple[tuple[int, ...], int], dict[int, int]] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        counts: dict[int, int] = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        if max(counts.values()) > 4:
            continue
        fifteens, pairs, runs = rank_parts(ranks)
        base = fifteens + pairs + runs
        for s in counts:
            hand_counts = dict(counts)
            hand_counts[s] -= 1
            if not hand_counts[s]:
                del hand_counts[s]
            key = _pattern(hand_counts, s)
            bonus = bonus_cache.get(key)
            if bonus is None:
                bonus = _bonus_distribution(key[0], key[1], crib)
                bonus_cache[key] = bonus
            # the pattern enumerated suits for its own ranks; the multiplicities are the same,
            # so its counts are exact for this multiset too
            for extra, ways in bonus.items():
                dist[base + extra] = dist.get(base + extra, 0) + ways
    return dict(sorted(dist.items()))


# --- the discard analyzer ----------------------------------------------------------------------


class DiscardOption(NamedTuple):
    """One way to lay away: the exact hand statistics over every possible starter and the
    expected crib points from the shipped table (added if the crib is ours, else subtracted)."""

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_mean: float
    hand_min: int
    hand_max: int
    crib_mean: float
    net: float


def crib_expectation(discard: Sequence[Card]) -> float:
    """Expected crib points given our cards laid away (table from
    ``scripts/cribbage_crib_table.py``: the other crib cards and the starter uniform at random)."""
    from mazzo.games.cribbage.crib_table import CRIB_PAIR, CRIB_SINGLE

    if len(discard) == 1:
        return CRIB_SINGLE[CRANK[discard[0] & 15]]
    if len(discard) == 2:
        a, b = sorted((CRANK[discard[0] & 15], CRANK[discard[1] & 15]))
        suited = discard[0] >> 4 == discard[1] >> 4
        return CRIB_PAIR[(a, b, suited)]
    raise ValueError("one or two cards are laid away to the crib")


def hand_stats(keep: Sequence[Card], unseen: Sequence[Card]) -> tuple[float, int, int]:
    """Exact mean, min and max of the 4-card hand's show over every starter in ``unseen``."""
    base_key = sum(_KEY[c & 15] for c in keep)
    by_rank: dict[int, int] = {}
    suit = keep[0] >> 4
    flush = all(c >> 4 == suit for c in keep)
    jack_suits = {c >> 4 for c in keep if c & 15 == JACK}
    total = 0
    lo, hi = 99, -1
    for st in unseen:
        r = st & 15
        base = by_rank.get(r)
        if base is None:
            found = _RANK_CACHE.get(base_key + _KEY[r])
            if found is None:
                found = _rank_part(base_key + _KEY[r], (*keep, st))
            base = found[0] + found[1] + found[2]
            by_rank[r] = base
        s = st >> 4
        pts = base
        if flush:
            pts += 5 if s == suit else 4
        if s in jack_suits:
            pts += 1
        total += pts
        if pts < lo:
            lo = pts
        if pts > hi:
            hi = pts
    return total / len(unseen), lo, hi


def discard_analysis(cards: Sequence[Card], dealer: bool) -> list[DiscardOption]:
    """Every way to lay away 2 of 6 (two players) or 1 of 5 (three or four) cards, best first.

    ``dealer``: whether the crib is ours (or our partner's), so its expectation is added,
    otherwise subtracted. Ties keep the order of :func:`itertools.combinations`.
    """
    hand = list(cards)
    if len(hand) not in (5, 6):
        raise ValueError(
            f"give 6 cards (two players) or 5 (three or four players), not {len(hand)}"
        )
    if len(set(hand)) != len(hand):
        raise ValueError("the cards must all be different")
    if any(c not in _DECK_SET for c in hand):
        raise ValueError("cribbage uses one standard 52-card deck")
    unseen = [c for c in DECK if c not in set(hand)]
    out: list[DiscardOption] = []
    for away in combinations(range(len(hand)), len(hand) - 4):
        discard = tuple(hand[i] for i in away)
        keep = tuple(c for i, c in enumerate(hand) if i not in away)
        mean, lo, hi = hand_stats(keep, unseen)
        crib = crib_expectation(discard)
        net = mean + crib if dealer else mean - crib
        out.append(DiscardOption(discard, keep, mean, lo, hi, crib, net))
    out.sort(key=lambda o: -o.net)
    return out


_DECK_SET = frozenset(DECK)


#: count value by card id (list indexing beats ``VALUE[c & 15]`` in hot loops; the ids of no
#: card map to a placeholder no hand ever holds)
VAL: list[int] = [VALUE[i & 15] for i in range(64)]
