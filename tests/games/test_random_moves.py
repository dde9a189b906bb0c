"""``State.random_moves`` (a search's random rollout, issue 17) gives, in every game that
overrides it, exactly what the engine's own loop gives: the same number of moves, the same draws
from the generator, the same state after (every seat's view and the spectator's, the events of
the last move, the history, the legal moves, the scores), and the same match when both states
are played on. Positions come from random matches of every test config, with every stop the
search uses (none, the end of this hand, a hand already reached) and caps from 0 to unbounded.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mazzo.engine import State, all_games, get_game
from playout import play_randomly, steps

#: random matches of every config, each rollout played against the engine's loop
pytestmark = pytest.mark.soak

GAMES = [game.id for game in all_games()]
#: positions looked at per test config (every state of a random match, thinned)
POSITIONS = 60


def _snapshot(state: State) -> str:
    """All a player, a spectator or a search can read of ``state``, as one JSON text."""
    seen: dict[str, Any] = {
        "player": state.current_player,
        "phase": state.phase,
        "hand": state.hand_number,
        "views": [state.view(seat) for seat in [*range(state.num_players), None]],
        "events": [repr(event) for event in state.events],
        "history": [repr(action) for action in state.history],
        "scores": state.scores(),
        "returns": state.returns(),
        "legal": [] if state.current_player < 0 else [repr(a) for a in state.legal_actions()],
    }
    return json.dumps(seen, ensure_ascii=False, default=repr)


def _compare(state: State, rng: random.Random, stop_hand: int | None, cap: int) -> int:
    ours, theirs = state.clone(), state.clone()
    ours_rng, theirs_rng = random.Random(), random.Random()
    ours_rng.setstate(rng.getstate())
    theirs_rng.setstate(rng.getstate())
    played = ours.random_moves(ours_rng, stop_hand, cap)
    assert played == State.random_moves(theirs, theirs_rng, stop_hand, cap)
    assert ours_rng.getstate() == theirs_rng.getstate()
    assert _snapshot(ours) == _snapshot(theirs)
    return played


@pytest.mark.parametrize("game_id", GAMES)
def test_random_moves_play_what_the_engine_loop_plays(game_id: str) -> None:
    game = get_game(game_id)
    if type(game.new_match()).random_moves is State.random_moves:
        pytest.skip(f"{game_id} plays random moves by the engine's own loop")
    played = 0
    for index, config in enumerate(game.test_configs()):
        rng = random.Random(17_000 + index)
        looked = 0
        for state in steps(game.new_match(config), rng, limit=3000):
            if state.current_player < 0 or rng.random() < 0.7:
                continue
            hand = state.hand_number
            stop = rng.choice([None, hand + 1, hand + 2, hand])
            cap = rng.choice([0, 1, 3, 25, 100_000])
            played += _compare(state, rng, stop, cap)
            looked += 1
            if looked == POSITIONS:
                break
    assert played > 200


@pytest.mark.parametrize("game_id", GAMES)
def test_states_after_random_moves_play_on_alike(game_id: str) -> None:
    """No part a snapshot cannot see (a kept listing, a cache) differs: the two states play on
    to the same end of the match."""
    game = get_game(game_id)
    if type(game.new_match()).random_moves is State.random_moves:
        pytest.skip(f"{game_id} plays random moves by the engine's own loop")
    for index, config in enumerate(game.test_configs()):
        rng = random.Random(23_000 + index)
        state = game.new_match(config)
        chosen = random.Random(index)  # picks the position, apart from the moves' draws
        play_randomly(state, rng, until=lambda s, pick=chosen: s.is_terminal or (
            s.current_player >= 0 and pick.random() < 0.05))
        if state.current_player < 0:
            continue
        ours, theirs = state.clone(), state.clone()
        ours.random_moves(random.Random(index), state.hand_number + 1, 100_000)
        State.random_moves(theirs, random.Random(index), state.hand_number + 1, 100_000)
        for after in (ours, theirs):
            play_randomly(after, random.Random(index), until=lambda s: s.is_terminal)
        assert _snapshot(ours) == _snapshot(theirs)
