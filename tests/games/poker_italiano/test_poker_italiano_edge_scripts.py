"""The measuring scripts of issue 16: duplicate deals later in a match (scripts/deal_edge.py)
and the chip edge -> match win curve (scripts/poker_match_curve.py)."""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def edge_script() -> Any:
    return _script("deal_edge")


@pytest.fixture(scope="module")
def curve() -> Any:
    return _script("poker_match_curve")


# --- deal_edge.py: later deals, two-bot lineups --------------------------------------------------


def test_deal_ranges_are_read_inclusive(edge_script: Any) -> None:
    assert edge_script.deal_range("0") == (0, 0)
    assert edge_script.deal_range("1-9") == (1, 9)
    with pytest.raises(argparse.ArgumentTypeError):
        edge_script.deal_range("5-2")


def test_pairs_seat_the_bot_as_a_two_bot_match_does(edge_script: Any) -> None:
    job = edge_script.Job("poker_italiano", "modello", 4, 1, 0, "medio", (0, 0), True)
    assert edge_script.lineups(job) == [[True, False, True, False], [False, True, False, True]]
    single = edge_script.Job("poker_italiano", "modello", 4, 1, 0, "medio")
    assert edge_script.lineups(single) == [[s == seat for s in range(4)] for seat in range(4)]


def test_a_later_deal_starts_after_the_earlier_deals_with_the_chips_they_left(
        edge_script: Any) -> None:
    job = edge_script.Job("poker_italiano", "medio", 4, 3, 2, "medio", (4, 4), False)
    state = edge_script.start_of_deal(job, random.Random(5))
    assert state.hand_number == 5 and not state.is_chance and not state.is_terminal
    assert state.total_chips() == 4 * 200
    first = edge_script.start_of_deal(
        edge_script.Job("poker_italiano", "medio", 4, 3, 2, "medio"), random.Random(5))
    assert first.hand_number == 1
    # the same job gives the same position: every lineup meets the same stacks and pot
    again = edge_script.start_of_deal(job, random.Random(5))
    assert (again.chips, again.carried) == (state.chips, state.carried)


def test_the_edge_of_a_level_against_itself_averages_near_zero(edge_script: Any) -> None:
    jobs = [edge_script.Job("poker_italiano", "medio", 4, 9, i, "medio", (0, 3), True)
            for i in range(12)]
    values = [edge_script.edge(job) for job in jobs]
    assert all(v is not None for v in values)
    # medio only differs from medio by its bluff draws: small edges, of both signs
    assert abs(sum(values) / len(values)) < 15


# --- poker_match_curve.py: the arena's match rule and the curve ------------------------------


def test_a_match_is_won_by_the_best_seat_of_each_side(curve: Any) -> None:
    # seats 0 and 2 against 1 and 3, then the other way round
    match = curve.Match((30.0, 0.0, -20.0, -10.0), 10, 0)
    assert curve.match_win(match, 0.0) == 0.5  # wins with the even seats, loses with the odd
    # 2 chips a deal over 10 deals: with the odd seats its best is 0 + 20, the even seats'
    # best 30 - 20 = 10, so that lineup is won too
    assert curve.match_win(match, 2.0) == 1.0
    assert curve.match_win(curve.Match((0.0,) * 4, 10, 0), 0.0) == 0.5  # a tie is half


def test_the_curve_rises_with_the_edge_and_inverts(curve: Any) -> None:
    rng = random.Random(1)
    matches = []
    for _ in range(300):
        gains = [rng.gauss(0, 80) for _ in range(3)]
        matches.append(curve.Match((*gains, -sum(gains)), 10, 0))
    assert curve.win_rate(matches, 0.0) == pytest.approx(0.5)
    rates = [curve.win_rate(matches, e) for e in (0, 2, 5, 10, 40)]
    assert rates == sorted(rates) and rates[-1] > 0.9
    need = curve.edge_for(matches, 0.6)
    assert curve.win_rate(matches, need) >= 0.6 > curve.win_rate(matches, need - 0.1)


def test_matches_needed_to_clear_the_floor(curve: Any) -> None:
    n = curve.matches_needed(0.60)
    assert 300 < n < 450  # the brief's "370+ matches" for 60 % against 55 %


def test_a_medio_match_is_seeded_and_conserves_chips(curve: Any) -> None:
    one, two = curve.play_match(7), curve.play_match(7)
    assert one == two
    assert sum(one.returns) == 0 and one.deals >= 10
    score, edge = curve.pair_result(curve.play_pair((7, "medio")))
    assert 0.0 <= score <= 1.0 and abs(edge) < 200


def test_a_pair_of_bot_matches_is_scored_and_moved_by_the_edge(curve: Any) -> None:
    # the bot in seats 0 and 2, then in 1 and 3 (PAIR_SIDES)
    won = curve.Match((40.0, 10.0, -30.0, -20.0), 10, 0)  # bot's best 40 v medio's 10
    lost = curve.Match((60.0, 5.0, -40.0, -25.0), 10, 0)  # bot's best 5 v medio's 60
    score, edge = curve.pair_result([won, lost])
    assert score == 0.5
    # chips per deal: (5 - (-5)) / 10 = +1 in the first match, (-10 - 10) / 10 = -2 in the second
    assert edge == pytest.approx((1.0 - 2.0) / 2)
    # moving every bot seat up 3 a deal and every medio seat down 3: 5 + 30 > 60 - 30
    assert curve.pair_result([won, lost], 3.0)[0] == 1.0
    assert curve.ties([curve.Match((5.0, 5.0, -5.0, -5.0), 10, 0), won]) == 0.5


def test_a_partial_run_is_read_back_from_its_log(curve: Any, tmp_path: Path) -> None:
    log = tmp_path / "run.err"
    log.write_text(
        "noise\n"
        'pair 1: score 0.50, edge -0.50, matches [[[40, 10, -30, -20], 10], '
        '[[60, 5, -40, -25], 11]]\n'
        'pair 2: score 1.00, edge +1.00, matches [[[200, -200, 0, 0], 10], '
        '[[0, 0, 0, 0], 10]]\n', encoding="utf-8")
    pairs = curve.read_log(str(log))
    assert len(pairs) == 2
    assert pairs[0][1] == curve.Match((60.0, 5.0, -40.0, -25.0), 11, 0)
    assert pairs[1][0].busted == 1


def test_the_setting_names_the_deal_and_the_lineups(edge_script: Any) -> None:
    assert edge_script.describe((0, 0), False) == ""
    assert edge_script.describe((0, 0), True) == ", first deal, two-bot lineups"
    assert edge_script.describe((1, 9), False) == ", after 1-9 deals"
    assert edge_script.describe((3, 3), True) == ", after 3 deals, two-bot lineups"
