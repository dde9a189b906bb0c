"""RL env steps per second (observation and mask built every step) for each mazzo game, side by
side with PettingZoo's RLCard-backed ``texas_holdem_v4`` and ``leduc_holdem_v4`` in one process.

Every env runs the same loop: ``last()`` (observation + mask), a random legal index, ``step``.
Needs the ``rl`` extra, and ``rlcard`` (the ``bench`` extra) for the comparison.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from mazzo.engine.registry import BUILTIN_GAMES


def steps_per_second(make: Callable[[], Any], seconds: float) -> float:
    env = make()
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def run(quick: bool = False) -> Iterator[str]:
    try:
        from mazzo.rl import aec_env
    except ImportError:
        yield "skipped: install the rl extra (pettingzoo, gymnasium, numpy)"
        return
    seconds = 1.0 if quick else 4.0
    theirs: dict[str, float] = {}
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        theirs["texas_holdem_v4"] = steps_per_second(texas_holdem_v4.env, seconds)
        theirs["leduc_holdem_v4"] = steps_per_second(leduc_holdem_v4.env, seconds)
    except ImportError:
        yield "no comparison: install rlcard (the bench extra)"
    for name, rate in theirs.items():
        yield f"{name:16} {rate:10,.0f} steps/s"
    best = max(theirs.values(), default=0.0)
    for game_id in BUILTIN_GAMES:
        rate = steps_per_second(lambda g=game_id: aec_env(g), seconds)
        ratio = f"  {rate / best:5.2f}x the faster of them" if best else ""
        yield f"mazzo {game_id:16} {rate:10,.0f} steps/s{ratio}"
