"""``mazzo --lang it simulate`` and ``mazzo --lang it arena`` print every line in Italian.

Before, only their errors were Italian: the start line ("cribbage: 4 matches (2 rounds x 2
lineups) on 1 process worker"), the progress bar ("elapsed, eta"), the summary, the tables'
headers, the legend and the "results saved to" line were English whatever --lang said. English
stays as it was, the columns stay aligned in both languages, and what --out writes is the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mazzo.arena import run_tournament, tournament
from mazzo.cli.main import main
from mazzo.engine import MazzoError
from tiny_game import GAME

#: English words of the arena's lines that must not show up in its Italian output ("seed"
#: is Italian too: "seme" is a card's suit)
ENGLISH = {
    "match", "matches", "round", "rounds", "lineup", "lineups", "workers", "player", "players",
    "elapsed", "eta", "win", "share", "ci", "pairing", "score", "w-d-l", "move",
    "of", "on", "v", "wins", "draws", "shared", "ties", "half", "against", "opponent", "fit",
    "rating", "results", "saved", "records", "the",
}

LEGEND_IT = ("quota di vittorie: partite vinte (divise in parti uguali a pari merito); "
             "V-P-S: vittorie, pareggi, sconfitte; punteggio: vittorie + metà dei pareggi "
             "contro quell'avversario; Elo: stima di Bradley-Terry (random = 0)")
LEGEND_EN = ("win share: matches won (shared on ties); score: wins + half the draws against "
             "that opponent; Elo: Bradley-Terry fit (random = 0)")


@pytest.fixture(autouse=True)
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAZZO_LANG", "en")  # only --lang says Italian here


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[list[str], list[str]]:
    assert main(argv) == 0
    captured = capsys.readouterr()
    return captured.out.splitlines(), captured.err.splitlines()


def words_of(lines: list[str], path: Path) -> set[str]:
    """The words of ``lines``, the test's own folder (named after the test) left out."""
    return {w.lower() for line in lines for w in re.findall(r"[A-Za-z][A-Za-z/-]*",
                                                            line.replace(str(path), "PATH"))}


def assert_aligned(lines: list[str], headers: list[str]) -> None:
    """Every row of a table ends each right-aligned column (all but the first, which is
    left-aligned) where its header ends."""
    assert lines[0].startswith(headers[0] + " ")
    ends = []
    at = len(headers[0])
    for header in headers[1:]:
        at = lines[0].index(header, at) + len(header)
        ends.append(at)
    assert ends[-1] == len(lines[0])
    for line in lines[1:]:
        assert len(line) == len(lines[0]), line
        for end in ends:
            assert line[end - 1] != " " and (end == len(line) or line[end] == " "), line


def without_timing(path: Path) -> dict[str, Any]:
    return {k: v for k, v in json.loads(path.read_text()).items() if k != "timing"}


def test_simulate_in_italian_and_english(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    it_json, en_json = tmp_path / "it.json", tmp_path / "en.json"
    out, err = run(["--lang", "it", "simulate", "cribbage", "--matches", "2", "--workers", "1",
                    "--out", str(it_json)], capsys)
    assert err[0] == "cribbage: 2 partite (1 turno x 2 formazioni) su 1 worker process"
    assert err[1:] and all(re.fullmatch(r"\[[#-]{30}\] \d/2 +\d+%  trascorso \dm\d\ds, "
                                        r"ancora ~\dm\d\ds", line) for line in err[1:])
    assert re.fullmatch(r"cribbage: 2 giocatori, 2 partite \(1 turno di 2 formazioni\), "
                        r"seed 0, 1 worker, \d+,\d s", out[0])
    bots = ["bot", "partite", "quota di vittorie", "IC 95%", "Elo", "s/mossa"]
    assert out[2] == "bot              partite quota di vittorie          IC 95%     Elo  s/mossa"
    assert re.fullmatch(r"heuristic +2 +1,000  \[0,342; 1,000\] +\+280 +\d,\d{4}", out[3])
    assert_aligned(out[2:5], bots)
    pairs = ["sfida", "partite", "V-P-S", "punteggio", "IC 95%", "diff. Elo"]
    assert out[6] == ("sfida                        partite           V-P-S punteggio"
                      "          IC 95% diff. Elo")
    assert out[7] == ("heuristic contro random            2           2-0-0     1,000"
                      "  [0,342; 1,000]     +1200")
    assert_aligned(out[6:8], pairs)
    assert out[9] == LEGEND_IT
    assert out[10:] == ["", f"risultati salvati in {it_json}"]
    leaked = words_of(out + err, tmp_path) & ENGLISH
    assert not leaked, leaked

    out, err = run(["--lang", "en", "simulate", "cribbage", "--matches", "2", "--workers", "1",
                    "--out", str(en_json)], capsys)
    assert err[0] == "cribbage: 2 matches (1 round x 2 lineups) on 1 process worker"
    assert all(re.fullmatch(r"\[[#-]{30}\] \d/2 +\d+%  \dm\d\ds elapsed, eta \dm\d\ds", line)
               for line in err[1:])
    assert re.fullmatch(r"cribbage: 2 players, 2 matches \(1 round of 2 lineups\), seed 0, "
                        r"1 worker, \d+\.\d s", out[0])
    assert out[2] == "bot              matches win share          95% CI     Elo   s/move"
    assert re.fullmatch(r"heuristic +2 +1\.000  \[0\.342, 1\.000\] +\+280 +\d\.\d{4}", out[3])
    assert_aligned(out[2:5], ["bot", "matches", "win share", "95% CI", "Elo", "s/move"])
    assert out[6] == ("pairing                      matches           W-D-L  score"
                      "          95% CI Elo diff")
    assert out[7] == ("heuristic v random                 2           2-0-0  1.000"
                      "  [0.342, 1.000]    +1200")
    assert out[9] == LEGEND_EN
    assert out[10:] == ["", f"results saved to {en_json}"]
    # the results file is data: the same keys and values in both languages
    assert without_timing(it_json) == without_timing(en_json)


def test_arena_of_three_in_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "recs"
    out, err = run(["--lang", "it", "arena", "novantanove", "--bots", "medio,random,heuristic",
                    "--matches", "1", "--workers", "1", "--records", str(records)], capsys)
    assert err[0] == "novantanove: 3 partite (1 turno x 3 formazioni) su 1 worker process"
    assert re.fullmatch(r"novantanove: 3 giocatori, 3 partite \(1 turno di 3 formazioni\), "
                        r"seed 0, 1 worker, \d+,\d s", out[0])
    assert_aligned(out[2:6], ["bot", "partite", "quota di vittorie", "IC 95%", "Elo", "mu",
                              "sigma", "s/mossa"])
    assert re.fullmatch(r"-?\d+,\d\d", out[3].split()[-3])  # mu, the Italian way
    assert_aligned(out[7:11], ["sfida", "partite", "V-P-S", "punteggio", "IC 95%", "diff. Elo"])
    assert all(" contro " in line for line in out[8:11])
    assert out[12] == LEGEND_IT + "; mu/sigma: valutazione Weng-Lin (Plackett-Luce)"
    assert out[13:] == [f"record delle partite salvati in {records}/"]
    leaked = words_of(out + err, tmp_path) & ENGLISH
    assert not leaked, leaked
    assert len(list(records.glob("match-*.json"))) == 3


HEADERS = {
    "it": (["bot", "partite", "quota di vittorie", "IC 95%", "Elo", "s/mossa"],
           ["sfida", "partite", "V-P-S", "punteggio", "IC 95%", "diff. Elo"]),
    "en": (["bot", "matches", "win share", "95% CI", "Elo", "s/move"],
           ["pairing", "matches", "W-D-L", "score", "95% CI", "Elo diff"]),
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_long_bot_names_keep_the_columns_aligned(lang: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A bot name longer than the first column widens it (before, its row ran over)."""
    out, _ = run(["--lang", lang, "arena", "cribbage", "--bots",
                  "ismcts:2:random:policy,medio", "--matches", "1", "--workers", "1", "--quiet"],
                 capsys)
    bots, pairs = HEADERS[lang]
    assert_aligned(out[2:5], bots)
    assert_aligned(out[6:8], pairs)
    assert out[3].startswith("ismcts:2:random:policy ") or out[4].startswith("ismcts")


def test_tournament_errors_have_italian(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two refusals of run_tournament that had English only (a match that never ends, from
    a worker process too, and no matches)."""
    with pytest.raises(MazzoError) as error:
        run_tournament(GAME, ["heuristic", "random"], matches=0, workers=1)
    assert error.value.text("it") == "le partite devono essere almeno 1, non 0"
    monkeypatch.setattr(tournament, "MAX_ACTIONS", 2)  # the tiny game needs more than 2
    for workers in (1, 2):
        with pytest.raises(MazzoError) as error:
            run_tournament(GAME, ["heuristic", "random"], matches=1, workers=workers)
        # two matches are played (one per lineup): with two workers either may fail first
        index = str(error.value).split()[1]
        assert index in ("0", "1") if workers == 2 else index == "0", error.value
        assert error.value.text("it") == f"la partita {index} ha superato 2 azioni"
        assert str(error.value) == f"match {index} exceeded 2 actions"
