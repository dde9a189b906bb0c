"""OpenSpiel's own algorithms on mazzo: tabular CFR solves the cribbage pegging end-game (its
size pinned, as docs/rl.md states it), and OpenSpiel's jax DQN learns on every game's
information-state tensor (where the ``rl-train`` extra is installed)."""

from __future__ import annotations

import math

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, get_all_states
from rl_states import SHORT

from mazzo.engine.registry import BUILTIN_GAMES
from mazzo.rl.games import cribbage_endgame


def test_the_endgame_has_the_size_the_docs_state() -> None:
    game = pyspiel.load_game(cribbage_endgame.NAME)
    states = get_all_states.get_all_states(game, include_terminals=True,
                                           include_chance_states=True)
    decisions = [s for s in states.values() if not s.is_terminal() and not s.is_chance_node()]
    infostates = {(s.current_player(), s.information_state_string()) for s in decisions}
    assert (len(states), len(decisions), len(infostates)) == (1267, 906, 487)
    root = game.new_initial_state()
    assert len(root.chance_outcomes()) == 90  # C(6, 2) × C(4, 2) splits
    for state in states.values():
        if state.is_terminal():
            assert sorted(state.returns()) == [0.0, 1.0]  # the first point pegged wins


@pytest.mark.slow
def test_cfr_solves_the_endgame() -> None:
    game = pyspiel.load_game(cribbage_endgame.NAME)
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(9):
        solver.evaluate_and_update_policy()
    last = exploitability.nash_conv(game, solver.average_policy())
    assert last < first / 4 and last < 0.02, (first, last)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_jax_dqn_trains_on_every_game(game_id: str) -> None:
    """OpenSpiel's DQN, one agent a seat, on each game's information-state tensor: a short run
    (its learning steps, not learning to play well) whose every loss is finite."""
    pytest.importorskip("jax", reason="OpenSpiel's jax agents need the rl-train extra")
    from open_spiel.python import rl_environment
    from open_spiel.python.jax import dqn

    env = rl_environment.Environment(pyspiel.load_game(f"mazzo_{game_id}", SHORT[game_id]))
    size = env.observation_spec()["info_state"][0]
    agents = [dqn.DQN(player_id=p, state_representation_size=size,
                      num_actions=env.action_spec()["num_actions"], hidden_layers_sizes=[32],
                      replay_buffer_capacity=500, batch_size=8, min_buffer_size_to_learn=16,
                      learn_every=4, seed=p) for p in range(env.num_players)]
    losses: list[float] = []
    step = env.reset()
    for _ in range(120):
        while step.last():
            for agent in agents:
                agent.step(step)
            step = env.reset()
        agent = agents[step.observations["current_player"]]
        step = env.step([agent.step(step).action])
        if agent.loss is not None:
            losses.append(float(agent.loss))
    assert losses and all(map(math.isfinite, losses))
