"""The full rules pages (``docs/rules/<game>.md`` and ``<game>.it.md``) for the CLI.

The pages live once, in the repository's ``docs/rules``. A wheel carries a copy inside the
package (``mazzo/rules_pages``, mapped by ``[tool.hatch.build.targets.wheel.force-include]`` in
pyproject.toml); a source checkout or an editable install has no such copy, so the loader falls
back to the repository folder next to ``src/``.
"""

from __future__ import annotations

import pydoc
import sys
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TextIO

from mazzo.engine.game import Game, MazzoError

#: the folder inside the ``mazzo`` package where the wheel puts docs/rules (see pyproject.toml)
PACKAGED_FOLDER = "rules_pages"
#: the canonical pages, relative to the repository root
SOURCE_FOLDER = Path("docs") / "rules"
LANGS = ("en", "it")


def page_name(game_id: str, lang: str) -> str:
    """``nebraska.md`` for English, ``nebraska.it.md`` for Italian."""
    if lang not in LANGS:
        raise MazzoError(f"--lang: no rules pages in {lang!r}; choose from {', '.join(LANGS)}",
                         italian=f"--lang: nessuna pagina di regole in {lang!r}; scegli tra "
                                 f"{', '.join(LANGS)}")
    return f"{game_id}.md" if lang == "en" else f"{game_id}.{lang}.md"


def packaged_root() -> Traversable:
    """Where an installed wheel keeps the pages."""
    return resources.files("mazzo") / PACKAGED_FOLDER


def source_root() -> Path:
    """The repository's docs/rules, two levels above the package in ``src/mazzo``."""
    return Path(__file__).resolve().parents[3] / SOURCE_FOLDER


def full_rules(
    game_id: str, lang: str = "en", roots: Sequence[Traversable | Path] | None = None
) -> str:
    """The full rules page of ``game_id`` in ``lang``: the packaged copy first, else the
    repository's. ``roots`` replaces those two places (tests point it at a folder)."""
    name = page_name(game_id, lang)
    searched = list(roots) if roots is not None else [packaged_root(), source_root()]
    for root in searched:
        page = root / name
        if page.is_file():
            return page.read_text(encoding="utf-8")
    places = ", ".join(str(root) for root in searched)
    raise MazzoError(f"no full rules page {name} for {game_id!r} (looked in {places})",
                     italian=f"manca la pagina completa delle regole {name} per {game_id!r} "
                             f"(cercata in {places})")


def show_text(text: str, out: TextIO | None = None) -> None:
    """Print ``text``; through the pager only when writing to a terminal."""
    stream = out or sys.stdout
    if stream is sys.stdout and stream.isatty():
        pydoc.pager(text)
    else:
        print(text, file=stream)


def table_rules(game: Game, lang: str) -> str:
    """What ``r`` shows at the table: the full page, or, if it is not installed, the summary
    with the reason, so a packaging fault never ends a match in progress."""
    try:
        return full_rules(game.id, lang)
    except MazzoError as exc:
        return f"{game.rules_summary(lang)}\n\n({exc.text(lang)})"


def summary_with_hint(game: Game, lang: str) -> str:
    """The short summary, ending with the command that prints the whole page."""
    command = f"mazzo rules {game.id} --full --lang {lang}"
    hint = f"Regole complete: {command}" if lang == "it" else f"Full rules: {command}"
    return f"{game.rules_summary(lang)}\n\n{hint}"
