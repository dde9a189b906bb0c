"""Novantanove: random-playout throughput (3, 2 and 4 players) and deal-scoring speed."""

from __future__ import annotations

import random
import time

from benchmarks.baseline import baseline_ops_per_s
from mazzo.engine import random_playout
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.scoring import score_deal


def _per_kop(rate: float) -> str:
    return f"{rate / baseline_ops_per_s() * 1000:.3g} per baseline kop"


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
            f"({_per_kop(matches)}), {actions:,.0f} actions/s ({_per_kop(actions)})"
        )
    rate = _scoring(seconds / 3)
    lines.append(f"novantanove score_deal: {rate:,.0f} calls/s ({_per_kop(rate)})")
    return lines
