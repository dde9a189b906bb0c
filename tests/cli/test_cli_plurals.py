"""Stepping through a record counts its actions in the right number, in both languages."""

from __future__ import annotations

import io
import random

import pytest

from mazzo.cli.step import step_through
from mazzo.engine import get_game
from mazzo.engine.record import make_record

NEBRASKA = get_game("nebraska")


@pytest.mark.parametrize(
    ("actions", "lang", "said", "wrong"),
    [
        (1, "it", ": 1 azione;", "1 azioni"),
        (2, "it", ": 2 azioni;", "2 azione"),
        (1, "en", ": 1 action;", "1 actions"),
        (2, "en", ": 2 actions;", "2 action;"),
    ],
)
def test_step_through_counts_actions(actions: int, lang: str, said: str, wrong: str) -> None:
    state = NEBRASKA.new_match(NEBRASKA.config(players=2))
    rng = random.Random(3)
    for _ in range(actions):
        state.apply(state.sample_chance(rng))
    out = io.StringIO()
    step_through(make_record(state), None, lang, out=out, interactive=False)
    first = out.getvalue().splitlines()[0]
    assert said in first and wrong not in first, first
