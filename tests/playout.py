"""Random playouts for the tests: one loop instead of one per test file.

Chance moves are drawn with ``state.sample_chance(rng)`` and a decision's random move with
``legal[rng.randrange(len(legal))]`` (the same draw as ``rng.choice(legal)``), as
:func:`mazzo.engine.random_playout` draws: a test converted to these helpers sees the same
matches as its own loop did. To play a whole match at random with nothing to check, call
``random_playout`` itself.

- :func:`decisions` yields the state at each decision, before its move: the caller checks it,
  then plays its own move, or plays none and the helper plays a random legal one.
- :func:`steps` plays random moves (chance included) and yields the state after each one.
- :func:`play_randomly` plays random moves until a condition holds.

``limit`` counts the moves played (chance included), as the loops these replace counted.
Importable as ``playout`` from any test: pytest puts ``tests/`` (the folder of the top
conftest.py) on ``sys.path``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import count
from typing import TypeVar

from mazzo.engine import Action, State

S = TypeVar("S", bound=State)


def random_move(state: State, rng: random.Random) -> Action:
    """A chance outcome at a chance node, else a uniformly random legal move."""
    if state.is_chance:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def decisions(state: S, rng: random.Random, *, limit: int | None = None) -> Iterator[S]:
    """``state`` at each decision of a random match, played on in place to the end (or until
    ``limit`` moves). When the caller resumes having applied nothing (its history is as long
    as at the yield), the helper applies a random legal move; else the caller's move stands."""
    played = 0
    while not state.is_terminal and (limit is None or played < limit):
        if not state.is_chance:
            before = len(state.history)
            yield state
            if len(state.history) != before:
                played += len(state.history) - before
                continue
        state.apply(random_move(state, rng))
        played += 1


def steps(state: S, rng: random.Random, *, limit: int | None = None) -> Iterator[S]:
    """Random moves (chance included) to the end, or ``limit`` of them: ``state`` after each."""
    for _ in count() if limit is None else range(limit):
        if state.is_terminal:
            return
        state.apply(random_move(state, rng))
        yield state


def play_randomly(state: S, rng: random.Random, *, until: Callable[[S], bool]) -> S:
    """Random moves (chance included) until ``until(state)`` holds; the match ending first is
    an error (as the loops these replace failed, drawing from no legal move)."""
    while not until(state):
        assert not state.is_terminal, "the match ended before the state sought"
        state.apply(random_move(state, rng))
    return state
