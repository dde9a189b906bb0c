"""Words shared by every game's text: counts read in the right number, in Italian and English.

Bottom layer (like ``cards``): imports nothing from mazzo, so games, CLI and arena can all use it.
"""

from __future__ import annotations


def plural(count: float, one: str, many: str) -> str:
    """``count`` followed by the noun in the right number: ``1 carta``, ``2 carte``, ``0 carte``.

    Only exactly 1 is singular, in both languages ("0 punti", "0 points"). A float count (chips)
    is written without decimals when it is whole.
    """
    return f"{_number(count)} {noun(count, one, many)}"


def noun(count: float, one: str, many: str) -> str:
    """The noun alone in the number ``count`` calls for, for texts that lay the number out
    themselves (aligned columns)."""
    return one if count == 1 else many


def _number(count: float) -> str:
    return str(int(count)) if count == int(count) else str(count)
