"""Help for the games' own commands: listed in ``mazzo --help``, a page per game, and each
command's own ``--help``."""

from __future__ import annotations

import pytest

from mazzo.cli.main import main, one_line_help
from mazzo.engine import Game, all_games, get_game

WITH_COMMANDS = [pytest.param(g, id=g.id) for g in all_games() if g.subcommands()]
WITHOUT_COMMANDS = [pytest.param(g, id=g.id) for g in all_games() if not g.subcommands()]


@pytest.fixture(autouse=True)
def _keep_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # game commands read MAZZO_LANG, which main sets: restore it after each test
    monkeypatch.delenv("MAZZO_LANG", raising=False)


def test_cribbage_analyze_has_a_one_line_help() -> None:
    assert one_line_help(get_game("cribbage").subcommands()["analyze"]).startswith(
        "Rank every way to lay away"
    )


@pytest.mark.parametrize("game", WITH_COMMANDS)
def test_main_help_lists_every_game_command(game: Game,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    section = capsys.readouterr().out.split("game commands")[1]
    for name, command in game.subcommands().items():
        line = next(li for li in section.splitlines() if f"mazzo {game.id} {name} " in li)
        assert one_line_help(command) in line


@pytest.mark.parametrize("game", WITH_COMMANDS)
@pytest.mark.parametrize("ask", [[], ["--help"], ["-h"]])
def test_a_game_alone_or_with_help_shows_its_commands_with_usage(
        game: Game, ask: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([game.id, *ask]) == 0
    shown = capsys.readouterr().out
    for name, command in game.subcommands().items():
        assert f"  {name}  {one_line_help(command)}" in shown
        assert f"usage: mazzo {game.id} {name}" in shown
    assert f"mazzo {game.id} COMMAND --help" in shown


def test_the_game_page_speaks_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "cribbage"]) == 0
    shown = capsys.readouterr().out
    assert "i suoi comandi" in shown and "mazzo cribbage COMANDO --help" in shown


@pytest.mark.parametrize("game", WITHOUT_COMMANDS)
def test_a_game_without_commands_says_so(game: Game,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main([game.id, "--help"]) == 0
    shown = capsys.readouterr().out
    assert "no commands of its own" in shown and f"mazzo play {game.id}" in shown


def test_a_game_command_has_its_own_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["cribbage", "analyze", "--help"])
    assert exit_info.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith("usage: mazzo cribbage analyze") and "--dealer" in shown


def test_an_unknown_game_command_points_to_the_game_page(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cribbage", "analyse"]) == 2
    err = capsys.readouterr().err
    assert "cribbage has no command 'analyse'" in err and "mazzo cribbage --help" in err
