"""The play searched over all worlds at once (:mod:`mazzo.games.cribbage.joint_play`).

With one world there is nothing to tell apart, so the joint search is the one-world solve of
:mod:`.board` exactly; with many, deciding each later card once for the worlds we cannot tell
apart can only lose value against deciding it per world (strategy fusion over-estimates), and a
card that wins at once is worth the same either way. Checked on the play positions of real
medio-against-medio deals.
"""

from __future__ import annotations

import random

import pytest

from mazzo.engine import CHANCE, TERMINAL
from mazzo.engine.agent import Turn
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.actions import Play
from mazzo.games.cribbage.board import PlayPosition, _solve, play_worlds, textbook_opponent
from mazzo.games.cribbage.bots import CribbageExpert, CribbageHeuristic, play_position
from mazzo.games.cribbage.joint_play import search_play_joint

#: whole games of the joint expert and many one-world solves
pytestmark = pytest.mark.soak

GAME = get_game("cribbage")


def _play_positions(count: int, seed: int) -> list[tuple[PlayPosition, list[int]]]:
    """Play positions with a choice, from medio-against-medio one-game matches."""
    rng = random.Random(seed)
    medio = CribbageHeuristic(seed)
    found: list[tuple[PlayPosition, list[int]]] = []
    while len(found) < count:
        state = GAME.new_match(GAME.config(games_to_win=1))
        while state.current_player != TERMINAL and len(found) < count:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal, view = state.legal_actions(), state.view(seat)
            if isinstance(legal[0], Play) and len(legal) > 1:
                found.append((play_position(seat, view),
                              [a.card for a in legal if isinstance(a, Play)]))
            state.apply(medio.act(Turn(seat, view, legal, rng, state)))
    return found


#: play positions checked: each is 20 worlds solved alone and jointly, so 50 positions are a
#: thousand one-world solves, every kind of play position (leads, replies, go, last card) among them
POSITIONS = 50


def test_one_world_is_the_one_world_solve_and_many_never_exceed_the_fused_mean() -> None:
    for i, (pos, moves) in enumerate(_play_positions(POSITIONS, 3)):
        drawn = play_worlds(pos, random.Random(i), 20, 0.5, 1.0)
        joint = search_play_joint(pos, moves, drawn, textbook_opponent)
        fused = [0.0] * len(moves)
        for (hand, away), n in drawn.items():
            solved = _solve(pos, hand, away, moves, textbook_opponent(pos, hand, away))
            fused = [f + n * v / 20 for f, v in zip(fused, solved, strict=True)]
            alone = search_play_joint(pos, moves, {(hand, away): 7}, textbook_opponent)
            assert alone == pytest.approx(solved, abs=1e-12)
        assert all(0.0 <= j <= f + 1e-12 for j, f in zip(joint, fused, strict=True))


def test_the_joint_expert_plays_legal_cards_in_whole_games() -> None:
    expert = CribbageExpert(4, temperature=0.5, play=1.0, model="textbook", joint=True)
    medio = CribbageHeuristic(5)
    rng = random.Random(6)
    state = GAME.new_match(GAME.config(games_to_win=1))
    while state.current_player != TERMINAL:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        agent = expert if seat == 0 else medio
        state.apply(agent.act(Turn(seat, state.view(seat), state.legal_actions(), rng, state)))
    assert state.is_terminal
