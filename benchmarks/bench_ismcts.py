"""ISMCTS iterations per second for every registered game, random and heuristic rollouts.

Searches run from decision points (2+ legal moves) spread over a seeded match of the game's
default config played by its heuristic bot (random moves if it has none), so positions look like
real play; one-hand rollout horizon as in the levels.
"""

from __future__ import annotations

import random
import time

from benchmarks.baseline import ratio
from mazzo.bots.ismcts import ISMCTSAgent, heuristic_factory, score_profile
from mazzo.engine import Game, State, Turn, all_games


def decision_points(game: Game, count: int, seed: int = 1) -> list[State]:
    rng = random.Random(seed)
    factory = heuristic_factory(game)
    agent = factory(seed) if factory is not None else None
    state = game.new_match(game.config_class())
    found: list[State] = []
    while not state.is_terminal:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        seat = state.current_player
        if agent is None:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(agent.act(Turn(seat, state.view(seat), legal, rng, state)))
    step = max(1, len(found) // count)
    return found[::step][:count]


def iterations_per_second(game: Game, rollout: str, seconds: float, points: int) -> float:
    states = decision_points(game, points)
    if not states:
        return 0.0
    score_profile(game, states[0].config)  # calibrate outside the timing
    done = 0
    spent = 0.0
    for i, state in enumerate(states):
        seat = state.current_player
        turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
        bot = ISMCTSAgent(i, seconds=seconds / len(states), rollout=rollout)
        start = time.process_time()
        bot.act(turn)
        spent += time.process_time() - start
        done += bot.last_iterations
    return done / spent if spent else 0.0


def run(quick: bool = False) -> list[str]:
    seconds, points = (0.4, 2) if quick else (3.0, 6)
    lines = []
    for game in all_games():
        modes = ["random"] + (["heuristic"] if heuristic_factory(game) is not None else [])
        for mode in modes:
            rate = iterations_per_second(game, mode, seconds, points)
            lines.append(
                f"{game.id} ISMCTS, {mode} rollouts: {rate:,.0f} iterations/s "
                f"({ratio(rate)})"
            )
    return lines
