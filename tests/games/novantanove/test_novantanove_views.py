"""What each seat may see, and determinize: consistent with voids, exposed cards and counts."""

from __future__ import annotations

import random

from novantanove_helpers import lay_bids, new_deal

from mazzo.cards import HEARTS, parse_card
from mazzo.engine import CHANCE
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.actions import DECLARE, PASS, REVEAL, Play
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.state import NovantanoveState
from playout import decisions

H3 = [
    "AH KH QH JH 10H 9H 8H 7H 6H AS KS QS",
    "JS 10S 9S 8S 7S 6S AC KC QC JC 10C 9C",
    "8C 7C 6C AD KD QD JD 10D 9D 8D 7D 6D",
]
B3 = {0: "AS KS QS", 1: "6S 7S 8S", 2: "6D 7D 8D"}


def test_determinize_respects_voids_shown_by_not_following() -> None:
    state = new_deal(NovantanoveConfig(players=3), 2, H3)
    lay_bids(state, B3)
    for _ in range(3):
        state.apply(PASS)
    state.apply(Play(parse_card("AH")))
    state.apply(Play(parse_card("9C")))  # seat 1 shows a void in hearts
    view = state.view(2)
    for i in range(200):
        sample = state.determinize(2, random.Random(i))
        assert all(c.suit != HEARTS for c in sample.hands[1])
        assert sample.view(2) == view
        assert len(sample.bids[0]) == 3 and len(sample.hands[0]) == 8
    # the hearts can only be in seat 0's hand or in bid piles: some samples move them
    assert any(
        any(c.suit == HEARTS for c in state.determinize(2, random.Random(i)).bids[1])
        for i in range(200)
    )


def test_determinize_keeps_revealed_hand_and_declared_bid() -> None:
    state = new_deal(NovantanoveConfig(players=3), 2, H3)
    lay_bids(state, B3)
    state.apply(PASS)
    state.apply(REVEAL)
    state.apply(PASS)
    for i in range(50):
        sample = state.determinize(2, random.Random(i))
        assert sample.hands[1] == state.hands[1] and sample.bids[1] == state.bids[1]
        assert sorted(sample.hands[0] + sample.bids[0]) == sorted(state.hands[0] + state.bids[0])


def _first_choices_until(phase: str, seed: int) -> NovantanoveState:
    """A 2-player match, chance drawn by ``seed`` and every seat playing its first legal move,
    at its first decision in ``phase``."""
    state = GAME.new_match(NovantanoveConfig(players=2))
    assert isinstance(state, NovantanoveState)
    for _ in decisions(state, random.Random(seed)):
        if state.phase == phase:
            break
        state.apply(state.legal_actions()[0])
    return state


def test_two_player_dummy_bid_is_hidden_but_its_hand_is_not() -> None:
    state = _first_choices_until("play", seed=4)
    moved = False
    for i in range(30):
        sample = state.determinize(0, random.Random(i))
        assert sample.hands[2] == state.hands[2]
        moved |= sample.bids[2] != state.bids[2]
    assert moved
    assert state.view(0)["hands"][2]["bid_cards"] is None


def _bid_visibility_ok(state: NovantanoveState) -> None:
    for seat in range(state.n):
        view = state.view(seat)
        assert len(view["tricks"]) == len(state.played)  # every trick so far is public
        for h, entry in enumerate(view["hands"]):
            if h == seat:
                continue
            open_bid = state.phase in ("deal", "over") or (
                state.phase == "play" and state.premium[h] > 0
            )
            assert (entry["bid_cards"] is not None) == (open_bid and state.deal_no > 0), (h, seat)
            revealed = state.phase == "play" and (state.premium[h] == 60 or h == state.dummy)
            assert (entry["cards"] is not None) == revealed


def test_views_over_random_matches() -> None:
    for players in (2, 3, 4):
        config = NovantanoveConfig(players=players, target=40)
        for seed in range(6):
            state = GAME.new_match(config)
            assert isinstance(state, NovantanoveState)
            rng = random.Random(seed)
            while not state.is_terminal:
                if state.current_player == CHANCE:
                    state.apply(state.sample_chance(rng))
                else:
                    legal = state.legal_actions()
                    # premium answers are biased to pass, so deals with and without premiums occur
                    action = PASS if PASS in legal and rng.random() < 0.6 else rng.choice(legal)
                    state.apply(action)
                _bid_visibility_ok(state)
                if state.phase == "play" and rng.random() < 0.2:
                    seat = rng.randrange(players)
                    sample = state.determinize(seat, rng)
                    for h in range(state.nh):
                        if h != seat:
                            assert not any(sample.voids[h] >> c.suit & 1 for c in sample.hands[h])


def test_two_player_both_declared_bids_are_visible() -> None:
    state = _first_choices_until("premium", seed=9)
    state.apply(DECLARE)
    state.apply(DECLARE)
    view = state.view(0)
    assert view["hands"][1]["bid_cards"] is not None and view["hands"][1]["bid"] is not None
    assert view["hands"][2]["bid_cards"] is None
