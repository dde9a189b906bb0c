"""Muggins: owners announce their scores, opponents may claim what was overlooked."""

from __future__ import annotations

import random

import pytest
from cribbage_helpers import new_hand, play

from mazzo.engine import IllegalAction
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import ANNOUNCE, CLAIM, DECLINE, Announce
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.events import Announced, Claimed, Counted, Declined, PegWorth
from mazzo.games.cribbage.state import CribbageState
from playout import play_randomly

MUGGINS = CribbageConfig(muggins=True, games_to_win=1)


def pegging_hand(config: CribbageConfig = MUGGINS) -> CribbageState:
    return new_hand(config, 0, {1: "5C 5D 5H JS AD AS", 0: "TD 9C 7C 3S 2D 2H"},
                    {1: "AD AS", 0: "2D 2H"}, starter="5S")


def test_a_scoring_card_waits_for_the_announcement() -> None:
    state = pegging_hand()
    play(state, ["5C", "TD"])  # fifteen for the dealer
    assert state.phase == "announce" and state.current_player == 0
    assert state.legal_actions() == list(ANNOUNCE)  # the legal list does not tell the score
    assert state.board == [0, 0]
    assert state.view(1)["pending"] == {"owner": 0, "what": "peg", "announced": -1,
                                        "overlooked": None}
    with pytest.raises(IllegalAction, match="between 0 and 29"):
        state.apply(Announce(30))
    state.apply(Announce(2))
    assert state.board == [2, 0] and state.phase == "pegging" and state.current_player == 1
    assert any(isinstance(e, PegWorth) for e in state.events)


def test_overlooked_peg_points_can_be_claimed() -> None:
    state = pegging_hand()
    play(state, ["5C", "TD"])
    state.apply(Announce(0))
    assert state.phase == "muggins" and state.current_player == 1
    assert state.legal_actions() == [CLAIM, DECLINE]
    assert state.view(1)["pending"]["overlooked"] == 2
    state.apply(CLAIM)
    assert state.board == [0, 2]
    claimed = next(e for e in state.events if isinstance(e, Claimed))
    assert (claimed.seat, claimed.owner, claimed.points) == (1, 0, 2)
    assert "muggins" in GAME.describe_event(claimed, "en")
    assert state.current_player == 1 and state.phase == "pegging"


def test_an_over_claim_is_corrected() -> None:
    state = pegging_hand()
    play(state, ["5C", "TD"])
    state.apply(Announce(9))
    assert state.board == [2, 0] and state.phase == "pegging"
    event = next(e for e in state.events if isinstance(e, Announced))
    assert (event.claimed, event.points) == (9, 2)
    assert "corrected to 2" in GAME.describe_event(event, "en")


def test_declining_leaves_the_points_unscored() -> None:
    state = pegging_hand()
    play(state, ["5C", "TD"])
    state.apply(Announce(1))
    state.apply(DECLINE)
    assert state.board == [1, 0]
    assert any(isinstance(e, Declined) for e in state.events)


def test_show_announcement_and_claim() -> None:
    state = pegging_hand()
    # lay every card, announcing every peg score in full
    while state.phase != "show" and not (state.phase == "announce" and state.pending
                                         and state.pending.what != "peg"):
        legal = state.legal_actions()
        state.apply(legal[-1] if isinstance(legal[0], Announce) else legal[0])
    assert state.pending is not None and state.pending.owner == 1
    assert state.pending.what == "hand" and state.pending.true == 29
    assert state.view(0)["shown"][-1]["points"] is None  # the owner counts it himself
    before = list(state.board)
    state.apply(Announce(20))
    assert state.board[1] == before[1] + 20
    assert [e for e in state.events if isinstance(e, Announced)] == [
        Announced(1, "hand", 20, 20, before[1] + 20)]
    state.apply(CLAIM)
    assert state.board[0] == before[0] + 9
    event = next(e for e in state.events if isinstance(e, Counted))
    assert (event.points, event.announced) == (29, 20)


def test_claim_can_win_the_game() -> None:
    state = pegging_hand()
    play(state, ["5C", "TD"])
    state.board = [0, 120]
    state.apply(Announce(0))
    state.apply(CLAIM)
    assert state.is_terminal and state.returns() == [0.0, 1.0]


def test_heuristic_announces_exactly_its_score() -> None:
    bot = GAME.bots()["heuristic"](0)
    state = pegging_hand()
    play(state, ["5C", "TD"])
    assert bot.true_score(0, state.view(0)) == 2
    while not (state.phase == "announce" and state.pending and state.pending.what == "hand"):
        if state.phase == "announce":
            assert state.pending is not None
            assert bot.true_score(state.current_player, state.view(state.current_player)) == (
                state.pending.true)
            state.apply(Announce(state.pending.true))
        else:
            state.apply(state.legal_actions()[0])
    assert bot.true_score(1, state.view(1)) == 29


def test_partners_cannot_claim_from_each_other() -> None:
    cfg = CribbageConfig(players=4, muggins=True, games_to_win=1)
    state = new_hand(cfg, 3, {0: "5H 2H 3H 4H AH", 1: "TD 2D 3D 4D AD", 2: "AC 2C 3C 4C 5C",
                              3: "AS 2S 3S 4S 5S"},
                     {0: "AH", 1: "AD", 2: "5C", 3: "5S"}, starter="KH")
    play(state, ["5H", "TD"])  # fifteen for seat 1
    state.apply(Announce(0))
    assert state.phase == "muggins" and state.current_player == 2
    state.apply(DECLINE)
    assert state.current_player == 0  # the other opponent, not seat 3 (the partner)
    state.apply(CLAIM)
    assert state.board == [2, 0]


def test_heuristic_never_overlooks_a_point_in_whole_matches() -> None:
    from mazzo.engine import play_match

    for players in (2, 3, 4):
        config = CribbageConfig(players=players, muggins=True, target=61, games_to_win=1)
        agents = [GAME.bots()["heuristic"](s) for s in range(players)]
        seen_announcements = 0

        def check(state: object) -> None:
            nonlocal seen_announcements
            assert isinstance(state, CribbageState)
            for event in state.events:
                assert not isinstance(event, Claimed)
                if isinstance(event, Announced):
                    assert event.claimed == event.points
                    seen_announcements += 1

        play_match(GAME, config, agents, seed=players, on_step=check)
        assert seen_announcements > 10


def test_zero_scores_need_no_announcement() -> None:
    state = pegging_hand()
    play(state, ["5C"])  # 5 scores nothing: no announcement, the dealer plays on
    assert state.phase == "pegging" and state.current_player == 0


@pytest.mark.parametrize(("lang", "phase"), [("it", "(annuncio)"), ("en", "(announce)")])
def test_the_table_shows_an_unannounced_show_and_the_phase_in_words(
        lang: str, phase: str) -> None:
    """A show waiting for its announcement has no points yet: the terminal printed "= None",
    and named the phase by its id ("Tocca a: Giocatore 1 (announce)") in Italian."""
    state = GAME.new_match(MUGGINS)
    play_randomly(state, random.Random(2), until=lambda s: s.phase == "announce" and any(
        item["points"] is None for item in s.view(0)["shown"]))
    text = GAME.render(state.view(0), lang)
    assert "None" not in text and phase in text, text
    play_randomly(state, random.Random(2), until=lambda s: s.phase == "discard")
    text = GAME.render(state.view(0), lang)
    assert ("(scarto nel crib)" if lang == "it" else "(discard)") in text, text
