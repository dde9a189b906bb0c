"""A fixed pure-Python reference workload, so figures read as ratios, not machine-bound times.

Times are CPU time of this process (process_time), so a busy machine skews them less.

The workload (shuffle a 52-item list, sort it back, sum a slice) is typical of card-engine work.
One "op" is one round of it; ``baseline_ops_per_s`` times it in the calling process.
"""

from __future__ import annotations

import random
import time

_CACHE: list[float] = []


def _round(items: list[int], rng: random.Random) -> int:
    rng.shuffle(items)
    items.sort()
    return sum(items[:13])


def baseline_ops_per_s(seconds: float = 0.5) -> float:
    """Rounds of the reference workload per second in this process (measured once, cached)."""
    if _CACHE:
        return _CACHE[0]
    rng = random.Random(0)
    items = list(range(52))
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(100):
            _round(items, rng)
        count += 100
        now = time.process_time()
        if now >= deadline:
            break
    rate = count / (now - start)
    _CACHE.append(rate)
    return rate


def ratio(rate: float) -> str:
    """``rate`` as a multiple of the baseline's ops/s, e.g. ``2.95× baseline``."""
    return f"{rate / baseline_ops_per_s():.3g}× baseline"
