"""Colour at the terminal: what the CLI prints, painted when stdout is a terminal.

The game text modules stay plain (and testable); :func:`paint` recolours their finished text by
pattern: ♥ ♦ red (♣ ♠ stay in the terminal's colour), Nebraska's eight colour suits each in its
colour with its name kept (``7 giallo`` stays ``7 giallo``: colour is never the only sign), and a
light bold on whose turn it is, scores and winners. :func:`painted` decides: a terminal, no
``--no-color``, and no ``NO_COLOR`` in the environment (any non-empty value, see no-color.org).
Colour codes end with "default colour" / "normal weight" rather than a full reset, so a card
inside a bold line keeps the bold.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any, TextIO, cast

from mazzo.cards import (
    AZZURRO,
    BLU,
    COLOURS,
    GIALLO,
    ORO,
    ROSA,
    ROSSO,
    SUIT_NAME_EN,
    SUIT_NAME_IT,
    VERDE,
    VERDE_SCURO,
)

ESC = "\x1b["
DEFAULT_COLOUR = ESC + "39m"
BOLD = ESC + "1m"
NORMAL_WEIGHT = ESC + "22m"
RED = ESC + "31m"

#: 256-colour foregrounds chosen to tell the eight suits apart on dark and light backgrounds
SUIT_COLOUR: Mapping[int, str] = {
    GIALLO: ESC + "38;5;220m",
    VERDE: ESC + "38;5;76m",
    VERDE_SCURO: ESC + "38;5;28m",
    BLU: ESC + "38;5;27m",
    AZZURRO: ESC + "38;5;74m",
    ROSSO: ESC + "38;5;160m",
    ROSA: ESC + "38;5;205m",
    ORO: ESC + "38;5;178m",
}
_COLOUR_OF_NAME = {SUIT_NAME_IT[c]: SUIT_COLOUR[c] for c in COLOURS} | {
    SUIT_NAME_EN[c]: SUIT_COLOUR[c] for c in COLOURS
}

_RANK = r"(?:10|[2-9AJQK])"
#: longest names first, so "verde scuro" is not read as "verde"
_NAMES = "|".join(re.escape(n) for n in sorted(_COLOUR_OF_NAME, key=len, reverse=True))
_RED_SUIT = re.compile(rf"(?:\b{_RANK})?[♥♦]")
_COLOUR_CARD = re.compile(rf"\b{_RANK} (?P<name>{_NAMES})\b")
#: whose turn: the seat after poker's arrow, and the seat named after "to move", "tocca a"...
_TURN_LINE = re.compile(r"^→ (?:Player|Giocatore) \d+", re.MULTILINE)
_TURN_SEAT = re.compile(
    r"(?P<lead>\b(?:To move|Tocca a|tocca a|to act|to play|Turn|turn):? )"
    r"(?P<bold>(?:Player|Giocatore) \d+)"
)
_SCORE = re.compile(r"\b-?\d+ (?:pts|punti|points|chips|fiches)\b")
_WINNER_LINE = re.compile(r"^(?:Winners?|Vince|Vincono): .*$", re.MULTILINE)
_YOU = re.compile(r"\((?:you|tu)\)")


def paint(text: str) -> str:
    """The text with its cards coloured and its turn, scores and winners in bold."""
    text = _RED_SUIT.sub(lambda m: f"{RED}{m.group()}{DEFAULT_COLOUR}", text)
    text = _COLOUR_CARD.sub(
        lambda m: f"{_COLOUR_OF_NAME[m.group('name')]}{m.group()}{DEFAULT_COLOUR}", text
    )
    for pattern in (_TURN_LINE, _TURN_SEAT, _SCORE, _WINNER_LINE, _YOU):
        text = pattern.sub(_embolden, text)
    return text


def _embolden(match: re.Match[str]) -> str:
    """The match in bold; with a ``lead`` group, only what follows the lead (the ``bold`` group)."""
    if "lead" in match.re.groupindex:
        return f"{match.group('lead')}{BOLD}{match.group('bold')}{NORMAL_WEIGHT}"
    return f"{BOLD}{match.group()}{NORMAL_WEIGHT}"


def wants_colour(stream: TextIO, no_color: bool = False,
                 environ: Mapping[str, str] | None = None) -> bool:
    """Colour only on a terminal, unless ``--no-color`` or a non-empty ``NO_COLOR`` says no."""
    env = os.environ if environ is None else environ
    if no_color or env.get("NO_COLOR", ""):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class PaintedStream:
    """A text stream that paints what is written to it and passes everything else through."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(paint(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        # flush, isatty, fileno (so input() still uses the terminal's line editing)...
        return getattr(self.stream, name)


def painted(stream: TextIO, no_color: bool = False) -> TextIO:
    """``stream`` itself, or a painting wrapper of it when colour is wanted."""
    if not wants_colour(stream, no_color):
        return stream
    return cast(TextIO, PaintedStream(stream))
