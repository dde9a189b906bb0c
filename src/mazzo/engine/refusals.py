"""Refusals every game shares, in Italian and English.

A game raises :class:`~mazzo.engine.game.IllegalAction` with a ``code`` and ``params``; its text
module translates its own codes and leaves the ones below (and unknown ones) to
:func:`explain_common`. Params hold plain values and cards; :func:`show` writes either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mazzo.cards import Card

if TYPE_CHECKING:
    from mazzo.engine.game import IllegalAction

#: code -> (Italian, English) templates; ``{name}`` is filled from params with :func:`show`
COMMON: dict[str, tuple[str, str]] = {
    "not_in_hand": ("non hai {card} in mano", "you do not hold {card}"),
    "match_over": ("la partita è finita", "the match is over"),
    "wrong_phase": ("questa mossa non si può fare ora", "that move cannot be made now"),
}


def show(value: Any, lang: str) -> str:
    """A param as words: cards by name (``7♥``, ``7 giallo``/``7 yellow``), lists joined."""
    if isinstance(value, Card):
        return value.name(lang)
    if isinstance(value, list | tuple):
        return " ".join(show(v, lang) for v in value)
    return str(value)


def fill(template: str, params: Mapping[str, Any], lang: str) -> str:
    """``template`` with every ``{name}`` replaced by ``show(params[name])``."""
    return template.format(**{key: show(value, lang) for key, value in params.items()})


def translate(
    table: Mapping[str, tuple[str, str]], code: str, params: Mapping[str, Any], lang: str
) -> str | None:
    """The sentence for ``code`` from a game's (Italian, English) table, or None if unknown."""
    found = table.get(code)
    if found is None:
        return None
    return fill(found[0] if lang == "it" else found[1], params, lang)


def explain_common(exc: IllegalAction, lang: str) -> str:
    """A shared code in words, else "not a legal move now" with the English detail."""
    said = translate(COMMON, exc.code, exc.params, lang)
    if said is not None:
        return said
    if lang == "it":
        return f"mossa non valida ora ({exc})"
    return f"not a legal move now ({exc})"
