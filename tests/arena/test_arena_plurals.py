"""The arena's lines count in the right number in both languages: "1 round", "2 rounds",
"1 turno", "2 turni", "1 worker" / "2 workers" (Italian: "2 worker", a loanword); only exactly
1 is singular."""

from __future__ import annotations

import io

from mazzo.arena import run_tournament
from mazzo.arena.cli import ProgressBar, format_results, start_line
from tiny_game import GAME


def test_summary_line_singular_and_plural() -> None:
    results = run_tournament(GAME, ["heuristic", "random"], matches=2, seed=1, workers=1)
    head = format_results(results).splitlines()[0]
    assert "2 players, 2 matches (1 round of 2 lineups)" in head
    assert "1 worker," in head and "1 workers" not in head
    head = format_results(results, "it").splitlines()[0]
    assert "2 giocatori, 2 partite (1 turno di 2 formazioni), seed 1, 1 worker," in head
    results["matches"], results["rounds"], results["lineups"] = 1, 2, results["lineups"][:1]
    results["config"]["players"] = 1
    results["timing"]["workers"] = 2
    head = format_results(results).splitlines()[0]
    assert "1 player, 1 match (2 rounds of 1 lineup)" in head and "1 matches" not in head
    assert "2 workers," in head
    head = format_results(results, "it").splitlines()[0]
    assert "1 giocatore, 1 partita (2 turni di 1 formazione), seed 1, 2 worker," in head
    results["matches"], results["rounds"], results["lineups"] = 0, 0, []
    assert "0 matches (0 rounds of 0 lineups)" in format_results(results).splitlines()[0]
    assert "0 partite (0 turni di 0 formazioni)" in format_results(results, "it").splitlines()[0]


def test_start_line_singular_and_plural() -> None:
    assert start_line("cribbage", 1, 1, 1, "process") == \
        "cribbage: 1 match (1 round x 1 lineup) on 1 process worker"
    assert start_line("cribbage", 2, 3, 2, "ray") == \
        "cribbage: 6 matches (2 rounds x 3 lineups) on 2 ray workers"
    assert start_line("cribbage", 1, 1, 1, "process", "it") == \
        "cribbage: 1 partita (1 turno x 1 formazione) su 1 worker process"
    assert start_line("cribbage", 2, 3, 2, "ray", "it") == \
        "cribbage: 6 partite (2 turni x 3 formazioni) su 2 worker ray"


def test_progress_bar_in_both_languages() -> None:
    for lang, words in (("en", ("elapsed, eta ",)), ("it", ("trascorso ", ", ancora ~"))):
        stream = io.StringIO()
        bar = ProgressBar(stream, lang=lang)
        bar(1, 2)
        bar(2, 2)
        lines = stream.getvalue().splitlines()
        assert [line.split("]")[1].split("%")[0] for line in lines] == [" 1/2  50", " 2/2 100"]
        assert all(w in line for line in lines for w in words), lines
