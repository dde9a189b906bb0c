"""The rules pages at the terminal: the full page through the pager, the summary with the command
that prints the whole page. The pages themselves are the game's (``Game.rules_page``, loaded by
``mazzo.engine.rules_pages``).
"""

from __future__ import annotations

import pydoc
import sys
from typing import TextIO

from mazzo.engine.game import Game, MazzoError


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
        return game.rules_page(lang)
    except MazzoError as exc:
        return f"{game.rules_summary(lang)}\n\n({exc.text(lang)})"


def summary_with_hint(game: Game, lang: str) -> str:
    """The short summary, ending with the command that prints the whole page."""
    command = f"mazzo rules {game.id} --full --lang {lang}"
    hint = f"Regole complete: {command}" if lang == "it" else f"Full rules: {command}"
    return f"{game.rules_summary(lang)}\n\n{hint}"
