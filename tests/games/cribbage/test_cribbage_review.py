"""The review of two-player cribbage's play to 121: valued by the chance to win the game."""

from __future__ import annotations

from cribbage_helpers import new_hand, one, play

from mazzo.coach.review import review_decision
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import Play
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.state import CribbageState

#: worlds behind each value: enough to tell a won game from a likely lost one
WORLDS = 12


def fifteen_to_win(target: int = 121) -> CribbageState:
    """Dealer (seat 0) at ``target - 2``, the pone at ``target - 1`` and counting first: the pone
    leads 5♥ and the dealer's 10♦ makes fifteen, two pegs and the game."""
    state = new_hand(CribbageConfig(target=target, games_to_win=1), 0,
                     {1: "5H 5S 5C JD AC AD", 0: "TD 2C 3D 4S 9H 8H"},
                     {1: "AC AD", 0: "9H 8H"}, starter="KC")
    state.board = [target - 2, target - 1]
    play(state, ["5H"])
    return state


def test_a_two_player_play_to_121_is_valued_in_win_chance() -> None:
    state = fifteen_to_win()
    best, _ = review_decision(GAME, state, 0, Play(one("TD")), 40, WORLDS)
    assert best.unit == {"en": "win chance", "it": "probabilità di vittoria"} and best.percent
    assert best.klass == "best" and best.estimate == 1.0
    assert best.reason["en"] == "the esperto's move: 100.0% win chance"
    assert best.reason["it"] == "la mossa dell'esperto: 100,0% di probabilità di vittoria"


def test_throwing_away_the_game_winning_fifteen_is_a_blunder() -> None:
    state = fifteen_to_win()
    thrown, _ = review_decision(GAME, state, 0, Play(one("2C")), 40, WORLDS)
    assert thrown.best == Play(one("TD")) and thrown.klass == "blunder"
    assert thrown.loss > 0.3 and 0.0 <= thrown.estimate < 0.7
    assert thrown.reason["en"].endswith(" percentage points of win chance")
    assert thrown.reason["it"].endswith(" punti percentuali di probabilità di vittoria")


def test_the_short_game_keeps_its_play_in_pegs() -> None:
    """The board table is made for 121: a game to 61 is valued in pegs of the hand."""
    state = fifteen_to_win(61)
    thrown, _ = review_decision(GAME, state, 0, Play(one("2C")), 40, WORLDS)
    assert thrown.unit["en"] == "points" and not thrown.percent
