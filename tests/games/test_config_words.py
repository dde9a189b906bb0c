"""Each game's lobby words live in its config: every documented field has its Italian help
line, and the labels a game gives its own fields and values name real fields and values."""

from __future__ import annotations

import dataclasses

import pytest

from mazzo.engine import all_games
from mazzo.engine.game import Game
from mazzo.server.protocol import describe_game

GAMES = list(all_games())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_documented_field_has_its_italian_help(game: Game) -> None:
    cls = game.config_class
    assert set(cls.italian_docs) == set(cls.field_docs())
    assert all(len(text) > 10 for text in cls.italian_docs.values())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_own_labels_name_real_fields_and_values(game: Game) -> None:
    cls = game.config_class
    names = {f.name for f in dataclasses.fields(cls)}
    assert set(cls.field_labels) <= names and set(cls.value_labels) <= names
    described = {entry["name"]: entry for entry in describe_game(game)["config"]}
    for name, words in cls.value_labels.items():
        allowed = {str(value) for value in described[name].get("allowed", [])}
        assert set(words) <= allowed, (name, set(words) - allowed)
        assert described[name]["value_labels"][next(iter(words))].keys() == {"it", "en"}
    for name in cls.italian_docs:
        assert described[name]["help_it"] == cls.italian_docs[name]
