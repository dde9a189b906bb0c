"""``mazzo replay FILE``: every bad file and bad ``--seat`` ends with one ``mazzo: error:`` line on
stderr and exit status 2, never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mazzo.bots import RandomAgent
from mazzo.cli.main import main
from mazzo.engine import get_game, play_match, save_record

NEBRASKA = get_game("nebraska")


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A finished three-player Nebraska match, saved."""
    config = NEBRASKA.config(players=3, hands=1)
    result = play_match(NEBRASKA, config, [RandomAgent(s) for s in range(3)], seed=8)
    path = tmp_path / "match.json"
    save_record(result.record, path)
    return path


def run_replay(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def damaged(record_file: Path, change: str) -> Path:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    if change == "card":
        record["history"][1]["order"][2] = "@@"
    elif change == "version":
        record["version"] = "one"
    elif change == "seats":
        record["seats"] = None
    text = json.dumps(record, ensure_ascii=False).replace('"@@"', "1e309")
    record_file.write_text(text, encoding="utf-8")
    return record_file


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("card", r"history\[1\]\.order\[2\]: NaN and Infinity are not allowed .* got 1e309"),
        ("version", "version: this mazzo reads records of version 1, got 'one'"),
        ("seats", "seats: expected a list of names, got None"),
        ("text:{not json", "not JSON"),
        ("text:" + "[" * 100_000, "nesting too deep"),
        ("bytes", "not UTF-8 text"),
        ("folder", "Is a directory"),
        ("missing", "No such file"),
    ],
)
def test_bad_files_exit_2_with_one_message(
    content: str, message: str, record_file: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if content.startswith("text:"):
        record_file.write_text(content[5:], encoding="utf-8")
        path = record_file
    elif content == "bytes":
        record_file.write_bytes(b'{"game": "\xff"}')
        path = record_file
    elif content == "folder":
        path = tmp_path
    elif content == "missing":
        path = tmp_path / "nowhere.json"
    else:
        path = damaged(record_file, content)
    code, out, err = run_replay([str(path), "--all"], capsys)
    assert code == 2
    assert err.startswith("mazzo: error: ") and err.count("\n") == 1, err
    assert re.search(message, err), err
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize(("change", "place"), [
    ("illegal", r"history\[1\]: .* cannot be replayed"),
    ("result", "result: the replayed result"),
])
@pytest.mark.parametrize("command", ["replay", "verify"])
def test_a_record_the_rules_refuse_is_named_with_its_file(
    command: str, change: str, place: str, record_file: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    if change == "illegal":  # well formed, but not a move the rules allow there
        record["history"][1] = record["history"][0]
    else:
        record["result"]["scores"][0] += 1
    record_file.write_text(json.dumps(record), encoding="utf-8")
    before = record_file.read_bytes()
    args = [str(record_file), "--all"] if command == "replay" else [str(record_file)]
    assert main([command, *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mazzo: error: ") and err.count("\n") == 1, err
    assert err.endswith(f" (in record {record_file})\n"), err
    if command == "replay":  # verify first asks for the server's commitments
        assert re.search(place, err), err
    assert record_file.read_bytes() == before


@pytest.mark.parametrize("seat", ["0", "4", "-1"])
def test_seat_out_of_range_is_refused(
    seat: str, record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_replay([str(record_file), "--seat", seat, "--all"], capsys)
    assert code == 2 and out == ""
    assert err == f"mazzo: error: --seat: {seat} is not a seat of this match; choose 1 to 3\n"
    assert main(["--lang", "it", "replay", str(record_file), "--seat", seat]) == 2
    assert capsys.readouterr().err == (
        f"mazzo: error: --seat: {seat} non è un posto di questa partita; scegli da 1 a 3\n"
    )


@pytest.mark.parametrize("seat", ["1", "3"])
def test_seats_in_range_replay(
    seat: str, record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_replay([str(record_file), "--seat", seat, "--all"], capsys)
    assert code == 0 and err == ""
    assert "Result:" in out


@pytest.mark.e2e
def test_a_real_process_prints_no_traceback(record_file: Path) -> None:
    record_file.write_text('{"game": "nebraska", "version": 1, "history": [1e309]}')
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "MAZZO_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "mazzo.cli.main", "replay", str(record_file), "--all"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "mazzo: error: history[0]: NaN and Infinity are not allowed in a record, got 1e309 "
        f"(in record {record_file})\n"
    )
    assert done.stdout == ""
