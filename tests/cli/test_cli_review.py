"""``mazzo review RECORD --seat N``: the review of a saved match as text or JSON, a progress
bar on stderr, and bad seats refused in the player's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazzo.cli.main import main
from mazzo.engine import get_game, play_match, save_record

CRIBBAGE = get_game("cribbage")


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short two-player cribbage match of heuristic bots, saved as ``mazzo play`` saves."""
    config = CRIBBAGE.config(target=61, games_to_win=1)
    bots = [CRIBBAGE.bots()["heuristic"](s) for s in range(2)]
    path = tmp_path_factory.mktemp("review") / "match.json"
    save_record(play_match(CRIBBAGE, config, bots, seed=4).record, path)
    return path


def test_json_names_each_decision(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(record_file), "--seat", "2", "--json", "--worlds", "2"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    record = json.loads(record_file.read_text(encoding="utf-8"))
    assert data["game"] == "cribbage" and data["seat"] == 1
    assert data["decisions"], "a cribbage match has decisions"
    for decision in data["decisions"]:
        assert record["history"][decision["version"]] == decision["chosen"]
        assert decision["class"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert decision["unit"] == "points"
        assert any(v["action"] == decision["chosen"] for v in decision["values"])
    total = len(data["decisions"])
    assert err.endswith(f"] {total}/{total}\n")


def test_text_in_italian(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "it", "review", str(record_file), "--seat", "1",
                 "--worlds", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Revisione dell'esperto: Cribbage, ")
    assert "mano  1  metti nel crib" in out
    assert "decisioni: migliore " in out and "perdita media" in out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_seat_not_in_the_match_is_refused(record_file: Path, lang: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", lang, "review", str(record_file), "--seat", "3"]) == 2
    err = capsys.readouterr().err
    assert err == ("mazzo: error: --seat: 3 non è un posto di questa partita; scegli da 1 a 2\n"
                   if lang == "it" else
                   "mazzo: error: --seat: 3 is not a seat of this match; choose 1 to 2\n")
