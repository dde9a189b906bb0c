"""Views made from kept parts never go stale, in every registered game and config.

Each game assembles its views from parts it keeps between moves and brings up to date as the
match goes on (the deal's keys, each hand's entry, the tokens of the play...), so a view costs
little more than a copy. A part left stale would show a seat an old score or an old hand, and
no single-state test sees it: only a state that has looked before can hold one. Here a random
match is replayed with every seat and a spectator looking after every move, and at sampled
steps and at the end its views must equal those of a state that replays the same moves and
never looked before.
"""

from __future__ import annotations

import random

import pytest
from test_conformance import CASES, play_checked

from mazzo.engine import Game, State
from mazzo.engine.game import Config

FRESH_CHECKS = 12  # steps per match where the views are compared with a never-viewed state's


@pytest.mark.parametrize(("game", "config"), CASES)
def test_kept_view_parts_never_go_stale(game: Game, config: Config) -> None:
    rng = random.Random(31_000)
    actions = play_checked(game, config, 31_000).history
    seats = [*range(config.players), None]

    def fresh(moves: int) -> State:
        state = game.new_match(config)
        for action in actions[:moves]:
            state.apply(action)
        return state

    checked = set(rng.sample(range(len(actions)), min(FRESH_CHECKS, len(actions))))
    state = game.new_match(config)
    for step, action in enumerate(actions):
        for seat in seats:
            state.view(seat)
        if step in checked:
            unseen = fresh(step)
            for seat in seats:
                assert state.view(seat) == unseen.view(seat), (
                    f"seat {seat}'s view after {step} moves differs from a fresh state's")
        state.apply(action)
    unseen = fresh(len(actions))
    assert [state.view(seat) for seat in seats] == [unseen.view(seat) for seat in seats]
