"""Arena: balanced seating, duplicate deals, reproducible across workers, records, CLI, Ray."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mazzo.arena import lineups, run_tournament
from mazzo.arena.cli import main
from mazzo.engine import MazzoError, registry
from tiny_game import GAME, UltimaConfig

BOTS = ["ismcts:15:random", "heuristic", "random"]


def without_timing(results: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in results.items() if k != "timing"}


@pytest.mark.parametrize(("k", "players"), [(2, 2), (3, 2), (2, 4), (4, 4), (2, 3), (3, 4), (4, 3)])
def test_every_bot_sits_in_every_seat_equally(k: int, players: int) -> None:
    bots = [f"b{i}" for i in range(k)]
    seats = lineups(bots, players)
    assert all(len(s) == players for s in seats)
    for seat in range(players):
        counts = Counter(s[seat] for s in seats)
        assert set(counts) == set(bots) and len(set(counts.values())) == 1


def test_same_seed_same_results_whatever_the_workers(tmp_path: Path) -> None:
    one = run_tournament(GAME, BOTS, matches=12, seed=5, workers=1, config={"target": 5})
    two = run_tournament(GAME, BOTS, matches=12, seed=5, workers=2, batch=1,
                         config={"target": 5}, out=tmp_path / "r.json")
    assert without_timing(one) == without_timing(two)
    saved = json.loads((tmp_path / "r.json").read_text())
    assert without_timing(saved) == json.loads(json.dumps(without_timing(two)))
    other = run_tournament(GAME, BOTS, matches=12, seed=6, workers=1, config={"target": 5})
    assert other["results"] != one["results"]


def test_rounds_are_duplicate_deals_and_records_replay(tmp_path: Path) -> None:
    results = run_tournament(GAME, ["heuristic", "random"], matches=3, seed=1, workers=1,
                             config=UltimaConfig(target=4), records=tmp_path)
    assert results["matches"] == 4 and results["rounds"] == 2  # rounded up to whole rounds
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("match-*.json"))]
    assert len(records) == 4
    first_deals = [r["history"][0] for r in records]
    assert first_deals[0] == first_deals[1] != first_deals[2] == first_deals[3]
    assert records[0]["seats"] == ["heuristic", "random"]
    assert records[1]["seats"] == ["random", "heuristic"]
    for record, row in zip(records, results["results"], strict=True):
        state = GAME.new_match(UltimaConfig.from_json(record["config"]))
        for data in record["history"]:
            state.apply(GAME.action_from_json(data))
        assert state.returns() == record["result"]["returns"] == row["returns"]


def test_summary_counts_and_ratings() -> None:
    results = run_tournament(GAME, ["heuristic", "random"], matches=40, seed=2, workers=1)
    pair = results["pairings"][0]
    assert pair["a"] == "heuristic" and pair["matches"] == 40
    assert pair["wins"] + pair["draws"] + pair["losses"] == 40
    low, high = pair["ci95"]
    assert low <= pair["score"] <= high
    per_bot = results["per_bot"]
    assert per_bot["heuristic"]["win_share"] + per_bot["random"]["win_share"] == pytest.approx(1)
    assert results["ratings"]["elo"]["random"] == 0
    assert "weng_lin" not in results["ratings"]  # two sides: Elo only
    three = run_tournament(GAME, BOTS, matches=6, seed=2, workers=1, players=3,
                           config={"hand_size": 3, "target": 4})
    assert set(three["ratings"]["weng_lin"]) == set(BOTS)
    assert three["timing"]["moves"]["random"] > 0


def test_bad_requests_say_what_is_wrong() -> None:
    with pytest.raises(MazzoError, match=r"unknown bot 'genius'.*medio"):
        run_tournament(GAME, ["genius", "random"], matches=2)
    with pytest.raises(MazzoError, match="backend"):
        run_tournament(GAME, BOTS, matches=2, backend="mpi")
    with pytest.raises(MazzoError, match="players"):
        run_tournament(GAME, BOTS, matches=2, players=9)
    with pytest.raises(MazzoError, match="ismcts:N"):
        run_tournament(GAME, ["ismcts:lots", "random"], matches=2)


def test_cli_prints_the_table_and_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    monkeypatch.setenv("MAZZO_LANG", "en")  # the arena speaks the command's language
    out = tmp_path / "res.json"
    code = main(["arena", GAME.id, "--bots", "heuristic,random", "--matches", "4", "--seed", "3",
                 "--workers", "1", "--set", "target=4", "--out", str(out), "--records",
                 str(tmp_path / "recs")])
    captured = capsys.readouterr()
    assert code == 0
    assert "heuristic v random" in captured.out and "95% CI" in captured.out
    assert "4/4 100%" in captured.err
    assert json.loads(out.read_text())["matches"] == 4
    assert len(list((tmp_path / "recs").glob("*.json"))) == 4
    assert main([GAME.id, "--bots", "random"]) == 2
    assert "at least two" in capsys.readouterr().err
    assert main(["no_such_game", "--bots", "a,b"]) == 2
    assert main([GAME.id, "--bots", "heuristic,random", "--set", "colour=red"]) == 2
    assert "colour" in capsys.readouterr().err


@pytest.mark.ray
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is an optional extra")
def test_ray_backend_gives_the_process_results() -> None:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        got = run_tournament(GAME, BOTS, matches=6, seed=9, backend="ray", batch=2,
                             config={"target": 4})
    finally:
        ray.shutdown()
    want = run_tournament(GAME, BOTS, matches=6, seed=9, workers=1, config={"target": 4})
    assert without_timing(got) == without_timing(want)
    assert got["timing"]["backend"] == "ray"


@pytest.mark.e2e
def test_the_workers_end_with_a_tournament_killed_9(tmp_path: Path) -> None:
    """A tournament's worker processes wait for work on a queue they hold both ends of: before
    they watched their parent, a tournament killed -9 left them running for good."""
    import signal
    import subprocess

    from process_tree import assert_all_end, wait_for_descendants

    src = Path(__file__).resolve().parents[2] / "src"
    # 2,000 matches keep two workers busy for a minute or more, and are planned (three seeds
    # each) in a fraction of a second: 100,000 took 36 s to plan on two busy cores, and no
    # worker had started when the wait below gave up
    script = ("from mazzo.arena import run_tournament\n"
              "run_tournament('cribbage', ['medio', 'random'], 2_000, workers=2)\n")
    process = subprocess.Popen([sys.executable, "-c", script], env={"PYTHONPATH": str(src)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # patient: starting Python and importing mazzo took 6 s on two busy cores
        started = wait_for_descendants(process.pid, 2, seconds=60)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        assert_all_end(started)
    finally:
        process.kill()
