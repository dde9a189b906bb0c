"""``benchmarks.views.view_cost``: the call-by-call view cost that issue 17's "one view at most one
apply" is read from, upkeep in the chance moves included."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.views import (
    ViewCost,
    recorded_matches,
    timed_decisions,
    view_cost,
)
from mazzo.engine import CHANCE, get_game

CONFIG = get_game("cribbage").config(players=2, target=61, games_to_win=1)


def test_the_upkeep_counts_what_views_add_to_the_chance_moves() -> None:
    cost = ViewCost(decisions=10, view_ns=100.0, apply_ns=200.0, apply_viewed_ns=250.0,
                    chance_ns=40.0, chance_viewed_ns=70.0)
    assert cost.upkeep_ns == pytest.approx(80.0)
    assert cost.ratio == pytest.approx((100 + 80) / 200)
    every_seat = ViewCost(10, 100.0, 200.0, 250.0, views_per_decision=2, chance_ns=40.0,
                          chance_viewed_ns=70.0)
    assert every_seat.ratio == pytest.approx((100 + 80) / 2 / 200)


def _chance_moves(history: list[Any]) -> int:
    state = get_game("cribbage").new_match(CONFIG)
    chance = 0
    for action in history:
        chance += state.current_player == CHANCE
        state.apply(action)
    return chance


def test_a_replay_times_every_decision_and_every_chance_move() -> None:
    history = recorded_matches(CONFIG, 1)[0]
    chance = _chance_moves(history)
    for views in (False, True):
        viewed, applied, dealt = timed_decisions(CONFIG, history, views)
        assert len(viewed) == len(applied) == len(history) - chance
        assert len(dealt) == chance > 0
        assert min(applied) > 0 and min(dealt) > 0


def test_view_cost_over_recorded_matches() -> None:
    histories = recorded_matches(CONFIG, 2)
    cost = view_cost(CONFIG, histories, replays=1)
    assert cost.decisions == sum(len(h) - _chance_moves(h) for h in histories)
    assert cost.view_ns > 0 and cost.apply_ns > 0 and cost.chance_ns > 0
    assert cost.ratio == pytest.approx((cost.view_ns + cost.upkeep_ns) / cost.apply_ns)
