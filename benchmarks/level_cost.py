"""CPU seconds (or, under callgrind, instructions) per move of one search level on fixed
positions, to calibrate a game's budgets against another's.

``python -m benchmarks.level_cost GAME LEVEL MOVES [--iterations D,E]``: the positions of
``bench_ismcts --levels`` (:func:`benchmarks.bench_ismcts.level_positions`: medio-played
matches), then the level's searches on them inside one ``eval``,
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

from benchmarks.bench_ismcts import level_positions
from mazzo.bots import levels
from mazzo.engine import Turn, get_game


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
    found = level_positions(game, args.moves)[0]
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
