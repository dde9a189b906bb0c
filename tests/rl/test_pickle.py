"""Everything a researcher hands to another process pickles: the engine's games and states, the
PettingZoo and Gymnasium envs, OpenSpiel's games and states, for every game and test config.

"Equal" is checked by what each object is for: an unpickled state has the same history and
gives every seat the same view; an unpickled env gives the same observation and mask and then
plays on exactly like the original under the same moves (so its bots' random streams came
along too); an OpenSpiel state has the same history and string.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from mazzo.engine import CHANCE, State
from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl import aec_env, gym_env
from mazzo.rl import openspiel as mazzo_spiel

#: moves made before pickling (a deal and some play), and compared after it
STEPS = 40

CASES = [pytest.param(game_id, index, id=f"{game_id}-{index}")
         for game_id in BUILTIN_GAMES
         for index in range(len(get_game(game_id).test_configs()))]


def _again(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


def _views(state: State) -> str:
    return json.dumps([state.view(seat) for seat in [*range(state.num_players), None]],
                      default=repr, sort_keys=True)


def _play(state: State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal:
            return
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_games_and_states_pickle(game_id: str, index: int) -> None:
    game = get_game(game_id)
    assert _again(game) == game
    config = game.test_configs()[index]
    assert _again(config) == config
    state = game.new_match(config)
    _play(state, random.Random(index), STEPS)
    twin = _again(state)
    assert twin.history == state.history and _views(twin) == _views(state)
    _play(state, random.Random(5), STEPS)
    _play(twin, random.Random(5), STEPS)
    assert twin.history == state.history and _views(twin) == _views(state)


def _step_aec(env: Any, rng: np.random.Generator) -> None:
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        env.step(None)
        return
    mask = env.observe(agent)["action_mask"]
    env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_the_pettingzoo_env_pickles_and_plays_on_alike(game_id: str, index: int) -> None:
    env = aec_env(game_id, config=get_game(game_id).test_configs()[index])
    env.reset(seed=index)
    rng = np.random.default_rng(index)
    for _ in range(STEPS):
        if not env.agents:
            break
        _step_aec(env, rng)
    twin = _again(env)
    for _ in range(STEPS):
        if not env.agents:
            break
        assert twin.agent_selection == env.agent_selection
        mine, theirs = env.observe(env.agent_selection), twin.observe(twin.agent_selection)
        assert np.array_equal(mine["observation"], theirs["observation"])
        assert np.array_equal(mine["action_mask"], theirs["action_mask"])
        seed = int(rng.integers(1 << 30))
        _step_aec(env, np.random.default_rng(seed))
        _step_aec(twin, np.random.default_rng(seed))
    assert twin.agents == env.agents and twin.rewards == env.rewards


@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_the_gymnasium_env_pickles_and_plays_on_alike(game_id: str, index: int) -> None:
    env = gym_env(game_id, opponents="random", config=get_game(game_id).test_configs()[index])
    env.reset(seed=index)
    rng = np.random.default_rng(index)
    for _ in range(STEPS // 4):
        terminated = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))[2]
        if terminated:
            return
    twin = _again(env)
    for _ in range(STEPS // 4):
        assert np.array_equal(env.action_masks(), twin.action_masks())
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        mine, theirs = env.step(action), twin.step(action)
        assert np.array_equal(mine[0], theirs[0]) and mine[1:4] == theirs[1:4]
        if mine[2]:
            return


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_openspiel_games_and_states_pickle(game_id: str) -> None:
    game = pyspiel.load_game(f"mazzo_{game_id}")
    again = _again(game)
    assert type(again) is type(game) and str(again) == str(game)
    assert again.rules == game.rules
    state = game.new_initial_state()
    rng = random.Random(3)
    while len(state.history()) < 3 * STEPS and not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    twin = _again(state)
    assert twin.history() == state.history() and str(twin) == str(state)
    assert twin.world.history == state.world.history
    assert isinstance(twin.get_game(), mazzo_spiel.MazzoSpielGame)
