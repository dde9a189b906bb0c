"""Helpers for the Burraco tests: cards from text, states set up by hand, random matches."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mazzo.cards import Card, parse_cards
from playout import decisions


def cards(text: str) -> list[Card]:
    """``"7H 8H 2D JK"``: parse with the engine's parser (``JK`` or ``J★`` for a jolly)."""
    return parse_cards(text)


from mazzo.games.burraco import GAME  # noqa: E402
from mazzo.games.burraco.actions import DECK, Deal  # noqa: E402
from mazzo.games.burraco.config import BurracoConfig  # noqa: E402
from mazzo.games.burraco.melds import Meld, layouts  # noqa: E402
from mazzo.games.burraco.state import BurracoState  # noqa: E402


def dealt(players: int = 4, **fields: object) -> BurracoState:
    """A match right after a deal of the unshuffled deck (seat 0 to play)."""
    state = GAME.new_match(BurracoConfig(players=players, **fields))  # type: ignore[arg-type]
    state.apply(Deal(tuple(DECK)))
    return state


def meld(text: str, wild: int | None = None) -> Meld:
    found = layouts(cards(text))
    if wild is not None:
        found = [m for m in found if m.wild == wild]
    return found[0]


def arrange(
    state: BurracoState,
    hands: dict[int, str] | None = None,
    pile: str | None = None,
    stock: str | None = None,
    melds: dict[int, list[Meld]] | None = None,
    taken: dict[int, bool] | None = None,
) -> BurracoState:
    """Overwrite parts of a state (the rest of the deal stays); cards need not be conserved."""
    for seat, text in (hands or {}).items():
        state.hands[seat] = cards(text)
    if pile is not None:
        state.pile = cards(pile)
    if stock is not None:
        state.stock = cards(stock)
    for side, side_melds in (melds or {}).items():
        state.melds[side] = list(side_melds)
    for side, flag in (taken or {}).items():
        state.taken[side] = flag
    state._legal = None
    return state


def random_decisions(config: BurracoConfig,
                     seed: int) -> Iterator[tuple[BurracoState, random.Random]]:
    """Every decision of a random match of ``config`` (the live state, and the generator that
    picks the move played after it)."""
    rng = random.Random(seed)
    state: BurracoState = GAME.new_match(config)  # type: ignore[assignment]
    for decision in decisions(state, rng):
        yield decision, rng
