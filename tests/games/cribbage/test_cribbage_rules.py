"""The rules as a state machine: deal, go and 31, the show order, the instant win, match points,
partnerships, three players, illegal actions."""

from __future__ import annotations

import json

import pytest
from cribbage_helpers import cards, cut_for, deal_order, new_hand, one, play

from mazzo.engine import CHANCE, TERMINAL, ConfigError, IllegalAction, replay
from mazzo.engine.record import make_record
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import Cut, CutForDeal, Deal, Discard, Play
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.events import (
    Counted,
    CountReset,
    CutForDealt,
    GameWon,
    Go,
    MatchWon,
    Scored,
)
from mazzo.games.cribbage.state import CribbageState

TWO = CribbageConfig(games_to_win=1)


def scored(state: CribbageState) -> list[tuple[int, int, str]]:
    return [(e.seat, e.points, e.reason) for e in state.events if isinstance(e, Scored)]


# --- the deal ----------------------------------------------------------------------------------


def test_first_dealer_by_lowest_cut_ace_low() -> None:
    state = GAME.new_match(CribbageConfig())
    state.apply(CutForDeal((one("2H"), one("AS"))))
    assert state.dealer == 1
    assert state.phase == "deal" and state.current_player == CHANCE


def test_equal_lowest_cuts_cut_again() -> None:
    state = GAME.new_match(CribbageConfig(players=3))
    state.apply(CutForDeal((one("5H"), one("5S"), one("9C"))))
    assert state.phase == "cut_for_deal"
    assert state.events == [CutForDealt((one("5H"), one("5S"), one("9C")), -1)]
    # an equal pair above the lowest card does not matter
    state.apply(CutForDeal((one("5H"), one("5S"), one("2C"))))
    assert state.dealer == 2


def test_two_player_deal_and_alternation() -> None:
    state = new_hand(TWO, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"},
                     {1: "5H 6H", 0: "5C 6C"})
    assert sorted(state.hands[1]) == sorted(cards("AH 2H 3H 4H"))
    assert sorted(state.hands[0]) == sorted(cards("AC 2C 3C 4C"))
    assert sorted(state.crib) == sorted(cards("5H 6H 5C 6C"))
    assert len(state.stock) == 40
    state.apply(Cut(one("KD")))
    assert state.current_player == 1  # the pone leads
    play(state, ["AH", "AC", "2H", "2C", "3H", "3C", "4H", "4C"])
    assert state.phase == "deal" and state.dealer == 1 and state.hand_number == 2


def test_discards_are_hidden_and_the_crib_belongs_to_the_dealer() -> None:
    state = new_hand(TWO, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"},
                     {1: "5H 6H", 0: "5C 6C"})
    view = state.view(1)
    assert view["discards"] == ["5♥", "6♥"]
    assert view["crib"] is None and view["crib_count"] == 4
    assert "5♣" not in str(view)


def test_a_discard_in_any_order_is_the_listed_action_and_recorded_so() -> None:
    state = GAME.new_match(TWO)
    state.apply(cut_for(2, 0))
    state.apply(deal_order(2, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"}))
    listed = next(a for a in state.legal_actions()
                  if isinstance(a, Discard) and set(a.cards) == set(cards("5H 6H")))
    backwards = Discard(tuple(reversed(listed.cards)))
    assert backwards == listed and hash(backwards) == hash(listed)
    assert backwards.cards == listed.cards
    assert GAME.action_index(TWO, backwards) == GAME.action_index(TWO, listed)
    data = listed.to_json()
    data["cards"] = list(reversed(data["cards"]))
    assert GAME.action_from_json(data) == listed
    state.apply(GAME.action_from_json(data))
    assert state.history[-1].to_json() == listed.to_json()
    assert state.discards[1] == list(listed.cards)
    record = json.loads(json.dumps(make_record(state)))
    assert replay(record).history[-1].to_json() == listed.to_json()


def test_his_heels_and_winning_on_the_cut() -> None:
    state = new_hand(TWO, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"},
                     {1: "5H 6H", 0: "5C 6C"})
    state.board = [119, 100]
    state.apply(Cut(one("JH")))
    assert scored(state) == [(0, 2, "his_heels")]
    assert state.current_player == TERMINAL
    assert state.returns() == [1.0, 0.0]


def test_three_players_deck_card_starts_the_crib() -> None:
    cfg = CribbageConfig(players=3, games_to_win=1)
    state = new_hand(cfg, 2, {0: "KH 5C 6C 7C 2D", 1: "9H 5S 6S 7S 3D", 2: "8D 2C AC 9C 4D"},
                     {0: "2D", 1: "3D", 2: "4D"}, crib_card="QS")
    assert sorted(state.crib) == sorted(cards("QS 2D 3D 4D"))
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert len(state.stock) == 52 - 16


# --- the play: go, 31, last card ---------------------------------------------------------------


def test_go_then_thirty_one_scores_two_only() -> None:
    # count 27, the pone holds 5 and 9, the dealer 4 and 6
    state = new_hand(TWO, 0, {1: "KC 2S 5H 9C AD AH", 0: "7D 8H 4D 6S 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="QS")
    play(state, ["KC", "7D", "2S"])
    play(state, ["8H"])
    assert state.count == 27
    assert Go(1, 27) in state.events
    assert state.current_player == 0  # the pone could not play: the dealer goes on
    assert state.legal_actions() == [Play(one("4D"))]
    play(state, ["4D"])
    assert scored(state) == [(0, 2, "thirty_one")]
    assert CountReset(1) in state.events and state.count == 0
    assert state.current_player == 1  # the pone, left of the last player, leads


def test_go_point_for_the_last_card_under_31() -> None:
    # count 25, the pone holds 9 and 8, the dealer 4 and 6 (both legal)
    state = new_hand(TWO, 0, {1: "KC QS 9H 8C AD AH", 0: "3D 2S 4D 6S 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="7S")
    play(state, ["KC", "3D", "QS", "2S"])
    assert state.count == 25 and state.current_player == 0
    assert set(state.legal_actions()) == {Play(one("4D")), Play(one("6S"))}
    play(state, ["4D"])
    assert scored(state) == [(0, 1, "go")]
    assert state.current_player == 1 and state.count == 0


def test_three_player_go_round_continues_until_nobody_can_play() -> None:
    cfg = CribbageConfig(players=3, games_to_win=1)
    state = new_hand(cfg, 2, {0: "KH 5C 6C 7C 2D", 1: "9H 5S 6S 7S 3D", 2: "8D 2C AC 9C 4D"},
                     {0: "2D", 1: "3D", 2: "4D"}, starter="KS", crib_card="QS")
    assert state.current_player == 0
    play(state, ["KH", "9H", "8D"])
    assert state.count == 27 and Go(0, 27) in state.events and Go(1, 27) in state.events
    assert state.current_player == 2
    play(state, ["2C"])
    assert state.current_player == 2 and scored(state) == []
    play(state, ["AC"])
    assert scored(state) == [(2, 1, "go")]
    assert state.current_player == 0 and state.count == 0


def test_go_points_and_last_card() -> None:
    state = new_hand(TWO, 0, {1: "KC QS JH TC AD AH", 0: "9D 9S 5C 8C 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="7S")
    play(state, ["KC", "9D", "QS"])  # 29: nobody can play
    assert Go(0, 29) in state.events
    assert scored(state) == [(1, 1, "go")]
    assert state.current_player == 0  # left of the pone
    play(state, ["9S", "JH", "5C"])  # 24: the pone's 10 and the dealer's 8 are too high
    assert Go(1, 24) in state.events and scored(state) == [(0, 1, "go")]
    assert state.current_player == 1
    play(state, ["TC"])
    assert scored(state) == [] and state.current_player == 0
    play(state, ["8C"])  # 18, all cards laid
    assert scored(state)[0] == (0, 1, "last_card")
    assert state.phase == "deal"  # shown and scored: next hand


# --- the show ----------------------------------------------------------------------------------


def counted(state: CribbageState) -> list[tuple[int, str, int]]:
    return [(e.seat, e.what, e.points) for e in state.events if isinstance(e, Counted)]


def test_show_order_left_of_dealer_first_then_dealer_then_crib() -> None:
    cfg = CribbageConfig(players=3, games_to_win=1)
    state = new_hand(cfg, 1, {2: "KH 5C 6C 7C 2D", 0: "9H 5S 6S 7S 3D", 1: "8D 2C AC 9C 4D"},
                     {2: "2D", 0: "3D", 1: "4D"}, starter="KS", crib_card="QS")
    while state.phase == "pegging":
        state.apply(state.legal_actions()[0])
    assert [(s, w) for s, w, _ in counted(state)] == [(2, "hand"), (0, "hand"), (1, "hand"),
                                                       (1, "crib")]


def test_game_ends_in_the_show_before_the_dealer_counts() -> None:
    # pone 118 counts a 4-point hand (a four-card flush) and wins; the dealer's 112 stays
    state = new_hand(TWO, 0, {1: "2H 4H 6H 8H AD AS", 0: "KS QD 9C 7C 3D 3S"},
                     {1: "AD AS", 0: "3D 3S"}, starter="KC")
    while sum(len(h) for h in state.hands) > 1:
        state.apply(state.legal_actions()[0])
    assert state.current_player == 0  # the dealer lays the last card
    state.board = [111, 118]
    state.apply(state.legal_actions()[0])
    assert [(s, p, r) for s, p, r in scored(state)] == [(0, 1, "last_card")]
    assert counted(state) == [(1, "hand", 4)]  # nothing counted after the pone's hand
    won = next(e for e in state.events if isinstance(e, GameWon))
    assert won.scores == (112, 122) and won.skunk == 0 and won.match_points == 2
    assert state.is_terminal and state.returns() == [0.0, 1.0]


def test_the_counted_event_explains_every_point() -> None:
    state = new_hand(TWO, 0, {1: "5C 5D 5H JS AD AS", 0: "KS QD 9C 7C 3D 3S"},
                     {1: "AD AS", 0: "3D 3S"}, starter="5S")
    while state.phase == "pegging":
        state.apply(state.legal_actions()[0])
    event = next(e for e in state.events if isinstance(e, Counted) and e.seat == 1)
    text = GAME.describe_event(event, "en")
    assert "fifteen 2, fifteen 4" in text and "fifteen 16" in text
    assert "six pairs is 28" in text and "one for his nobs is 29" in text
    it = GAME.describe_event(event, "it")
    assert "quindici 2" in it and "sei coppie fa 28" in it


# --- match points, skunks, next game -----------------------------------------------------------


def win_on_heels(config: CribbageConfig, loser_score: int) -> CribbageState:
    """Seat 0 deals and reaches the target with his heels; the other side has loser_score."""
    state = new_hand(config, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"},
                     {1: "5H 6H", 0: "5C 6C"})
    state.board = [config.target - 2, loser_score]
    state.apply(Cut(one("JH")))
    return state


def game_won(state: CribbageState) -> GameWon:
    return next(e for e in state.events if isinstance(e, GameWon))


@pytest.mark.parametrize(("scheme", "loser", "skunk", "points"), [
    ("acc", 91, 0, 2), ("acc", 90, 1, 3), ("acc", 60, 2, 3), ("acc", 30, 3, 3),
    ("long", 91, 0, 3), ("long", 90, 1, 4), ("long", 20, 3, 4),
    ("free", 91, 0, 1), ("free", 90, 1, 2), ("free", 60, 2, 3), ("free", 30, 3, 3),
    ("free_triple", 91, 0, 1), ("free_triple", 90, 1, 2), ("free_triple", 60, 2, 4),
])
def test_skunk_lines_and_schemes(scheme: str, loser: int, skunk: int, points: int) -> None:
    state = win_on_heels(CribbageConfig(match_scoring=scheme), loser)
    event = game_won(state)
    assert (event.skunk, event.match_points) == (skunk, points)
    assert state.match_points == [points, 0]
    assert not state.is_terminal  # best of 3: the match goes on


def test_free_triple_skunk_wins_the_match_outright() -> None:
    state = win_on_heels(CribbageConfig(match_scoring="free_triple", games_to_win=3), 30)
    assert game_won(state).skunk == 3
    assert state.is_terminal and state.returns() == [1.0, 0.0]
    assert any(isinstance(e, MatchWon) for e in state.events)


@pytest.mark.parametrize(("loser", "skunk", "points"), [(31, 0, 2), (30, 1, 3), (5, 1, 3)])
def test_lurch_line_in_the_61_game(loser: int, skunk: int, points: int) -> None:
    state = win_on_heels(CribbageConfig(target=61), loser)
    assert (game_won(state).skunk, game_won(state).match_points) == (skunk, points)


def test_no_skunk_with_three_players() -> None:
    cfg = CribbageConfig(players=3)
    state = new_hand(cfg, 0, {1: "AH 2H 3H 4H 5H", 2: "AD 2D 3D 4D 5D", 0: "AC 2C 3C 4C 5C"},
                     {1: "5H", 2: "5D", 0: "5C"}, crib_card="KS")
    state.board = [119, 3, 10]
    state.apply(Cut(one("JH")))
    assert (game_won(state).skunk, game_won(state).match_points) == (0, 2)
    assert state.dealer == 1  # the deal keeps rotating into the next game


def test_loser_deals_first_in_the_next_two_player_game() -> None:
    state = win_on_heels(CribbageConfig(), 100)
    assert state.phase == "deal" and state.dealer == 1
    assert state.board == [0, 0] and state.games_won == [1, 0] and state.game_no == 2
    assert state.view(0)["last_game"]["scores"] == [121, 100]


def test_match_ends_at_games_to_win() -> None:
    state = win_on_heels(CribbageConfig(games_to_win=2), 100)
    assert not state.is_terminal
    state.apply(deal_order(2, 1, {0: "AH 2H 3H 4H 5H 6H", 1: "AC 2C 3C 4C 5C 6C"}))
    state.apply(Discard(tuple(cards("5H 6H"))))
    state.apply(Discard(tuple(cards("5C 6C"))))
    state.board = [50, 119]
    state.apply(Cut(one("JD")))  # seat 1 deals now and wins game 2: one game each
    assert state.games_won == [1, 1] and not state.is_terminal
    assert state.dealer == 0  # the loser of game 2 deals game 3
    assert state.scores() == [2.0, 3.0]  # acc: 2 for a win, 3 for the skunk at 50


# --- partnerships ------------------------------------------------------------------------------


def test_partners_share_one_score() -> None:
    cfg = CribbageConfig(players=4, games_to_win=1)
    state = new_hand(cfg, 3, {0: "AH 2H 3H 4H 5H", 1: "AD 2D 3D 4D 5D", 2: "AC 2C 3C 4C 5C",
                              3: "AS 2S 3S 4S 5S"},
                     {0: "5H", 1: "5D", 2: "5C", 3: "5S"}, starter="JH")
    assert state.view(1)["scores"] == [0, 2, 0, 2]  # his heels for seats 1 and 3
    play(state, ["AH", "AD"])
    assert scored(state) == [(1, 2, "pair")]
    assert state.board == [0, 4]
    assert state.view(0)["partnerships"] is True


# --- illegal actions and config ----------------------------------------------------------------


def test_illegal_actions_say_why() -> None:
    state = new_hand(TWO, 0, {1: "KC QS 9H 8C AD AH", 0: "3D 2S 4D 6S 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="7S")
    with pytest.raises(IllegalAction, match="you do not hold 3♦"):
        state.apply(Play(one("3D")))
    with pytest.raises(IllegalAction, match="crib is complete"):
        state.apply(Discard((one("4D"),)))
    state = new_hand(TWO, 0, {1: "KC 2S 5H 9C AD AH", 0: "7D 8H 4D 6S 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="QS")
    play(state, ["KC", "7D", "2S", "8H"])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="6♠ would bring the count to 33, over 31"):
        state.apply(Play(one("6S")))
    assert state.view(0) == before
    fresh = GAME.new_match(TWO)
    fresh.apply(cut_for(2, 0))
    fresh.apply(deal_order(2, 0, {1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"}))
    with pytest.raises(IllegalAction, match="exactly 2 cards"):
        fresh.apply(Discard((one("AH"),)))
    with pytest.raises(IllegalAction, match="do not hold"):
        fresh.apply(Discard((one("AH"), one("AC"))))
    with pytest.raises(IllegalAction, match="not a move of the discard phase"):
        fresh.apply(Deal(tuple(cards("AH AH"))))
    chance = GAME.new_match(TWO)
    chance.apply(cut_for(2, 0))
    with pytest.raises(IllegalAction, match="12 different cards"):
        chance.apply(Deal(tuple(cards("AH AH"))))
    # the discard may list its cards in any order
    fresh.apply(Discard((one("6H"), one("5H"))))
    assert sorted(fresh.crib) == cards("5H 6H")


def test_config_validation() -> None:
    for field, value in (("players", 5), ("target", 100), ("games_to_win", 0),
                         ("match_scoring", "bogus"), ("muggins", 1)):
        with pytest.raises(ConfigError, match=field):
            CribbageConfig().replace(**{field: value})
    assert GAME.config(players=4, target=61).players == 4


@pytest.mark.parametrize(("lang", "match"), [
    ("en", "Match: the first to win two games (or as many as the option games_to_win says)"),
    ("it", "Match: vince chi vince per primo due partite (o quante ne dice l'opzione "
           "games_to_win)"),
])
def test_the_rules_summary_says_the_match_in_words(lang: str, match: str) -> None:
    """The summary (``mazzo rules cribbage``) read "first to win games_to_win games" / "vince
    chi vince games_to_win partite": a config field where a player reads a number."""
    text = " ".join(GAME.rules_summary(lang).split())
    assert match in text
