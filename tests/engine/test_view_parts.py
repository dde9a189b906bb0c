"""Every game keeps its views' parts by the engine's one mechanism (:mod:`mazzo.engine.view_parts`):
one holder per state in ``_view_parts``, a slotted subclass of ``ViewParts``, made by the first
view and never shared (a clone, a deep copy, a pickle's copy and a world start with none), and
views from kept parts say what views from scratch say, with nothing a caller changes reaching a
later view. A few hundred positions per game: the soak tests (``tests/games/
test_view_caches.py``, ``tests/conformance/test_kept_views.py``) play many more."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

from mazzo.engine import State, all_games, get_game
from mazzo.engine.view_parts import ViewParts
from playout import steps

GAMES = [game.id for game in all_games()]
#: positions looked at per game (every state of one random match, thinned)
POSITIONS = 120


def _parts(state: State) -> Any:
    return state._view_parts  # type: ignore[attr-defined]


def _dump(view: Any) -> str:
    return json.dumps(view, ensure_ascii=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_holder_is_made_by_the_first_view_and_never_shared(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(5)
    looked = 0
    for state in steps(game.new_match(game.test_configs()[0]), rng, limit=2000):
        if rng.random() < 0.5:
            continue
        state.view(state.current_player if state.current_player >= 0 else None)
        parts = _parts(state)
        assert isinstance(parts, ViewParts), game_id
        assert not hasattr(parts, "__dict__"), f"{type(parts).__name__} declares its slots"
        for other in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                      state.determinize(0, random.Random(1))):
            assert _parts(other) is not parts
        assert _parts(state.clone()) is None
        looked += 1
        if looked == POSITIONS:
            break
    assert looked > 5


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_views_say_what_views_from_scratch_say(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(11)
    looked = 0
    for state in steps(game.new_match(game.test_configs()[0]), rng, limit=2000):
        if rng.random() < 0.4:  # now and then: kept parts must survive several moves
            continue
        fresh = state.clone()
        for seat in [*range(state.num_players), None]:
            view = state.view(seat)
            assert _dump(view) == _dump(fresh.view(seat)), (game_id, seat)
            for value in view.values():  # a caller's change to a view's own lists stays there
                if type(value) is list:
                    value.append("x")
            assert _dump(state.view(seat)) == _dump(fresh.view(seat)), (game_id, seat)
        looked += 1
        if looked == POSITIONS:
            break
    assert looked > 5
