"""Engine services: config validation, records (atomic, exact replay), registry, match runner."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mazzo.bots import RandomAgent
from mazzo.engine import (
    ConfigError,
    IllegalAction,
    MazzoError,
    all_games,
    get_game,
    load_record,
    play_match,
    replay,
    save_record,
)
from mazzo.engine.registry import BUILTIN_GAMES

GAME = get_game("nebraska")


def test_config_json_errors_name_the_field() -> None:
    config_class = GAME.config_class
    with pytest.raises(ConfigError, match="colour"):
        config_class.from_json({"colour": 3})
    with pytest.raises(ConfigError, match="players"):
        config_class.from_json({"players": 1})
    with pytest.raises(ConfigError, match="ace_low_in_runs"):
        config_class.from_json({"ace_low_in_runs": "yes"})
    config = config_class.from_json({"players": 5, "suit_order": list(
        GAME.config().to_json()["suit_order"])[::-1]})
    assert config.players == 5 and isinstance(config.suit_order, tuple)


def test_seeded_matches_are_reproducible_and_replay(tmp_path: Path) -> None:
    config = GAME.config(players=3)
    agents = [RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    first = play_match(GAME, config, agents, seed=42)
    again = play_match(GAME, config, [RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=42)
    assert first.record == again.record
    path = tmp_path / "sub" / "match.json"
    save_record(first.record, path)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temp left
    loaded = load_record(path)
    assert replay(loaded).scores() == first.state.scores()


def test_replay_detects_a_tampered_record() -> None:
    result = play_match(GAME, GAME.config(players=2), [RandomAgent(1), RandomAgent(2)], seed=3)
    record = json.loads(json.dumps(result.record))
    record["result"]["scores"] = [99, 0]
    with pytest.raises(MazzoError, match="differs"):
        replay(record)
    record = json.loads(json.dumps(result.record))
    record["history"][5] = {"type": "promote"}
    with pytest.raises(MazzoError, match=r"history\[5\]: .*cannot be replayed"):
        replay(record)


def test_load_record_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(MazzoError, match="cannot read"):
        load_record(bad)
    bad.write_text("[]")
    with pytest.raises(MazzoError, match="not a mazzo record"):
        load_record(bad)


def test_unknown_action_json_is_rejected() -> None:
    with pytest.raises(IllegalAction, match="unknown action type"):
        GAME.action_from_json({"type": "fly"})
    with pytest.raises(IllegalAction, match="malformed"):
        GAME.action_from_json({"type": "bid", "card": "99 blu"})


def test_every_builtin_game_is_registered() -> None:
    if os.environ.get("MAZZO_GAMES"):
        pytest.skip("MAZZO_GAMES limits the games loaded")
    assert [g.id for g in all_games()] == list(BUILTIN_GAMES)
    with pytest.raises(MazzoError, match="unknown game"):
        get_game("scopa")


def test_match_needs_one_agent_per_seat() -> None:
    with pytest.raises(MazzoError, match="3 agents"):
        play_match(GAME, GAME.config(players=3), [RandomAgent(1)], seed=1)
