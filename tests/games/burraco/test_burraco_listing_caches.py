"""The parts the Burraco listing keeps between listings (``games/burraco/listing.py``) say what a
fresh computation says: a seat's kept hand index after any change of the hand (moves, or cards set
directly), the shared chunk tables, a side's kept attacca moves, and the listing itself (against
the plain oracle) when clones share the indexes and list in turn."""

from __future__ import annotations

import random

import pytest
from legal_reference import reference_legal

from mazzo.cards import Card
from mazzo.engine import CHANCE, TERMINAL
from mazzo.games.burraco import GAME
from mazzo.games.burraco.actions import DECK
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.listing import (
    RUN_CHUNKS,
    SET_CHUNKS,
    HandIndex,
    SideMoves,
    run_chunk,
    set_chunk,
)
from mazzo.games.burraco.state import BurracoState
from mazzo.games.burraco.tables import meld_moves

CONFIGS = [
    BurracoConfig(players=4, hands=1),
    BurracoConfig(players=2, hands=1, variant="fibur"),
    BurracoConfig(players=3, hands=2, clean_burraco_to_close=True),
]


def _fields(index: HandIndex) -> tuple[object, ...]:
    """Everything an index holds, groups in a canonical order."""
    return (sorted(index.groups.items()), sorted(index.lowest.items()), index.firsts,
            index.wild_reps, index.wilds, index.wild_key, index.slots, index.masks, index.chunks)


def _fresh(hand: list[Card], restricted: Card | None) -> HandIndex:
    index = HandIndex()
    index.update(hand, restricted)
    return index


def _random_states(config: BurracoConfig, seed: int) -> object:
    """Every decision of a random match (the state itself, not a copy)."""
    rng = random.Random(seed)
    state: BurracoState = GAME.new_match(config)  # type: ignore[assignment]
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        yield state, rng
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.variant}")
def test_kept_index_of_every_seat_equals_a_fresh_one(config: BurracoConfig) -> None:
    """Every seat's kept index, brought up to date at random moments (so several moves pass
    between two updates), equals an index made from scratch, with and without a restricted
    card."""
    kept = [HandIndex() for _ in range(config.players)]
    checked = 0
    for seed in range(5):
        for state, rng in _random_states(config, seed):  # type: ignore[attr-defined]
            if rng.random() < 0.5:
                continue
            for seat, index in enumerate(kept):
                hand = state.hands[seat]
                restricted = state.restricted if rng.random() < 0.7 else rng.choice([*hand, None])
                index.update(hand, restricted)
                assert _fields(index) == _fields(_fresh(hand, restricted)), (seed, seat)
                checked += 1
    assert checked > 1000


def test_kept_index_follows_any_change_of_the_hand() -> None:
    """Hands changed at random, as a test or a determinization sets them (cards come and go
    anywhere in the list, a few or all at once, wilds included)."""
    rng = random.Random(7)
    index = HandIndex()
    hand: list[Card] = []
    for step in range(4000):
        size = rng.choice((0, 1, 1, 2, 3, 5, 20))
        for _ in range(min(size, len(hand))):
            hand.pop(rng.randrange(len(hand)))
        free = [c for c in DECK if c not in hand]
        for c in rng.sample(free, min(rng.choice((0, 1, 2, 4, 12)), 30 - len(hand))):
            hand.insert(rng.randrange(len(hand) + 1), c)
        restricted = rng.choice([None, None, *hand[:2]]) if hand else None
        index.update(hand, restricted)
        assert _fields(index) == _fields(_fresh(hand, restricted)), step


def test_shared_chunks_equal_fresh_ones() -> None:
    """Every chunk the tables hold (filled by the matches above and below) is the chunk a fresh
    computation makes from the cards of its key."""
    for seed in range(2):
        for state, _ in _random_states(CONFIGS[0], seed):  # type: ignore[attr-defined]
            state.legal_actions()
    assert SET_CHUNKS and RUN_CHUNKS
    for (naturals, wilds), chunk in list(SET_CHUNKS.items())[:5000]:
        assert set_chunk(naturals[0] & 15, _groups(naturals), wilds) == chunk
    for (slots, wild_groups), chunk in list(RUN_CHUNKS.items())[:5000]:
        cards = tuple(c for slot in slots for c in slot)
        groups = _groups(cards)
        groups.update((group[0] & 0xFF, list(group)) for group in wild_groups)
        wild_reps = [(group[0] & 0xFF, list(group)) for group in wild_groups]
        mask = 0
        for c in cards:
            mask |= (1 << 1 | 1 << 14) if c & 15 == 14 else 1 << (c & 15)
        assert run_chunk(cards[0] >> 4 & 15, groups, mask, wild_reps) == chunk


def _groups(cards: tuple[Card, ...]) -> dict[int, list[Card]]:
    """Cards by type, in the order given (a key lists each group in its order)."""
    groups: dict[int, list[Card]] = {}
    for c in cards:
        groups.setdefault(c & 0xFF, []).append(c)
    return groups


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.variant}")
def test_side_moves_equal_the_meld_by_meld_listing(config: BurracoConfig) -> None:
    """A side's kept attacca moves (looked up per card, sorted by their place) are the moves
    listed meld by meld, card by card, for the hand of every seat."""
    checked = 0
    for seed in range(3):
        for state, rng in _random_states(config, seed):  # type: ignore[attr-defined]
            if rng.random() < 0.7:
                continue
            for seat in range(config.players):
                melds = state.melds[state.side_of[seat]]
                if not melds:
                    continue
                index = _fresh(state.hands[seat], state.restricted)
                plain = []
                for i, meld in enumerate(melds):
                    moves = meld_moves(meld)
                    tried = [index.groups[t][0] for t in moves.types if t in index.groups]
                    if moves.takes_wild:
                        tried += index.wilds
                    for c in tried:
                        plain += moves.actions_of(c, i)
                assert SideMoves(melds).attaccas(index.firsts) == plain
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.variant}")
def test_clones_sharing_the_indexes_list_as_the_oracle(config: BurracoConfig) -> None:
    """Clones share the kept hand indexes; a clone redealt for a seat (its hands changed
    wholesale) and the state it came from list in turn, each as the plain oracle says."""
    checked = 0
    for seed in range(3):
        for state, rng in _random_states(config, seed):  # type: ignore[attr-defined]
            if rng.random() < 0.6:
                continue
            world = state._determinize(rng.randrange(config.players), rng)
            twin = state.clone()
            for s in (world, state, twin, world, state):
                s._legal = None
                assert s.legal_actions() == reference_legal(s)
            checked += 1
    assert checked > 150
