"""Pinned RL observations: seeded trajectories of the PettingZoo env, digested step by step.

Each line of a game's golden file is one step of a seeded trajectory (random indices from the
mask): the config, the step, the agent to move, its open selection, and a digest of the bytes of
every agent's observation vector and action mask before the step. The files were written before
the encoders and masks were optimised, so a changed byte anywhere fails the test at the first
step that differs. Rewrite them (``python tests/rl/golden_observations.py``) only for a
deliberate change of the encoding or of the engine's play, and review the diff.
"""

from __future__ import annotations

import hashlib
import random
import sys
import zlib
from pathlib import Path

import numpy as np

from mazzo.engine import Game, all_games, get_game
from mazzo.engine.game import Config
from mazzo.rl import aec_env

FOLDER = Path(__file__).parent / "golden"
SEED = 20261123
STEPS = 200


def pinned_configs(game: Game) -> list[Config]:
    """Every test config, and for poker a stack so big that bet amounts are spelt in digits."""
    configs = list(game.test_configs())
    if game.id == "poker_italiano":
        configs.append(game.config(players=4, stack=2_000, max_hands=3))
    return configs


def digest(arrays: list[np.ndarray]) -> str:
    hasher = hashlib.sha256()
    for array in arrays:
        hasher.update(array.dtype.str.encode())
        hasher.update(array.tobytes())
    return hasher.hexdigest()[:16]


def trace(game: Game, config: Config) -> list[str]:
    """``STEPS`` steps (new matches, next seed, as matches end), one line per step."""
    env = aec_env(game.id, config=config)
    name = f"{zlib.crc32(config.dumps().encode()):08x}"
    rng = random.Random(SEED)
    seed = SEED
    env.reset(seed=seed)
    lines: list[str] = []
    while len(lines) < STEPS:
        if not env.agents:
            seed += 1
            env.reset(seed=seed)
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        arrays = []
        for other in env.agents:
            seen = env.observe(other)
            arrays += [seen["observation"], seen["action_mask"]]
        picks = ".".join(map(str, env.pending.picks)) or "-"
        lines.append(f"{name} {len(lines)} {agent} {picks} {digest(arrays)}")
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return lines


def game_trace(game: Game) -> list[str]:
    lines = []
    for config in pinned_configs(game):
        lines.append(f"# {config.dumps()}")
        lines += trace(game, config)
    return lines


def path_for(game: Game) -> Path:
    return FOLDER / f"{game.id}.txt"


def main(argv: list[str]) -> int:
    FOLDER.mkdir(exist_ok=True)
    games = [get_game(name) for name in argv] or all_games()
    for game in games:
        lines = game_trace(game)
        path_for(game).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path_for(game)}: {len(lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
