"""One source of truth for player counts: the config's ``player_counts`` is what the game
advertises, what validation accepts, what ``mazzo games`` and the menu show, and what play,
simulate and arena refuse outside it, all with the same message."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from mazzo.cli.main import main
from mazzo.cli.menu import run_menu
from mazzo.engine import Game, all_games
from mazzo.engine.game import ConfigError, format_counts

GAMES = [pytest.param(g, id=g.id) for g in all_games()]


def refusal(game: Game, players: int) -> str:
    return (f"players: {players} is out of range; {game.id} is played by "
            f"{format_counts(game.player_counts)}")


def outside(game: Game) -> list[int]:
    return [n for n in range(-1, 12) if n not in game.player_counts]


def test_format_counts() -> None:
    assert format_counts((2, 3, 4, 5, 6, 7)) == "2–7"
    assert format_counts((3, 4, 5, 6, 7, 8, 9)) == "3–9"
    assert format_counts((2, 4)) == "2, 4"
    assert format_counts((2, 3)) == "2, 3"


@pytest.mark.parametrize("game", GAMES)
def test_the_game_advertises_its_configs_counts(game: Game) -> None:
    assert game.player_counts == game.config_class.player_counts
    assert game.config_class.game_id == game.id
    assert list(game.player_counts) == sorted(set(game.player_counts))
    assert game.config_class().players in game.player_counts


@pytest.mark.parametrize("game", GAMES)
def test_validation_accepts_exactly_the_advertised_counts(game: Game) -> None:
    for players in game.player_counts:
        assert game.config(players=players).players == players
    for players in outside(game):
        with pytest.raises(ConfigError) as error:
            game.config(players=players)
        assert str(error.value) == refusal(game, players)


def test_every_game_is_listed_with_its_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    rows = capsys.readouterr().out.splitlines()
    for game in all_games():
        row = next(r for r in rows if r.startswith(game.id + " "))
        assert f"  {format_counts(game.player_counts)}  " in row


@pytest.mark.parametrize("game", GAMES)
def test_the_menu_offers_the_advertised_counts(game: Game) -> None:
    index = [g.id for g in all_games()].index(game.id)
    answers: Iterator[str] = iter(["2", str(index + 1)])
    out = io.StringIO()
    run_menu("en", ask=lambda _p: next(answers, "q"), out=out)
    block = out.getvalue().split("\nPlayers\n")[1].split("\n\n")[0]
    offered = [int(line.split(".")[0]) for line in block.splitlines() if ". " in line]
    assert offered == list(game.player_counts)


@pytest.mark.parametrize("game", GAMES)
def test_play_simulate_and_arena_refuse_the_same_way(
        game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    low, high = min(game.player_counts) - 1, max(game.player_counts) + 1
    for players in (low, high):
        for command in (["play"], ["simulate"], ["arena"]):
            argv = [*command, game.id, "--players", str(players), "--matches", "2",
                    "--bots", "random,medio"]
            if command == ["play"]:
                argv.remove("--matches")
                argv.remove("2")
            assert main(argv) == 2, argv
            assert refusal(game, players) in capsys.readouterr().err, argv


def test_poker_is_played_by_three_to_nine() -> None:
    """The rules' formula (lowest rank 11 − players) gives a deck for 3 to 9 and the engine
    plays them all; 4–6 is only the traditional table."""
    from mazzo.engine import get_game

    poker = get_game("poker_italiano")
    assert poker.player_counts == (3, 4, 5, 6, 7, 8, 9)
    assert {c.players for c in poker.test_configs()} >= {3, 4, 5, 6, 7, 9}
