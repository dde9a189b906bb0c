"""A game's notes (``Game.notes``) travel in the seat's own frame: computed by the server from
that seat's view, never for a spectator and never once the match is over."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mazzo.engine.game import JSON, State
from mazzo.engine.registry import get_game
from mazzo.games.nebraska.text import counting_now
from mazzo.server.protocol import cards_in
from mazzo.server.storage.base import OVER, PLAYING, SeatRow, TableRow
from mazzo.server.tables import Table
from playout import play_randomly


def _table(game_id: str, config: JSON, seed: int) -> tuple[Table, State]:
    """A table in play whose match has cards on it (Nebraska: common cards lie)."""
    game = get_game(game_id)
    state = game.new_match(game.config_class.from_json(config))
    play_randomly(state, random.Random(seed), until=lambda s: not s.is_chance and (
        game_id != "nebraska" or bool(s.view(0)["common"])))
    seats = tuple(SeatRow(i, "human", f"p{i}") for i in range(state.num_players))
    return Table(TableRow("t", game.id, state.config.to_json(), seats, "o", PLAYING),
                 state, []), state


def _frame(table: Table, seat: int | None, lang: str) -> JSON:
    view = table.state.view(seat)
    return table.frame(seat, lang, [], view, cards_in(view))


@pytest.mark.parametrize("variant", ["family", "expert", "poker"])
def test_a_nebraska_seat_gets_which_of_its_cards_count_in_its_frame(variant: str) -> None:
    table, _ = _table("nebraska", {"players": 3, "variant": variant}, 4)
    for lang in ("it", "en"):
        frame = _frame(table, 0, lang)
        notes = frame["notes"]
        assert notes["lines"] == counting_now(frame["view"], lang)
        assert set(notes["cards"]) <= set(frame["view"]["hand"])
    assert _frame(table, None, "it")["notes"] is None  # a spectator has no hand to speak of


def test_the_cards_a_note_marks_are_the_ones_its_lines_count() -> None:
    table, _ = _table("nebraska", {"players": 4, "variant": "family"}, 11)
    notes = _frame(table, 1, "en")["notes"]
    head = notes["lines"][0]
    assert head.startswith("Counting now: ")
    assert str(len(notes["cards"])) in head.split("—")[0]


def test_no_notes_for_a_game_without_them_nor_once_the_match_is_over() -> None:
    table, _ = _table("cribbage", {"players": 2}, 0)
    assert _frame(table, 0, "en")["notes"] is None
    table, _ = _table("nebraska", {"players": 3}, 4)
    table.row = dataclasses.replace(table.row, status=OVER)
    assert _frame(table, 0, "en")["notes"] is None


def test_notes_kept_between_frames_are_the_same_and_not_shared() -> None:
    table, _ = _table("nebraska", {"players": 3, "variant": "poker"}, 4)
    first = _frame(table, 0, "it")["notes"]
    first["lines"].append("changed by a caller")
    first["cards"].clear()
    again = _frame(table, 0, "it")["notes"]
    assert again["lines"] == counting_now(table.state.view(0), "it") and again["cards"]
