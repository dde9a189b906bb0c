"""Nebraska's own ``random_moves`` (a search's random rollouts) against the engine's loop on the
paths ``tests/games/test_random_moves.py`` reaches only by chance: whole hands played from the
deal to the end of the match (one hand to play), seven players (a short stock: hands cut by a
rejection with too few cards to replace), and caps that stop inside a round of bids, on its
last bid and on a decision."""

from __future__ import annotations

import random

import pytest

from mazzo.engine import State, get_game
from mazzo.games.nebraska.actions import DECK, ChooseDealer, Deal
from mazzo.games.nebraska.config import NebraskaConfig
from mazzo.games.nebraska.state import NebraskaState

#: rollouts against the engine's loop over whole hands
pytestmark = pytest.mark.soak

GAME = get_game("nebraska")


def dealt(config: NebraskaConfig, seed: int) -> NebraskaState:
    state = GAME.new_match(config)
    assert isinstance(state, NebraskaState)
    state.apply(ChooseDealer(seed % config.players))
    order = list(DECK)
    random.Random(seed).shuffle(order)
    state.apply(Deal(tuple(order)))
    return state


def same_as_the_engine_loop(state: State, seed: int, stop: int | None, cap: int) -> int:
    ours, theirs = state.clone(), state.clone()
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    played = ours.random_moves(ours_rng, stop, cap)
    assert played == State.random_moves(theirs, theirs_rng, stop, cap)
    assert ours_rng.getstate() == theirs_rng.getstate()
    for seat in [*range(state.num_players), None]:
        assert ours.view(seat) == theirs.view(seat)
    assert ours.events == theirs.events
    assert ours.history == theirs.history
    assert (ours.current_player, ours.phase, ours.scores(), ours.returns()) == (
        theirs.current_player, theirs.phase, theirs.scores(), theirs.returns())
    return played


@pytest.mark.parametrize("variant", ["family", "expert", "poker"])
def test_a_whole_hand_to_the_end_of_the_match(variant: str) -> None:
    reasons = set()
    for seed in range(12):
        state = dealt(NebraskaConfig(players=7, variant=variant, hands=1), seed)
        same_as_the_engine_loop(state, seed, None, 100_000)
        after = state.clone()
        after.random_moves(random.Random(seed), None, 100_000)
        assert after.is_terminal
        assert after.last_hand is not None
        reasons.add(after.last_hand["reason"])
    assert "stock_short" in reasons  # seven players: 34 cards left after the deal


def test_caps_inside_a_round_on_its_last_bid_and_on_a_decision() -> None:
    for seed in range(4):
        state = dealt(NebraskaConfig(players=4), seed)
        for cap in range(1, 12):  # a round is four bids and a decision: every stop in two
            played = same_as_the_engine_loop(state, seed, state.hand_number + 1, cap)
            assert played == cap


def test_no_move_at_a_stop_already_reached_or_a_zero_cap() -> None:
    state = dealt(NebraskaConfig(players=3), 5)
    assert same_as_the_engine_loop(state, 5, state.hand_number, 100) == 0
    assert same_as_the_engine_loop(state, 5, None, 0) == 0
