"""The ``rete`` bot: its numpy forward pass is torch's, it plays only legal moves, and the
registry that names it keeps the layers (the bots layer never imports the rl layer)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest

from mazzo.bots.levels import ADDED_BOTS, ADDED_BOTS_ENV, bot_names, make_agent, register_bot
from mazzo.engine import get_game, play_match
from mazzo.engine.game import MazzoError
from mazzo.rl import curves, rete
from mazzo.rl.rete import NumpyPolicy, PolicyAgent, ReteAgent
from mazzo.rl.selfplay import Pool, duplicate_score, parse_pool
from mazzo.rl.spaces import spaces_for

#: a tiny config whose matches take milliseconds
NEBRASKA: dict[str, int] = {"players": 2, "hands": 1}


#: every game's small config (the reference runs')
SMALL_CONFIGS: dict[str, dict[str, int]] = {
    "nebraska": NEBRASKA, "cribbage": {"target": 61, "games_to_win": 1},
    "novantanove": {"target": 30}, "burraco": {"players": 2, "hands": 1},
    "poker_italiano": {"players": 3, "stack": 10, "max_hands": 2},
}


def tiny_policy(observation: int, actions: int, seed: int = 0) -> NumpyPolicy:
    rng = np.random.default_rng(seed)
    shapes = [(16, observation), (16, 16), (actions, 16)]
    layers = [(rng.normal(size=s).astype(np.float32), rng.normal(size=s[0]).astype(np.float32),
               activation) for s, activation in zip(shapes, ["Tanh", "ReLU", "Identity"],
                                                    strict=True)]
    return NumpyPolicy(layers, {"game": "nebraska", "config": NEBRASKA})


@pytest.mark.slow  # importing torch and sb3 alone takes 10-20 s
def test_the_numpy_forward_pass_equals_torchs() -> None:
    pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    import torch

    from mazzo.rl import gym_env
    from mazzo.rl.selfplay import export

    env = gym_env("nebraska", opponents="random", **NEBRASKA)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=3, n_steps=64, batch_size=32)
    policy = export(model, env.game, env.config, 0)
    rng = np.random.default_rng(5)
    low, high = env.observation_space.low, env.observation_space.high
    observations = rng.uniform(low, high, size=(64, *low.shape)).astype(np.float32)
    with torch.no_grad():
        tensor = torch.as_tensor(observations)
        features = model.policy.extract_features(tensor, model.policy.pi_features_extractor)
        logits = model.policy.action_net(model.policy.mlp_extractor.forward_actor(features))
    assert np.allclose(policy.logits(observations), logits.numpy(), atol=1e-5)
    for observation in observations[:16]:
        mask = rng.random(env.action_space.n) < 0.1  # type: ignore[attr-defined]
        mask[int(rng.integers(mask.size))] = True
        chosen, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert policy.choose(observation, mask.astype(np.int8)) == int(chosen)


def test_a_policy_saves_and_loads_and_picks_only_legal_indices(tmp_path: Path) -> None:
    policy = tiny_policy(8, 5)
    policy.save(tmp_path / "p.npz")
    again = NumpyPolicy.load(tmp_path / "p.npz")
    assert again.meta == policy.meta and (again.observation_size, again.action_size) == (8, 5)
    observation = np.linspace(-1, 1, 8, dtype=np.float32)
    assert np.array_equal(again.logits(observation), policy.logits(observation))
    for legal in range(5):
        mask = np.zeros(5, dtype=np.int8)
        mask[legal] = 1
        assert again.choose(observation, mask) == legal
    with pytest.raises(MazzoError):
        again.choose(observation, np.zeros(5, dtype=np.int8))


def test_a_policy_agent_plays_legal_moves_in_every_game() -> None:
    """Any network over a game's spaces plays whole matches (multi-step moves included)."""
    for game_id, fields in SMALL_CONFIGS.items():
        game = get_game(game_id)
        config = game.config(**fields)
        spaces = spaces_for(game, config)
        policy = tiny_policy(spaces.observation_size, spaces.action_size)
        agents = [PolicyAgent(policy.choose, game, config, name="net"),
                  *(make_agent(game, "random", s) for s in range(1, config.players))]
        assert play_match(game, config, agents, seed=1).returns


@pytest.mark.parametrize("game_id", rete.shipped())
def test_each_shipped_rete_plays_legal_moves_through_whole_matches(game_id: str) -> None:
    game = get_game(game_id)
    config = game.config_class.from_json(rete.load(game_id).meta["config"])
    assert "rete" in bot_names(game)
    for seed in range(2):
        agents = [make_agent(game, "rete", seed), *(make_agent(game, "facile", s)
                                                     for s in range(1, config.players))]
        agents.reverse() if seed else None
        assert play_match(game, config, agents, seed=seed).returns


@pytest.mark.parametrize("game_id", rete.shipped())
def test_a_shipped_rete_refuses_a_config_of_other_sizes(game_id: str) -> None:
    game = get_game(game_id)
    trained = rete.load(game_id).meta["config"]
    other = game.config_class.from_json({**trained,
                                         "players": 4 if trained["players"] != 4 else 2})
    agents = [make_agent(game, "rete", 0), *(make_agent(game, "random", s)
                                             for s in range(1, other.players))]
    with pytest.raises(MazzoError, match="trained on"):
        play_match(game, other, agents, seed=0)


def test_the_registry_adds_names_and_refuses_a_levels() -> None:
    game = get_game("nebraska")
    config = game.config(**NEBRASKA)
    spaces = spaces_for(game, config)
    policy = tiny_policy(spaces.observation_size, spaces.action_size)
    register_bot("nebraska", "tiny-net", lambda seed: ReteAgent(policy, game, "tiny-net"), "t")
    try:
        assert "tiny-net" in bot_names(game)
        assert make_agent(game, "tiny-net", 0).name == "tiny-net"
        with pytest.raises(ValueError, match="taken"):
            register_bot("nebraska", "medio", lambda seed: ReteAgent(policy, game), "t")
    finally:
        del ADDED_BOTS["nebraska"]["tiny-net"]
    with pytest.raises(MazzoError, match="unknown bot"):
        make_agent(game, "tiny-net", 0)


def test_duplicate_scores_share_ties_and_give_wilson_intervals() -> None:
    game = get_game("nebraska")
    config = game.config(**NEBRASKA)
    figure = duplicate_score(game, config, make_agent(game, "random", 9), "random", 5)
    assert figure["matches"] == 10
    assert figure["low"] <= figure["rate"] <= figure["high"]


def test_the_pool_draws_bots_until_a_snapshot_and_refuses_bad_weights() -> None:
    import random

    game = get_game("nebraska")
    config = game.config(**NEBRASKA)
    pool = Pool(game, config, parse_pool("self=1"), keep=2)
    assert pool.draw(random.Random(0), 0).name == "random"
    for steps in (1, 2, 3):
        pool.add(steps, tiny_policy(1, 1))
    assert [s for s, _ in pool.snapshots] == [2, 3]
    assert pool.draw(random.Random(0), 0).name.startswith("self@")
    for bad in ("self", "self=-1", "random=0"):
        with pytest.raises(MazzoError):
            parse_pool(bad)


def test_the_learning_curve_is_a_labelled_svg() -> None:
    points = [{"steps": s, "seconds": s / 100, "opponents": {
        name: {"rate": r, "low": r - 0.1, "high": r + 0.1, "matches": 100}
        for name, r in (("random", 0.5 + s / 1e5), ("facile", 0.3))}} for s in (0, 8192, 16384)]
    text = curves.svg("nebraska: self-play", "Win rate & steps", points, 2)
    root = ElementTree.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text == "nebraska: self-play"  # type: ignore[union-attr]
    assert root.find(f"{ns}desc") is not None
    assert len(root.findall(f".//{ns}polyline")) == 2
    words = " ".join(t.text or "" for t in root.iter(f"{ns}text"))
    for label in ("v random", "v facile", "fair share (50 %)", "training steps", "win rate", "16k"):
        assert label in words
    curve = {"game": "poker_italiano", "config": {"players": 3, "stack": 20}, "points": points}
    three = ElementTree.fromstring(curves.figure(json.loads(json.dumps(curve))))
    assert "fair share (1 in 3)" in " ".join(t.text or "" for t in three.iter(f"{ns}text"))
    assert "stack=20" in (three.find(f"{ns}desc").text or "")  # type: ignore[union-attr]


def test_weights_in_the_folder_become_a_rete_bot_the_arena_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """What shipping a game's weights does: ``rete`` is named, made and played by ``mazzo
    arena`` (here with a tiny untrained network put in place of the package's folder)."""
    from mazzo.cli.main import main

    game = get_game("nebraska")
    spaces = spaces_for(game, game.config(**NEBRASKA))
    tiny_policy(spaces.observation_size, spaces.action_size).save(tmp_path / "nebraska.npz")
    monkeypatch.setattr(rete, "WEIGHTS", tmp_path)
    monkeypatch.setitem(ADDED_BOTS, "nebraska", {})
    monkeypatch.setenv(ADDED_BOTS_ENV, "")  # what registering notes for worker processes
    monkeypatch.setattr(rete, "_LOADED", {})
    rete.register()
    assert rete.shipped() == ["nebraska"] and "rete" in bot_names(game)
    code = main(["arena", "nebraska", "--bots", "rete,random", "--matches", "4", "--workers", "1",
                 "--players", "2", "--set", "hands=1", "--quiet"])
    assert code == 0 and "rete" in capsys.readouterr().out
    assert os.environ[ADDED_BOTS_ENV] == "mazzo.rl.rete"


@pytest.mark.slow  # torch's import and one rollout of 1,024 steps
def test_a_short_self_play_run_writes_its_curve_and_a_rete(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from mazzo.rl.selfplay import main

    code = main(["nebraska", "--set", "players=2", "--set", "hands=1", "--steps", "1024",
                 "--snapshot-every", "512", "--eval-every", "1024", "--eval-deals", "2",
                 "--eval-deals-medio", "1", "--out", str(tmp_path)])
    assert code == 0 and "steps/s" in capsys.readouterr().out
    curve = json.loads((tmp_path / "curve.json").read_text(encoding="utf-8"))
    assert [p["steps"] for p in curve["points"]] == [0, 1024]
    assert set(curve["points"][-1]["opponents"]) == {"random", "facile", "medio"}
    policy = NumpyPolicy.load(tmp_path / "rete.npz")
    assert policy.meta["config"]["hands"] == 1 and policy.meta["steps"] == 1024
    assert (tmp_path / "curve.svg").read_text(encoding="utf-8").startswith("<svg")
    assert len((tmp_path / "curve.csv").read_text(encoding="utf-8").splitlines()) == 7
