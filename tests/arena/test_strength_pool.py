"""``scripts/strength.py --pool``: the rounds a many-core run saved, pooled into the results."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "strength.py"
CONFIG = {"players": 2, "target": 121, "games_to_win": 1}


def _strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _result(seed: int, matches: int, score: float, seconds: float, **more: Any) -> dict[str, Any]:
    return {"pairing": ["esperto", "medio"], "config": CONFIG, "seed": seed, "matches": matches,
            "score": score, "ci95": [0.0, 1.0], "seconds_per_move": {"esperto": seconds,
                                                                       "medio": 0.0},
            "workers": 2, "python": "CPython 3.12.3", "date": "2026-11-27", **more}


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def test_rounds_pool_into_the_saved_pairing_with_a_note(tmp_path: Path) -> None:
    strength = _strength()
    results, rounds = tmp_path / "results", tmp_path / "rounds"
    results.mkdir()
    rounds.mkdir()
    _write(results / "cribbage.json", [_result(1, 100, 0.6, 0.5, seeds=[1], notes=["earlier"])])
    _write(rounds / "cribbage-medio-7.json", _result(7, 2, 1.0, 0.2))
    _write(rounds / "cribbage-medio-8.json", _result(8, 2, 0.5, 0.4))
    _write(rounds / "cribbage-medio-10.json", _result(10, 2, 0.0, 0.3))
    said = strength.pool_rounds(rounds, results)
    [pooled] = json.loads((results / "cribbage.json").read_text(encoding="utf-8"))
    assert pooled["matches"] == 106
    assert pooled["score"] == pytest.approx((60 + 3) / 106, abs=1e-4)
    assert pooled["seeds"] == [1, 7, 8, 10]
    assert pooled["notes"][0] == "earlier"
    assert "6 matches" in pooled["notes"][1] and "seeds 7–8, 10" in pooled["notes"][1]
    assert "50.0 %" in pooled["notes"][1]
    assert len(said) == 1 and said[0].startswith("cribbage: esperto v medio")


def test_a_seed_already_pooled_or_rounds_of_two_configs_are_refused(tmp_path: Path) -> None:
    strength = _strength()
    results, rounds = tmp_path / "results", tmp_path / "rounds"
    results.mkdir()
    rounds.mkdir()
    _write(results / "cribbage.json", [_result(1, 100, 0.6, 0.5, seeds=[1, 7])])
    _write(rounds / "cribbage-medio-7.json", _result(7, 2, 1.0, 0.2))
    with pytest.raises(SystemExit, match="seed"):
        strength.pool_rounds(rounds, results)
    _write(rounds / "cribbage-medio-7.json",
           _result(9, 2, 1.0, 0.2, config={**CONFIG, "target": 61}))
    _write(rounds / "cribbage-medio-8.json", _result(8, 2, 1.0, 0.2))
    with pytest.raises(SystemExit, match="config"):
        strength.pool_rounds(rounds, results)
    assert json.loads((results / "cribbage.json").read_text(encoding="utf-8"))[0]["matches"] == 100


def test_another_match_is_a_row_of_its_own(tmp_path: Path, monkeypatch: Any) -> None:
    """The default match (``--full``) and the short one are two rows, by --pool and by --add
    alike; the same match pools."""
    from mazzo.engine import get_game

    strength = _strength()
    results, rounds = tmp_path / "results", tmp_path / "rounds"
    results.mkdir()
    rounds.mkdir()
    full = {**CONFIG, "games_to_win": 2}
    _write(results / "cribbage.json", [_result(1, 100, 0.6, 0.5)])
    _write(rounds / "cribbage-medio-7.json", _result(7, 2, 1.0, 0.2, config=full))
    strength.pool_rounds(rounds, results)
    short, long = json.loads((results / "cribbage.json").read_text(encoding="utf-8"))
    assert (short["matches"], short["config"]) == (100, CONFIG)
    assert (long["matches"], long["config"]) == (2, full)
    monkeypatch.setattr(strength, "RESULTS", results)
    merged = strength.merge(get_game("cribbage"), [_result(8, 4, 0.25, 0.3, config=full)], True)
    assert [(r["matches"], r["config"]) for r in merged] == [(100, CONFIG), (6, full)]
    assert merged[1]["score"] == pytest.approx((2 + 1) / 6, abs=1e-4)
    replaced = strength.merge(get_game("cribbage"), [_result(9, 4, 0.25, 0.3)], False)
    assert [(r["matches"], r["config"]) for r in replaced] == [(4, CONFIG), (2, full)]


def test_an_empty_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"no <game>-<against>-<seed>\.json rounds"):
        _strength().pool_rounds(tmp_path, tmp_path)
