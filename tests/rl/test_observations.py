"""The RL observations: fixed size, documented field by field, and blind to hidden cards."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from rl_states import config_id, decision_states, game_configs

from mazzo.engine import all_games
from mazzo.engine.game import Config, Game
from mazzo.rl.spaces import NO_PENDING, spaces_for

CONFIGS = game_configs()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("pair", CONFIGS, ids=config_id)
def test_fields_cover_the_observation_exactly(pair: tuple[Game, Config]) -> None:
    game, config = pair
    spaces = spaces_for(game, config)
    fields = spaces.fields()
    assert fields[0].start == 0 and fields[-1].stop == spaces.observation_size
    for before, after in itertools.pairwise(fields):
        assert before.stop == after.start and before.length > 0
    assert len({f.name for f in fields}) == len(fields)


@pytest.mark.parametrize("pair", CONFIGS, ids=config_id)
def test_no_leak_when_hidden_cards_are_redealt(pair: tuple[Game, Config]) -> None:
    """Redealing every card a seat cannot see (determinize) never changes its observation."""
    game, config = pair
    spaces = spaces_for(game, config)
    rng = random.Random(17)
    for state in decision_states(game, config, count=25, seed=23):
        for seat in range(state.num_players):
            seen = spaces.observe(state.view(seat), NO_PENDING)
            assert seen.dtype == np.float32 and seen.shape == (spaces.observation_size,)
            for _ in range(2):
                redealt = state.determinize(seat, rng)
                again = spaces.observe(redealt.view(seat), NO_PENDING)
                changed = [f.name for f in spaces.fields()
                           if (seen[f.start:f.stop] != again[f.start:f.stop]).any()]
                assert not changed, f"seat {seat} in {state.phase}: {changed}"


@pytest.mark.parametrize("pair", CONFIGS[::2], ids=config_id)
def test_observation_shows_the_own_hand(pair: tuple[Game, Config]) -> None:
    """A seat's own cards do reach its observation (the leak test alone would pass on zeros)."""
    game, config = pair
    spaces = spaces_for(game, config)
    hand = next(f for f in spaces.fields() if f.name == "hand")
    for state in decision_states(game, config, count=10, seed=5):
        seat = state.current_player
        view = state.view(seat)
        seen = spaces.observe(view, NO_PENDING)
        assert seen[hand.start:hand.stop].sum() == len(view["hand"])


def test_views_of_different_seats_differ() -> None:
    for game in all_games():
        config = game.test_configs()[0]
        spaces = spaces_for(game, config)
        state = next(decision_states(game, config, count=1, seed=1))
        first, second = (spaces.observe(state.view(s), NO_PENDING) for s in (0, 1))
        assert (first != second).any(), game.id


def test_docs_list_every_field() -> None:
    """docs/rl.md lists each game's fields as ``python -m mazzo.rl.fields_doc`` prints them."""
    from mazzo.rl.fields_doc import fields_markdown

    assert fields_markdown() in DOCS.read_text(encoding="utf-8")


@pytest.mark.soak
@pytest.mark.parametrize("pair", CONFIGS, ids=config_id)
def test_every_observation_lies_in_its_fields_bounds(pair: tuple[Game, Config]) -> None:
    """The space is bounded (no infinite bound) and every value, of every seat at decisions of
    random matches and at every step of a multi-step move, lies within its field's bounds."""
    from mazzo.rl import aec_env

    game, config = pair
    env = aec_env(game, config=config)
    space = env.observation_space(env.possible_agents[0])["observation"]
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    checked = 0
    for seed in range(2):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter(max_iter=600):
            observation, _, terminated, truncated, _ = env.last()
            for other in env.agents:
                vector = env.observe(other)["observation"]
                assert space.contains(vector), (other, _outside(env, vector, space))
                checked += 1
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked > 100


def test_a_pot_carried_on_credit_past_every_chip_stays_in_bounds() -> None:
    """On credit each deal brings fresh chips while a frozen pot is carried on, so the pot can
    pass every chip at the table (six players, seed 20: 1.77 times them): pot and carried are
    squashed there, and every observation stays in its bounds."""
    from mazzo.engine.registry import get_game
    from mazzo.rl import aec_env

    game = get_game("poker_italiano")
    (config,) = [c for c in game.test_configs() if getattr(c, "credit", False)]
    env = aec_env(game, config=config)
    space = env.observation_space(env.possible_agents[0])["observation"]
    env.reset(seed=20)
    rng, most = np.random.default_rng(20), 0.0
    for _agent in env.agent_iter(max_iter=3000):
        observation, _, terminated, truncated, _ = env.last()
        most = max(most, env.match.view(None)["pot"] / config.max_amount)
        assert space.contains(observation["observation"]), _outside(
            env, observation["observation"], space)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert most > 1.5  # the case: the pot past every chip at the table


def _outside(env: object, vector: np.ndarray, space: object) -> list[str]:
    """The fields holding a value out of bounds (for the failure message)."""
    fields = env.spaces.fields()  # type: ignore[attr-defined]
    return [f.name for f in fields
            if (vector[f.start:f.stop] < f.low).any() or (vector[f.start:f.stop] > f.high).any()]
