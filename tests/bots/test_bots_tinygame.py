"""The tiny test game's own checks, so the bot and arena tests stand on a correct game."""

from __future__ import annotations

import random

from mazzo.cards import SPADES, card
from playout import steps
from tiny_game import DECK, GAME, PLAYS, UltimaGame, position


def test_random_matches_conserve_cards_and_end() -> None:
    for config in GAME.test_configs():
        for seed in range(30):
            rng = random.Random(seed)
            state = GAME.new_match(config)
            for _ in steps(state, rng):
                assert sorted(state.cards_in_play()) == sorted(DECK)
            assert max(state.points) >= config.target
            assert sum(state.returns()) >= 1


def test_determinize_keeps_the_view_and_is_canonical() -> None:
    state = position([[14, 3, 5], [10, 11]], [(1, 9)], [0, 0], turn=0)
    twin = position([[14, 3, 5], [2, 4]], [(1, 9)], [0, 0], turn=0)
    a, b = state.determinize(0, random.Random(1)), twin.determinize(0, random.Random(1))
    assert a.view(0) == state.view(0) == twin.view(0)
    assert a.hands == b.hands


def test_last_trick_scores_two_and_target_ends_the_match() -> None:
    state = position([[14], [2]], [], [5, 0], turn=0, played=(3, 4))
    state.apply(PLAYS[card(14, SPADES)])
    state.apply(PLAYS[card(2, SPADES)])
    assert state.points == [7, 0]
    assert state.is_terminal and state.returns() == [1.0, 0.0]


def test_a_game_that_is_no_built_in_pickles_as_an_object_not_by_its_id() -> None:
    """Only the built-in games pickle by id (another process knows them by it): this one,
    unknown to the registry, comes back as an object of its class with its state."""
    import copy
    import pickle

    state = GAME.new_match()
    state.apply(state.sample_chance(random.Random(1)))
    loaded = pickle.loads(pickle.dumps(state))
    assert type(loaded.game) is UltimaGame and loaded.game is not GAME
    assert loaded.history == state.history and loaded.view(0) == state.view(0)
    assert type(copy.deepcopy(GAME)) is UltimaGame
