"""The Gymnasium one-seat env: Gymnasium's check_env, then whole matches against mazzo bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mazzo.engine.game import IllegalAction, MazzoError
from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl import gym_env


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_check_env(game_id: str) -> None:
    # check_env steps random unmasked indices: "penalize" makes those a valid -1 ending
    env = gym_env(game_id, opponents="random", illegal="penalize", render_mode="ansi",
                  config=get_game(game_id).test_configs()[-1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an env made without gymnasium.make has no spec
        check_env(env, skip_render_check=False)


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_masked_play_reaches_the_end_and_pays_the_seat_return(game_id: str) -> None:
    config = get_game(game_id).test_configs()[-1]
    seat = config.players - 1
    env = gym_env(game_id, seat=seat, opponents="random", config=config)
    observation, _ = env.reset(seed=7)
    rng = np.random.default_rng(7)
    terminated, reward, steps = False, 0.0, 0
    while not terminated:
        assert observation.shape == env.observation_space.shape
        assert env.state.current_player == seat
        mask = env.action_masks()
        observation, reward_now, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(mask))))
        reward = float(reward_now)
        assert not truncated
        steps += 1
    assert reward == env.state.returns()[seat] and steps > 0
    assert not env.action_masks().any()
    with pytest.raises(MazzoError, match="reset"):
        env.step(0)


def test_seeded_episodes_replay_exactly_with_medio_opponents() -> None:
    def episode() -> list[float]:
        env = gym_env("cribbage", opponents="medio", target=61, games_to_win=1)
        env.reset(seed=21)
        out: list[float] = []
        done = False
        while not done:
            observation, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            out.append(float(observation.sum()))
        return out

    assert episode() == episode()


def test_a_masked_index_raises_unless_penalized() -> None:
    env = gym_env("nebraska", opponents="random", players=3)
    env.reset(seed=1)
    forbidden = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalAction, match=str(forbidden)):
        env.step(forbidden)
    penalized = gym_env("nebraska", opponents="random", players=3, illegal="penalize")
    penalized.reset(seed=1)
    _, reward, terminated, _, info = penalized.step(forbidden)
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})


def test_opponents_per_seat_and_bad_seats() -> None:
    env = gym_env("novantanove", seat=1, opponents=["random", "medio"], players=3)
    env.reset(seed=0)
    assert [agent.name for agent in env._bots.values()] == ["random", "medio"]
    with pytest.raises(MazzoError, match="2 levels"):
        gym_env("novantanove", opponents=["random"], players=3)
    with pytest.raises(MazzoError, match="seat"):
        gym_env("novantanove", seat=3, players=3)


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_gymnasium_make_builds_the_env_from_its_id(game_id: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import gymnasium

    from mazzo.rl import GYM_IDS

    config = get_game(game_id).test_configs()[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the passive checker notes the masked actions
        env = gymnasium.make(GYM_IDS[game_id], opponents="random", config=config,
                             render_mode="human")
        observation, _ = env.reset(seed=3)
    assert env.unwrapped.game.id == game_id and env.unwrapped.config == config
    assert observation.shape == env.observation_space.shape
    env.render()
    assert capsys.readouterr().out.strip()  # "human" prints the table
