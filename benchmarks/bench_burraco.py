"""Burraco: random-playout throughput (default config: 4 players to 2005), one-hand playouts,
and the scoring API (meld validity, hand tally) per second."""

from __future__ import annotations

import random
import time

from benchmarks.baseline import ratio
from mazzo.cards import parse_cards
from mazzo.engine import random_playout
from mazzo.games.burraco import GAME
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.scoring import hand_tally, is_valid_meld


def _per_kop(rate: float) -> str:
    return ratio(rate)


def _playouts(config: BurracoConfig, seconds: float, minimum: int) -> tuple[float, float]:
    rng = random.Random(0)
    matches = actions = 0
    start = time.process_time()
    while matches < minimum or time.process_time() - start < seconds:
        state = random_playout(GAME.new_match(config), rng)
        matches += 1
        actions += len(state.history)
    elapsed = time.process_time() - start
    return matches / elapsed, actions / elapsed


def _calls(fn: object, seconds: float) -> float:
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(200):
            fn()  # type: ignore[operator]
        count += 200
    return count / (time.process_time() - start)


def run(quick: bool = False) -> list[str]:
    seconds = 0.5 if quick else 3.0
    lines = []
    m, a = _playouts(BurracoConfig(), seconds, 1 if quick else 5)
    lines.append(f"burraco random playout, 4 players to 2005: {m:.2f} matches/s "
                 f"({_per_kop(m)}), {a:,.0f} actions/s ({_per_kop(a)})")
    m, a = _playouts(BurracoConfig(hands=1), seconds, 5)
    lines.append(f"burraco random playout, one hand (4 players): {m:.1f} hands/s "
                 f"({_per_kop(m)}), {a:,.0f} actions/s ({_per_kop(a)})")
    run_cards = parse_cards("3C 4C 5C JK 7C 8C 9C 10C")
    rate = _calls(lambda: is_valid_meld(run_cards), seconds / 3)
    lines.append(f"burraco is_valid_meld (8-card run with a jolly): {rate:,.0f} calls/s "
                 f"({_per_kop(rate)})")
    melds = [parse_cards("3H 4H 5H 6H 7H 8H 9H"), parse_cards("KC KD JK")]
    hand = parse_cards("QS 4D")
    rate = _calls(lambda: hand_tally(melds, hand, True, True), seconds / 3)
    lines.append(f"burraco hand_tally (E1): {rate:,.0f} calls/s ({_per_kop(rate)})")
    return lines


if __name__ == "__main__":
    for line in run(quick=True):
        print(line)
