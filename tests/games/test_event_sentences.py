"""Every event text a player reads in a log is a sentence: it starts with a capital (or a name,
number or card), in Italian and English, in every game — and says nothing in the other language."""

from __future__ import annotations

import random

import pytest

from mazzo.engine import random_playout
from mazzo.engine.game import Game
from mazzo.engine.registry import all_games
from mazzo.games.poker_italiano import events as poker_events
from mazzo.games.poker_italiano.text import describe_event as poker_event
from playout import steps


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_event_texts_start_as_sentences(game: Game) -> None:
    seen = 0
    for config in game.test_configs():
        rng = random.Random(7)
        state = game.new_match(config)
        for _ in steps(state, rng):
            for event in state.events:
                for lang in ("it", "en"):
                    said = game.describe_event(event, lang)
                    assert not said[:1].islower(), (event.kind, lang, said)
                    seen += 1
    assert seen > 100


def test_poker_says_why_the_match_ended_in_the_players_language() -> None:
    played = poker_events.MatchOver("20 deals played")
    assert poker_event(played, "it") == "Partita finita: 20 mani giocate"
    assert poker_event(played, "en") == "Match over: 20 deals played"
    assert poker_event(poker_events.MatchOver("1 deals played"), "en") == (
        "Match over: 1 deal played")
    assert poker_event(poker_events.MatchOver("one player holds every chip"), "it") == (
        "Partita finita: un giocatore ha tutte le fiches")


@pytest.mark.parametrize(("lang", "said", "wrong"), [
    ("it", "partita finita: 1 mano giocata", "deals"),
    ("en", "match over: 1 deal played", "1 deals"),
])
def test_poker_table_says_why_the_match_ended_in_the_players_language(
        lang: str, said: str, wrong: str) -> None:
    """The terminal's table at the end of a match gives the reason in words of its language,
    as the event does (it printed the engine's English "1 deals played" in both)."""
    game = next(g for g in all_games() if g.id == "poker_italiano")
    state = game.new_match(game.config(players=4, max_hands=1))
    random_playout(state, random.Random(5))
    text = game.render(state.view(0), lang)
    assert said in text and wrong not in text, text
