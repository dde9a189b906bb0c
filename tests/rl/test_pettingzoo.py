"""The PettingZoo AEC env: PettingZoo's own API and seed tests for every game and test config,
then what mazzo promises on top (chance inside, masks, multi-step moves, rewards, errors)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from mazzo.engine.game import Config, IllegalAction, MazzoError
from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl import aec_env
from mazzo.rl.pettingzoo_env import MazzoAECEnv
from mazzo.rl.spaces import NO_PENDING

CASES = [(game_id, config) for game_id in BUILTIN_GAMES
         for config in get_game(game_id).test_configs()]
#: PettingZoo's tests play this many cycles (one step per agent each): enough to cross phases
CYCLES = 12


def case_id(case: tuple[str, Config]) -> str:
    return f"{case[0]}-{case[1].dumps()}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_and_seed(case: tuple[str, Config]) -> None:
    game_id, config = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the {observation, action_mask} dict warns: by design
        api_test(aec_env(game_id, config=config), num_cycles=CYCLES)
        seed_test(lambda: aec_env(game_id, config=config), num_cycles=CYCLES)


def play_random(env: MazzoAECEnv, seed: int) -> tuple[dict[str, float], int]:
    """One whole match of masked random indices; the rewards summed per agent, and the steps."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].dtype == np.float32
        assert observation["observation"].shape == (env.spaces.observation_size,)
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_a_whole_match_pays_the_engine_returns(game_id: str) -> None:
    config = get_game(game_id).test_configs()[-1]
    env = aec_env(game_id, config=config)
    totals, steps = play_random(env, seed=5)
    assert env.match.is_terminal and steps > 0
    assert [totals[a] for a in env.possible_agents] == env.match.returns()
    assert env.agents == []


def test_hand_rewards_add_up_to_the_score_changes() -> None:
    env = aec_env("cribbage", rewards="hand", target=61, games_to_win=1)
    totals, _ = play_random(env, seed=2)
    assert [totals[a] for a in env.possible_agents] == env.match.scores()
    assert max(totals.values()) > 0


def test_same_seed_same_match_other_seed_other_deal() -> None:
    first, second, other = (aec_env("nebraska", players=3) for _ in range(3))
    first.reset(seed=11)
    second.reset(seed=11)
    other.reset(seed=12)
    assert first.match.view(0) == second.match.view(0)
    assert first.match.view(0) != other.match.view(0)


def test_only_the_agent_to_move_has_a_mask_and_others_see_only_their_view() -> None:
    env = aec_env("novantanove", players=3, target=25)
    env.reset(seed=4)
    mover = env.agent_selection
    for agent in env.agents:
        observation = env.observe(agent)
        assert observation["action_mask"].any() == (agent == mover)
        seat = int(agent.removeprefix("player_"))
        expected = env.spaces.observe(env.match.view(seat), env.pending if agent == mover
                                      else type(env.pending)())
        assert np.array_equal(observation["observation"], expected)


def test_a_masked_index_raises_and_changes_nothing() -> None:
    env = aec_env("cribbage")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    before = env.match.view(None)
    with pytest.raises(IllegalAction, match=str(forbidden)):
        env.step(forbidden)
    assert env.match.view(None) == before
    with pytest.raises(IllegalAction, match="None"):
        env.step(None)


def test_penalize_ends_the_match_with_a_penalty_for_the_offender() -> None:
    env = aec_env("cribbage", illegal="penalize")
    env.reset(seed=1)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0
    assert env.infos[offender] == {"illegal": True}
    assert sum(env.rewards.values()) == -1.0


def test_multi_step_moves_keep_the_same_agent_selected() -> None:
    """Poker draws its discards card by card: the same seat acts until the move is complete."""
    env = aec_env("poker_italiano", players=3, stack=30, max_hands=8)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    repeats = 0
    for agent in env.agent_iter(3000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        had_pending = env.pending.is_open
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if env.pending.is_open:
            assert env.agent_selection == agent  # still choosing
            repeats += 1
        elif had_pending:
            assert env.match.history  # the finished choice reached the engine
    assert repeats > 0


def test_ansi_render_shows_the_table_in_either_language() -> None:
    env = aec_env("cribbage", render_mode="ansi", lang="it")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    english = aec_env("cribbage", render_mode="ansi")
    english.reset(seed=1)
    assert english.render() != text
    with pytest.warns(UserWarning, match="render_mode"):
        assert aec_env("cribbage").render() is None


def test_bad_options_are_named() -> None:
    with pytest.raises(MazzoError, match="illegal"):
        aec_env("cribbage", illegal="ignore")
    with pytest.raises(MazzoError, match="rewards"):
        aec_env("cribbage", rewards="trick")
    with pytest.raises(MazzoError, match="players"):
        aec_env("cribbage", players=9)
    with pytest.raises(MazzoError, match="not both"):
        aec_env("cribbage", config=get_game("cribbage").config(), players=3)


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_pettingzoo_render_and_parallel_api(game_id: str) -> None:
    from pettingzoo.test import parallel_api_test, render_test

    from mazzo.rl import parallel_env

    config = get_game(game_id).test_configs()[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the {observation, action_mask} dict warns: by design
        render_test(lambda render_mode=None: aec_env(game_id, render_mode=render_mode,
                                                     config=config))
        parallel_api_test(parallel_env(game_id, config=config), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_state_is_every_seats_observation_and_holds_no_hidden_card(game_id: str) -> None:
    env = aec_env(game_id)
    env.reset(seed=4)
    state = env.state()
    assert state.shape == env.state_space.shape and state.dtype == np.float32
    size = env.spaces.observation_size
    for seat in range(env.config.players):
        own = env.spaces.observe(env.match.view(seat), NO_PENDING)
        assert np.array_equal(state[seat * size:(seat + 1) * size], own)


def test_max_cycles_truncates_every_agent() -> None:
    env = aec_env("burraco", max_cycles=25)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and steps == 25
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert not env.agents
    with pytest.raises(ValueError, match="max_cycles"):
        aec_env("burraco", max_cycles=0)
