"""Words shared by every game's text: counts read in the right number, in Italian and English.

Bottom layer (like ``cards``): imports nothing from mazzo, so games, CLI and arena can all use it.
Seats are named through :func:`seat_label` ("Giocatore 2" / "Player 2"); a caller that knows the
people at a table (the table server) sets their nicknames with :func:`seat_names` around the
text calls, and every game's texts then say "Ada" instead, while the terminal keeps its numbers.
Conventions: only exactly 1 is singular ("0 punti", "0 points"); the Italian loanword fiche
takes the French plural, as at Italian tables ("1 fiche", "2 fiches"); the English abbreviation
is "1 pt", "2 pts", while Italian texts write the word out ("1 punto", "2 punti").
"""

from __future__ import annotations

import contextvars
import errno
import os
from collections.abc import Sequence

#: the nicknames of the seats for the texts being made now (None: "Giocatore 1", "Player 1")
_SEAT_NAMES: contextvars.ContextVar[tuple[str, ...] | None] = contextvars.ContextVar(
    "mazzo_seat_names", default=None)

#: nouns counted by more than one game or tool: key -> language -> (singular, plural)
NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "card": {"it": ("carta", "carte"), "en": ("card", "cards")},
    "point": {"it": ("punto", "punti"), "en": ("point", "points")},
    "pt": {"it": ("punto", "punti"), "en": ("pt", "pts")},
    "trick": {"it": ("presa", "prese"), "en": ("trick", "tricks")},
    "chip": {"it": ("fiche", "fiches"), "en": ("chip", "chips")},
    "game": {"it": ("partita", "partite"), "en": ("game", "games")},
    "match": {"it": ("incontro", "incontri"), "en": ("match", "matches")},
    "move": {"it": ("mossa", "mosse"), "en": ("move", "moves")},
    "action": {"it": ("azione", "azioni"), "en": ("action", "actions")},
    "player": {"it": ("giocatore", "giocatori"), "en": ("player", "players")},
    "discard": {"it": ("scarto", "scarti"), "en": ("discard", "discards")},
}


def plural(count: float, one: str, many: str) -> str:
    """``count`` followed by the noun in the right number: ``1 carta``, ``2 carte``, ``0 carte``.

    A float count (chips) is written without decimals when it is whole.
    """
    return f"{_number(count)} {noun(count, one, many)}"


def noun(count: float, one: str, many: str) -> str:
    """The noun alone in the number ``count`` calls for, for texts that lay the number out
    themselves (aligned columns)."""
    return one if count == 1 else many


def counted(count: float, key: str, lang: str) -> str:
    """``count`` with a shared noun of :data:`NOUNS` in ``lang`` (English unless "it")."""
    one, many = NOUNS[key]["it" if lang == "it" else "en"]
    return plural(count, one, many)


def counted_noun(count: float, key: str, lang: str) -> str:
    """The shared noun alone, in the number ``count`` calls for (for aligned columns)."""
    one, many = NOUNS[key]["it" if lang == "it" else "en"]
    return noun(count, one, many)


def _number(count: float) -> str:
    return str(int(count)) if count == int(count) else str(count)


def seat_label(seat: int, lang: str) -> str:
    """How texts name a seat: its nickname inside :func:`seat_names`, else "Giocatore 2" /
    "Player 2" (seats count from 1 for people)."""
    names = _SEAT_NAMES.get()
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"{'Giocatore' if lang == 'it' else 'Player'} {seat + 1}"


def named_seats() -> tuple[str, ...] | None:
    """The nicknames set by :func:`seat_names` around the current call, if any."""
    return _SEAT_NAMES.get()


class seat_names:  # lower case: used like a function, ``with seat_names(names):``
    """Within the block, texts name seat i by ``names[i]`` (a context variable: safe with
    threads and asyncio tasks; None keeps the numbered names). A class rather than a
    generator-based context manager: the table server enters one for every frame."""

    __slots__ = ("_names", "_token")

    def __init__(self, names: Sequence[str] | None) -> None:
        self._names = None if names is None else tuple(names)
        self._token: contextvars.Token[tuple[str, ...] | None] | None = None

    def __enter__(self) -> None:
        self._token = _SEAT_NAMES.set(self._names)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _SEAT_NAMES.reset(self._token)


def default_lang() -> str:
    """The language of the ``mazzo`` command and its tools: MAZZO_LANG, else Italian when the
    system language (LANG) is Italian, else English."""
    chosen = os.environ.get("MAZZO_LANG") or os.environ.get("LANG", "")
    return "it" if chosen.lower().startswith("it") else "en"


#: why the system refused a file, in Italian (the system's own words are English)
_OS_REASONS_IT: dict[int, str] = {
    errno.ENOENT: "file o cartella inesistente",
    errno.EACCES: "permesso negato",
    errno.EPERM: "operazione non permessa",
    errno.EISDIR: "è una cartella",
    errno.ENOTDIR: "una parte del percorso è un file, non una cartella",
    errno.ENOSPC: "spazio esaurito sul disco",
    errno.EROFS: "file system di sola lettura",
    errno.ENAMETOOLONG: "nome troppo lungo",
    errno.ELOOP: "troppi collegamenti simbolici",
    errno.EEXIST: "esiste già",
    errno.EIO: "errore di lettura o scrittura",
    errno.EDQUOT: "quota del disco superata",
}


def os_reason(exc: OSError, lang: str) -> str:
    """Why ``exc`` refused a file, in ``lang`` (the system's words, in English, when Italian
    has none for its error number)."""
    english = exc.strerror or str(exc)
    if lang == "it" and exc.errno == errno.ENOTDIR and exc.filename is not None \
            and exc.strerror != os.strerror(errno.ENOTDIR):  # mazzo's own: it names the file
        return f"{exc.filename} è un file, non una cartella"
    if lang == "it" and exc.errno in _OS_REASONS_IT:
        return _OS_REASONS_IT[exc.errno]
    return english
