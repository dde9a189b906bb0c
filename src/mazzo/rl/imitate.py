"""Behaviour cloning: a policy that imitates a mazzo bot, the warm start of self-play.

    python -m mazzo.rl.imitate cribbage --set target=61 --set games_to_win=1 \\
        --matches 3000 --epochs 20 --out runs/cribbage-bc

PPO from a random policy needs far more than minutes of a small machine to rival the heuristic
bots; a policy that first imitates one (AlphaGo's supervised policy, RLCard's rule-model warm
starts) starts where the heuristic is. Three parts:

- **Data** (numpy only): matches where every seat is the teacher (``--teacher``, default
  ``medio``); for each of its decisions, the seat's observation (the env's encoding, from
  ``view(seat)`` only), the mask and the index the teacher's move takes in the RL action space.
  A multi-step move (a Burraco meld, a poker amount) is several samples, one per step, each
  observed with its open selection: :func:`decompose` spells the move as the action coder's
  tokens and checks, step by step, that the env's own ``advance`` gives back that move.
- **Cloning** (torch): the self-play trainer's MaskablePPO ``MlpPolicy``, its policy network and
  action head trained by cross-entropy on the masked logits (illegal indices at -inf), so the
  exporter and the numpy ``rete`` play it unchanged. The folder gets ``model.zip`` (the start of
  ``python -m mazzo.rl.selfplay --init``), ``rete.npz`` and the clone's evaluation as a curve.
- **Fine-tuning**: ``python -m mazzo.rl.selfplay GAME --init FOLDER/model.zip ...`` trains the
  clone on by PPO self-play.

Matches are played by ``--workers`` processes (default 2), each match seeded by its number, so
the data do not depend on the number of workers. Torch uses one thread.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Turn
from mazzo.engine.game import CHANCE, Action, Config, Game, MazzoError, State
from mazzo.engine.registry import get_game
from mazzo.rl import selfplay
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Pending, spaces_for

#: match seeds of the imitation data start here (far from training and evaluation seeds)
DATA_SEED: Final = 5_000_000
#: seconds between progress lines
PROGRESS_SECONDS: Final = 15.0
#: a teacher's match longer than this many engine actions is dropped (none should be)
MAX_MATCH_ACTIONS: Final = 5_000

#: samples: observations, masks, the index taken at each step, and the return the deciding
#: seat got at the end of its match (the value network's target)
Samples = tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int64],
                npt.NDArray[np.float32]]


def decompose(spaces: GameSpaces, state: State, action: Action) -> list[tuple[Pending, int]]:
    """The steps that make ``action`` in the RL action space: each step's open selection and
    the index taken, the last step completing exactly ``action``. Raises :class:`MazzoError`
    if the action coder's spelling of the move does not lead the env to it."""
    coder: Any = getattr(spaces, "actions", None)
    tokens = getattr(coder, "tokens", None)
    if tokens is None:
        raise MazzoError(f"{spaces.game.id}: its action space cannot spell a move as indices")
    steps: list[tuple[Pending, int]] = []
    pending = NO_PENDING
    for index in tokens(action):
        if not spaces.mask(state, pending)[index]:
            raise MazzoError(f"{spaces.game.id}: {action!r} spells index {index} after "
                             f"{list(pending.picks)}, which the mask forbids")
        steps.append((pending, index))
        pending, made = spaces.advance(state, pending, index)
        if made is not None:
            if made != action:
                raise MazzoError(f"{spaces.game.id}: the indices of {action!r} make {made!r}")
            return steps
    raise MazzoError(f"{spaces.game.id}: the indices of {action!r} leave the move unfinished")


def decision_samples(spaces: GameSpaces, state: State, seat: int, action: Action,
                     value: float = 0.0) -> Samples:
    """The samples of one decision of ``seat`` (to move in ``state``), which played ``action``
    (``value``: the return to learn for them)."""
    steps = decompose(spaces, state, action)
    base = spaces.observe(state.view(seat), NO_PENDING)
    observations = np.stack([spaces.with_pending(base, pending) for pending, _ in steps])
    masks = np.stack([spaces.mask(state, pending).astype(np.bool_) for pending, _ in steps])
    return (observations, masks, np.array([index for _, index in steps], dtype=np.int64),
            np.full(len(steps), value, dtype=np.float32))


def match_samples(game: Game, config: Config, teacher: str, number: int) -> Samples | None:
    """Every decision of one match of the teacher in every seat (match ``number``'s seeds);
    None if the match ran past :data:`MAX_MATCH_ACTIONS`."""
    seed = DATA_SEED + number
    spaces = spaces_for(game, config)
    rng = random.Random(seed)
    agents = [make_agent(game, teacher, seed * 7 + s) for s in range(config.players)]
    state = game.new_match(config)
    parts: list[Samples] = []
    seats: list[int] = []
    for _ in range(MAX_MATCH_ACTIONS):
        if state.is_terminal:
            returns = state.returns()
            parts = [(*p[:3], np.full(len(p[2]), returns[s], dtype=np.float32))
                     for p, s in zip(parts, seats, strict=True)]
            return join(parts, spaces)
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        turn = Turn(player, state.view(player), state.legal_actions(), rng, state)
        action = agents[player].act(turn)
        parts.append(decision_samples(spaces, state, player, action))
        seats.append(player)
        state.apply(action)
    return None


def join(parts: Sequence[Samples], spaces: GameSpaces) -> Samples:
    if not parts:
        return (np.zeros((0, spaces.observation_size), np.float32),
                np.zeros((0, spaces.action_size), np.bool_), np.zeros(0, np.int64),
                np.zeros(0, np.float32))
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]), np.concatenate([p[3] for p in parts]))


def _worker(job: tuple[str, dict[str, Any], str, int]) -> Samples | None:
    game_id, fields, teacher, number = job
    game = get_game(game_id)
    return match_samples(game, game.config(**fields), teacher, number)


def collect(game: Game, config: Config, teacher: str, matches: int,
            workers: int = 2, progress: bool = True) -> Samples:
    """The samples of ``matches`` teacher matches (numbered 0..), in match order, played by
    ``workers`` processes (1: in this one)."""
    fields = {name: getattr(config, name) for name in config.to_json()}
    jobs = [(game.id, fields, teacher, n) for n in range(matches)]
    spaces = spaces_for(game, config)
    parts: list[Samples] = []
    start = last = time.monotonic()
    dropped = 0

    def take(result: Samples | None, done: int) -> None:
        nonlocal last, dropped
        if result is None:
            dropped += 1
        else:
            parts.append(result)
        if progress and time.monotonic() - last >= PROGRESS_SECONDS:
            last = time.monotonic()
            samples = sum(len(p[2]) for p in parts)
            print(f"{done:,}/{matches:,} matches, {samples:,} samples, "
                  f"{last - start:.0f} s", flush=True)

    if workers <= 1:
        for done, job in enumerate(jobs, 1):
            take(_worker(job), done)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for done, result in enumerate(pool.imap(_worker, jobs, chunksize=8), 1):
                take(result, done)
    if dropped:
        print(f"{dropped} matches dropped for their length", flush=True)
    return join(parts, spaces)


def clone(model: Any, data: Samples, epochs: int, seed: int, batch: int = 256,
          learning_rate: float = 1e-3, progress: bool = True) -> list[float]:
    """Train ``model``'s (a MaskablePPO) policy network and action head to pick the data's
    indices (cross-entropy on the logits with illegal indices at -inf), and its value network
    to predict the seat's return (squared error, half weight: PPO fine-tuning then starts
    with advantages that mean something). Returns the training accuracy (argmax over the
    legal indices) after each epoch."""
    import torch

    policy = model.policy
    observations = torch.as_tensor(data[0])
    masks = torch.as_tensor(data[1])
    targets = torch.as_tensor(data[2])
    values = torch.as_tensor(data[3])
    optimiser = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    generator = torch.Generator().manual_seed(seed)
    accuracies: list[float] = []
    for epoch in range(epochs):
        order = torch.randperm(len(targets), generator=generator)
        total, right = 0.0, 0
        for first in range(0, len(order), batch):
            rows = order[first:first + batch]
            logits = masked_logits(policy, observations[rows], masks[rows])
            loss = torch.nn.functional.cross_entropy(logits, targets[rows])
            value = policy.predict_values(observations[rows]).squeeze(1)
            loss = loss + 0.5 * torch.nn.functional.mse_loss(value, values[rows])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(rows)
            right += int((logits.argmax(dim=1) == targets[rows]).sum())
        accuracies.append(right / len(order))
        if progress:
            print(f"epoch {epoch + 1}: loss {total / len(order):.4f}, "
                  f"accuracy {right / len(order):.1%}", flush=True)
    return accuracies


def masked_logits(policy: Any, observations: Any, masks: Any) -> Any:
    """The policy's action logits with the illegal indices at -inf."""
    import torch

    features = policy.extract_features(observations, policy.pi_features_extractor)
    logits = policy.action_net(policy.mlp_extractor.forward_actor(features))
    return torch.where(masks, logits, torch.tensor(float("-inf")))


def note_clone(path: Path, teacher: str, samples: int) -> None:
    """Say in a saved rete's metadata that it is a clone (the exporter names the trainer)."""
    from mazzo.rl.rete import NumpyPolicy

    policy = NumpyPolicy.load(path)
    policy.meta.update(trainer=f"mazzo.rl.imitate (behaviour cloning of {teacher}, "
                       "sb3-contrib MaskablePPO MlpPolicy)", teacher=teacher, samples=samples)
    policy.save(path)


def save_data(path: Path, data: Samples) -> None:
    np.savez_compressed(path, observations=data[0], masks=data[1], indices=data[2],
                        values=data[3])


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m mazzo.rl.imitate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    selfplay.add_game_arguments(p)
    p.add_argument("--teacher", default="medio", help="the bot imitated (default medio)")
    p.add_argument("--matches", type=int, default=2000,
                   help="teacher matches recorded (default 2000)")
    p.add_argument("--workers", type=int, default=2,
                   help="processes playing them (default 2)")
    p.add_argument("--epochs", type=int, default=20, help="passes over the data (default 20)")
    p.add_argument("--learning-rate", type=float, default=1e-3, help="Adam's (default 0.001)")
    p.add_argument("--seed", type=int, default=0, help="seeds the network (default 0)")
    selfplay.add_eval_arguments(p)
    p.add_argument("--out", type=Path, required=True,
                   help="folder for data.npz, model.zip, rete.npz and the clone's curve")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    libraries = selfplay.training_libraries("python -m mazzo.rl.imitate")
    if libraries is None:
        return 2
    torch, MaskablePPO = libraries
    try:
        game, config = selfplay.game_and_config(args)
        for name in ("matches", "workers", "epochs", "eval_deals", "eval_deals_medio"):
            if getattr(args, name) < 1:
                raise MazzoError(f"--{name.replace('_', '-')} must be at least 1")
        for name in [args.teacher, *args.eval_against]:
            make_agent(game, name, 0)
    except (MazzoError, KeyError, TypeError, ValueError) as bad:
        print(f"python -m mazzo.rl.imitate: {bad}", file=sys.stderr)
        return 2
    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    data = collect(game, config, args.teacher, args.matches, args.workers)
    data_seconds = time.monotonic() - began
    save_data(args.out / "data.npz", data)
    print(f"{len(data[2]):,} samples from {args.matches:,} matches in {data_seconds:.0f} s",
          flush=True)
    pool = selfplay.Pool(game, config, {"random": 1.0}, 1)
    env = selfplay.PoolEnv(game, config, pool, args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, **selfplay.PPO_SETTINGS)
    began = time.monotonic()
    accuracies = clone(model, data, args.epochs, args.seed, learning_rate=args.learning_rate)
    clone_seconds = time.monotonic() - began
    model.save(args.out / "model.zip")
    # the clone's evaluation, written as a self-play run's curve with one point
    args.threads, args.shaping = 1, 0.0
    command = "python -m mazzo.rl.imitate " + " ".join(sys.argv[1:] if argv is None else argv)
    run = selfplay.Run(game, config, args, pool, args.out, command)
    run.evaluate(model)
    extra = {"teacher": args.teacher, "matches": args.matches, "samples": len(data[2]),
             "data_seconds": round(data_seconds, 1), "clone_seconds": round(clone_seconds, 1),
             "accuracy": [round(a, 4) for a in accuracies]}
    (args.out / "clone.json").write_text(json.dumps(extra, indent=1) + "\n", encoding="utf-8")
    note_clone(args.out / "rete.npz", args.teacher, len(data[2]))
    print(f"cloned in {clone_seconds:.0f} s; wrote {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
