"""Self-play training of a MaskablePPO policy on one mazzo game, with a pool of opponents.

    python -m mazzo.rl.selfplay cribbage --set target=61 --set games_to_win=1 \\
        --steps 200000 --out runs/cribbage

One seat of :func:`mazzo.rl.gym_env` learns (the seat drawn anew each episode); each other
seat is drawn per episode from a pool: frozen past selves (a snapshot of the policy every
``--snapshot-every`` steps, the latest ``--keep`` kept) and mazzo bots, by the weights of
``--pool`` (default ``self=4,random=2,facile=2,medio=2``; self falls back to the bots until the
first snapshot). Every ``--eval-every`` steps the policy plays as an ordinary mazzo agent (its
seat's view only, argmax over the legal moves) fixed duplicate deals, each dealt once with the
policy in every seat, against each opponent of ``--eval-against``; the curve is written to
``--out`` as curve.json, curve.csv and curve.svg, and the final policy as rete.npz (numpy, for
the ``rete`` bot: :mod:`mazzo.rl.rete`) and model.zip (sb3).

The same command, seed and thread count give the same run. Torch uses ``--threads`` threads
(default 1: several trainings share a small machine better than one with all the cores).
Needs torch and sb3-contrib (not mazzo dependencies): ``pip install sb3-contrib torch``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mazzo.arena.ratings import wilson
from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent
from mazzo.engine.game import Config, Game, MazzoError
from mazzo.engine.match import play_match
from mazzo.engine.overrides import parse_overrides
from mazzo.engine.registry import get_game
from mazzo.rl import curves
from mazzo.rl._match import score_deltas
from mazzo.rl.gymnasium_env import MazzoGymEnv
from mazzo.rl.rete import NumpyPolicy, PolicyAgent

#: the pool's default weights: past selves, then the bots
DEFAULT_POOL: Final = "self=4,random=2,facile=2,medio=2"
#: evaluation deals are seeded from here (far from the training episodes' seeds)
EVAL_SEED: Final = 1_000_000
#: a match played further than this many engine actions is stopped: a policy can loop (two
#: Burraco players taking the discard pile in turn never empty the stock)
MAX_MATCH_ACTIONS: Final = 5_000
#: a learning episode is truncated after this many of the learning seat's steps (for the
#: same reason)
MAX_EPISODE_STEPS: Final = 2_000
#: seconds between progress lines
PROGRESS_SECONDS: Final = 30.0
#: MaskablePPO's settings (sb3's defaults but for a shorter rollout and no discount: the reward
#: comes at the end of a match, and a match is short enough not to need one)
PPO_SETTINGS: Final[dict[str, Any]] = {
    "n_steps": 1024, "batch_size": 256, "learning_rate": 3e-4, "gamma": 1.0,
}


@dataclass
class Pool:
    """The opponents a learning episode draws its other seats from: bot names and ``self``
    (one of the latest snapshots, uniformly), by weight."""

    game: Game
    config: Config
    weights: dict[str, float]
    keep: int
    snapshots: list[tuple[int, NumpyPolicy]] = field(default_factory=list)

    def add(self, steps: int, policy: NumpyPolicy) -> None:
        self.snapshots = [*self.snapshots, (steps, policy)][-self.keep:]

    def draw(self, rng: random.Random, seed: int) -> Agent:
        names = [n for n in self.weights if n != "self" or self.snapshots]
        if not names:  # only past selves, and none yet: random until the first snapshot
            return make_agent(self.game, "random", seed)
        name = rng.choices(names, [self.weights[n] for n in names])[0]
        if name != "self":
            return make_agent(self.game, name, seed)
        steps, policy = self.snapshots[rng.randrange(len(self.snapshots))]
        return PolicyAgent(policy.choose, self.game, self.config, name=f"self@{steps}")


class PoolEnv(MazzoGymEnv):
    """:class:`MazzoGymEnv` whose learning seat is drawn per episode, whose other seats are
    drawn from a :class:`Pool`, and whose episodes are truncated after ``max_episode_steps``
    of the learning seat (a looping match would otherwise never end)."""

    def __init__(self, game: Game, config: Config, pool: Pool, seed: int,
                 shaping: float = 0.0, max_episode_steps: int = MAX_EPISODE_STEPS) -> None:
        super().__init__(game, config=config, opponents="random")
        self.pool = pool
        self.shaping = shaping
        self.max_episode_steps = max_episode_steps
        self._steps = 0
        self._seats = random.Random(seed)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> Any:
        self.seat = self._seats.randrange(self.config.players)
        self._steps = 0
        return super().reset(seed=seed, options=options)

    def _make_bots(self, others: list[int]) -> dict[int, Agent]:
        return {s: self.pool.draw(self._rng, self._rng.randrange(2**62)) for s in others}

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """Gymnasium's step, truncated once the episode has taken ``max_episode_steps``."""
        observation, reward, terminated, truncated, info = super().step(action)
        self._steps += 1
        too_long = not terminated and self._steps >= self.max_episode_steps
        return observation, reward, terminated, truncated or too_long, info

    def _reward(self, before: list[float]) -> float:
        """The match's return at the end, plus ``shaping`` times each step's score gain over
        the other seats' mean gain (summed over a match: the final margin, so the shaping
        leans the same way as winning)."""
        reward = super()._reward(before)
        if self.shaping:
            gains = score_deltas(before, self.state.scores())
            others = [g for s, g in enumerate(gains) if s != self.seat]
            reward += self.shaping * (gains[self.seat] - sum(others) / len(others))
        return reward


def export(model: Any, game: Game, config: Config, steps: int) -> NumpyPolicy:
    """The policy of a MaskablePPO ``MlpPolicy`` as a :class:`NumpyPolicy`: the policy
    network's layers then the action head. Only a flatten may come before them (sb3's
    default for a ``Box`` observation), since nothing else would be reproduced."""
    from stable_baselines3.common.torch_layers import FlattenExtractor
    from torch import nn

    policy = model.policy
    if not isinstance(policy.pi_features_extractor, FlattenExtractor):
        raise MazzoError("export: only the MlpPolicy's flatten feature extractor is supported")
    layers: list[list[Any]] = []
    for module in [*policy.mlp_extractor.policy_net, policy.action_net]:
        if isinstance(module, nn.Linear):
            layers.append([module.weight.detach().cpu().numpy().copy(),
                           module.bias.detach().cpu().numpy().copy(), "Identity"])
        elif layers and layers[-1][2] == "Identity":
            layers[-1][2] = type(module).__name__
        else:
            raise MazzoError(f"export: cannot export a {type(module).__name__} here")
    meta = {"game": game.id, "config": config.to_json(), "steps": steps,
            "trainer": "mazzo.rl.selfplay (sb3-contrib MaskablePPO, MlpPolicy)"}
    return NumpyPolicy([(w, b, a) for w, b, a in layers], meta)


class _TooLong(Exception):
    """A match ran past :data:`MAX_MATCH_ACTIONS` (stopped, counted as lost)."""


def _returns(game: Game, config: Config, agents: list[Agent], seed: int) -> list[float] | None:
    """The match's returns, or None if it ran past :data:`MAX_MATCH_ACTIONS`."""
    played = [0]

    def count(state: object) -> None:
        played[0] += 1
        if played[0] > MAX_MATCH_ACTIONS:
            raise _TooLong

    try:
        return list(play_match(game, config, agents, seed=seed, on_step=count).returns)
    except _TooLong:
        return None


def duplicate_score(game: Game, config: Config, agent: Agent, opponent: str,
                    deals: int) -> dict[str, Any]:
    """``agent``'s win rate against ``opponent`` in every other seat over ``deals`` fixed
    deals, each played once with the agent in every seat (a shared win counts its share; a
    match stopped for its length counts as lost, and is counted in ``unfinished``)."""
    score, unfinished = 0.0, 0
    for deal in range(deals):
        for seat in range(config.players):
            agents = [make_agent(game, opponent, deal * 7 + s) for s in range(config.players)]
            agents[seat] = agent
            returns = _returns(game, config, agents, EVAL_SEED + deal)
            if returns is None:
                unfinished += 1
                continue
            winners = [s for s, r in enumerate(returns) if r == max(returns)]
            score += 1.0 / len(winners) if seat in winners else 0.0
    matches = deals * config.players
    low, high = wilson(score, matches)
    return {"rate": score / matches, "low": low, "high": high, "matches": matches,
            "unfinished": unfinished}


@dataclass
class Run:
    """A training run's settings, its curve so far, and where it writes."""

    game: Game
    config: Config
    args: argparse.Namespace
    pool: Pool
    out: Path
    command: str
    points: list[dict[str, Any]] = field(default_factory=list)
    start: float = field(default_factory=time.monotonic)
    eval_seconds: float = 0.0

    def evaluate(self, model: Any) -> None:
        began = time.monotonic()
        policy = export(model, self.game, self.config, model.num_timesteps)
        agent = PolicyAgent(policy.choose, self.game, self.config, name="ppo")
        figures = {}
        for opponent in self.args.eval_against:
            deals = self.args.eval_deals_medio if opponent == "medio" else self.args.eval_deals
            figures[opponent] = duplicate_score(self.game, self.config, agent, opponent, deals)
        self.eval_seconds += time.monotonic() - began
        seconds = time.monotonic() - self.start
        self.points.append({"steps": model.num_timesteps, "seconds": round(seconds, 1),
                            "opponents": figures})
        said = ", ".join(f"v {n} {f['rate']:.1%} ({f['low']:.1%}–{f['high']:.1%})"
                         for n, f in figures.items())
        print(f"eval at {model.num_timesteps:,} steps: {said}", flush=True)
        self.write(policy)

    def train_seconds(self) -> float:
        return time.monotonic() - self.start - self.eval_seconds

    def write(self, policy: NumpyPolicy) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        policy.save(self.out / "rete.npz")
        config = self.config.to_json()
        curve = {"game": self.game.id, "config": config, "command": self.command,
                 "seed": self.args.seed, "threads": self.args.threads, "pool": self.pool.weights,
                 "shaping": self.args.shaping,
                 "init": str(self.args.init) if getattr(self.args, "init", None) else None,
                 "learning_rate": getattr(self.args, "learning_rate", None),
                 "train_seconds": round(self.train_seconds(), 1),
                 "eval_deals": self.args.eval_deals,
                 "eval_deals_medio": self.args.eval_deals_medio, "points": self.points}
        curves.write_json(self.out / "curve.json", curve)
        curves.write_csv(self.out / "curve.csv", self.points)
        (self.out / "curve.svg").write_text(curves.figure(curve), encoding="utf-8")


def make_callback(run: Run) -> Any:
    """The sb3 callback: progress lines, snapshots into the pool, evaluations, the deadline."""
    from stable_baselines3.common.callbacks import BaseCallback

    args = run.args

    class Progress(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.next_report = PROGRESS_SECONDS
            self.next_snapshot = args.snapshot_every
            self.next_eval = args.eval_every
            self.stopping = False

        def _on_step(self) -> bool:
            steps = self.num_timesteps
            if steps >= self.next_snapshot:
                run.pool.add(steps, export(self.model, run.game, run.config, steps))
                self.next_snapshot += args.snapshot_every
            if steps >= self.next_eval:
                run.evaluate(self.model)
                self.next_eval += args.eval_every
            spent = run.train_seconds()
            if time.monotonic() - run.start >= self.next_report:
                print(f"{steps:,} steps, {spent:.0f} s training, {steps / spent:,.0f} steps/s",
                      flush=True)
                self.next_report += PROGRESS_SECONDS
            return not self.stopping

        def _on_rollout_start(self) -> None:
            # the deadline stops training only between rollouts, so that the policy is the one
            # ``--steps`` set to the steps trained would give (the run stays reproducible)
            late = args.minutes is not None and time.monotonic() - run.start >= args.minutes * 60
            self.stopping = late

    return Progress()


def start_from(model: Any, path: Path) -> None:
    """Load the weights of a saved MaskablePPO (policy and value networks) into ``model``,
    whose settings stay this run's: a warm start, such as a behaviour clone."""
    from sb3_contrib import MaskablePPO

    saved = MaskablePPO.load(path, device="cpu")
    if saved.observation_space.shape != model.observation_space.shape or \
            saved.action_space.n != model.action_space.n:
        raise MazzoError(f"{path} was trained on observations {saved.observation_space.shape} "
                         f"and {saved.action_space.n} actions, not "
                         f"{model.observation_space.shape} and {model.action_space.n}")
    model.policy.load_state_dict(saved.policy.state_dict())


def parse_pool(text: str) -> dict[str, float]:
    weights: dict[str, float] = {}
    for item in text.split(","):
        name, _, raw = item.strip().partition("=")
        try:
            weight = float(raw)
        except ValueError:
            weight = -1.0
        if not name or weight < 0:
            raise MazzoError(f"--pool: write NAME=WEIGHT,... (weights >= 0), got {item!r}")
        weights[name] = weight
    if not any(weights.values()):
        raise MazzoError("--pool: at least one weight must be above 0")
    return weights


def _pool_argument(text: str) -> dict[str, float]:
    try:
        return parse_pool(text)
    except MazzoError as bad:  # argparse reports these as a usage error
        raise argparse.ArgumentTypeError(str(bad).removeprefix("--pool: ")) from None


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """The game and its config's ``--set`` fields (the trainer's and the imitation's)."""
    p.add_argument("game", help="the game's id (mazzo games lists them)")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                   help="a config field, e.g. --set target=61 (repeatable)")


def add_eval_arguments(p: argparse.ArgumentParser) -> None:
    """Who an evaluation plays and on how many duplicate deals."""
    p.add_argument("--eval-against", default=["random", "facile", "medio"],
                   type=lambda s: s.split(","), help="bots evaluated against (comma-separated; "
                   "default random,facile,medio)")
    p.add_argument("--eval-deals", type=int, default=100,
                   help="duplicate deals per evaluation and bot (default 100)")
    p.add_argument("--eval-deals-medio", type=int, default=30,
                   help="the same against medio, whose heuristic is slower (default 30)")


def game_and_config(args: argparse.Namespace) -> tuple[Game, Config]:
    """The game named and its config with the ``--set`` fields, read as the CLI reads them."""
    game = get_game(args.game)
    return game, game.config(**parse_overrides(game.config_class, args.set))


def training_libraries(prog: str) -> tuple[Any, Any] | None:
    """torch and sb3-contrib's MaskablePPO, or None after saying how to install them."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as missing:
        print(f"{prog} needs torch and sb3-contrib ({missing}): pip install sb3-contrib torch",
              file=sys.stderr)
        return None
    return torch, MaskablePPO


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m mazzo.rl.selfplay", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_arguments(p)
    p.add_argument("--steps", type=int, default=200_000, help="training steps (default 200000)")
    p.add_argument("--minutes", type=float, default=None,
                   help="stop after this wall time too, at the end of a rollout (1024 steps); "
                   "the steps trained are printed: --steps set to them gives the same run")
    p.add_argument("--seed", type=int, default=0, help="seeds everything (default 0)")
    p.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    p.add_argument("--shaping", type=float, default=0.0,
                   help="add this times each step's score margin to the reward (default 0: "
                   "the match's return only; e.g. 1/target for cribbage)")
    p.add_argument("--pool", default=parse_pool(DEFAULT_POOL), type=_pool_argument,
                   help=f"opponent weights, self and bot names (default {DEFAULT_POOL})")
    p.add_argument("--snapshot-every", type=int, default=20_000,
                   help="steps between snapshots of the policy into the pool (default 20000)")
    p.add_argument("--keep", type=int, default=5, help="snapshots kept in the pool (default 5)")
    p.add_argument("--eval-every", type=int, default=20_000,
                   help="steps between evaluations (default 20000)")
    add_eval_arguments(p)
    p.add_argument("--learning-rate", type=float, default=PPO_SETTINGS["learning_rate"],
                   help="PPO's learning rate (default 0.0003; lower keeps a warm start's "
                   "policy longer)")
    p.add_argument("--init", type=Path, default=None, metavar="MODEL_ZIP",
                   help="start from this policy (a model.zip of the same game and config, "
                   "e.g. python -m mazzo.rl.imitate's clone) instead of a random one")
    p.add_argument("--out", type=Path, required=True,
                   help="folder for curve.json, curve.csv, curve.svg, rete.npz, model.zip")
    return p


def check_args(game: Game, args: argparse.Namespace) -> None:
    """Refuse bad numbers and unknown bot names before any training."""
    for name in ("steps", "threads", "snapshot_every", "keep", "eval_every", "eval_deals",
                 "eval_deals_medio"):
        if getattr(args, name) < 1:
            raise MazzoError(f"--{name.replace('_', '-')} must be at least 1")
    if not args.learning_rate > 0:
        raise MazzoError("--learning-rate must be above 0")
    for name in [*args.eval_against, *(n for n in args.pool if n != "self")]:
        make_agent(game, name, 0)  # an unknown name fails here, naming the known ones


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    libraries = training_libraries("python -m mazzo.rl.selfplay")
    if libraries is None:
        return 2
    torch, MaskablePPO = libraries
    try:
        game, config = game_and_config(args)
        check_args(game, args)
    except (MazzoError, KeyError, TypeError, ValueError) as bad:
        print(f"python -m mazzo.rl.selfplay: {bad}", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    pool = Pool(game, config, args.pool, args.keep)
    env = PoolEnv(game, config, pool, args.seed, args.shaping)
    command = "python -m mazzo.rl.selfplay " + " ".join(sys.argv[1:] if argv is None else argv)
    run = Run(game, config, args, pool, args.out, command)
    settings = {**PPO_SETTINGS, "learning_rate": args.learning_rate}
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, **settings)
    if args.init is not None:
        try:
            start_from(model, args.init)
        except (MazzoError, OSError, ValueError) as bad:
            print(f"python -m mazzo.rl.selfplay: --init: {bad}", file=sys.stderr)
            return 2
    print(f"{game.id} {config.to_json()}: observation {env.observation_space.shape}, "
          f"{env.spaces.action_size} actions; {args.steps:,} steps, pool {args.pool}", flush=True)
    run.evaluate(model)
    model.learn(total_timesteps=args.steps, callback=make_callback(run))
    # a deadline stops one step into a rollout it does not train on: count whole rollouts
    model.num_timesteps -= model.num_timesteps % model.n_steps
    if run.points[-1]["steps"] != model.num_timesteps:
        run.evaluate(model)
    model.save(args.out / "model.zip")
    seconds = run.train_seconds()
    print(f"trained {model.num_timesteps:,} steps in {seconds:.0f} s "
          f"({model.num_timesteps / seconds:,.0f} steps/s; evaluations {run.eval_seconds:.0f} s)"
          f"; wrote {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
