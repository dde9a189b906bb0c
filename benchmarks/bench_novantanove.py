"""Novantanove: random-playout throughput (3, 2 and 4 players) and deal-scoring speed."""

from __future__ import annotations

import random
import time

from benchmarks.baseline import ratio
from mazzo.engine import random_playout
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.scoring import score_deal


def _playouts(config: NovantanoveConfig, seconds: float) -> tuple[float, float]:
    rng = random.Random(0)
    matches = actions = 0
    start = time.perf_counter()
    while True:
        state = random_playout(GAME.new_match(config), rng)
        matches += 1
        actions += len(state.history)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return matches / elapsed, actions / elapsed


def _scoring(seconds: float) -> float:
    cases = [
        ((3, 2, 2), (3, 4, 2), None, None),
        ((4, 3, 2), (3, 3, 3), (30, 0, 0), None),
        ((3, 2, 4), (2, 1, 6), (30, 30, 0), 2),
    ]
    calls = 0
    start = time.perf_counter()
    while True:
        for bids, tricks, premium, dummy in cases * 100:
            score_deal(bids, tricks, premium, dummy)
        calls += 300
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed


def run(quick: bool = False) -> list[str]:
    seconds = 0.5 if quick else 3.0
    lines = []
    for label, config in (
        ("3 players (default, game to 100)", NovantanoveConfig()),
        ("2 players + dummy", NovantanoveConfig(players=2)),
        ("4 players, 52 cards", NovantanoveConfig(players=4)),
    ):
        matches, actions = _playouts(config, seconds)
        lines.append(
            f"novantanove random playout, {label}: {matches:,.0f} matches/s "
            f"({ratio(matches)}), {actions:,.0f} actions/s ({ratio(actions)})"
        )
    rate = _scoring(seconds / 3)
    lines.append(f"novantanove score_deal: {rate:,.0f} calls/s ({ratio(rate)})")
    return lines


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return centre - half, centre + half


def strength(players: int, matches: int) -> str:
    """Heuristic bot (one seat, rotating) against random players: win rate with a 95% Wilson
    interval, and the share of deals in which the bot made its bid exactly."""
    from mazzo.bots.random_bot import RandomAgent
    from mazzo.engine import State, play_match
    from mazzo.games.novantanove.bots import HeuristicAgent
    from mazzo.games.novantanove.events import DealScored

    config = NovantanoveConfig(players=players)
    wins = made = deals = 0
    for i in range(matches):
        bot = i % players
        agents = [
            HeuristicAgent(i) if s == bot else RandomAgent(1000 + 7 * i + s)
            for s in range(players)
        ]
        tally = [0, 0]

        def count(state: State, bot: int = bot, tally: list[int] = tally) -> None:
            for e in state.events:
                if isinstance(e, DealScored) and e.hand == bot:
                    tally[0] += e.bid == e.tricks
                    tally[1] += 1

        wins += bot in play_match(GAME, config, agents, seed=i, on_step=count).winners
        made, deals = made + tally[0], deals + tally[1]
    low, high = _wilson(wins, matches)
    return (
        f"novantanove heuristic vs random, {players} players: wins {wins}/{matches} = "
        f"{wins / matches:.3f} (95% CI {low:.3f}-{high:.3f}, fair share {1 / players:.3f}); "
        f"made its bid in {made}/{deals} = {made / deals:.3f} of deals"
    )


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for n in (3, 2, 4):
        print(strength(n, count), flush=True)
