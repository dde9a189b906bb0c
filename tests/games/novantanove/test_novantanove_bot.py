"""The heuristic bot: legal, view-only, and clearly better than random."""

from __future__ import annotations

import random

import pytest
from novantanove_helpers import new_deal

from mazzo.bots.random_bot import RandomAgent
from mazzo.cards import HEARTS, parse_cards
from mazzo.engine import play_match
from mazzo.engine.agent import Turn
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.bots import HeuristicAgent, Table, choose_bid, estimate
from mazzo.games.novantanove.config import NovantanoveConfig
from playout import play_randomly

H3 = [
    "AH KH QH JH 10H 9H 8H 7H 6H AS KS QS",
    "JS 10S 9S 8S 7S 6S AC KC QC JC 10C 9C",
    "8C 7C 6C AD KD QD JD 10D 9D 8D 7D 6D",
]


def test_estimate_counts_top_cards() -> None:
    state = new_deal(NovantanoveConfig(players=3), 2, H3)
    table = Table(state.view(0))
    sure, var = estimate(table, parse_cards("AH KH QH JH 10H 9H 8H 7H 6H"), [])
    assert sure > 8 and var < 0.5  # a solid nine-card suit at no trump
    none, _ = estimate(table, parse_cards("6C 7C 8C 6D 7D 8D"), [])
    assert none < 0.5


def test_bid_matches_the_estimate() -> None:
    state = new_deal(NovantanoveConfig(players=3), 2, H3)
    chosen, miss = choose_bid(Table(state.view(1)))
    assert len(chosen) == 3 and miss < 1.5
    # seat 0 would win all nine tricks but cannot bid more than 6 with hearts and spades
    chosen, _ = choose_bid(Table(state.view(0)))
    assert sorted(c.suit for c in chosen) == [HEARTS] * 3


def test_bot_uses_only_legal_actions_in_every_config() -> None:
    for config in GAME.test_configs():
        agents = [HeuristicAgent(s) for s in range(config.players)]
        result = play_match(GAME, config, agents, seed=1)
        assert result.state.is_terminal


@pytest.mark.statistical
@pytest.mark.parametrize(("players", "matches", "threshold"), [(3, 150, 0.55), (2, 100, 0.7)])
def test_heuristic_beats_random(players: int, matches: int, threshold: float) -> None:
    config = NovantanoveConfig(players=players)
    wins = 0
    for i in range(matches):
        bot = i % players
        agents = [
            HeuristicAgent(i) if s == bot else RandomAgent(1000 + i * 7 + s) for s in range(players)
        ]
        wins += bot in play_match(GAME, config, agents, seed=i).winners
    assert wins / matches > threshold  # measured ≈ 0.8 (3p) vs a fair share of 1/3


def test_bot_sees_only_its_view() -> None:
    state = GAME.new_match(NovantanoveConfig(players=3))
    rng = random.Random(0)
    play_randomly(state, rng, until=lambda s: s.current_player >= 0)
    seat = state.current_player
    turn = Turn(seat, state.view(seat), state.legal_actions(), rng, state)
    action = HeuristicAgent(0).act(turn)
    assert action in state.legal_actions()
