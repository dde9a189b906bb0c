"""The terminal table as a player reads it: the card picker numbers the cards in the order of
the hand line just above it, and a resumed match tells its last moves before the first prompt."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from mazzo.cli.play import play_interactive, resume_interactive
from mazzo.engine import get_game

from first_choice import FirstChoice

CRIBBAGE = get_game("cribbage")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_crib_picker_numbers_the_cards_as_the_hand_line_shows_them(lang: str) -> None:
    out = io.StringIO()
    play_interactive(CRIBBAGE, CRIBBAGE.config(players=2), 0, ["medio"], lang, seed=4,
                     out=out, ask=FirstChoice(then_quit_after=1))
    lines = out.getvalue().splitlines()
    picker = next(i for i, line in enumerate(lines) if re.match(r"\s+1\. ", line))
    hand_line = next(line for line in reversed(lines[:picker])
                     if line.startswith(("Your hand", "La tua mano", "Mano")))
    numbered = re.findall(r"\d+\. (\S+)", lines[picker])
    hand = hand_line.split(":", 1)[1].split()
    assert numbered == hand  # cribbage's view lists the hand as dealt; the line, by rank


def test_a_resumed_match_tells_its_last_moves_first(home: Path) -> None:
    play_interactive(CRIBBAGE, CRIBBAGE.config(players=2), 0, ["medio"], "en", seed=6,
                     out=io.StringIO(), ask=FirstChoice(then_quit_after=4))
    (saved,) = sorted((home / "matches").glob("*.json"))
    out = io.StringIO()
    resume_interactive(str(saved), "en", out=out, ask=FirstChoice(then_quit_after=0))
    text = out.getvalue()
    rest = text.partition("The last moves:\n")[2]
    assert rest, text[:500]
    told = rest.split("\n\n", 1)[0].splitlines()
    assert 1 <= len(told) <= 8
    assert all(line.startswith(("• ", "  ")) for line in told), told
    assert any(line.startswith("• Player 1 ") for line in told)  # the person's moves too
