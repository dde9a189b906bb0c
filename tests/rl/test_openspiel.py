"""OpenSpiel: every game registered, random_sim_test (serialising states), ISMCTS plays whole
matches, chance is a uniform card-by-card shuffle, resampling keeps the seat's information state."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl import openspiel as mazzo_spiel
from mazzo.rl.spaces import spaces_for

#: the shortest test config of each game, as OpenSpiel parameters
SHORT = {
    "nebraska": {"players": 2, "hands": 1},
    "novantanove": {"players": 2, "target": 6, "mode": "rubber"},
    "poker_italiano": {"players": 3, "stack": 10, "max_hands": 2},
    "cribbage": {"players": 2, "target": 61, "games_to_win": 1},
    "burraco": {"players": 2, "hands": 1},
}


def test_every_game_is_registered_with_its_config_fields() -> None:
    assert [f"mazzo_{g}" for g in BUILTIN_GAMES] == mazzo_spiel.GAME_NAMES
    for game_id in BUILTIN_GAMES:
        game = pyspiel.load_game(f"mazzo_{game_id}")
        defaults = get_game(game_id).config_class()
        assert set(game.get_parameters()) == {f for f in defaults.to_json()}
        spaces = spaces_for(game_id, defaults)
        assert game.num_distinct_actions() == spaces.action_size
        assert game.observation_tensor_size() == spaces.observation_size


def test_tuple_parameters_travel_as_one_string() -> None:
    order = "oro/rosa/rosso/azzurro/blu/verde scuro/verde/giallo"
    game = pyspiel.load_game("mazzo_nebraska", {"suit_order": order})
    assert game.config.suit_order == tuple(order.split("/"))
    again = pyspiel.load_game(str(game))  # the game string parses back
    assert again.config == game.config


@pytest.mark.soak
@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game(f"mazzo_{game_id}", SHORT[game_id])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.soak
@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_ismcts_plays_a_whole_match(game_id: str) -> None:
    game = pyspiel.load_game(f"mazzo_{game_id}", SHORT[game_id])
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=3, random_state=rs)
            for _ in range(game.num_players())]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
            decisions += 1
    assert decisions > 0
    assert state.returns() == state.world.returns() and any(state.returns())


def test_a_shuffle_is_drawn_card_by_card_uniformly() -> None:
    game = pyspiel.load_game("mazzo_cribbage", {"players": 2})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()  # cutting for the first deal: 2 of the 52 cards
    assert len(outcomes) == 52 and all(p == pytest.approx(1 / 52) for _, p in outcomes)
    state.apply_action(outcomes[0][0])
    left = state.chance_outcomes()
    assert len(left) == 51 and outcomes[0][0] not in dict(left)
    assert state.world.history == []  # the engine gets the cut once both cards are drawn
    state.apply_action(left[0][0])
    assert len(state.world.history) == 1


def test_resampling_keeps_the_information_state_and_redeals_the_rest() -> None:
    game = pyspiel.load_game("mazzo_burraco", SHORT["burraco"])
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(actions))
    seat = state.current_player()
    sampler = iter(rng.random() for _ in range(10))
    worlds = [state.resample_from_infostate(seat, lambda: next(sampler)) for _ in range(3)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
    other = 1 - seat
    assert any(w.observation_tensor(other) != state.observation_tensor(other) for w in worlds)
