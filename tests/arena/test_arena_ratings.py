"""Wilson intervals, Bradley-Terry Elo and Weng-Lin ratings against known values."""

from __future__ import annotations

import math

import pytest

from mazzo.arena.ratings import (
    Skill,
    elo_difference,
    elo_ratings,
    weng_lin,
    weng_lin_update,
    wilson,
)


def test_wilson_matches_the_textbook_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_of_a_known_score() -> None:
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.5) == 0
    ratings = elo_ratings(["a", "b"], {("a", "b"): 7500.0, ("b", "a"): 2500.0}, anchor="b")
    assert ratings["b"] == 0 and ratings["a"] == pytest.approx(190.8, abs=0.5)


def test_elo_is_transitive_and_finite_for_a_clean_sweep() -> None:
    wins = {("a", "b"): 60.0, ("b", "a"): 40.0, ("b", "c"): 60.0, ("c", "b"): 40.0,
            ("a", "c"): 100.0, ("c", "a"): 0.0}
    ratings = elo_ratings(["a", "b", "c"], wins)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) == pytest.approx(0, abs=0.2)
    assert all(math.isfinite(v) for v in ratings.values())


def test_weng_lin_moves_the_winner_up_and_shares_ties() -> None:
    a, b, c = weng_lin_update([Skill(), Skill(), Skill()], [0, 1, 2])
    assert a.mu > 25 > c.mu and a.mu > b.mu > c.mu
    assert a.sigma < 25 / 3
    x, y = weng_lin_update([Skill(), Skill()], [0, 0])
    assert x.mu == pytest.approx(y.mu) and x.sigma < 25 / 3
    ratings = weng_lin(["p", "q", "r"], [[("p", 0), ("q", 1), ("r", 2)]] * 30)
    assert ratings["p"].ordinal > ratings["q"].ordinal > ratings["r"].ordinal
