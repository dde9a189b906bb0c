"""Train a MaskablePPO agent on one mazzo game for a few CPU minutes, then measure it.

    pip install -e '.[rl]' sb3-contrib torch      # this example's own dependencies
    python examples/train_maskable_ppo.py --game cribbage --minutes 5

It trains one seat of ``mazzo.rl.gym_env`` (the other seat played by a mazzo bot, ``random``
by default) with sb3-contrib's MaskablePPO, which only ever samples legal moves through
``action_masks()``. Then the trained policy plays mazzo matches as an ordinary agent (it sees
only its seat's view, like every bot) against ``random`` and ``medio``, on duplicate deals with
the seats swapped, and the win rates are printed with 95 % Wilson intervals (mazzo's arena
statistics). Nothing here is needed by mazzo itself or by its tests.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from mazzo.engine import get_game
from mazzo.engine.game import Config, Game
from mazzo.rl import gym_env
from mazzo.rl.rete import PolicyAgent
from mazzo.rl.selfplay import duplicate_score


class Deadline(BaseCallback):
    """Stops training after ``seconds`` of wall time and reports progress now and then."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.monotonic()
        self.next_report = 30.0

    def _on_step(self) -> bool:
        spent = time.monotonic() - self.start
        if spent >= self.next_report:
            print(f"  {spent:5.0f} s, {self.num_timesteps:,} steps, "
                  f"{self.num_timesteps / spent:,.0f} steps/s", flush=True)
            self.next_report += 30.0
        return spent < self.seconds


def policy_agent(model: MaskablePPO, game: Game, config: Config) -> PolicyAgent:
    """The trained policy as a mazzo agent (its seat's view only, one policy step per step of
    a multi-step choice), as MaskablePPO's deterministic ``predict`` picks."""
    def choose(observation: Any, mask: Any) -> int:
        index, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(index)
    return PolicyAgent(choose, game, config, name="ppo")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--minutes", type=float, default=5.0, help="training wall time")
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--deals", type=int, default=100,
                        help="duplicate deals per opponent when measuring")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="a config field, e.g. --set target=61 (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (default 1: a small MLP trains no faster on more, "
                        "and the env runs in this one thread anyway)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    fields: dict[str, Any] = {}
    for item in args.set:
        name, _, raw = item.partition("=")
        fields[name] = int(raw) if raw.lstrip("-").isdigit() else raw
    game = get_game(args.game)
    env = gym_env(game, seat=0, opponents=args.opponent, **fields)
    config = env.config
    print(f"{game.id} {config.to_json()}: observation {env.observation_space.shape}, "
          f"{env.action_space.n} actions")  # type: ignore[attr-defined]
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=1024,
                        batch_size=256, learning_rate=3e-4, gamma=1.0)
    print(f"training against {args.opponent} for {args.minutes:g} minutes…", flush=True)
    callback = Deadline(args.minutes * 60)
    model.learn(total_timesteps=10**9, callback=callback)
    seconds = time.monotonic() - callback.start
    print(f"trained: {model.num_timesteps:,} steps in {seconds:.0f} s "
          f"({model.num_timesteps / seconds:,.0f} steps/s)")
    policy = policy_agent(model, game, config)
    np.set_printoptions(precision=3)
    for opponent in ("random", "medio"):
        figure = duplicate_score(game, config, policy, opponent, args.deals)
        print(f"ppo v {opponent}: {figure['rate']:.1%} of {figure['matches']} matches "
              f"(95 % interval {figure['low']:.1%} – {figure['high']:.1%})")


if __name__ == "__main__":
    main()
