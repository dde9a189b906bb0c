"""Helpers for the Burraco tests: cards from text, states set up by hand, random matches."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product

from mazzo.cards import ACE, Card, card, parse_cards
from playout import decisions


def cards(text: str) -> list[Card]:
    """``"7H 8H 2D JK"``: parse with the engine's parser (``JK`` or ``J★`` for a jolly)."""
    return parse_cards(text)


from mazzo.games.burraco import GAME  # noqa: E402
from mazzo.games.burraco.actions import DECK, Deal  # noqa: E402
from mazzo.games.burraco.config import BurracoConfig  # noqa: E402
from mazzo.games.burraco.melds import HIGH_ACE, LOW_ACE, Meld, layouts  # noqa: E402
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


JOLLIES = [c for c in DECK if c & 0xFF == 192]


def wilds_for(suit: int) -> list[Card]:
    """Two jollies, the suit's own 2 and another suit's (both copies between them)."""
    return [*JOLLIES[:2], card(2, suit, 1), card(2, (suit + 1) % 4, 0)]


def every_run() -> list[Meld]:
    """Runs of every shape: each suit and span, clean or with a wild at each place, each wild
    of :func:`wilds_for`, the naturals' copies in two patterns (in turn)."""
    runs = []
    for suit, lo in product(range(4), range(LOW_ACE, HIGH_ACE - 1)):
        for hi in range(lo + 2, HIGH_ACE + 1):
            if lo == LOW_ACE and hi == HIGH_ACE:
                continue  # one natural ace per run
            kinds = zip(("0", "10") * 2, wilds_for(suit), strict=True)
            for wild_at, (copies, wild) in product(range(lo - 1, hi + 1), kinds):
                if wild_at < lo:
                    wild_at = 0  # clean
                    if wild != JOLLIES[0]:
                        continue
                elif wild_at == 2 and wild & 0xFF == suit * 16 + 2:
                    continue  # its own 2 at 2 is natural: a clean run
                cards = tuple(
                    wild if p == wild_at else
                    card(ACE if p in (LOW_ACE, HIGH_ACE) else p, suit,
                         int(copies[(p - lo) % len(copies)]))
                    for p in range(lo, hi + 1))
                run = Meld(True, suit, cards, lo, wild_at)
                if run in layouts(cards):
                    runs.append(run)
    return runs
