"""Each config field's help line comes from its own ``#:`` comment, and ``GET /api/games`` says
what a field allows per player count where that differs (the lobby offers exactly that)."""

from __future__ import annotations

import dataclasses

import pytest

from mazzo.engine.registry import all_games, get_game
from mazzo.server.protocol import describe_game

#: fields the lobby does not show (a player count has its own list; an order is left as it is)
UNSHOWN = {"players", "suit_order"}


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_option_the_lobby_shows_has_a_help_line(game: str) -> None:
    config = get_game(game).config_class
    docs = config.field_docs()
    shown = {f.name for f in dataclasses.fields(config)} - UNSHOWN
    assert set(docs) >= shown
    for name, text in docs.items():
        assert text and "``" not in text and "#:" not in text, (name, text)
    described = {f["name"]: f for f in describe_game(get_game(game))["config"]}
    assert {name: described[name].get("help") for name in shown} == {n: docs[n] for n in shown}


def test_a_help_line_of_two_comment_lines_is_one_line() -> None:
    docs = get_game("burraco").config_class.field_docs()
    assert docs["target"] == ("points that end the match; 0: the rules' target "
                              "(2005; 3 players: by the three-player targets)")
    assert get_game("poker_italiano").config_class.field_docs()["raise_limit"].startswith(
        "pot: a raise may not exceed the pot")


def test_novantanoves_decks_are_given_per_player_count() -> None:
    fields = {f["name"]: f for f in describe_game(get_game("novantanove"))["config"]}
    assert fields["deck"]["allowed"] == [0, 36]
    assert fields["deck"]["allowed_by_players"] == {"4": [0, 52, 48]}
    assert "allowed_by_players" not in fields["target"]
    config = get_game("novantanove").config_class(players=4)
    for deck in fields["deck"]["allowed_by_players"]["4"]:
        config.replace(deck=deck)  # each one offered is accepted
    # the classic variant (37 cards with a joker) is for 2 or 3 players
    assert fields["variant"]["allowed"] == ["revised", "classic"]
    assert fields["variant"]["allowed_by_players"] == {"4": ["revised"]}
