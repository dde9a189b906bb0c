"""``python -m benchmarks view-phases`` (a view's time split by kind of decision) and
``view-instructions`` (the same figure by callgrind's instruction counts): the replays and the
arithmetic they read their figures from, and their command lines."""

from __future__ import annotations

import json
import shutil

import pytest

from benchmarks.cli import main
from benchmarks.views import (
    FIRST_OF_HAND,
    MODES,
    SEAT_FIRST,
    GroupCost,
    callgrind_total,
    config_fields,
    decision_groups,
    per_decision,
    recorded_matches,
    replay,
    report,
    view_phases,
)
from mazzo.engine import CHANCE, get_game

NOVANTANOVE = get_game("novantanove").config(players=3)


def _decisions_and_chance(history: list[object]) -> tuple[int, int]:
    state = get_game("novantanove").new_match(NOVANTANOVE)
    chance = 0
    for action in history:
        chance += state.current_player == CHANCE
        state.apply(action)  # type: ignore[arg-type]
    return len(history) - chance, chance


def test_every_decision_is_in_one_group_and_each_hand_has_one_first_view() -> None:
    history = recorded_matches(NOVANTANOVE, 1)[0]
    groups = decision_groups(NOVANTANOVE, history)
    decisions, _ = _decisions_and_chance(history)
    assert len(groups) == decisions
    state = get_game("novantanove").new_match(NOVANTANOVE)
    hands = set()
    for action in history:
        if state.current_player != CHANCE:
            hands.add(state.hand_number)
        state.apply(action)
    assert groups[0] == FIRST_OF_HAND
    assert groups.count(FIRST_OF_HAND) == len(hands) > 1
    # the two other seats' first views, in every hand
    assert groups.count(SEAT_FIRST) == 2 * len(hands)
    assert set(groups) - {FIRST_OF_HAND, SEAT_FIRST} == {"bid", "premium", "play"}


def test_the_phases_add_up_to_the_whole() -> None:
    histories = recorded_matches(NOVANTANOVE, 2)
    groups = view_phases(NOVANTANOVE, histories, replays=1)
    assert sum(g.decisions for g in groups) == sum(
        _decisions_and_chance(h)[0] for h in histories)
    assert all(g.view_ns > 0 and g.apply_ns > 0 for g in groups)
    lines = report(groups)
    assert len(lines) == len(groups) + 3  # a header, the groups, all, the ratio
    view = sum(g.view_ns for g in groups)
    upkeep = sum(g.upkeep_ns for g in groups)
    apply = sum(g.apply_ns for g in groups)
    assert lines[-1].endswith(f"{(view + upkeep) / apply:.2f}")
    assert sum(g.excess_per_decision(10) for g in groups) == pytest.approx(
        (view + upkeep - apply) / 10)


def test_a_group_reports_its_means() -> None:
    group = GroupCost("play", decisions=4, view_ns=4000.0, upkeep_ns=2000.0, apply_ns=8000.0)
    line = report([group])[1]
    assert line.split()[1:] == ["4", "100.0%", "1.00", "0.50", "2.00", "-0.50"]


def test_config_fields_read_numbers_switches_and_words() -> None:
    assert config_fields(["players=3", "target=-1", "open=true", "mode=game"]) == {
        "players": 3, "target": -1, "open": True, "mode": "game"}
    with pytest.raises(ValueError, match="'players3' is not field=value"):
        config_fields(["players3"])


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_runs_its_calls_through_eval(mode: str) -> None:
    histories = recorded_matches(NOVANTANOVE, 1)
    decisions, chance = _decisions_and_chance(histories[0])
    counts = replay(NOVANTANOVE, histories, mode)
    assert counts["decisions"] == decisions and counts["chance"] == chance
    assert counts["evals"] == (chance if mode.startswith("chance") else decisions)
    warm = replay(NOVANTANOVE, histories, mode, through_eval=False)
    assert warm == {"decisions": decisions, "chance": chance, "evals": 0}


def test_an_unknown_mode_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="mode: 'view' is not one of nothing, applies"):
        replay(NOVANTANOVE, [], "view")


def test_the_child_prints_its_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view-instructions", "--child", "views", "novantanove", "players=3",
                 "--matches", "1"]) == 0
    counts = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    history = recorded_matches(NOVANTANOVE, 1)[0]
    assert counts["evals"] == counts["decisions"] == _decisions_and_chance(history)[0]


def test_callgrind_totals_are_read_from_either_line() -> None:
    assert callgrind_total("events: Ir\nsummary: 12345\n") == 12345
    assert callgrind_total("fn=x\ntotals: 678\n") == 678
    with pytest.raises(ValueError, match="no summary or totals line"):
        callgrind_total("events: Ir\n")


def test_the_figures_per_decision() -> None:
    totals = {"nothing": 100, "applies": 1100, "views": 600, "upkeep": 1400,
              "chance": 50, "chance_upkeep": 60}
    figures = per_decision(totals, 10)
    assert figures == {"apply": 100.0, "view": 50.0, "upkeep": 31.0, "ratio": 0.81}


def test_without_valgrind_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["view-instructions", "novantanove"]) == 2
    assert "valgrind is not installed" in capsys.readouterr().err


@pytest.mark.parametrize("tool", ["view-phases", "view-instructions"])
def test_a_bad_game_or_field_is_refused_by_name(
    tool: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        main([tool, "novantanove", "players=9"])
    assert refused.value.code == 2
    assert "players: 9 is out of range" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([tool, "nosuch"])
    assert "unknown game 'nosuch'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([tool, "novantanove", "players3"])
    assert "'players3' is not field=value" in capsys.readouterr().err
