"""OpenSpiel: every game registered, random_sim_test (serialising states), ISMCTS plays whole
matches, chance is a seeded deal or a uniform card-by-card shuffle, the tensors' shapes, resampling
keeps the seat's information state and tensors (no leak), the information state keeps own moves."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from rl_states import SHORT

from mazzo.engine.chance import Deal
from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl import openspiel as mazzo_spiel
from mazzo.rl.spaces import spaces_for


def test_every_game_is_registered_with_its_config_fields() -> None:
    assert [f"mazzo_{g}" for g in BUILTIN_GAMES] == mazzo_spiel.GAME_NAMES
    for game_id in BUILTIN_GAMES:
        game = pyspiel.load_game(f"mazzo_{game_id}")
        defaults = get_game(game_id).config_class()
        assert set(game.get_parameters()) == {*defaults.to_json(), "chance"}
        spaces = spaces_for(game_id, defaults)
        assert game.num_distinct_actions() == spaces.action_size
        assert game.observation_tensor_shape() == [spaces.observation_size]
        assert game.information_state_tensor_shape() == [
            spaces.observation_size + mazzo_spiel.OWN_MOVES]
        kind = game.get_type()
        assert kind.provides_observation_tensor and kind.provides_information_state_tensor


def test_tuple_parameters_travel_as_one_string() -> None:
    order = "oro/rosa/rosso/azzurro/blu/verde scuro/verde/giallo"
    game = pyspiel.load_game("mazzo_nebraska", {"suit_order": order})
    assert game.config.suit_order == tuple(order.split("/"))
    again = pyspiel.load_game(str(game))  # the game string parses back
    assert again.config == game.config


@pytest.mark.soak
@pytest.mark.parametrize("chance", mazzo_spiel.CHANCE_MODES)
@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_random_sim_test(game_id: str, chance: str) -> None:
    game = pyspiel.load_game(f"mazzo_{game_id}", {**SHORT[game_id], "chance": chance})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_an_unknown_chance_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="chance must be one of deal, card"):
        pyspiel.load_game("mazzo_cribbage", {"chance": "shuffle"})


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
    game = pyspiel.load_game("mazzo_cribbage", {"players": 2, "chance": "card"})
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


def test_a_deal_is_one_seeded_chance_node() -> None:
    game = pyspiel.load_game("mazzo_cribbage", {"players": 2})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()  # cutting for the first deal: one seed
    assert len(outcomes) == mazzo_spiel.DEAL_SEEDS
    assert all(p == pytest.approx(1 / mazzo_spiel.DEAL_SEEDS) for _, p in outcomes)
    state.apply_action(7)
    assert len(state.world.history) == 1  # both cards of the cut at once
    while not isinstance(state.world.history[-1], Deal):  # (a tied cut is cut again)
        state.apply_action(7)
    deal = state.world.history[-1]
    assert len(deal.order) == 12 and not state.is_chance_node()  # both hands, one node
    again = game.deserialize_state(state.serialize())
    assert again.world.history == state.world.history  # a seed replays the same deal
    assert state.world.history[0] != deal  # the same seed elsewhere: another shuffle
    with pytest.raises(Exception, match="not a seed"):
        game.new_initial_state().apply_action(mazzo_spiel.DEAL_SEEDS)


def _decisions(game_id: str, count: int, seed: int) -> list[mazzo_spiel.MazzoSpielState]:
    """``count`` decision states of random matches of the game's short config."""
    game = pyspiel.load_game(f"mazzo_{game_id}", SHORT[game_id])
    rng = random.Random(seed)
    found: list[mazzo_spiel.MazzoSpielState] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            if rng.random() < 0.2:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_no_tensor_leaks_a_hidden_card(game_id: str) -> None:
    """Every seat's tensors and strings are the same in worlds redealing what it cannot see;
    they do change for the other seats (the test would pass on constants)."""
    rng = random.Random(5)
    changed = 0
    for state in _decisions(game_id, 6, seed=9):
        for seat in range(state.num_players()):
            world = state.resample_from_infostate(seat, rng.random)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            others = [s for s in range(state.num_players()) if s != seat]
            changed += any(world.observation_tensor(s) != state.observation_tensor(s)
                           for s in others)
    assert changed


def test_the_information_state_keeps_the_seats_own_moves() -> None:
    """The tensor's last ``OWN_MOVES`` floats are the seat's own indices, the latest first; the
    string lists them all: two histories differing in the seat's moves differ in both."""
    for state in _decisions("cribbage", 4, seed=2):
        for seat in range(state.num_players()):
            own = [a.action for a in state.full_history() if a.player == seat]
            tensor = np.array(state.information_state_tensor(seat))
            size = tensor.size - mazzo_spiel.OWN_MOVES
            window = tensor[size:]
            actions = state.get_game().num_distinct_actions()
            latest = own[::-1][:mazzo_spiel.OWN_MOVES]
            assert np.allclose(window[:len(latest)] * actions - 1, latest, atol=1e-3)
            assert not window[len(latest):].any()
            assert state.information_state_string(seat).endswith(f"moves={own}")
            assert np.array_equal(tensor[:size], state.observation_tensor(seat))
