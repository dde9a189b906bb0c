"""Seat names in texts: "Giocatore 2" / "Player 2" by default (the terminal's texts are
unchanged), the nicknames a caller sets with ``seat_names`` inside the block, for every game."""

from __future__ import annotations

import random
import re
import threading

import pytest

from mazzo.engine.game import State
from mazzo.engine.registry import all_games, get_game
from mazzo.text import named_seats, seat_label, seat_names
from playout import steps

#: a seat named by number: "Giocatore 2", "Player 2", a cribbage side "Giocatori 1+3"
NUMBERED = re.compile(r"\b(Giocator[ei]|Players?) \d")
NAMES = ["Ada", "Bea", "Cleo", "Dario", "Ezio", "Fio", "Gino", "Ivo", "Lia", "Max", "Nina", "Olga"]


def texts(state: State, lang: str) -> list[str]:
    game = state.game
    return [game.describe_event(e, lang) for e in state.events] + [
        game.describe_action(a, lang) for a in state.legal_actions()]


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_names_seats_by_nickname_only_when_asked(game_id: str) -> None:
    game = get_game(game_id)
    config = game.test_configs()[-1]
    state = game.new_match(config)
    rng = random.Random(1)
    plain, named = [], []
    for _ in steps(state, rng, limit=400):
        for lang in ("it", "en"):
            before = texts(state, lang)
            with seat_names(NAMES[:state.num_players]):
                now = texts(state, lang)
            plain += before
            named += now
            assert texts(state, lang) == before  # outside the block: the usual texts again
    assert any(NUMBERED.search(t) for t in plain)
    assert not any(NUMBERED.search(t) for t in named), [t for t in named if NUMBERED.search(t)]
    assert any(name in t for t in named for name in NAMES)


def test_labels_default_to_numbers_and_stay_in_their_thread() -> None:
    assert seat_label(1, "it") == "Giocatore 2" and seat_label(1, "en") == "Player 2"
    seen: list[str | None] = []
    with seat_names(["Ada", "Bea"]):
        assert seat_label(1, "it") == "Bea" and seat_label(5, "en") == "Player 6"
        worker = threading.Thread(target=lambda: seen.append(seat_label(0, "en")))
        worker.start()
        worker.join()
        assert named_seats() == ("Ada", "Bea")
    assert seen == ["Player 1"] and named_seats() is None
