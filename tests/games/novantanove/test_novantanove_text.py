"""Rendering, action and event text in Italian and English."""

from __future__ import annotations

import random

from novantanove_helpers import lay_bids, new_deal

from mazzo.engine import CHANCE
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.actions import DECLARE, PASS, REVEAL, BidCard, Play
from mazzo.games.novantanove.config import NovantanoveConfig
from playout import random_move

H2 = [
    "AH KH QH JH 10H 9H 8H 7H 6H 6S KD AD",
    "AS KS QS JS 10S 9S 8S 7S 6C 7D 8D 9D",
    "10D JD QD AC KC QC JC 10C 9C 8C 7C 6D",
]


def test_render_two_player_table() -> None:
    state = new_deal(NovantanoveConfig(players=2), 0, H2)
    lay_bids(state, {0: "KD AD AH", 1: "7D 8D 9D"})
    state.apply(DECLARE)
    state.apply(PASS)
    it = GAME.render(state.view(0), "it")
    en = GAME.render(state.view(0), "en")
    assert "Morto" in it and "senza briscola" in it and "la tua mano" in it
    assert "Dummy" in en and "no trump" in en and "your hand" in en
    assert "7♦ 8♦ 9♦ = 0" in it  # the declared bid, face up
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert "(dal morto)" in GAME.render(state.view(1), "it")


def test_describe_actions_and_events_in_both_languages() -> None:
    assert GAME.describe_action(PASS, "it") == "passo"
    assert GAME.describe_action(REVEAL, "it").startswith("scopro")
    assert GAME.describe_action(DECLARE, "en") == "declare"
    state = GAME.new_match(NovantanoveConfig(players=3, mode="rubber", target=20))
    rng = random.Random(2)
    kinds: set[str] = set()
    while not state.is_terminal:
        action = random_move(state, rng)
        if state.current_player != CHANCE:
            for lang in ("it", "en"):
                assert GAME.describe_action(action, lang)
        state.apply(action)
        for event in state.events:
            kinds.add(event.kind)
            assert GAME.describe_event(event, "it") and GAME.describe_event(event, "en")
        if rng.random() < 0.05:
            for seat in (0, 1, 2, None):
                assert GAME.render(state.view(seat), "it")
    assert {"game_over", "rubber_over", "deal_scored", "trick_won"} <= kinds
    assert "vince" in GAME.render(state.view(None), "it")


def test_bid_card_event_hides_the_card() -> None:
    state = new_deal(NovantanoveConfig(players=2), 0, H2)
    state.apply(BidCard(state.hands[1][0]))
    text = GAME.describe_event(state.events[0], "en")
    assert "face down" in text and str(state.bids[1][0]) not in text
    assert BidCard.secret and not Play.secret  # UIs announce a bid card without showing it


def test_rules_summary() -> None:
    assert "fiori 3" in GAME.rules_summary("it")
    assert "clubs 3" in GAME.rules_summary("en")
