"""How many points per deal a cribbage bot gains over medio, measured on duplicate deals.

Why: a game of cribbage is mostly luck, so game wins need thousands of games to show a small
edge. Here every deal is played twice from the same cards and the same starter, the bot sitting
once as dealer and once as pone; the cards' luck cancels and the points it gains over medio
(pegging and show apart) show its edge with a sample of a few hundred deals. Every hand starts
from 0-0 in a two-player game to 121, so the board position plays no part.

    python scripts/cribbage_edge.py esperto --deals 150 --workers 2

Rough scale (normal approximation, about 9 deals per game and a spread of 8 points per deal):
a game-win rate of 60 % needs about +1.3 points per pair of deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from multiprocessing import Pool

from deal_edge import deal_steps  # scripts/ is on the path when a script runs

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent
from mazzo.engine.game import State
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.events import Counted, Scored

GAME = get_game("cribbage")
CONFIG = GAME.config(games_to_win=1)


def play_hand(state: State, agents: list[Agent], rng: random.Random) -> tuple[list[int], list[int]]:
    """Play the hand in progress; the points each seat pegged and showed in it."""
    peg, show = [0, 0], [0, 0]
    for step in deal_steps(state, agents, rng):
        for event in step.events:
            if isinstance(event, Scored):
                peg[event.seat] += event.points
            elif isinstance(event, Counted):
                show[event.seat] += event.points
    return peg, show


def paired_deal(job: tuple[str, int, int]) -> tuple[int, int]:
    """The bot's pegging and show edge over medio in deal ``index``, played both ways."""
    bot, seed, index = job
    rng = random.Random(seed * 1_000_003 + index)
    dealt = GAME.new_match(CONFIG)
    while dealt.is_chance:  # the cut for deal and the deal
        dealt.apply(dealt.sample_chance(rng))
    rest = rng.getrandbits(64)  # the same starter both ways
    peg_edge = show_edge = 0
    for seat in (0, 1):
        agents: list[Agent] = [make_agent(GAME, "medio", 4 * index + 2 + seat)] * 2
        agents[seat] = make_agent(GAME, bot, 4 * index + seat)
        peg, show = play_hand(dealt.clone(), agents, random.Random(rest))
        peg_edge += peg[seat] - peg[1 - seat]
        show_edge += show[seat] - show[1 - seat]
    return peg_edge, show_edge


def summary(label: str, values: list[int]) -> str:
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return f"{label:>7}: {mean:+.3f} ± {spread / math.sqrt(n):.3f} points per pair of deals"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", help="any bot name mazzo accepts, e.g. esperto or ismcts:2000")
    parser.add_argument("--deals", type=int, default=150, help="deals, each played both ways")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    jobs = [(args.bot, args.seed, i) for i in range(args.deals)]
    start = time.perf_counter()
    results: list[tuple[int, int]] = []
    with Pool(args.workers) as pool:
        for done, result in enumerate(pool.imap(paired_deal, jobs), 1):
            results.append(result)
            print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    pegs, shows = [r[0] for r in results], [r[1] for r in results]
    print(f"{args.bot} against medio, {args.deals} duplicate deals (seed {args.seed}):")
    print(summary("pegging", pegs))
    print(summary("show", shows))
    print(summary("total", [p + s for p, s in results]))
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
