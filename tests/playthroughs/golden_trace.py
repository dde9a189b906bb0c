"""Golden playthroughs: one seeded random match per game, traced step by step.

A trace line holds the step number, the player to act, the action, the events and every seat's
view (and the spectator's) after it. Traces stop after ``MAX_STEPS`` so files stay reviewable.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from mazzo.engine import CHANCE, TERMINAL, Game

FOLDER = Path(__file__).parent / "golden"
SEED = 20261122
MAX_STEPS = 150


def trace(game: Game) -> list[str]:
    config = game.test_configs()[0]
    rng = random.Random(SEED)
    state = game.new_match(config)
    lines = [json.dumps({"game": game.id, "config": config.to_json(), "seed": SEED},
                        ensure_ascii=False, sort_keys=True)]
    step = 0
    while state.current_player != TERMINAL and step < MAX_STEPS:
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        step += 1
        entry = {
            "step": step,
            "player": player,
            "action": action.to_json(),
            "events": [e.to_json() for e in state.events],
            "views": [state.view(s) for s in range(state.num_players)] + [state.view(None)],
        }
        lines.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))
    return lines


def path_for(game: Game) -> Path:
    return FOLDER / f"{game.id}.jsonl"
