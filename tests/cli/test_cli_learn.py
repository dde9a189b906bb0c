"""``mazzo learn``: a lesson played through the terminal's prompts, in both languages."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from mazzo.cli.learn import learn
from mazzo.cli.main import main
from mazzo.engine import get_game

#: the keys a learner types to play cribbage's suggested moves (the discard picks two cards,
#: Enter confirms), then "no" to the real hand
CRIBBAGE_KEYS = ["2H 2S", "", "9C", "AD", "6S", "6H", "n"]


def keys(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise AssertionError("the lesson asked for more than the script")


def test_mazzo_learn_cribbage_with_the_suggested_moves(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    typed = keys(CRIBBAGE_KEYS)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(typed))
    assert main(["--lang", "en", "--no-color", "learn", "cribbage"]) == 0
    out = capsys.readouterr().out
    assert "the guided first hand" in out
    assert "Why: Lay away 2♥ 2♠" in out
    assert out.count("That is the move the lesson suggests.") == 5
    assert "The show, as the engine counted it" in out
    assert "Player 1's crib: Q♦ 7♠ 2♥ 2♠ + K♣" in out
    assert "mazzo play cribbage --bots facile" in out


def test_the_italian_lesson_follows_the_suggestions_by_their_text() -> None:
    """Novantanove in Italian, each move typed as the suggestion's own words."""
    out = io.StringIO()

    def ask(_prompt: str) -> str:
        told = out.getvalue()
        if "Giochi una mano vera" in _prompt:
            return "n"
        return told.rsplit("Suggerimento: ", 1)[1].splitlines()[0]

    assert learn(get_game("novantanove"), "it", out=out, ask=ask) == 0
    text = out.getvalue()
    assert text.count("È la mossa che la lezione suggerisce.") == 13
    assert "Il punteggio della smazzata" in text and "+33" in text


def test_another_move_is_priced_and_a_real_hand_follows() -> None:
    out = io.StringIO()
    answers = iter(["1", "y"])
    started: list[bool] = []

    def ask(prompt: str) -> str:
        if "Play a real hand" in prompt:
            return next(answers, "y")
        if "Your move" in prompt:
            return next(answers) if not started else "1"
        return "1"

    learn(get_game("poker_italiano"), "en", out=out, ask=ask,
          play_real=lambda: started.append(True))
    text = out.getvalue()
    assert "fold gives up" in text and "free play" in text
    assert started == [True]
