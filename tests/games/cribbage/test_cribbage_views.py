"""Views, determinization (go constraints), clone independence, text and rendering."""

from __future__ import annotations

import random

import pytest
from cribbage_helpers import go_state, new_hand, play
from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.engine.game import card_from_token
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage import worlds as cribbage_worlds
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.scoring import VALUE
from mazzo.games.cribbage.state import CribbageState
from playout import decisions, steps

TWO = CribbageConfig(games_to_win=1)


def test_determinize_respects_a_go() -> None:
    state = go_state()
    assert state.go_min[1] == 5
    for seed in range(200):
        sample = state.determinize(0, random.Random(seed))
        assert all(VALUE[c & 15] >= 5 for c in sample.hands[1])
        assert sample.view(0) == state.view(0)
        assert sample.legal_actions() == state.legal_actions()


def test_determinize_leaves_the_player_to_move_a_playable_card() -> None:
    # after the pone's go at 27 the dealer plays on (room 4): every world seat 1 imagines must
    # give him a card worth 4 or less, or he would have said go too
    state = go_state()
    assert state.current_player == 0 and state.count == 27
    for seed in range(200):
        sample = state.determinize(1, random.Random(seed))
        assert any(VALUE[c & 15] <= 4 for c in sample.hands[0]), sample.hands[0]
        assert sample.legal_actions()
        assert sample.view(1) == state.view(1)


def test_determinize_keeps_a_playable_card_for_the_seat_play_resumes_with() -> None:
    # muggins: the pone pairs the dealer's 9 at 28 and must announce; play then resumes with
    # the dealer, who was not passed with a go, so he holds a card worth 3 or less
    config = CribbageConfig(games_to_win=1, muggins=True)
    state = new_hand(config, 0, {1: "KC 9C 5H 6H AD AH", 0: "9D 3D QD QH 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="7S")
    play(state, ["KC", "9D", "9C"])
    assert state.phase == "announce" and state.current_player == 1 and state.count == 28
    for seed in range(200):
        sample = state.determinize(1, random.Random(seed))
        assert any(VALUE[c & 15] <= 3 for c in sample.hands[0]), sample.hands[0]
        sample.apply(sample.legal_actions()[2])  # the true pair
        assert sample.current_player == 0 and sample.legal_actions()


def ace_to_play() -> CribbageState:
    # KC KD 9C AS: 30, the pone's go (Q and J left), and the dealer, holding AH QD, plays on:
    # of the 43 cards seat 1 cannot see only three aces fit a room of 1
    state = new_hand(TWO, 0, {1: "KC 9C QC JC 2D 3D", 0: "KD AS AH QD 4S 4H"},
                     {1: "2D 3D", 0: "4S 4H"}, starter="5S")
    play(state, ["KC", "KD", "9C", "AS"])
    assert state.current_player == 0 and state.count == 30 and state.go_min[1] == 2
    return state


def test_determinize_finds_the_rare_playable_deals() -> None:
    state = ace_to_play()
    for seed in range(100):
        sample = state.determinize(1, random.Random(seed))
        assert sum(VALUE[c & 15] == 1 for c in sample.hands[0]) >= 1, sample.hands[0]
        assert len(sample.hands[0]) == 2 and sample.view(1) == state.view(1)


def test_determinize_falls_back_to_handing_the_mover_a_playable_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cribbage_worlds, "_REDRAWS", 0)  # no random redraw: the fallback deals
    state = ace_to_play()
    seen = set()
    for seed in range(50):
        sample = state.determinize(1, random.Random(seed))
        aces = [c for c in sample.hands[0] if VALUE[c & 15] == 1]
        assert aces and len(sample.hands[0]) == 2 and sample.view(1) == state.view(1)
        assert sorted(sample.cards_in_play()) == sorted(state.cards_in_play())
        seen.add(tuple(sample.hands[0]))
    assert len(seen) > 10  # the other card is still dealt at random


def test_determinize_keeps_own_discards_and_counts() -> None:
    state = go_state()
    sample = state.determinize(1, random.Random(5))
    assert sample.discards[1] == state.discards[1]
    assert sample.hands[1] == state.hands[1]
    assert len(sample.stock) == len(state.stock)
    assert sorted(sample.cards_in_play()) == sorted(state.cards_in_play())
    assert sample.kept[1] == state.kept[1]


def test_view_shows_the_table_not_the_hidden_cards() -> None:
    state = go_state()
    view = state.view(1)
    assert view["count"] == 27 and view["sequence"] == ["K♣", "7♦", "2♠", "8♥"]
    assert view["go"] == [1]
    assert view["hand"] == ["5♥", "9♣"] and view["hand_counts"] == [2, 2]
    assert view["starter"] == "Q♠" and view["crib"] is None
    spectator = state.view(None)
    assert "hand" not in spectator and "discards" not in spectator
    for token in ("4♦", "6♠", "2♦", "2♥"):
        assert token not in str(view)


def test_clone_is_independent() -> None:
    state = go_state()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.count == 27 and twin.count == 0
    assert len(state.history) + 1 == len(twin.history)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([2, 3, 4]))
def test_determinize_respects_every_go_in_random_play(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_match(CribbageConfig(players=players, target=61, games_to_win=1))
    for _ in decisions(state, rng):
        if state.phase == "pegging" and rng.random() < 0.2:
            seat = state.current_player
            sample = state.determinize(seat, rng)
            for other in range(players):
                low = state.go_min[other]
                if other != seat and low:
                    assert all(VALUE[c & 15] >= low for c in sample.hands[other])
            assert sample.legal_actions() == state.legal_actions()


def test_render_and_text_in_both_languages() -> None:
    state = go_state()
    en = GAME.render(state.view(0), "en")
    it = GAME.render(state.view(0), "it")
    assert "Count: 27" in en and "skunk line 91" in en and "Your hand" in en
    assert "Conteggio: 27" in it and "linea skunk 91" in it and "La tua mano" in it
    for line in (en, it):
        assert "4♦" in line and "6♠" in line  # seat 0's own hand
    for lang in ("en", "it"):
        assert len(GAME.rules_summary(lang)) > 500
    cards = [card_from_token(t) for t in state.view(0)["hand"]]
    assert {str(c) for c in cards} == {"4♦", "6♠"}


def test_every_event_reads_in_both_languages() -> None:
    rng = random.Random(7)
    for config in GAME.test_configs()[:5]:
        state = GAME.new_match(config)
        for _ in steps(state, rng):
            for event in state.events:
                en, it = GAME.describe_event(event, "en"), GAME.describe_event(event, "it")
                assert en and it and en != repr(event)
        assert GAME.render(state.view(None), "it")


def test_crib_discards_are_secret_moves() -> None:
    from mazzo.games.cribbage.actions import DISCARD1, PLAY, Announce

    assert next(iter(DISCARD1.values())).secret
    assert not next(iter(PLAY.values())).secret and not Announce(3).secret


def test_partnership_results_name_both_partners() -> None:
    from mazzo.games.cribbage.events import GameWon, MatchWon

    assert GAME.describe_event(GameWon(1, 4, 2, (80, 121), 1, 3), "en") == (
        "Players 2+4 win game 2, 80–121 (skunk): 3 match points")
    assert GAME.describe_event(MatchWon(0, 4, (2, 1), (4, 2)), "it") == (
        "Giocatori 1+3 vincono il match (partite 2–1, punti match 4–2)")
    assert GAME.describe_event(MatchWon(1, 2, (0, 2), (0, 5)), "en") == (
        "Player 2 wins the match (games 0–2, match points 0–5)")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(GAME.test_configs()[1:]))
def test_events_account_for_every_point(seed: int, config: CribbageConfig) -> None:
    """Replaying the events alone rebuilds the board: every point says where it came from."""
    from mazzo.games.cribbage.events import Announced, Claimed, Counted, GameWon, Scored

    rng = random.Random(seed)
    state = GAME.new_match(config)
    board = [0] * state.nsides
    for _ in steps(state, rng):
        for e in state.events:
            if isinstance(e, Scored | Claimed | Announced):
                board[state.side[e.seat]] += e.points
            elif isinstance(e, Counted) and e.announced < 0:
                board[state.side[e.seat]] += e.points
                assert e.points == e.fifteens + e.pairs + e.runs + e.flush + e.nobs
            elif isinstance(e, GameWon):
                assert list(e.scores) == board
                assert max(board) >= config.target
                assert sorted(board)[-2] < config.target  # only one side got there
                board = [0] * state.nsides
        if not state.is_terminal and state.phase != "deal":
            assert board == state.board
