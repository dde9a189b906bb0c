"""Every event text a player reads in a log is a sentence: it starts with a capital (or a name,
number or card), in Italian and English, in every game — and says nothing in the other language."""

from __future__ import annotations

import random

import pytest

from mazzo.cards import parse_cards
from mazzo.engine import random_playout
from mazzo.engine.game import Event, Game
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


#: one of every event of Poker all'italiana (the random playouts above meet only some)
POKER_EVENTS = {
    poker_events.DealerChosen: poker_events.DealerChosen(0),
    poker_events.HandStarted: poker_events.HandStarted(1, 0, 32, 11, True, 4),
    poker_events.AntePaid: poker_events.AntePaid(1, 1),
    poker_events.Spoke: poker_events.Spoke(1, "stay", 0, False),
    poker_events.Dealt: poker_events.Dealt(0, 4),
    poker_events.Drew: poker_events.Drew(2, 1),
    poker_events.Reshuffled: poker_events.Reshuffled(1),
    poker_events.DeadDeal: poker_events.DeadDeal(4),
    poker_events.VoidHand: poker_events.VoidHand(8),
    poker_events.Refund: poker_events.Refund(1, 2),
    poker_events.PiattoDiParole: poker_events.PiattoDiParole(7),
    poker_events.Shown: poker_events.Shown(1, tuple(parse_cards("JH JS 7C 8D 9S")), "pair"),
    poker_events.Mucked: poker_events.Mucked(3),
    poker_events.PotWon: poker_events.PotWon(1, 12, 0, True),
    poker_events.PotSplit: poker_events.PotSplit(1, 5),
    poker_events.Busted: poker_events.Busted(2),
    poker_events.MatchOver: poker_events.MatchOver("20 deals played"),
}


def test_every_poker_event_is_a_sentence_in_its_own_language() -> None:
    """Every poker event starts as a sentence, and the English one says "shows", not the
    Italian "mostra" it said; the piatto di parole and the void hand started in lower case."""
    kinds = {c for c in vars(poker_events).values()
             if isinstance(c, type) and issubclass(c, Event) and c is not Event}
    assert kinds == set(POKER_EVENTS)
    for event in POKER_EVENTS.values():
        for lang in ("it", "en"):
            said = poker_event(event, lang)
            assert said[:1].isupper(), (lang, said)
    shown = POKER_EVENTS[poker_events.Shown]
    assert poker_event(shown, "en") == "Player 2 shows J♥ J♠ 7♣ 8♦ 9♠: pair (coppia)"
    assert poker_event(shown, "it") == "Giocatore 2 mostra J♥ J♠ 7♣ 8♦ 9♠: coppia"
