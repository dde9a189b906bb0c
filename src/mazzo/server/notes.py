"""Notes a board may ask about the view it already holds: for Nebraska, which of the seat's own
cards count with the common cards now. Computed by the game's own scoring code, so the browser
never re-implements a rule; the answer is a pure function of the posted view (nothing hidden)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from mazzo.cards import Card
from mazzo.engine.game import JSON, card_token, short
from mazzo.games.nebraska.config import VARIANTS
from mazzo.games.nebraska.scoring import (
    POKER_KINDS,
    card_matches,
    poker_combinations,
    valid_cards,
)
from mazzo.games.nebraska.text import counting_now
from mazzo.server.protocol import as_card


class NotesError(ValueError):
    """The posted view lacks what the notes need."""


def _cards(view: JSON, key: str) -> list[Card]:
    """The cards of ``view[key]``, a list of card tokens; NotesError names the bad one."""
    tokens = view[key]
    if not isinstance(tokens, list):
        raise NotesError(f"{key}: expected a list of card tokens, got {short(tokens)}")
    cards = []
    for index, token in enumerate(tokens):
        if not isinstance(token, str) or (found := as_card(token)) is None:
            raise NotesError(f"{key}[{index}]: expected a card token, got {short(token)}")
        cards.append(found)
    return cards


def nebraska_notes(view: JSON, lang: str) -> JSON:
    """{"lines": what counts now in words, "cards": the seat's cards that count}."""
    try:
        hand = _cards(view, "hand")
        common = _cards(view, "common")
        variant = view["variant"]
        if variant not in VARIANTS:
            raise NotesError(f"variant: {short(variant)} is not one of {', '.join(VARIANTS)}")
        lines = counting_now(view, lang)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotesError(f"not a seat's Nebraska view: {exc}") from None
    if variant == "family":
        counting = valid_cards(hand, common)
    elif variant == "expert":
        counting = [c for c in hand if card_matches(c, common)]
    else:
        combos = poker_combinations(hand, common, bool(view.get("ace_low_in_runs")))
        counting = []
        for kind in POKER_KINDS:
            combo = combos[kind]
            if combo is not None:
                counting.extend(combo[0])
    tokens = {card_token(c) for c in counting}
    return {"lines": lines, "cards": [t for t in view["hand"] if t in tokens]}


#: game id -> notes about a seat's view
NOTES: Final[dict[str, Callable[[JSON, str], JSON]]] = {"nebraska": nebraska_notes}
