"""The bidding's ``bids`` and ``hand_sizes`` of Nebraska's views come from a table keyed by the seat
to bid (see ``state._bidding_lists``): they equal what the state's own bids and hands say, for
every seat and a spectator, at every move of random matches of every test config."""

from __future__ import annotations

import random

import pytest

from mazzo.cards import TOKEN
from mazzo.engine import TERMINAL, get_game
from mazzo.engine.frozen import FrozenList
from mazzo.games.nebraska.state import NebraskaState
from playout import random_move

GAME = get_game("nebraska")


def _expected_bids(state: NebraskaState, seat: int | None) -> list[str | bool | None]:
    """``view(seat)["bids"]`` from the bids themselves: own bid face up, others face down."""
    if state.stage == "decide":
        return [None if c is None else TOKEN[c] for c in state.bids]
    return [None if c is None else TOKEN[c] if s == seat else True
            for s, c in enumerate(state.bids)]


@pytest.mark.parametrize("index", range(len(GAME.test_configs())))
@pytest.mark.parametrize("seed", range(3))
def test_bidding_lists_match_the_state(index: int, seed: int) -> None:
    config = GAME.test_configs()[index]
    rng = random.Random(seed * 100 + index)
    state = GAME.new_match(config)
    assert isinstance(state, NebraskaState)
    bidding_views = 0
    while state.current_player != TERMINAL:
        for seat in [*range(state.num_players), None]:
            view = state.view(seat)
            assert view["hand_sizes"] == [len(h) for h in state.hands]
            assert view["bids"] == _expected_bids(state, seat)
            bidding_views += state.stage == "bid"
        state.apply(random_move(state, rng))
    assert bidding_views > 100


def test_shared_bidding_lists_refuse_changes() -> None:
    state = GAME.new_match(GAME.config(players=4))
    rng = random.Random(1)
    while state.stage != "bid":
        state.apply(state.sample_chance(rng))
    view = state.view(state.current_player)
    assert isinstance(view["hand_sizes"], FrozenList)
    with pytest.raises(TypeError):
        view["bids"][0] = "x"
    with pytest.raises(TypeError):
        view["hand_sizes"].append(3)
