"""Options checked before anything starts: --matches, --workers, --bots; --set list values;
the menu's player counts numbered by the count itself."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import mazzo.cli.play as play_module
from mazzo.arena import cli as arena_cli
from mazzo.cli.main import main, make_config
from mazzo.cli.menu import run_menu
from mazzo.engine import get_game
from mazzo.engine.game import ConfigError
from mazzo.engine.overrides import parse_overrides
from mazzo.games.nebraska.config import DEFAULT_SUIT_ORDER, NebraskaConfig

NEBRASKA = get_game("nebraska")


@pytest.fixture
def no_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any tournament that starts fails the test: the checks must come first."""

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a tournament started")

    monkeypatch.setattr(arena_cli, "run_tournament", refuse)


@pytest.mark.usefixtures("no_tournament")
@pytest.mark.parametrize(("option", "value"), [
    ("--matches", "0"), ("--matches", "-5"), ("--workers", "0"), ("--workers", "-1"),
])
def test_simulate_refuses_no_matches_or_workers(
        option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cribbage", option, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mazzo: error: simulate: {option} must be at least 1, got {value}")


@pytest.mark.usefixtures("no_tournament")
@pytest.mark.parametrize(("option", "value"), [("--matches", "0"), ("--workers", "0")])
def test_arena_refuses_no_matches_or_workers(
        option: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "cribbage", "--bots", "medio,random", option, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mazzo arena: error: {option} must be at least 1, got {value}")


@pytest.mark.usefixtures("no_tournament")
def test_simulate_refuses_a_bad_config_before_starting(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cribbage", "--set", "target=99"]) == 2
    assert capsys.readouterr().err.startswith("mazzo: error: target:")


def test_play_refuses_more_bots_than_other_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "cribbage", "--players", "2", "--bots", "medio,random"]) == 2
    err = capsys.readouterr().err
    assert "--bots: 2 bots named for 1 other seat (2 players)" in err
    assert main(["play", "nebraska", "--players", "3", "--bots", "medio,random,facile"]) == 2
    assert "--bots: 3 bots named for 2 other seats (3 players)" in capsys.readouterr().err


def test_play_takes_one_bot_per_other_seat_or_fewer(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr("mazzo.cli.play.play_interactive",
                        lambda _g, _c, _s, bots, *_a, **_k: seen.append(list(bots)))
    assert main(["play", "nebraska", "--players", "3", "--bots", "medio,random"]) == 0
    assert main(["play", "nebraska", "--players", "3", "--bots", "facile"]) == 0
    assert seen == [["medio", "random"], ["facile"]]


def test_simulate_with_more_bots_than_seats_plays_every_group(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    code = main(["simulate", "cribbage", "--players", "2", "--bots", "random,medio,facile",
                 "--matches", "6", "--workers", "1", "--quiet", "--out", str(out)])
    assert code == 0
    results = json.loads(out.read_text())
    assert sorted(results["bots"]) == ["facile", "medio", "random"]
    assert len(results["lineups"]) == 6  # three pairs, each in both seatings


@pytest.mark.parametrize(("option", "place", "said"), [
    ("--out", "", "is a folder; give a file"),
    ("--out", "file/results.json", "is a file, not a folder"),
    ("--records", "file", "is a file; give a folder"),
])
def test_arena_refuses_a_place_it_cannot_write_before_playing(
        option: str, place: str, said: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("mine")
    args = ["arena", "cribbage", "--bots", "medio,random", "--matches", "1", "--workers", "1",
            "--quiet", option, str(tmp_path / place)]
    assert main(args) == 2  # found at the end, it cost the results with a traceback
    assert said in capsys.readouterr().err
    assert (tmp_path / "file").read_text() == "mine"


@pytest.mark.parametrize(("option", "value"), [
    ("--port", "70000"), ("--port", "-1"), ("--rate", "0"), ("--rate", "nan"),
    ("--burst", "0"), ("--grace", "100000"), ("--grace", "-1"), ("--bot-pause", "nan"),
    ("--bot-pause", "11"), ("--workers-bots", "-1"), ("--takeover", "0"),
    ("--header-timeout", "0"), ("--idle-timeout", "0"), ("--max-connections", "0"),
])
def test_serve_refuses_a_bad_number_naming_its_flag(
        option: str, value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr("uvicorn.run", refuse)
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path))
    assert main(["serve", "--port", "0", option, value]) == 2
    assert capsys.readouterr().err.startswith(f"mazzo: error: {option}: ")
    assert not (tmp_path / "mazzo.db").exists()  # refused before anything was made


# --- --set ---------------------------------------------------------------------------------


def test_a_list_field_takes_comma_separated_values() -> None:
    order = tuple(reversed(DEFAULT_SUIT_ORDER))  # includes "verde scuro", with its space
    values = parse_overrides(NebraskaConfig, ["suit_order=" + ",".join(order)])
    assert values == {"suit_order": order}
    config = make_config(NEBRASKA, None, None, ["suit_order=" + ", ".join(order)])
    assert isinstance(config, NebraskaConfig) and config.suit_order == order


def test_a_list_field_still_takes_json() -> None:
    order = list(reversed(DEFAULT_SUIT_ORDER))
    values = parse_overrides(NebraskaConfig, ["suit_order=" + json.dumps(order)])
    assert values == {"suit_order": tuple(order)}


@pytest.mark.parametrize("item", ["target=3,4", "target=[3, 4]", "variant=family,poker"])
def test_a_single_valued_field_refuses_a_list(item: str) -> None:
    field = item.split("=")[0]
    with pytest.raises(ConfigError, match=f"^{field}: takes a single value"):
        parse_overrides(NebraskaConfig, [item])


def test_scalars_still_parse_as_json_or_text() -> None:
    values = parse_overrides(NebraskaConfig, ["target=10", "ace_low_in_runs=true",
                                              "variant=poker"])
    assert values == {"target": 10, "ace_low_in_runs": True, "variant": "poker"}


@pytest.mark.parametrize("item", ["nonsense", "=3", "colour=red"])
def test_a_bad_set_item_is_named(item: str) -> None:
    with pytest.raises(ConfigError):
        parse_overrides(NebraskaConfig, [item])


@pytest.mark.parametrize("item", ["target=" + "9" * 5000, "suit_order=" + "[" * 100_000,
                                  "suit_order=oro," + "9" * 5000])
def test_json_python_cannot_read_is_an_error_naming_the_field(
        item: str, capsys: pytest.CaptureFixture[str]) -> None:
    field = item.split("=")[0]
    assert main(["play", "nebraska", "--set", item]) == 2
    assert capsys.readouterr().err.startswith(f"mazzo: error: {field}: ")


@pytest.mark.usefixtures("no_tournament")
@pytest.mark.parametrize("command", [
    ["play", "cribbage", "--set", "players=3", "--players", "2"],
    ["simulate", "cribbage", "--players", "2", "--set", "players=3"],
    ["arena", "nebraska", "--bots", "medio,random", "--set", "variant=family",
     "--variant", "poker"],
])
def test_a_field_given_twice_differently_is_refused_naming_both(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(command) == 2  # --players / --variant silently won over --set
    assert ": given twice, --" in capsys.readouterr().err


def test_commands_report_a_list_given_to_a_scalar(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "nebraska", "--set", "target=3,4"]) == 2
    assert "target: takes a single value" in capsys.readouterr().err
    assert main(["arena", "nebraska", "--bots", "medio,random", "--set", "hands=1,2"]) == 2
    assert "hands: takes a single value" in capsys.readouterr().err


def test_arena_takes_a_comma_separated_list(monkeypatch: pytest.MonkeyPatch) -> None:
    order = tuple(reversed(DEFAULT_SUIT_ORDER))
    configs: list[Any] = []
    monkeypatch.setattr(arena_cli, "run_tournament",
                        lambda *_a, **kwargs: configs.append(kwargs["config"]) or {})
    monkeypatch.setattr(arena_cli, "format_results", lambda *_a: "")
    argv = ["nebraska", "--bots", "medio,random", "--quiet", "--matches", "1",
            "--set", "suit_order=" + ",".join(order)]
    assert arena_cli.main(argv) == 0
    assert configs[0].suit_order == order


# --- the menu ------------------------------------------------------------------------------


def test_the_menu_numbers_player_counts_by_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    picked: list[int] = []
    monkeypatch.setattr(play_module, "play_interactive",
                        lambda _g, config, *_a, **_k: picked.append(config.players))
    out = io.StringIO()
    # English, game 1 (nebraska), "1" is no player count (re-prompted), then 4 players
    answers = iter(["2", "1", "1", "4"])
    assert run_menu("en", ask=lambda _p: next(answers, ""), out=out) == 0
    text = out.getvalue()
    assert picked == [4]
    assert "  2. 2 players" in text and "  7. 7 players" in text
    assert "Choose a number from 2 to 7." in text
    assert "  1. Nebraska" in text and "  1. italiano" in text  # other menus stay 1..n


def test_the_menu_prompt_shows_the_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "play_interactive", lambda *_a, **_k: None)
    prompts: list[str] = []
    answers = iter(["1", "1", "", "", ""])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "")

    assert run_menu("it", ask=ask, out=io.StringIO()) == 0
    assert "Scelta [2-7, Invio = 4]: " in prompts
