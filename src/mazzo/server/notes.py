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
from mazzo.games.nebraska.state import COMMON_SIZE, HAND_SIZE
from mazzo.games.nebraska.text import counting_now
from mazzo.server.protocol import as_card

#: the most bytes a notes request may have: a seat's Nebraska view is at most about 2.3 KB
#: (seven players, the last hand's result; every variant played out at random), and a larger
#: body is read and parsed on the event loop before anything else can refuse it
NOTES_MAX_BYTES: Final = 16 * 1024
#: the most cards each list of a view may hold: what the game deals (a seat's hand never grows
#: past its deal: each bid spends a card, each rejection gives one back) and the common row it
#: ends at. Scoring grows steeply with the cards (3,000 took 0.7 s), so more is refused unread
VIEW_CARDS: Final = {"hand": HAND_SIZE, "common": COMMON_SIZE}


class NotesError(ValueError):
    """The posted view lacks what the notes need."""


def _cards(view: JSON, key: str) -> list[Card]:
    """The cards of ``view[key]``, a list of card tokens; NotesError names the bad one."""
    tokens = view[key]
    if not isinstance(tokens, list):
        raise NotesError(f"{key}: expected a list of card tokens, got {short(tokens)}")
    if len(tokens) > VIEW_CARDS[key]:
        raise NotesError(f"{key}: {len(tokens)} cards; a Nebraska view holds at most "
                         f"{VIEW_CARDS[key]}")
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
