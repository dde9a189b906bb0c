"""Poker all'italiana: hand evaluations per second (all 201 376 hands of 32 cards), random
playouts, and treys on the same hands if it is installed (``pip install treys``; speed only —
its ranking is the 52-card one)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from benchmarks.baseline import ratio
from mazzo.cards import RANK_TEXT, short_deck
from mazzo.engine import random_playout
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.scoring import evaluate, key_function

_TREYS_SUIT = "hdcs"


def _seconds(sides: Sequence[tuple[Callable[[Any], object], Sequence[Any]]],
             rounds: int) -> list[list[float]]:
    """CPU seconds of each ``(fn, hands)`` side over its hands, ``rounds`` times: the sides
    timed in turn at each round, so a machine that speeds up or slows down during the run (this
    one swings ±20 % between rounds) skews neighbours alike."""
    for fn, hands in sides:  # a warm-up: tables built on first use, caches, the allocator
        for h in hands[:2000]:
            fn(h)
    seconds: list[list[float]] = [[] for _ in sides]
    for _ in range(rounds):
        for index, (fn, hands) in enumerate(sides):
            start = time.process_time()
            for h in hands:
                fn(h)
            seconds[index].append(time.process_time() - start)
    return seconds


def _paired(ours: list[float], theirs: list[float]) -> float:
    """How many times faster ours is: the median of the rounds' ratios (each round's two
    timings taken side by side)."""
    return statistics.median(t / o for o, t in zip(ours, theirs, strict=True))


def _treys_sides(hands: Sequence[Any]) -> list[tuple[Callable[[Any], object], Sequence[Any]]]:
    """treys's public ``evaluate`` and its fastest 5-card path on the same hands; none when it
    is not installed."""
    try:
        from treys import Card as TreysCard  # type: ignore[import-not-found,import-untyped]
        from treys import Evaluator
    except ImportError:
        return []
    mapping = {
        c: TreysCard.new(RANK_TEXT[c.rank].replace("10", "T") + _TREYS_SUIT[c.suit])
        for c in short_deck(32)
    }
    theirs = [[mapping[c] for c in h] for h in hands]
    evaluator = Evaluator()
    return [(lambda h: evaluator.evaluate(h[:2], h[2:]), theirs), (evaluator._five, theirs)]


def run(quick: bool = False) -> list[str]:
    hands = list(combinations(short_deck(32), 5))
    if quick:
        hands = hands[::10]
    rounds = 1 if quick else 11
    key = key_function(32)
    treys = _treys_sides(hands)
    seconds = _seconds([(lambda h: evaluate(h, 32), hands), (key, hands), *treys], rounds)
    ours, inner, *peer = (len(hands) / statistics.median(taken) for taken in seconds)
    lines = [
        f"public evaluate(hand, 32) → HandValue (checks the hand), all {len(hands):,} hands of "
        f"32 cards: {ours:,.0f} evals/s ({ratio(ours)})",
        f"internal key_function(32) → int (no checks, what the engine calls): "
        f"{inner:,.0f} evals/s ({ratio(inner)})",
    ]
    if not peer:
        lines.append("treys: not installed (pip install treys) — comparison skipped")
    else:
        public, five = peer
        against = _paired(seconds[0], seconds[2])
        met = "met" if against >= 1 else "NOT met"
        lines += [
            f"treys evaluate() (its public call): {public:,.0f} evals/s ({ratio(public)}); "
            f"our public evaluate() is {against:.2f}× treys (goal ≥ 1×, {met}; the median "
            f"of {rounds} rounds' ratios, the four calls timed in turn)",
            f"treys _five() (its fastest 5-card path): {five:,.0f} evals/s; "
            f"our key_function is {_paired(seconds[1], seconds[3]):.2f}× treys _five()",
        ]
    config = GAME.config(players=4)
    rng = random.Random(0)
    matches = 20 if quick else 200
    actions = hands_played = 0
    start = time.process_time()
    for _ in range(matches):
        state = random_playout(GAME.new_match(config), rng)
        actions += len(state.history)
        hands_played += state.hand_number
    elapsed = time.process_time() - start
    lines.append(
        f"random playout (4 players, default config): {matches / elapsed:,.1f} matches/s "
        f"({ratio(matches / elapsed)}), {actions / elapsed:,.0f} actions/s "
        f"({ratio(actions / elapsed)}), {hands_played / elapsed:,.0f} hands/s"
    )
    return lines
