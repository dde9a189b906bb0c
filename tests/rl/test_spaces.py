"""The RL action spaces: bounded, and exactly the legal moves through mask + advance."""

from __future__ import annotations

import random

import numpy as np
import pytest
from rl_states import config_id, decision_states, game_configs

from mazzo.engine import get_game
from mazzo.engine.game import Action, Config, Game, IllegalAction, State
from mazzo.rl.actions import action_coder
from mazzo.rl.spaces import MAX_ACTIONS, NO_PENDING, GameSpaces, Pending, spaces_for

CONFIGS = game_configs()


def reachable(spaces: GameSpaces, state: State, pending: Pending, out: list[Action]) -> None:
    """Every engine action reachable from ``pending`` by following the mask (the step tree)."""
    mask = spaces.mask(state, pending)
    assert mask.dtype == np.int8 and mask.shape == (spaces.action_size,)
    assert mask.any(), f"an open step with nothing allowed in {state.phase}"
    for index in np.flatnonzero(mask):
        following, action = spaces.advance(state, pending, int(index))
        if action is None:
            assert following.is_open and len(following.picks) == len(pending.picks) + 1
            reachable(spaces, state, following, out)
        else:
            assert following == NO_PENDING
            out.append(action)


@pytest.mark.parametrize("pair", CONFIGS, ids=config_id)
def test_action_space_is_bounded(pair: tuple[Game, Config]) -> None:
    game, config = pair
    assert spaces_for(game, config).action_size <= MAX_ACTIONS


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8, 9])
def test_big_poker_stacks_are_factored(players: int) -> None:
    config = get_game("poker_italiano").config(players=players, stack=100_000)
    spaces = spaces_for("poker_italiano", config)
    assert spaces.action_size <= MAX_ACTIONS


@pytest.mark.parametrize("pair", CONFIGS, ids=config_id)
def test_step_tree_reaches_exactly_the_legal_moves(pair: tuple[Game, Config]) -> None:
    game, config = pair
    spaces = spaces_for(game, config)
    for state in decision_states(game, config, count=40, seed=7):
        found: list[Action] = []
        reachable(spaces, state, NO_PENDING, found)
        legal = state.legal_actions()
        assert len(found) == len(set(found)), "a move is reachable by two index paths"
        assert set(found) == set(legal), state.phase


def test_big_poker_amounts_reach_exactly_the_legal_moves() -> None:
    game = get_game("poker_italiano")
    config = game.config(players=4, stack=2_000, max_hands=3)
    spaces = spaces_for(game, config)
    assert spaces.action_size <= MAX_ACTIONS < 3 * 4 * 2_000  # amounts are spelt in digits
    multi_step = 0
    for state in decision_states(game, config, count=60, seed=3):
        found: list[Action] = []
        reachable(spaces, state, NO_PENDING, found)
        assert set(found) == set(state.legal_actions())
        multi_step += any(getattr(a, "amount", 0) for a in found)
    assert multi_step > 0, "no bet amounts were exercised"


@pytest.mark.parametrize("pair", CONFIGS[::3], ids=config_id)
def test_forbidden_index_raises_and_changes_nothing(pair: tuple[Game, Config]) -> None:
    game, config = pair
    spaces = spaces_for(game, config)
    rng = random.Random(5)
    for state in decision_states(game, config, count=15, seed=11):
        pending = NO_PENDING
        while True:  # walk a random path, trying a forbidden index at every step
            mask = spaces.mask(state, pending)
            forbidden = np.flatnonzero(mask == 0)
            history = len(state.history)  # type: ignore[attr-defined]
            for index in [int(rng.choice(forbidden))] if len(forbidden) else []:
                with pytest.raises(IllegalAction, match=f"index {index} .*phase"):
                    spaces.advance(state, pending, index)
            for index in (-1, spaces.action_size):
                with pytest.raises(IllegalAction):
                    spaces.advance(state, pending, index)
            assert len(state.history) == history  # type: ignore[attr-defined]
            assert (spaces.mask(state, pending) == mask).all()
            pending, action = spaces.advance(state, pending, int(rng.choice(np.flatnonzero(mask))))
            if action is not None:
                break


def test_burraco_melds_take_several_steps() -> None:
    game = get_game("burraco")
    config = game.test_configs()[0]
    spaces = spaces_for(game, config)
    steps_seen = set()
    for state in decision_states(game, config, count=200, seed=2):
        mask = spaces.mask(state, NO_PENDING)
        for index in np.flatnonzero(mask):
            pending, action = spaces.advance(state, NO_PENDING, int(index))
            if action is None:
                steps_seen.add(state.phase)
                observed = spaces.observe(state.view(state.current_player), pending)
                assert observed[spaces.observation_size - 146:].any()  # the pending block is set
    assert steps_seen


class _LegalOnly:
    """A stand-in with legal moves and no history (as the training example builds from a Turn)."""

    is_chance = False
    is_terminal = False

    def __init__(self, state: State) -> None:
        self.phase = state.phase
        self._legal = list(state.legal_actions())

    def legal_actions(self) -> list[Action]:
        return self._legal


@pytest.mark.parametrize("game_id", ["burraco", "poker_italiano", "cribbage"])
def test_cached_decisions_follow_the_state(game_id: str) -> None:
    """A coder spells a decision once and reuses it; once the state has moved on (the same
    object, one ``apply`` later) or for another object (a clone, a stand-in without history),
    its masks and moves are those of a coder that never saw the state before."""
    game = get_game(game_id)
    config = game.test_configs()[0]
    cached = spaces_for(game, config)
    for state in decision_states(game, config, count=40, seed=13):  # one object, moving on
        fresh = action_coder(game, config)
        assert (cached.mask(state, NO_PENDING) == fresh.mask(state, NO_PENDING)).all()
        twin = state.clone()
        stand_in = _LegalOnly(state)
        for index in np.flatnonzero(fresh.mask(state, NO_PENDING)):
            expected = fresh.advance(state, NO_PENDING, int(index))
            assert cached.advance(state, NO_PENDING, int(index)) == expected
            assert cached.advance(twin, NO_PENDING, int(index)) == expected
            assert cached.advance(stand_in, NO_PENDING, int(index)) == expected  # type: ignore[arg-type]
