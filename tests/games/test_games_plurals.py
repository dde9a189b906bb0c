"""Every count a player reads is singular for 1 and plural otherwise, in Italian and English,
in every game's events and table (issue #12: "1 punto", "1 carta", "1 pt")."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from mazzo.engine import CHANCE, get_game
from mazzo.engine.game import JSON, Event
from mazzo.games.burraco import events as burraco_ev
from mazzo.games.cribbage import events as cribbage_ev
from mazzo.games.novantanove import events as novantanove_ev
from mazzo.games.poker_italiano import events as poker_ev
from playout import play_randomly


def started_view(game_id: str, **config: Any) -> JSON:
    """Seat 0's view once the first player is to move (chance resolved with a fixed seed)."""
    game = get_game(game_id)
    state = game.new_match(game.config_class(**config))
    play_randomly(state, random.Random(7), until=lambda s: s.current_player != CHANCE)
    return state.view(0)


# (game, count -> event, language, text for 1, text for 2)
EVENTS: list[tuple[str, Callable[[int], Event], str, str, str]] = [
    ("cribbage", lambda n: cribbage_ev.Discarded(0, n), "it", "mette 1 carta ", "mette 2 carte "),
    ("cribbage", lambda n: cribbage_ev.Discarded(0, n), "en", "away 1 card ", "away 2 cards "),
    ("cribbage", lambda n: cribbage_ev.Claimed(1, 0, n, 10), "it",
     "prende 1 punto dimenticato ", "prende 2 punti dimenticati "),
    ("cribbage", lambda n: cribbage_ev.Claimed(1, 0, n, 10), "en", "takes 1 point ",
     "takes 2 points "),
    ("cribbage", lambda n: cribbage_ev.GameWon(0, 2, 1, (121, 100), 0, n), "it",
     "1 punto match", "2 punti match"),
    ("cribbage", lambda n: cribbage_ev.GameWon(0, 2, 1, (121, 100), 0, n), "en",
     "1 match point", "2 match points"),
    ("burraco", lambda n: burraco_ev.PozzettoTaken(0, n, True), "it", "(1 carta)", "(2 carte)"),
    ("burraco", lambda n: burraco_ev.PozzettoTaken(0, n, True), "en", "(1 card)", "(2 cards)"),
    ("burraco", lambda n: burraco_ev.MatchOver(tuple(range(n)), (2005.0, 2005.0)), "it",
     "vince Giocatore 1 ", "vincono Giocatore 1, Giocatore 2 "),
    ("burraco", lambda n: burraco_ev.MatchOver(tuple(range(n)), (2005.0, 2005.0)), "en",
     "Player 1 wins ", "Player 2 win "),
    ("novantanove", lambda n: novantanove_ev.RubberOver(0, n, 100, (1, 2, 3)), "it",
     "in 1 partita,", "in 2 partite,"),
    ("novantanove", lambda n: novantanove_ev.RubberOver(0, n, 100, (1, 2, 3)), "en",
     "in 1 game,", "in 2 games,"),
    ("poker_italiano", lambda n: poker_ev.Reshuffled(n), "it", "rimescolato 1 scarto",
     "rimescolati 2 scarti"),
    ("poker_italiano", lambda n: poker_ev.Reshuffled(n), "en", "1 discard reshuffled",
     "2 discards reshuffled"),
    ("poker_italiano", lambda n: poker_ev.AntePaid(0, n), "it", "(1 fiche)", "(2 fiches)"),
    ("poker_italiano", lambda n: poker_ev.AntePaid(0, n), "en", "antes 1 chip", "antes 2 chips"),
    ("poker_italiano", lambda n: poker_ev.Refund(0, n), "it", "ritira 1 fiche", "ritira 2 fiches"),
    ("poker_italiano", lambda n: poker_ev.PotWon(0, n, 0, True), "en", ": 1 chip", ": 2 chips"),
    ("poker_italiano", lambda n: poker_ev.PotSplit(0, n), "it", "riceve 1 fiche ",
     "riceve 2 fiches "),
]


@pytest.mark.parametrize(("game_id", "make", "lang", "one", "two"), EVENTS)
def test_event_counts_agree(
    game_id: str, make: Callable[[int], Event], lang: str, one: str, two: str
) -> None:
    game = get_game(game_id)
    said_one = game.describe_event(make(1), lang) + " "
    said_two = game.describe_event(make(2), lang) + " "
    assert one in said_one and two not in said_one, said_one
    assert two in said_two and one not in said_two, said_two


def _cribbage(view: JSON, n: int) -> JSON:
    view["crib"], view["crib_count"] = None, n
    return view


def _burraco_hand(view: JSON, n: int) -> JSON:
    view["hand_counts"] = [n] * len(view["hand_counts"])
    return view


def _burraco_hands(view: JSON, n: int) -> JSON:
    view["target"], view["hands_to_play"] = 0, n
    return view


def _novantanove(view: JSON, n: int) -> JSON:
    for entry in view["hands"]:
        entry["bid_cards"], entry["bid"], entry["bid_count"] = None, None, n
    return view


def _poker(view: JSON, n: int) -> JSON:
    view["scores"] = [float(n)] * len(view["scores"])
    return view


def _nebraska(view: JSON, n: int) -> JSON:
    view["scores"] = [n] * view["players"]
    view["hand_sizes"] = [n] * view["players"]
    return view


def _nebraska_hands(view: JSON, n: int) -> JSON:
    view["target"], view["hands_to_play"] = 0, n
    return view


# (game, config, view edit setting a count to n, language, text for 1, text for 2)
TABLES: list[tuple[str, dict[str, Any], Callable[[JSON, int], JSON], str, str, str]] = [
    ("cribbage", {}, _cribbage, "it", "crib: 1 carta", "crib: 2 carte"),
    ("cribbage", {}, _cribbage, "en", "crib: 1 card\n", "crib: 2 cards\n"),
    ("burraco", {}, _burraco_hand, "it", ": 1 carta", ": 2 carte"),
    ("burraco", {}, _burraco_hand, "en", ": 1 card", ": 2 cards"),
    ("burraco", {"hands": 1}, _burraco_hands, "it", "obiettivo 1 smazzata)",
     "obiettivo 2 smazzate)"),
    ("burraco", {"hands": 1}, _burraco_hands, "en", "target 1 hand)", "target 2 hands)"),
    ("novantanove", {}, _novantanove, "it", "1 carta coperta\n", "2 carte coperte\n"),
    ("novantanove", {}, _novantanove, "en", "1 card face down\n", "2 cards face down\n"),
    ("poker_italiano", {}, _poker, "it", "1 fiche,", "2 fiches,"),
    ("poker_italiano", {}, _poker, "en", "1 chip,", "2 chips,"),
    ("nebraska", {}, _nebraska, "it", ": 1 punto, 1 carta", ": 2 punti, 2 carte"),
    ("nebraska", {}, _nebraska, "en", ": 1 pt, 1 card", ": 2 pts, 2 cards"),
    # "manche" is invariant in Italian, so only the English count changes
    ("nebraska", {"hands": 1}, _nebraska_hands, "en", ", 1 hand\n", ", 2 hands\n"),
]


@pytest.mark.parametrize(("game_id", "config", "edit", "lang", "one", "two"), TABLES)
def test_table_counts_agree(
    game_id: str, config: dict[str, Any], edit: Callable[[JSON, int], JSON], lang: str, one: str,
    two: str,
) -> None:
    game = get_game(game_id)
    shown_one = game.render(edit(started_view(game_id, **config), 1), lang) + "\n"
    shown_two = game.render(edit(started_view(game_id, **config), 2), lang) + "\n"
    assert one in shown_one and two not in shown_one, shown_one
    assert two in shown_two and one not in shown_two, shown_two
