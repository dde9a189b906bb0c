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
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from mazzo.arena.ratings import wilson
from mazzo.bots.levels import make_agent
from mazzo.engine import get_game, play_match
from mazzo.engine.agent import Turn
from mazzo.engine.game import Action, Config, Game
from mazzo.rl import gym_env
from mazzo.rl.spaces import NO_PENDING, spaces_for


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
            print(f"  {spent:5.0f} s, {self.num_timesteps:,} steps", flush=True)
            self.next_report += 30.0
        return spent < self.seconds


class _LegalOnly:
    """What the action space reads of a state, made from a Turn: its legal moves and phase."""

    is_chance = False
    is_terminal = False

    def __init__(self, turn: Turn) -> None:
        self.phase = str(turn.view.get("phase", ""))
        self._legal = turn.legal

    def legal_actions(self) -> list[Action]:
        return self._legal


class PolicyAgent:
    """The trained policy as a mazzo agent: each decision steps through the RL action space
    (a multi-step choice asks the policy once per step) from the seat's view only."""

    name = "ppo"

    def __init__(self, model: MaskablePPO, game: Game, config: Config) -> None:
        self.model = model
        self.spaces = spaces_for(game, config)

    def act(self, turn: Turn) -> Action:
        legal = _LegalOnly(turn)
        pending = NO_PENDING
        while True:
            observation = self.spaces.observe(turn.view, pending)
            mask = self.spaces.mask(legal, pending).astype(bool)  # type: ignore[arg-type]
            index, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
            pending, action = self.spaces.advance(legal, pending, int(index))  # type: ignore[arg-type]
            if action is not None:
                return action


def measure(game: Game, config: Config, policy: PolicyAgent, opponent: str,
            deals: int) -> tuple[float, float, float]:
    """The policy's score against ``opponent`` over ``deals`` duplicate deals (both seatings)."""
    score = 0.0
    for deal in range(deals):
        for seat in range(config.players):
            agents: list[Any] = [make_agent(game, opponent, deal * 7 + s)
                                 for s in range(config.players)]
            agents[seat] = policy
            result = play_match(game, config, agents, seed=10_000 + deal)
            best = max(result.returns)
            winners = [s for s, r in enumerate(result.returns) if r == best]
            if seat in winners:
                score += 1.0 / len(winners)
    games = deals * config.players
    low, high = wilson(score, games)
    return score / games, low, high


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
    args = parser.parse_args()
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
    print(f"trained: {model.num_timesteps:,} steps in {time.monotonic() - callback.start:.0f} s")
    policy = PolicyAgent(model, game, config)
    np.set_printoptions(precision=3)
    for opponent in ("random", "medio"):
        rate, low, high = measure(game, config, policy, opponent, args.deals)
        print(f"ppo v {opponent}: {rate:.1%} of {args.deals * config.players} matches "
              f"(95 % interval {low:.1%} – {high:.1%})")


if __name__ == "__main__":
    main()
