"""The parts the Burraco listing keeps between listings say what a fresh computation says: the
shared table of a rank's sets (by the cards they are made of) and each side's kept melds (their
moves and the ranks it has laid), over thousands of random states, every seat, clones too."""

from __future__ import annotations

import pytest
from burraco_helpers import random_decisions
from legal_reference import reference_legal

from mazzo.cards import Card
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.listing import _SET_CHUNKS, set_chunk, side_moves
from mazzo.games.burraco.tables import meld_moves

#: kept listing parts against fresh computations over random matches
pytestmark = pytest.mark.soak

CONFIGS = [
    BurracoConfig(players=4, hands=1),
    BurracoConfig(players=2, hands=1, variant="fibur"),
    BurracoConfig(players=3, hands=2, clean_burraco_to_close=True),
]


def _at(cards: tuple[Card, ...]) -> list[list[Card] | None]:
    """The hand's cards by type (``16 suit + rank``), each type in the order given."""
    at: list[list[Card] | None] = [None] * 64
    for c in cards:
        if c & 0xFF < 64:
            group = at[c & 0xFF]
            if group is None:
                at[c & 0xFF] = [c]
            else:
                group.append(c)
    return at


def test_kept_set_chunks_equal_fresh_ones() -> None:
    """Every chunk the shared table holds after many listings is the chunk computed afresh
    from the cards of its key (the rank's naturals, the first card of each wild type)."""
    for config in CONFIGS:
        for seed in range(3):
            for state, _ in random_decisions(config, seed):
                state.legal_actions()
    assert len(_SET_CHUNKS) > 500
    for (naturals, wilds), chunk in _SET_CHUNKS.items():
        assert set_chunk(naturals[0] & 15, _at(naturals), wilds) == chunk


def test_kept_side_moves_equal_the_sides_melds() -> None:
    """Each side's kept melds, moves and laid ranks are its melds' at every decision, for every
    side (not only the one to move), in the state and in a clone listing in turn with it."""
    checked = 0
    for config in CONFIGS:
        for seed in range(3):
            for state, rng in random_decisions(config, seed):
                twin = state.clone()
                for s in (state, twin):
                    for side in set(s.side_of):
                        kept = side_moves(s, side)
                        melds = s.melds[side]
                        assert kept.melds == melds
                        assert kept.moves == [meld_moves(m) for m in melds]
                        assert kept.laid == {m.key for m in melds if not m.run}
                        checked += 1
                if rng.random() < 0.2:
                    twin._legal = None
                    assert twin.legal_actions() == reference_legal(twin)
    assert checked > 5000
