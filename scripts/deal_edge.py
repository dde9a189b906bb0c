"""How much a bot gains over medio (or another level) per deal, in the game's own score.

Any game whose public view has one ``"scores"`` number per seat (chips in poker, pegs in
cribbage...). Every deal is played once per seat, the bot in that seat and medio in all the
others, from the same cards and the same later chance events as far as play allows; the bot's
gain minus the mean gain of the medio seats, averaged over the seats, is its edge for the deal.
The cards' luck cancels, so a few hundred deals show an edge that match wins would need
thousands of matches to show. Calibrate the scale with ``facile`` and a ``mazzo arena`` run.
``--against facile`` puts another level in the other seats; ``--save`` keeps the result for
docs/strength.md.

``--after N`` measures a later deal of a match instead of the first: N deals are played first
by the ``--against`` level in every seat (uneven stacks, carried pots, piatti di parole as real
matches leave them), ``--after 1-9`` draws N per deal. ``--pairs`` seats the bot the way a
two-bot match does (bot, level, bot, level and the other way round, both from the same cards):
the edge is then the bot seats' mean gain minus the level seats' mean gain, on the same scale.

    python scripts/deal_edge.py poker_italiano esperto --deals 100 --workers 2
    python scripts/deal_edge.py poker_italiano esperto --against facile --deals 100
    python scripts/deal_edge.py poker_italiano modello --after 1-9 --pairs --deals 200
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Job:
    """One duplicate deal to measure (picklable)."""

    game_id: str
    bot: str
    players: int
    seed: int
    index: int
    against: str
    after: tuple[int, int] = (0, 0)  # deals played before it: drawn from this range
    pairs: bool = False  # two-bot lineups (bot, level, bot, level) instead of one bot seat


def start_of_deal(job: Job, rng: random.Random) -> State:
    """The state at the measured deal's first decision, after ``job.after`` earlier deals
    played by ``job.against`` in every seat (their players, seeds and cards drawn from ``rng``)."""
    game = get_game(job.game_id)
    state = game.new_match(game.config(players=job.players))
    earlier = rng.randint(*job.after) if job.after != (0, 0) else 0
    if earlier:
        agents = [make_agent(game, job.against, rng.getrandbits(32)) for _ in range(job.players)]
        while not state.is_terminal and state.hand_number <= earlier:
            for _ in deal_steps(state, agents, rng):
                pass
    while state.is_chance:  # whatever comes before the first decision: cut, deal...
        state.apply(state.sample_chance(rng))
    return state


def lineups(job: Job) -> list[list[bool]]:
    """Per lineup, which seats the bot takes."""
    n = job.players
    if job.pairs:
        return [[s % 2 == r for s in range(n)] for r in (0, 1)]
    return [[s == seat for s in range(n)] for seat in range(n)]


def edge(job: Job) -> float | None:
    """The bot's edge over ``against`` in deal ``job.index`` (None: the match ended before it):
    per lineup, the bot seats' mean gain minus the others' mean, averaged over the lineups in
    which the bot has a seat still in the match."""
    game = get_game(job.game_id)
    rng = random.Random(job.seed * 1_000_003 + job.index)
    dealt = start_of_deal(job, rng)
    if dealt.is_terminal:
        return None
    # seats still in the match (poker: a busted seat sits out and gains nothing)
    live = [s for s in range(job.players) if getattr(dealt, "in_match", [True] * job.players)[s]]
    rest = rng.getrandbits(64)
    values: list[float] = []
    for index, mine in enumerate(lineups(job)):
        bot = [s for s in live if mine[s]]
        others = [s for s in live if not mine[s]]
        if not bot or not others:  # the bot's seats (or all the others) are out of the match
            continue
        base = job.players * job.index + 7919 * index * job.pairs
        agents = [make_agent(game, job.bot, base + s + 7919) if mine[s]
                  else make_agent(game, job.against, base + s) for s in range(job.players)]
        gains = play_deal(dealt.clone(), agents, random.Random(rest))
        values.append(sum(gains[s] for s in bot) / len(bot)
                      - sum(gains[s] for s in others) / len(others))
    return sum(values) / len(values) if values else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. poker_italiano")
    parser.add_argument("bot", help="any bot name mazzo accepts, e.g. esperto")
    parser.add_argument("--players", type=int, default=0, help="default: the game's default")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", default="medio", help="the level in the other seats")
    parser.add_argument("--after", default="0", type=deal_range,
                        help="deals played by --against before the measured one: N or A-B "
                        "(drawn per deal; default 0, the first deal of a match)")
    parser.add_argument("--pairs", action="store_true",
                        help="seat the bot as in a two-bot match (every other seat) instead of "
                        "once among the others")
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
    if args.pairs and players % 2:
        parser.error("--pairs needs an even number of players")
    jobs = [Job(args.game, args.bot, players, args.seed, i, args.against, args.after, args.pairs)
            for i in range(args.deals)]
    start = time.perf_counter()
    edges: list[float] = []
    with Pool(args.workers) as pool:
        for done, value in enumerate(pool.imap(edge, jobs), 1):
            if value is not None:
                edges.append(value)
            print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = len(edges)
    if n < 2:
        print("fewer than two deals measured (every match ended earlier)")
        return 1
    mean = sum(edges) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in edges) / (n - 1))
    where = describe(args.after, args.pairs)
    print(f"{args.bot} against {args.against} in {args.game} ({players} players{where}), "
          f"{n} duplicate deals (seed {args.seed}): {mean:+.3f} ± {spread / math.sqrt(n):.3f} "
          f"per deal, sd {spread:.1f} ({time.perf_counter() - start:.0f} s)")
    if args.save:
        save(args, n, mean, spread / math.sqrt(n))
    return 0


def deal_range(text: str) -> tuple[int, int]:
    """``N`` or ``A-B`` as an inclusive range of deals played before the measured one."""
    low, _, high = text.partition("-")
    bounds = (int(low), int(high or low))
    if bounds[0] < 0 or bounds[1] < bounds[0]:
        raise argparse.ArgumentTypeError(f"not a range of deals: {text}")
    return bounds


def describe(after: tuple[int, int], pairs: bool) -> str:
    """How the measured deals were set, for the report ("" for the first deal, one bot seat)."""
    parts = []
    if after != (0, 0):
        low, high = after
        parts.append(f"after {low} deals" if low == high else f"after {low}-{high} deals")
    elif pairs:
        parts.append("first deal")
    if pairs:
        parts.append("two-bot lineups")
    return "".join(f", {p}" for p in parts)


def save(args: argparse.Namespace, deals: int, mean: float, error: float) -> None:
    """Keep one result per (bot, against, seed) in the game's edges file."""
    path = RESULTS / f"{args.game}-edges.json"
    saved: list[dict[str, object]] = (
        json.loads(path.read_text(encoding="utf-8")) if path.exists() else [])
    entry: dict[str, object] = {
        "bot": args.bot, "against": args.against, "deals": deals, "edge": round(mean, 3),
        "se": round(error, 3), "seed": args.seed, "date": time.strftime("%Y-%m-%d")}
    where = describe(args.after, args.pairs)
    if where:
        entry["setting"] = where.removeprefix(", ")

    def key(e: dict[str, object]) -> tuple[object, ...]:
        return (e["bot"], e["against"], e["seed"], e.get("setting", ""))

    kept = [e for e in saved if key(e) != key(entry)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps([*kept, entry], indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
