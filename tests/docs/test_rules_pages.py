"""The full rules pages: one per game and language, shipped in the wheel, shown by
`mazzo rules --full` and the `r` key, and linked from README with links that resolve."""

from __future__ import annotations

import io
import re
import sys
import tomllib
from pathlib import Path

import pytest

from mazzo.cli import rules_pages as cli_pages
from mazzo.cli.main import main
from mazzo.cli.play import play_interactive
from mazzo.cli.rules_pages import show_text
from mazzo.engine import all_games, get_game, rules_pages
from mazzo.engine.game import MazzoError
from mazzo.engine.rules_pages import (
    PACKAGED_FOLDER,
    SOURCE_FOLDER,
    full_rules,
    page_name,
    source_root,
)

ROOT = Path(__file__).parents[2]
GAME_IDS = [game.id for game in all_games()]
#: a Markdown link or image target: ](target) — the text before it is not needed
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_game_has_both_pages(game_id: str, lang: str) -> None:
    path = ROOT / SOURCE_FOLDER / page_name(game_id, lang)
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    text = path.read_text(encoding="utf-8")
    other = page_name(game_id, "it" if lang == "en" else "en")
    assert f"]({other})" in text.splitlines()[2], "the top lines link to the other language"
    assert max(len(line) for line in text.splitlines()) <= 100, "keep the page terminal-wide"


def test_page_names() -> None:
    assert page_name("nebraska", "en") == "nebraska.md"
    assert page_name("nebraska", "it") == "nebraska.it.md"
    with pytest.raises(MazzoError, match="fr"):
        page_name("nebraska", "fr")


def test_source_checkout_falls_back_to_docs_rules() -> None:
    assert source_root() == ROOT / SOURCE_FOLDER
    assert not rules_pages.packaged_root().is_dir(), "a source checkout has no packaged copy"
    expected = (ROOT / "docs" / "rules" / "nebraska.it.md").read_text(encoding="utf-8")
    assert full_rules("nebraska", "it") == expected


def test_the_packaged_copy_is_read_first(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    packaged = tmp_path / "mazzo" / PACKAGED_FOLDER
    packaged.mkdir(parents=True)
    (packaged / "nebraska.md").write_text("# packaged copy\n", encoding="utf-8")
    monkeypatch.setattr(rules_pages, "packaged_root", lambda: packaged)
    assert full_rules("nebraska", "en") == "# packaged copy\n"
    # a page missing from the packaged copy still comes from the repository
    assert full_rules("nebraska", "it").startswith("# Nebraska")


def test_a_missing_page_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MazzoError, match=r"no full rules page nebraska\.it\.md"):
        full_rules("nebraska", "it", roots=[tmp_path / "nowhere", tmp_path])


def test_the_wheel_maps_docs_rules_to_the_packaged_folder() -> None:
    """The wheel's copy is where the loader looks for it (pyproject force-include)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    force = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force[SOURCE_FOLDER.as_posix()] == f"mazzo/{PACKAGED_FOLDER}"


def test_rules_full_prints_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nebraska", "--full", "--lang", "it"]) == 0
    assert capsys.readouterr().out == full_rules("nebraska", "it") + "\n"
    assert main(["rules", "nebraska", "--full", "--lang", "en"]) == 0
    assert capsys.readouterr().out == full_rules("nebraska", "en") + "\n"


def test_rules_summary_says_full_exists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "nebraska", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(get_game("nebraska").rules_summary("en"))
    assert out.rstrip().endswith("Full rules: mazzo rules nebraska --full --lang en")
    assert main(["rules", "nebraska", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("Regole complete: mazzo rules nebraska --full --lang it")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_pager_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    paged: list[str] = []
    monkeypatch.setattr(cli_pages.pydoc, "pager", paged.append)
    plain = io.StringIO()
    show_text("some rules", plain)
    assert plain.getvalue() == "some rules\n" and paged == []
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    show_text("some rules")
    assert paged == ["some rules"] and terminal.getvalue() == ""


def test_r_at_the_table_shows_the_full_page(tmp_path: Path) -> None:
    game = get_game("nebraska")
    out = io.StringIO()
    answers = iter(["r", "q"])
    play_interactive(game, game.config(players=2), 0, ["random"], "it", seed=3,
                     save_path=str(tmp_path / "m.json"), out=out, ask=lambda _p: next(answers))
    assert full_rules("nebraska", "it") in out.getvalue()
    assert "r  regole complete" in out.getvalue()


def test_r_at_the_table_survives_a_missing_page(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("nebraska")
    monkeypatch.setattr(rules_pages, "packaged_root", lambda: tmp_path)
    monkeypatch.setattr(rules_pages, "source_root", lambda: tmp_path)
    out = io.StringIO()
    answers = iter(["r", "q"])
    play_interactive(game, game.config(players=2), 0, ["random"], "en", seed=3,
                     save_path=str(tmp_path / "m.json"), out=out, ask=lambda _p: next(answers))
    text = out.getvalue()
    assert game.rules_summary("en") in text and "no full rules page nebraska.md" in text


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a web address or an anchor in the same page
        resolved = (path.parent / target.split("#")[0]).resolve()
        assert resolved.exists(), f"{path.relative_to(ROOT)} links to missing {target}"
        assert resolved.is_relative_to(ROOT), f"{target} points outside the repository"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_readme_links_each_rules_page(game_id: str) -> None:
    links = set(LINK.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    for lang in ("en", "it"):
        assert f"{SOURCE_FOLDER.as_posix()}/{page_name(game_id, lang)}" in links
