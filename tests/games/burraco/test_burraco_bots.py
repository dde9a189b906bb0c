"""The heuristic bot beats random play clearly, and only ever plays legal actions."""

from __future__ import annotations

import pytest

from mazzo.bots.random_bot import RandomAgent
from mazzo.engine import play_match
from mazzo.games.burraco import GAME
from mazzo.games.burraco.bots import BurracoHeuristic
from mazzo.games.burraco.config import BurracoConfig

#: matches of the heuristic against random players
pytestmark = pytest.mark.statistical


def _win_rate(players: int, matches: int) -> float:
    config = BurracoConfig(players=players, hands=1)
    won = 0.0
    for i in range(matches):
        hero = i % players
        agents = []
        for s in range(players):
            ours = (s % 2 == hero % 2) if players == 4 else s == hero
            agents.append(BurracoHeuristic(i) if ours else RandomAgent(1000 + i * 4 + s))
        won += play_match(GAME, config, agents, seed=i).returns[hero]
    return won / matches


def test_heuristic_beats_random_in_pairs() -> None:
    assert _win_rate(4, 60) >= 0.8  # measured ≈ 0.99 over 500 full matches


def test_heuristic_beats_random_heads_up() -> None:
    assert _win_rate(2, 60) >= 0.6  # one hand is noisy; measured ≈ 0.8 per hand


def test_heuristic_beats_two_randoms() -> None:
    assert _win_rate(3, 45) >= 0.6  # a random pair or solo: chance level is 1/3


def test_heuristic_full_match_self_play_ends() -> None:
    agents = [BurracoHeuristic(s) for s in range(4)]
    result = play_match(GAME, BurracoConfig(target=600), agents, seed=3)
    assert result.winners
