"""Burraco's own ``random_moves`` (a search's random rollout) against the engine's loop, where
the shared test (``tests/games/test_random_moves.py``) may not look: every cap from 1 on, so
the last move played is each kind in turn (a pile taken, a meld made or grown: the moves whose
events only the last move gets), and rollouts that end a hand, a match, a 3-player pairing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from burraco_helpers import random_decisions

from mazzo.engine import State
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.state import BurracoState

#: rollouts against the engine's loop at every cap
pytestmark = pytest.mark.soak

CONFIGS = [
    BurracoConfig(players=4, hands=1),
    BurracoConfig(players=2, hands=2, variant="fibur", clean_burraco_to_close=True),
    BurracoConfig(players=3, target=600, switch=300),  # pairs, then three pozzetti
]


def _seen(state: BurracoState) -> tuple[object, ...]:
    """What the engine's loop leaves that a caller may read: views, events, history, moves."""
    legal = [] if state.current_player < 0 else state.legal_actions()
    return (state.current_player, state.hand_number, [state.view(s) for s in range(
        state.num_players)], repr(state.events), state.history, legal, state.scores())


def _both(state: BurracoState, seed: int, stop: int | None, cap: int) -> tuple[int, str]:
    """Play from ``state`` by the override and by the engine's loop; the same everything, and
    the kind of the last move played (or where it stopped)."""
    ours, theirs = state.clone(), state.clone()
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    played = ours.random_moves(ours_rng, stop, cap)
    assert played == State.random_moves(theirs, theirs_rng, stop, cap)
    assert ours_rng.getstate() == theirs_rng.getstate()
    assert _seen(ours) == _seen(theirs)
    if ours.current_player < 0:
        return played, "over" if ours.is_terminal else "hand ended"
    return played, type(ours.history[-1]).__name__ if played else "none"


def test_every_cap_stops_after_every_kind_of_move_as_the_engine_loop() -> None:
    last = Counter[str]()
    for index, config in enumerate(CONFIGS):
        rng = random.Random(index)
        for state, _ in random_decisions(config, index):
            if rng.random() < 0.985:
                continue
            seed = rng.randrange(1 << 30)
            stop = rng.choice([None, state.hand_number + 1])
            for cap in range(1, 80):
                last[_both(state, seed, stop, cap)[1]] += 1
            last[_both(state, seed, None, 100_000)[1]] += 1
    for kind in ("Draw", "TakePile", "Cala", "Attacca", "Discard", "hand ended", "over"):
        assert last[kind] > 3, last
