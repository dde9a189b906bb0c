"""Wilson intervals, Bradley-Terry Elo and Weng-Lin ratings (openskill) against known values."""

from __future__ import annotations

import math

import pytest

from mazzo.arena.ratings import (
    PROVISIONAL_MATCHES,
    Skill,
    elo_difference,
    elo_ratings,
    provisional,
    rate_match,
    shown,
    shown_reference,
    weng_lin,
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
    (a,), (b,), (c,) = rate_match([[Skill()], [Skill()], [Skill()]], [0, 1, 2], tau=0.0)
    assert a.mu > 25 > c.mu and a.mu > b.mu > c.mu
    assert a.sigma < 25 / 3
    (x,), (y,) = rate_match([[Skill()], [Skill()]], [0, 0], tau=0.0)
    assert x.mu == pytest.approx(y.mu) and x.sigma < 25 / 3
    ratings = weng_lin(["p", "q", "r"], [[("p", 0), ("q", 1), ("r", 2)]] * 30)
    assert ratings["p"].ordinal > ratings["q"].ordinal > ratings["r"].ordinal


def test_the_arena_figures_are_the_hand_written_weng_lin_ones() -> None:
    """openskill without its drift (tau 0) gives the figures of the Weng–Lin update the arena
    computed by hand before (values from that code, three sides, one match)."""
    (a,), (b,), (c,) = rate_match([[Skill()], [Skill()], [Skill()]], [0, 1, 2], tau=0.0)
    assert (a.mu, b.mu, c.mu) == pytest.approx((27.8689, 25.7172, 21.4139), abs=1e-4)
    assert (a.sigma, b.sigma) == pytest.approx((8.2048, 8.0578), abs=1e-4)


def test_pairs_share_their_side_result() -> None:
    """Partners (cribbage or Burraco for four) rise together; a stronger partner moves less,
    being surer; the losing pair falls by as much as the winners rise when all are equal."""
    (p, q), (r, s) = rate_match([[Skill(), Skill()], [Skill(), Skill()]], [0, 1])
    assert p.mu == pytest.approx(q.mu) and r.mu == pytest.approx(s.mu)
    assert p.mu > 25 > r.mu
    assert p.mu - 25 == pytest.approx(25 - r.mu)
    (sure, new), _ = rate_match([[Skill(30, 2), Skill()], [Skill(), Skill()]], [0, 1])
    assert sure.mu - 30 < new.mu - 25


def test_several_players_each_alone_and_ties() -> None:
    sides = [[Skill()] for _ in range(4)]
    ranked = [side[0] for side in rate_match(sides, [0, 1, 1, 3])]
    assert ranked[1].mu == pytest.approx(ranked[2].mu)
    assert ranked[0].mu > ranked[1].mu > ranked[3].mu
    with pytest.raises(ValueError):
        rate_match([[Skill()]], [0])


def test_the_shown_number_is_conservative_and_provisional_at_first() -> None:
    assert shown(25.0, 25 / 3) == 750  # a newcomer: mu − 3 sigma = 0
    assert shown(25.0, 0.0) == shown_reference(25.0) == 1500
    assert shown(30.0, 2.0) == 1500 + 30 * (30 - 6 - 25)
    assert shown(30.0, 2.0) < shown_reference(30.0)  # the doubt is taken off
    assert provisional(0) and provisional(PROVISIONAL_MATCHES - 1)
    assert not provisional(PROVISIONAL_MATCHES)
