"""Poker all'italiana: hand evaluations per second (all 201 376 hands of 32 cards), random
playouts, and treys on the same hands if it is installed (``pip install treys``; speed only —
its ranking is the 52-card one)."""

from __future__ import annotations

import random
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


def _time_over(fn: Callable[[Any], object], hands: Sequence[Any], rounds: int) -> float:
    """Evaluations per second of ``fn`` over ``hands`` (best of ``rounds``)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for h in hands:
            fn(h)
        best = min(best, time.process_time() - start)
    return len(hands) / best


def _treys_lines(hands: Sequence[Any], ours: float, inner: float, rounds: int) -> list[str]:
    try:
        from treys import Card as TreysCard  # type: ignore[import-not-found,import-untyped]
        from treys import Evaluator
    except ImportError:
        return ["treys: not installed (pip install treys) — comparison skipped"]
    mapping = {
        c: TreysCard.new(RANK_TEXT[c.rank].replace("10", "T") + _TREYS_SUIT[c.suit])
        for c in short_deck(32)
    }
    theirs = [[mapping[c] for c in h] for h in hands]
    evaluator = Evaluator()
    public = _time_over(lambda h: evaluator.evaluate(h[:2], h[2:]), theirs, rounds)
    five = _time_over(evaluator._five, theirs, rounds)
    met = "met" if ours >= public else "NOT met"
    return [
        f"treys evaluate() (its public call): {public:,.0f} evals/s ({ratio(public)}); "
        f"our public evaluate() is {ours / public:.2f}× treys (goal ≥ 1×, {met})",
        f"treys _five() (its fastest 5-card path): {five:,.0f} evals/s; "
        f"our key_function is {inner / five:.2f}× treys _five()",
    ]


def run(quick: bool = False) -> list[str]:
    hands = list(combinations(short_deck(32), 5))
    if quick:
        hands = hands[::10]
    rounds = 1 if quick else 3
    key = key_function(32)
    ours = _time_over(lambda h: evaluate(h, 32), hands, rounds)
    inner = _time_over(key, hands, rounds)
    lines = [
        f"public evaluate(hand, 32) → HandValue (checks the hand), all {len(hands):,} hands of "
        f"32 cards: {ours:,.0f} evals/s ({ratio(ours)})",
        f"internal key_function(32) → int (no checks, what the engine calls): "
        f"{inner:,.0f} evals/s ({ratio(inner)})",
    ]
    lines += _treys_lines(hands, ours, inner, rounds)
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
