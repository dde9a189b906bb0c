"""``State.view_scores()`` is the spectator view's ``"scores"`` in every game and every state
(cribbage gives it without building the view: the search reads it at every iteration)."""

from __future__ import annotations

import random

import pytest

from mazzo.engine import all_games
from mazzo.engine.game import Game
from playout import random_move


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_view_scores_is_the_views(game: Game) -> None:
    for c, config in enumerate(game.test_configs()):
        rng = random.Random(c)
        state = game.new_match(config)
        for _ in range(600):
            assert state.view_scores() == state.view(None).get("scores")
            if state.is_terminal:
                break
            state.apply(random_move(state, rng))
