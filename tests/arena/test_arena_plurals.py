"""The arena's summary line counts in the right number: "1 round", "2 rounds", "1 worker"."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))
from test_bots_tinygame import GAME

from mazzo.arena import run_tournament
from mazzo.arena.cli import format_results


def test_summary_line_singular_and_plural() -> None:
    results = run_tournament(GAME, ["heuristic", "random"], matches=2, seed=1, workers=1)
    head = format_results(results).splitlines()[0]
    assert "2 matches (1 round of 2 lineups)" in head
    assert "1 worker," in head and "1 workers" not in head
    results["matches"], results["rounds"] = 1, 2
    results["timing"]["workers"] = 2
    head = format_results(results).splitlines()[0]
    assert "1 match (2 rounds of 2 lineups)" in head and "1 matches" not in head
    assert "2 workers," in head
