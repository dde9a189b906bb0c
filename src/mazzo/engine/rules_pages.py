"""The full rules pages of the games (``docs/rules/<game>.md`` and ``<game>.it.md``).

The pages live once, in the repository's ``docs/rules``. A wheel carries a copy inside the
package (``mazzo/rules_pages``, mapped by ``[tool.hatch.build.targets.wheel.force-include]`` in
pyproject.toml); a source checkout or an editable install has no such copy, so the loader falls
back to the repository folder next to ``src/``. This is the engine's because every layer that
shows rules (the ``mazzo`` command, the table server's ``/rules/<game>``) reaches a page through
its game's hook, ``Game.rules_page``.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from mazzo.engine.game import MazzoError

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
