"""CPU seconds (or, under callgrind, instructions) per move of one search level on fixed
positions, to calibrate a game's budgets against another's.

``python -m benchmarks.level_cost GAME LEVEL MOVES [--iterations D,E]``: positions of real play
of the default config (medio in every seat, one seat's every 4th decision with a choice, seeds
from 3, as ``bench_ismcts --levels``), then the level's searches on them inside one ``eval``,
so that ``PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=builtin_eval
--callgrind-out-file=/dev/null python -m benchmarks.level_cost ...`` counts only the searches
(divide its "Collected" by the moves printed). ``--iterations`` replaces the game's difficile and
esperto budgets for the run. Prints the moves searched, then the mean CPU seconds per move.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from typing import Any

from mazzo.bots import levels
from mazzo.engine import Game, State, Turn, get_game


def positions(game: Game, moves: int) -> list[tuple[State, int, Any, list[Any]]]:
    """``moves`` decisions (state, seat, view, legal moves) of medio-played matches."""
    found: list[tuple[State, int, Any, list[Any]]] = []
    seed, choices = 3, 0
    players = game.config_class().players
    while len(found) < moves:
        seat = seed % players
        agents = [levels.make_agent(game, "medio", seed * 10 + s) for s in range(players)]
        state, rng = game.new_match(game.config_class()), random.Random(seed)
        while not state.is_terminal and len(found) < moves:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            player, legal = state.current_player, state.legal_actions()
            if player == seat and len(legal) > 1:
                choices += 1
                if choices % 4 == 0:
                    kept = state.clone()
                    found.append((kept, player, kept.view(player), kept.legal_actions()))
            state.apply(agents[player].act(Turn(player, state.view(player), legal, rng, state)))
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.level_cost", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("level", choices=["difficile", "esperto"])
    parser.add_argument("moves", type=int)
    parser.add_argument("--iterations", help="D,E: difficile and esperto budgets for this run")
    args = parser.parse_args()
    game = get_game(args.game)
    if args.iterations:
        difficile, esperto = map(int, args.iterations.split(","))
        setting = levels.LEVEL_SEARCH[game.id]
        levels.LEVEL_SEARCH[game.id] = dataclasses.replace(
            setting, difficile=difficile, esperto=esperto)
    found = positions(game, args.moves)
    agent = levels.make_agent(game, args.level, 3)

    def searches() -> int:
        for i, (state, seat, view, legal) in enumerate(found):
            agent.act(Turn(seat, view, legal, random.Random(i), state))
        return len(found)

    start = time.process_time()
    print(eval("searches()", {"searches": searches}))  # the span callgrind counts
    print(f"{(time.process_time() - start) / len(found):.4f} CPU s per move")


if __name__ == "__main__":
    main()
