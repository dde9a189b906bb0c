"""How much a bot gains over medio (or another level) per deal, in the game's own score.

Any game whose public view has one ``"scores"`` number per seat (chips in poker, pegs in
cribbage...). Every deal is played once per seat, the bot in that seat and medio in all the
others, from the same cards and the same later chance events as far as play allows; the bot's
gain minus the mean gain of the medio seats, averaged over the seats, is its edge for the deal.
The cards' luck cancels, so a few hundred deals show an edge that match wins would need
thousands of matches to show. Calibrate the scale with ``facile`` and a ``mazzo arena`` run.
``--against facile`` puts another level in the other seats; ``--save`` keeps the result for
docs/strength.md.

    python scripts/deal_edge.py poker_italiano esperto --deals 100 --workers 2
    python scripts/deal_edge.py poker_italiano esperto --against facile --deals 100
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

from mazzo.bots.ismcts import public_scores
from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import State
from mazzo.engine.registry import get_game

RESULTS = Path(__file__).resolve().parents[1] / "docs" / "strength-results"


def deal_steps(state: State, agents: list[Agent], rng: random.Random) -> Iterator[State]:
    """Play the deal in progress, yielding the state after every action (its ``events`` are
    that action's), until the next deal or the end of the match."""
    hand = state.hand_number
    while not state.is_terminal and state.hand_number == hand:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            turn = Turn(seat, state.view(seat), state.legal_actions(), rng, state)
            state.apply(agents[seat].act(turn))
        yield state


def play_deal(state: State, agents: list[Agent], rng: random.Random) -> list[float]:
    """Play the deal in progress; each seat's change of the public score."""
    before = public_scores(state)
    assert before is not None
    for _ in deal_steps(state, agents, rng):
        pass
    after = public_scores(state)
    assert after is not None
    return [a - b for a, b in zip(after, before, strict=True)]


def edge(job: tuple[str, str, int, int, int, str]) -> float:
    """The bot's edge over ``against`` in deal ``index``, the bot sitting once in every seat."""
    game_id, bot, players, seed, index, against = job
    game = get_game(game_id)
    rng = random.Random(seed * 1_000_003 + index)
    dealt = game.new_match(game.config(players=players))
    while dealt.is_chance:  # whatever comes before the first decision: cut, deal...
        dealt.apply(dealt.sample_chance(rng))
    rest = rng.getrandbits(64)
    total = 0.0
    for seat in range(players):
        agents = [make_agent(game, against, players * index + s) for s in range(players)]
        agents[seat] = make_agent(game, bot, players * index + seat + 7919)
        gains = play_deal(dealt.clone(), agents, random.Random(rest))
        others = [g for s, g in enumerate(gains) if s != seat]
        total += gains[seat] - sum(others) / len(others)
    return total / players


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. poker_italiano")
    parser.add_argument("bot", help="any bot name mazzo accepts, e.g. esperto")
    parser.add_argument("--players", type=int, default=0, help="default: the game's default")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", default="medio", help="the level in the other seats")
    parser.add_argument("--save", action="store_true",
                        help="record the result in docs/strength-results/GAME-edges.json (shown "
                        "in docs/strength.md by scripts/strength.py --render)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    players = args.players or game.config().players
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    if public_scores(game.new_match(game.config(players=players))) is None:
        parser.error(f"{args.game}'s view has no per-seat 'scores' to measure")
    jobs = [(args.game, args.bot, players, args.seed, i, args.against)
            for i in range(args.deals)]
    start = time.perf_counter()
    edges: list[float] = []
    with Pool(args.workers) as pool:
        for done, value in enumerate(pool.imap(edge, jobs), 1):
            edges.append(value)
            print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = len(edges)
    mean = sum(edges) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in edges) / (n - 1))
    print(f"{args.bot} against {args.against} in {args.game} ({players} players), "
          f"{n} duplicate deals (seed {args.seed}): {mean:+.3f} ± {spread / math.sqrt(n):.3f} "
          "per deal "
          f"({time.perf_counter() - start:.0f} s)")
    if args.save:
        save(args, n, mean, spread / math.sqrt(n))
    return 0


def save(args: argparse.Namespace, deals: int, mean: float, error: float) -> None:
    """Keep one result per (bot, against, seed) in the game's edges file."""
    path = RESULTS / f"{args.game}-edges.json"
    saved: list[dict[str, object]] = (
        json.loads(path.read_text(encoding="utf-8")) if path.exists() else [])
    entry = {"bot": args.bot, "against": args.against, "deals": deals, "edge": round(mean, 3),
             "se": round(error, 3), "seed": args.seed, "date": time.strftime("%Y-%m-%d")}
    same = (entry["bot"], entry["against"], entry["seed"])
    kept = [e for e in saved if (e["bot"], e["against"], e["seed"]) != same]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([*kept, entry], indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
