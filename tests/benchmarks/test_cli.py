"""``python -m benchmarks``: one command line for every benchmark. With no sub-command it runs
what ``make bench`` runs; ``server`` and ``web`` hand the rest of the line to their module."""

from __future__ import annotations

import sys
import types

import pytest

from benchmarks import baseline, games, peers, rl, search
from benchmarks.cli import FORWARDED, build_parser, main

#: every sub-command, as ``--help`` lists them
SUB_COMMANDS = ("games", "peers", "rl", "search", "level-cost", "fingerprints", "view-phases",
                "view-instructions", "profile", "novantanove-strength", "server", "web")


def _fake_sections(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every section of ``make bench`` replaced by one line naming it and its --quick, and the
    baseline taken as measured (half a second of CPU saved)."""
    monkeypatch.setattr(baseline, "_CACHE", [1000.0])
    for game in games.GAMES:
        monkeypatch.setitem(games.GAMES, game, lambda quick, game=game: [f"{game} {quick}"])
    monkeypatch.setattr(search, "run", lambda quick: [f"search {quick}"])
    monkeypatch.setattr(peers, "run", lambda quick: [f"peers {quick}"])
    monkeypatch.setattr(rl, "run", lambda quick, games=None: [f"rl {quick} {games}"])


def test_the_help_lists_every_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    listed = capsys.readouterr().out
    assert all(f"\n    {name}" in listed for name in SUB_COMMANDS)
    assert set(FORWARDED) <= set(SUB_COMMANDS)


def test_with_no_sub_command_it_runs_what_make_bench_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_sections(monkeypatch)
    assert main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("baseline: ")
    assert [line for line in out if line.startswith("==")] == [
        "== burraco", "== cribbage", "== nebraska", "== novantanove", "== poker_italiano",
        "== search", "== peers", "== rl"]
    assert "  burraco False" in out and "  rl False None" in out


def test_a_sub_command_runs_its_part_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_sections(monkeypatch)
    assert main(["games", "--game", "nebraska", "--game", "burraco", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "== nebraska\n  nebraska True\n" in out and "== burraco\n  burraco True\n" in out
    assert "cribbage" not in out
    assert main(["rl", "--game", "cribbage"]) == 0
    assert "== rl\n  rl False ['cribbage']\n" in capsys.readouterr().out


def test_an_unknown_game_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["games", "--game", "scopa"])
    assert refused.value.code == 2
    assert "invalid choice: 'scopa'" in capsys.readouterr().err


def test_server_reads_the_rest_of_the_line_itself(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["server", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m benchmarks server") and "--flood" in out


def test_web_without_its_module_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "benchmarks.web", None)  # an import of it then fails
    assert main(["web", "--frames", "10"]) == 2
    assert "/web.py is not in this checkout" in capsys.readouterr().err


def test_web_hands_its_arguments_to_the_module(monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[list[str]] = []
    web = types.ModuleType("benchmarks.web")
    web.main = lambda argv: got.append(argv) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "benchmarks.web", web)
    assert main(["web", "--frames", "10"]) == 0
    assert got == [["--frames", "10"]]


def test_every_parsed_sub_command_has_a_runner() -> None:
    parser = build_parser()
    for argv in (["games"], ["peers"], ["rl"], ["search"], ["level-cost", "cribbage", "difficile",
                 "1"], ["fingerprints"], ["view-phases", "cribbage"],
                 ["view-instructions", "cribbage"], ["profile"], ["novantanove-strength"]):
        assert callable(parser.parse_args(argv).run), argv
