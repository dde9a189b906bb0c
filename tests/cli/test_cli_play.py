"""The terminal front end: a whole match played through the prompt, bad input, replay, menu."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mazzo.cli.main import main
from mazzo.cli.menu import run_menu
from mazzo.cli.play import play_interactive
from mazzo.cli.step import step_through
from mazzo.engine import all_games, get_game
from mazzo.engine.record import load_record

from first_choice import FirstChoice

NEBRASKA = get_game("nebraska")


def scripted(answers: list[str], then: str = "1") -> Iterator[str]:
    yield from answers
    while True:
        yield then


@pytest.mark.e2e
@pytest.mark.parametrize("variant", ["family", "expert", "poker"])
def test_a_whole_match_at_the_terminal(variant: str, tmp_path: Path) -> None:
    out = io.StringIO()
    answers = scripted(["", "99", "zzz", "?", "t", "r", "2"])
    save = tmp_path / "match.json"
    state = play_interactive(
        NEBRASKA, NEBRASKA.config(players=3, variant=variant), 0, ["medio", "random"], "en",
        seed=4, save_path=str(save), out=out, ask=lambda _prompt: next(answers),
    )
    text = out.getvalue()
    assert state.is_terminal
    assert "There is no move 99" in text
    assert "'zzz' is not a legal move now" in text
    assert "Type the number of a move" in text
    assert "Winner:" in text and "Match saved to" in text
    record = load_record(save)
    assert record["seats"] == ["human", "medio", "random"]
    assert record["result"]["returns"] == state.returns()


def test_bots_secret_bids_are_not_printed(tmp_path: Path) -> None:
    out = io.StringIO()
    answers = scripted(["1"], then="q")
    play_interactive(NEBRASKA, NEBRASKA.config(players=4), 3, ["medio"], "it", seed=1,
                     save_path=str(tmp_path / "s.json"), out=out, ask=lambda _p: next(answers))
    text = out.getvalue()
    assert "ha puntato" in text
    before_reveal = text.split("Puntate scoperte")[0]
    bot_lines = [line for line in before_reveal.splitlines() if line.startswith("  Giocatore")]
    assert not any(": punta " in line for line in bot_lines)


def test_quit_saves_and_says_goodbye(tmp_path: Path) -> None:
    out = io.StringIO()
    play_interactive(NEBRASKA, NEBRASKA.config(players=2), 0, ["random"], "it", seed=2,
                     save_path=str(tmp_path / "q.json"), out=out, ask=lambda _p: "q")
    assert "Arrivederci!" in out.getvalue()
    assert (tmp_path / "q.json").exists()


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    answers = scripted([])
    save = tmp_path / "r.json"
    play_interactive(NEBRASKA, NEBRASKA.config(players=2, hands=1), 0, ["random"], "en",
                     seed=5, save_path=str(save), out=io.StringIO(),
                     ask=lambda _p: next(answers))
    out = io.StringIO()
    state = step_through(load_record(save), 0, "en", out=out, interactive=False)
    assert state.is_terminal
    assert "Result:" in out.getvalue()
    out = io.StringIO()
    steps = iter(["", "", "q"])
    step_through(load_record(save), None, "en", out=out, ask=lambda _p: next(steps))
    assert out.getvalue().count("[") >= 2


def test_menu_reaches_play() -> None:
    out = io.StringIO()
    answers = scripted(["2", "1", "2", "3", "", ""], then="q")
    assert run_menu("en", ask=lambda _p: next(answers), out=out) == 0
    assert "Nebraska — Nebraska-poker" in out.getvalue()


@pytest.mark.parametrize(("lang", "answers", "said"), [
    ("en", ["2", "6", "3"], ["6. Learn to play (a guided first hand)", "Which game to learn?",
                             "the guided first hand", "Goodbye!"]),
    ("it", ["1", "6", "3"], ["6. Impara a giocare (una mano guidata)", "Quale gioco impari?",
                             "la prima mano guidata", "Arrivederci!"]),
])
def test_menu_reaches_a_lesson(lang: str, answers: list[str], said: list[str]) -> None:
    """"Learn to play" follows the games in the menu and opens the chosen game's lesson."""
    out = io.StringIO()
    script = scripted(answers, then="q")
    assert run_menu(lang, ask=lambda _p: next(script), out=out) == 0
    text = out.getvalue()
    assert all(words in text for words in said), text[-2000:]
    third = [g for g in all_games() if g.lesson() is not None][2]
    assert f"{third.title(lang)} — {said[2]}" in text


def test_games_and_rules_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "nebraska" in listed and "2–7" in listed and "family, expert, poker" in listed
    assert main(["rules", "nebraska", "--lang", "it"]) == 0
    assert "carte comuni" in capsys.readouterr().out


def test_bad_config_names_the_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "nebraska", "--players", "9"]) == 2
    assert "players" in capsys.readouterr().err
    assert main(["play", "nebraska", "--variant", "texas"]) == 2
    assert "variant" in capsys.readouterr().err
    assert main(["play", "nope"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_simulate_prints_win_rates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    code = main(["simulate", "nebraska", "--matches", "12", "--seed", "1", "--workers", "1",
                 "--players", "2", "--quiet", "--out", str(out)])
    assert code == 0
    assert "heuristic" in capsys.readouterr().out
    assert json.loads(out.read_text())["matches"] >= 12


@pytest.mark.e2e
@pytest.mark.parametrize(("lang", "line"), [
    ("it", "Vincono: Giocatore 1, Giocatore 3"), ("en", "Winners: Player 1, Player 3"),
])
def test_a_pair_of_winners_is_told_in_the_plural(lang: str, line: str, tmp_path: Path) -> None:
    """A pair won four-player cribbage: the last line read "Vince: Giocatore 1, Giocatore 3",
    "Winner: Player 1, Player 3"."""
    cribbage = get_game("cribbage")
    out = io.StringIO()
    play_interactive(cribbage, cribbage.config(players=4, target=61, games_to_win=1), 0,
                     ["random"], lang, seed=1, save_path=str(tmp_path / "c.json"), out=out,
                     ask=FirstChoice())
    assert line in out.getvalue().splitlines()


def test_nebraska_names_winners_who_tie_in_the_plural() -> None:
    """Nebraska's match can end in a tie: "Vince la partita: Giocatore 1, Giocatore 2"."""
    from mazzo.games.nebraska.events import MatchOver

    assert NEBRASKA.describe_event(MatchOver((0, 1), (3, 3, 1)), "it") == (
        "Vincono la partita: Giocatore 1, Giocatore 2")
    assert NEBRASKA.describe_event(MatchOver((1,), (1, 3, 1)), "it") == (
        "Vince la partita: Giocatore 2")
