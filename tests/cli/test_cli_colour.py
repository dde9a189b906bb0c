"""Colour at the terminal: only on a TTY, never with --no-color or NO_COLOR, names always kept."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mazzo.cards import COLOURS, SUIT_NAME_EN, SUIT_NAME_IT
from mazzo.cli.colour import RED, SUIT_COLOUR, paint, painted, wants_colour
from mazzo.cli.main import main
from mazzo.cli.play import play_interactive
from mazzo.engine import get_game

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def plain(text: str) -> str:
    return ANSI.sub("", text)


def test_hearts_and_diamonds_are_red_clubs_and_spades_are_not() -> None:
    text = paint("hand: 7♥ 10♦ Q♣ A♠")
    assert f"{RED}7♥" in text and f"{RED}10♦" in text
    assert "Q♣" in text and f"{RED}Q♣" not in text and f"{RED}A♠" not in text
    assert plain(text) == "hand: 7♥ 10♦ Q♣ A♠"


@pytest.mark.parametrize("names", [SUIT_NAME_IT, SUIT_NAME_EN])
def test_each_nebraska_colour_is_painted_and_keeps_its_name(names: dict[int, str]) -> None:
    ranks = ("7", "J", "Q", "K", "A", "2", "10", "5")
    cards = ", ".join(f"{rank} {names[c]}" for rank, c in zip(ranks, COLOURS, strict=True))
    text = paint(cards)
    assert plain(text) == cards
    for rank, c in zip(ranks, COLOURS, strict=True):
        assert f"{SUIT_COLOUR[c]}{rank} {names[c]}" in text
    assert len(set(SUIT_COLOUR.values())) == 8


def test_dark_green_is_not_read_as_green() -> None:
    from mazzo.cards import VERDE_SCURO

    assert paint("9 verde scuro").startswith(f"{SUIT_COLOUR[VERDE_SCURO]}9 verde scuro")


def test_colour_words_alone_stay_plain() -> None:
    assert paint("the red team, rosso di sera") == "the red team, rosso di sera"


def test_turn_scores_and_winner_are_emphasised() -> None:
    text = paint("To move: Player 2 (pegging)\n  Player 1 (you): 12 pts\nWinner: Player 1")
    assert "To move: \x1b[1mPlayer 2\x1b[22m" in text
    assert "\x1b[1m12 pts\x1b[22m" in text and "\x1b[1mWinner: Player 1" in text
    assert plain(text) == "To move: Player 2 (pegging)\n  Player 1 (you): 12 pts\nWinner: Player 1"


def test_colour_only_on_a_terminal_and_not_when_refused() -> None:
    assert not wants_colour(io.StringIO(), environ={})
    assert wants_colour(FakeTTY(), environ={})
    assert not wants_colour(FakeTTY(), no_color=True, environ={})
    assert not wants_colour(FakeTTY(), environ={"NO_COLOR": "1"})
    assert wants_colour(FakeTTY(), environ={"NO_COLOR": ""})  # no-color.org: non-empty only


def test_the_painted_stream_paints_what_is_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    tty = FakeTTY()
    stream = painted(tty)
    print("lead 7♥", file=stream)
    assert tty.getvalue() == f"lead {RED}7♥\x1b[39m\n"
    assert stream.isatty()
    assert painted(tty, no_color=True) is tty


@pytest.fixture
def record(tmp_path: Path) -> Iterator[str]:
    """A saved short Nebraska match to replay."""
    game = get_game("nebraska")
    save = tmp_path / "r.json"
    answers = iter([])
    play_interactive(game, game.config(players=2, hands=1), 0, ["random"], "it", seed=5,
                     save_path=str(save), out=io.StringIO(), ask=lambda _p: next(answers, "1"))
    yield str(save)


def replay_output(record: str, *flags: str) -> str:
    """What ``mazzo replay`` prints to a terminal."""
    tty = FakeTTY()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", tty)
        assert main(["replay", record, "--all", "--lang", "it", *flags]) == 0
    return tty.getvalue()


def test_replay_is_coloured_on_a_terminal(monkeypatch: pytest.MonkeyPatch, record: str) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    text = replay_output(record)
    assert any(code in text for code in SUIT_COLOUR.values())
    assert " giallo" in plain(text) or " rosa" in plain(text) or " oro" in plain(text)


def test_no_color_and_NO_COLOR_keep_the_same_text_plain(monkeypatch: pytest.MonkeyPatch,
                                                        record: str) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = replay_output(record)
    refused = replay_output(record, "--no-color")
    monkeypatch.setenv("NO_COLOR", "1")
    by_env = replay_output(record)
    assert "\x1b[" not in refused and "\x1b[" not in by_env
    assert plain(coloured) == refused == by_env


def test_not_a_terminal_is_plain(capsys: pytest.CaptureFixture[str], record: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(["replay", record, "--all"]) == 0
    assert "\x1b[" not in capsys.readouterr().out


def test_play_is_coloured_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("builtins.input", lambda _prompt: "q")
    tty = FakeTTY()
    monkeypatch.setattr(sys, "stdout", tty)
    save = tmp_path / "p.json"
    assert main(["play", "cribbage", "--seed", "3", "--save", str(save), "--lang", "en"]) == 0
    text = tty.getvalue()
    assert "\x1b[" in text and "Goodbye!" in text and save.exists()
    assert "♥" in plain(text) or "♦" in plain(text)
