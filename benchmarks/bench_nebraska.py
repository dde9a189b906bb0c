"""Nebraska: random-playout throughput per variant and the cost of ``poker_points``."""

from __future__ import annotations

import random
import time

from benchmarks.baseline import ratio
from mazzo.engine import get_game, random_playout
from mazzo.games.nebraska.actions import DECK
from mazzo.games.nebraska.scoring import poker_points


def playouts(variant: str, players: int, seconds: float) -> tuple[float, float]:
    game = get_game("nebraska")
    config = game.config(players=players, variant=variant)
    rng = random.Random(1)
    matches = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = random_playout(game.new_match(config), rng)
        matches += 1
        actions += len(state.history)
    elapsed = time.process_time() - start
    return matches / elapsed, actions / elapsed


def poker_calls(players: int, calls: int) -> float:
    rng = random.Random(2)
    deals = []
    for _ in range(200):
        cards = rng.sample(DECK, 5 + 5 * players)
        deals.append(([cards[5 + 5 * i : 10 + 5 * i] for i in range(players)], cards[:5]))
    start = time.process_time()
    for i in range(calls):
        personals, common = deals[i % len(deals)]
        poker_points(personals, common)
    return calls / (time.process_time() - start)


def run(quick: bool = False) -> list[str]:
    seconds = 0.5 if quick else 2.0
    lines = []
    for variant in ("family", "expert", "poker"):
        per_match, per_action = playouts(variant, 4, seconds)
        lines.append(
            f"random playout, {variant}, 4 players: {per_match:,.0f} matches/s "
            f"({ratio(per_match)}), {per_action:,.0f} actions/s ({ratio(per_action)})"
        )
    rate = poker_calls(4, 5_000 if quick else 40_000)
    lines.append(
        f"poker_points, 4 players: {1e6 / rate:.1f} µs/call, {rate:,.0f} calls/s ({ratio(rate)})"
    )
    return lines
