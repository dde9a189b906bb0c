"""The envs in other processes, as training libraries run them: Gymnasium's AsyncVectorEnv (each
env pickled into a worker process) and a Ray rollout (envs and their factories shipped to Ray
workers). Both must give what the same envs give in this process."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from typing import Any

import numpy as np
import pytest

from mazzo.rl import gym_env

#: two seeds, two worker processes
SEEDS = (11, 12)
#: steps each env takes (short matches end and reset by themselves in the vector env)
STEPS = 30


def _make(seed: int) -> Any:
    return gym_env("cribbage", opponents="random", players=2, target=61, games_to_win=1)


def _first_legal(mask: np.ndarray[Any, Any]) -> int:
    return int(np.flatnonzero(mask)[0])


def _alone(seed: int) -> list[float]:
    """The observation sums of one env stepping its first legal index, reset as a vector env
    resets it (same seed, then on at a match's end)."""
    env = _make(seed)
    observation, _ = env.reset(seed=seed)
    sums = [float(observation.sum())]
    for _ in range(STEPS):
        observation, _, terminated, truncated, _ = env.step(_first_legal(env.action_masks()))
        if terminated or truncated:
            observation, _ = env.reset()
        sums.append(float(observation.sum()))
    return sums


@pytest.mark.soak
def test_async_vector_env_steps_every_env_as_alone() -> None:
    from gymnasium.vector import AsyncVectorEnv, AutoresetMode

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        vector = AsyncVectorEnv([lambda s=s: _make(s) for s in SEEDS],
                                autoreset_mode=AutoresetMode.SAME_STEP)
    try:
        observations, _ = vector.reset(seed=list(SEEDS))
        sums = [[float(o.sum())] for o in observations]
        for _ in range(STEPS):
            masks = vector.call("action_masks")
            actions = np.array([_first_legal(mask) for mask in masks])
            observations, _, _, _, _ = vector.step(actions)
            for row, observation in zip(sums, observations, strict=True):
                row.append(float(observation.sum()))
    finally:
        vector.close()
    assert sums == [_alone(seed) for seed in SEEDS]


@pytest.mark.ray
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is an optional extra")
def test_a_ray_rollout_gives_the_local_rollout() -> None:
    import ray
    from ray import cloudpickle

    # the workers cannot import this test module: its functions travel by value, as a
    # researcher's notebook functions do
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        rollout = ray.remote(_alone)
        remote = ray.get([rollout.remote(seed) for seed in SEEDS])
        env = _make(SEEDS[0])  # an env object itself travels too
        env.reset(seed=SEEDS[0])
        shipped = ray.get(ray.put(env))
    finally:
        ray.shutdown()
    assert remote == [_alone(seed) for seed in SEEDS]
    assert np.array_equal(shipped.action_masks(), env.action_masks())
