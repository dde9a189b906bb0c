"""The hand index each seat keeps, patched by the moves, is at every decision the index made
afresh from the hand (``fresh_index``: the one pass the listing made before), for every seat
that has one, in random matches of every kind of Burraco, and in clones and determinized worlds
played on from there."""

from __future__ import annotations

import random

import pytest
from burraco_helpers import random_decisions
from legal_reference import reference_legal

import playout
from mazzo.cards import ACE, Card
from mazzo.games.burraco.actions import DECK_INDEX
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.hand_index import ACE_BITS
from mazzo.games.burraco.listing import _SET_RANKS, WILD_TYPES
from mazzo.games.burraco.state import BurracoState
from mazzo.games.burraco.tables import KEPT_RUN_PATTERNS, run_patterns

CONFIGS = [
    BurracoConfig(players=4, hands=1),
    BurracoConfig(players=4, hands=2, variant="fibur", clean_burraco_to_close=True),
    BurracoConfig(players=2, hands=2, variant="fibur"),
    BurracoConfig(players=3, hands=2, clean_burraco_to_close=True),
    BurracoConfig(players=3, target=600, switch=300),  # three pozzetti after the switch
]


def fresh_index(hand: list[Card], r: Card | None) -> tuple[
    dict[int, list[Card]], list[list[Card] | None], list[int], tuple[int, ...]
]:
    """The hand in one pass, as the listing reads it (the kept index's reference; ``r``: the
    restricted card, the single-card pile's):

    - ``reps``: its cards by type, types in the deck order of their first card, each type's
      cards in deck order, the single-card pile's card first (meld it, keep its twin);
    - ``at``: the same lists at 16 suit + rank, which is also 16 suit + run position (an
      ace stands at 1, A-2-3, and at 14, Q-K-A); the jollies (type 192) are not there;
    - ``masks``: the run positions each suit fills, a bit each;
    - ``pairs``: the ranks from 3 to ace holding two naturals or more, in rank order (the
      ranks a set can be made of).
    """
    reps: dict[int, list[Card]] = {}
    at: list[list[Card] | None] = [None] * 64
    masks = [0, 0, 0, 0]
    twins = 0  # the ranks (a bit each) of the types held twice
    # the deck order is the cards' own order but for the first jolly (192, dealt after the
    # naturals): the plain sort, in C, unless the hand holds that card
    for c in sorted(hand, key=DECK_INDEX.__getitem__) if 192 in hand else sorted(hand):
        t = c & 0xFF
        group = reps.get(t)
        if group is not None:
            group.append(c)
            if t < 64:
                twins |= 1 << (t & 15)
        else:
            group = reps[t] = [c]
            if t < 64:  # the four suits
                at[t] = group
                if t & 15 == ACE:
                    at[t - 13] = group
                    masks[t >> 4] |= ACE_BITS
                else:
                    masks[t >> 4] |= 1 << (t & 15)
    if r is not None:
        group = reps.get(r & 0xFF)
        if group and r in group and group[0] != r:
            group.remove(r)  # in place: ``at`` holds the same list
            group.insert(0, r)
    # two naturals of a rank: a type held twice, or the rank in two suits (bit by bit, once
    # per listing rather than a count per card)
    m0, m1, m2, m3 = masks
    pairs = twins | m0 & (m1 | m2 | m3) | m1 & (m2 | m3) | m2 & m3
    return reps, at, masks, _SET_RANKS[pairs >> 3]


def _check_kept(state: BurracoState) -> int:
    """Compare every seat's kept index with a fresh one; how many seats had one."""
    checked = 0
    for seat, hand in enumerate(state.hands):
        kept = state._index[seat]
        if kept is None or kept.hand is not hand:
            continue
        reps, at, masks, pairs = fresh_index(hand, state.restricted)
        assert kept.reps == reps
        assert kept.at == at
        assert kept.masks == masks
        assert _SET_RANKS[kept.pairs_bits() >> 3] == pairs
        if kept.wilds is not None:  # the wild types held, as the last listing found them
            assert kept.wilds == [(t, reps[t]) for t in WILD_TYPES if t in reps]
            assert kept.wild_firsts == tuple(group[0] for _, group in kept.wilds)
        for t, group in kept.reps.items():  # the lists are shared, as the listing needs
            if t < 64:
                assert kept.at[t] is group
                if t & 15 == ACE:
                    assert kept.at[t - 13] is group
        checked += 1
    return checked


def _play_on(state: BurracoState, rng: random.Random, moves: int) -> None:
    """Play ``moves`` random moves, checking the kept indexes and the listing at each."""
    for _ in playout.decisions(state, rng, limit=moves):
        assert state.legal_actions() == reference_legal(state)
        _check_kept(state)


@pytest.mark.soak
def test_kept_hand_index_equals_a_fresh_one() -> None:
    kept = 0
    decisions = 0
    for config in CONFIGS:
        for seed in range(3):
            for state, rng in random_decisions(config, seed):
                kept += _check_kept(state)
                decisions += 1
                if rng.random() < 0.05:
                    local = random.Random(rng.random())
                    _play_on(state.clone(), local, 12)
                    seat = local.randrange(config.players)
                    _play_on(state._determinize(seat, local), local, 12)
    assert decisions > 5000
    assert kept > 2 * decisions  # the indexes are kept, not made at each listing


def test_a_hand_replaced_whole_gets_a_fresh_index() -> None:
    """A position set by hand (a new list for the hand) is listed from that list."""
    for state, _rng in random_decisions(BurracoConfig(players=4, hands=1), 1):
        if state.stage == "play" and len(state.hands[state.player]) > 3:
            state.legal_actions()
            seat = state.player
            state.hands[seat] = sorted(state.hands[seat])[1:]
            state._legal = None
            assert state.legal_actions() == reference_legal(state)
            assert state._index[seat] is not None
            assert state._index[seat].hand is state.hands[seat]
            break


def _plain_run_patterns(mask: int) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """``tables.run_patterns`` as it was first written, with sets of positions."""
    at = {p for p in range(1, 15) if mask >> p & 1}
    starts = tuple(p for p in range(1, 13) if {p, p + 1, p + 2} <= at)
    with_wild: list[tuple[int, int, int]] = []
    for p in range(1, 14):
        if p not in at:
            continue
        for q, spots in ((p + 1, (p - 1, p + 2)), (p + 2, (p + 1,))):
            if q in at:
                with_wild += [(p, q, spot) for spot in spots if 1 <= spot <= 14]
    return starts, tuple(with_wild)


def test_run_patterns_bit_by_bit_equal_the_plain_ones() -> None:
    """Every suit mask (positions 1 to 14 and the unused bit 0): the same runs, same order."""
    for mask in range(1 << 15):
        KEPT_RUN_PATTERNS.pop(mask, None)
        assert run_patterns(mask) == _plain_run_patterns(mask)
