"""The code and the docs read as a reference: history belongs in git, not in comments, and the
front page and the performance page stay short enough to be read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SOURCE_SUFFIXES = (".py", ".js", ".html")
#: a comment that dates itself: an issue or pass number, a branch name, "since 2026-11-26"
HISTORY = re.compile(
    r"\bissue\s*#?\d+|(?:\(|\bsee |\bin |\bfrom |\bof )#\d+\b"
    r"|\b(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
    r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth"
    r"|eighteenth|nineteenth|twentieth) pass\b"
    r"|\b(?:until|since|before|after) \d{4}-\d{2}-\d{2}"
    r"|\bbranch `?h-[a-z0-9]+",
    re.IGNORECASE,
)
#: a repository path named in code or a comment
NAMED_PATH = re.compile(r"(?<![\w/.])((?:docs|scripts|benchmarks|shared|examples)/[\w./-]*\w"
                        r"\.(?:md|py|sh|json))")
#: a word in capitals joined to the name stands for any: docs/strength-results/GAME-edges.json
PLACEHOLDER = re.compile(r"/[A-Z]+[-_]")
#: the README is a front page (what it is, two commands, the games, one table, links)
README_LINES = 250
#: docs/performance.md is a reference of the current figures, not a diary
PERFORMANCE_LINES = 400


def source_files() -> list[Path]:
    return sorted(p for p in (ROOT / "src").rglob("*")
                  if p.suffix in SOURCE_SUFFIXES and ".min." not in p.name)


def test_the_pattern_finds_history() -> None:
    for dated in ("(issue 16)", "see #17", "the tenth pass", "the 12th pass",
                  "the esperto until 2026-11-26", "(branch `h-vnov2`)"):
        assert HISTORY.search(dated), dated
    for plain in ("the second round", "a pass over the hand", "pass a config", "&#39;",
                  "color: #111", "a[i] = 1  # 3 cards"):
        assert not HISTORY.search(plain), plain


@pytest.mark.parametrize("path", source_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_source_says_why_not_when(path: Path) -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if HISTORY.search(line)]
    assert not found, "history belongs in git; say the reason instead:\n" + "\n".join(found)


def named_paths() -> list[tuple[str, str]]:
    found = []
    for root in ("src", "tests", "scripts", "benchmarks"):
        for path in sorted((ROOT / root).rglob("*")):
            if path.suffix not in (*SOURCE_SUFFIXES, ".sh") or ".min." in path.name:
                continue
            text = path.read_text(encoding="utf-8")
            found += [(str(path.relative_to(ROOT)), named) for named in NAMED_PATH.findall(text)
                      if not PLACEHOLDER.search(named)]
    return found


@pytest.mark.parametrize(("where", "named"), named_paths(), ids=lambda item: str(item))
def test_named_paths_exist(where: str, named: str) -> None:
    assert (ROOT / named).exists(), f"{where} names {named}, which is not in the repository"


def test_readme_is_a_front_page() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < README_LINES
    for page in ("cli", "engine", "arena", "performance", "rl", "web", "server", "records"):
        assert f"(docs/{page}.md)" in text, f"README links docs/{page}.md"


def test_performance_is_a_reference() -> None:
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < PERFORMANCE_LINES
    assert "git show" in text, "it says where the history went"
