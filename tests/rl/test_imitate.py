"""Behaviour cloning: a bot's moves spelt as RL index sequences make exactly those moves again,
the imitation data are consistent, and a clone warm-starts the self-play trainer."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from mazzo.bots.levels import make_agent
from mazzo.engine import get_game
from mazzo.engine.agent import Turn
from mazzo.engine.game import CHANCE
from mazzo.rl import imitate
from mazzo.rl.spaces import spaces_for

#: every game's small config (the reference runs')
SMALL_CONFIGS: dict[str, dict[str, int]] = {
    "nebraska": {"players": 2, "hands": 1}, "cribbage": {"target": 61, "games_to_win": 1},
    "novantanove": {"target": 30}, "burraco": {"players": 2, "hands": 1},
    "poker_italiano": {"players": 3, "stack": 10, "max_hands": 2},
}
#: decisions checked per game
DECISIONS = 300


@pytest.mark.parametrize("game_id", sorted(SMALL_CONFIGS))
def test_moves_decompose_into_index_steps_the_env_maps_back(game_id: str) -> None:
    """Random and medio moves of whole matches: each step's index is legal under its mask, the
    last step's ``advance`` makes the move, and each step's observation is the env's own."""
    game = get_game(game_id)
    config = game.config(**SMALL_CONFIGS[game_id])
    spaces = spaces_for(game, config)
    rng = random.Random(3)
    decisions, longest, seed = 0, 0, 0
    while decisions < DECISIONS:
        agents = [make_agent(game, "random" if seed % 2 else "medio", seed * 5 + s)
                  for s in range(config.players)]
        state = game.new_match(config)
        while not state.is_terminal and decisions < DECISIONS:
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            action = agents[player].act(Turn(player, state.view(player), state.legal_actions(),
                                             rng, state))
            steps = imitate.decompose(spaces, state, action)
            pending = steps[0][0]
            for (at, index), (_, following) in zip(steps, [*steps[1:], (None, -1)], strict=True):
                assert at == pending
                pending, made = spaces.advance(state, at, index)
                assert (made == action) if following == -1 else (made is None)
            observations, masks, indices, _ = imitate.decision_samples(spaces, state, player,
                                                                       action)
            for (at, _), observation in zip(steps, observations, strict=True):
                assert np.array_equal(observation, spaces.observe(state.view(player), at))
            assert masks[np.arange(len(indices)), indices].all()
            longest = max(longest, len(steps))
            decisions += 1
            state.apply(action)
        seed += 1
    assert longest >= (2 if spaces.multi_step else 1)


def test_the_imitation_data_of_a_few_matches_are_consistent() -> None:
    game = get_game("nebraska")
    config = game.config(players=2, hands=1)
    spaces = spaces_for(game, config)
    observations, masks, indices, values = imitate.collect(game, config, "medio", 3,
                                                           workers=1, progress=False)
    assert observations.shape == (len(indices), spaces.observation_size)
    assert masks.shape == (len(indices), spaces.action_size)
    assert masks[np.arange(len(indices)), indices].all()
    assert set(np.unique(values)) <= {-1.0, 0.0, 1.0} and len(indices) > 20
    again = imitate.collect(game, config, "medio", 3, workers=1, progress=False)
    for made, first in zip(again, (observations, masks, indices, values), strict=True):
        assert np.array_equal(made, first)


@pytest.mark.slow  # torch's import, a few hundred samples cloned, a rollout of 1,024 steps
def test_a_clone_learns_the_teacher_and_warm_starts_self_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from mazzo.rl import selfplay
    from mazzo.rl.rete import NumpyPolicy

    fields = ["--set", "players=2", "--set", "hands=1"]
    code = imitate.main(["nebraska", *fields, "--matches", "6", "--workers", "1", "--epochs",
                         "15", "--eval-deals", "2", "--eval-deals-medio", "1",
                         "--out", str(tmp_path / "clone")])
    assert code == 0
    note = json.loads((tmp_path / "clone" / "clone.json").read_text(encoding="utf-8"))
    assert note["accuracy"][-1] > note["accuracy"][0] and note["samples"] > 50
    clone = NumpyPolicy.load(tmp_path / "clone" / "rete.npz")
    code = selfplay.main(["nebraska", *fields, "--steps", "1024", "--eval-every", "1024",
                          "--eval-deals", "1", "--eval-deals-medio", "1", "--init",
                          str(tmp_path / "clone" / "model.zip"), "--out", str(tmp_path / "ft")])
    assert code == 0 and "steps/s" in capsys.readouterr().out
    curve = json.loads((tmp_path / "ft" / "curve.json").read_text(encoding="utf-8"))
    assert curve["init"].endswith("model.zip")
    # the fine-tune's first evaluation, before any training, is the clone's policy
    first = curve["points"][0]
    assert first["steps"] == 0 and clone.meta["steps"] == 0
    code = selfplay.main(["nebraska", "--set", "players=3", "--set", "hands=1", "--steps", "1024",
                          "--init", str(tmp_path / "clone" / "model.zip"),
                          "--out", str(tmp_path / "bad")])
    assert code == 2 and "--init" in capsys.readouterr().err
