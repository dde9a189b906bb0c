"""Worlds for a search: the deal redealt around what one seat knows (``determinize``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from mazzo.cards import Card
from mazzo.engine.chance import sample, shuffle
from mazzo.games.poker_italiano.basics import HAND_SIZE
from mazzo.games.poker_italiano.scoring import opens

if TYPE_CHECKING:
    from mazzo.games.poker_italiano.state import PokerItalianoState


#: five-card draws tried for the opener's opening hand in a determinization
OPENER_TRIES = 300
#: a hidden card's place in a redeal: ("h", seat, index), ("s"|"u"|"p", 0, index) for the
#: stock, the undealt deck and the pool
Place = tuple[str, int, int]


_S = TypeVar("_S", bound="PokerItalianoState")

def pre_draw_hand(state: PokerItalianoState, seat: int) -> list[Card]:
    """The five cards ``seat`` held before the draw: his kept cards (the front of the hand,
    since drawn cards are appended) and his discards."""
    drawn = state.draws[seat]
    if drawn < 0:
        return list(state.hands[seat])
    return state.hands[seat][:HAND_SIZE - drawn] + state.discarded[seat]



def redealt(state: _S, seat: int, rng: random.Random, history: bool) -> _S:
    """``_determinize``'s world, its history copied or left empty."""
    hidden = hidden_cards(state, seat)
    mine = state.discarded[seat]
    if mine:
        mine = [c for c in mine if c in hidden]  # mine a reshuffle took
    opener = state.opener if state.opener not in (-1, seat) else -1
    pre: list[Card] = []
    if opener >= 0:  # only an Open sets the opener, so a blind order never constrains it
        pre = opening_hand(state, [c for c in hidden if c not in mine], rng)
    if pre or mine:
        taken = set(pre) | set(mine)
        rest = [c for c in hidden if c not in taken]
    else:
        rest = hidden  # (a fresh list: nothing else holds it)
    shuffle(rest, rng)  # rng.shuffle's order and draws, cheaper
    twin = state._copy(history)
    redeal(twin, seat, opener, pre, mine, rest, rng)
    return twin



def hidden_cards(state: PokerItalianoState, seat: int) -> list[Card]:
    """Every card ``seat`` cannot see: the others' hands and discards, stock, undealt."""
    hidden: list[Card] = []
    for s, hand in enumerate(state.hands):  # (loops, not comprehensions: one per world)
        if s != seat:
            hidden += hand
    hidden += state.stock
    hidden += state.undealt
    for c, o in state.pool:
        if o != seat:
            hidden.append(c)
    return hidden



def opening_hand(state: PokerItalianoState, hidden: list[Card], rng: random.Random) -> list[Card]:
    """Five hidden cards that may open (rejection sampling). About one five-card draw in two
    opens; the cap is only reached when the unseen cards hardly hold an opening hand (the
    seat holds the high cards), and then an unqualified hand is a tolerable approximation."""
    pre = sample(hidden, HAND_SIZE, rng)  # rng.sample's cards and draws, cheaper
    for _ in range(OPENER_TRIES):
        if opens(pre, state.deck_size, state.min_pair):
            break
        pre = sample(hidden, HAND_SIZE, rng)
    return pre



def redeal(state: PokerItalianoState, seat: int, opener: int, pre: list[Card], mine: list[Card],
           rest: list[Card], rng: random.Random) -> None:
    """Put the opener's pre-draw cards ``pre`` back as his kept cards and discards, the
    seat's reshuffled discards ``mine`` where reshuffled cards go, and deal ``rest``
    (shuffled) into every other hidden place; then draw the others' discards."""
    moved = [(c, seat) for c in mine]
    if opener >= 0:
        keep = kept(state, opener)
        state.hands[opener][:keep] = pre[:keep]
        moved += [(c, opener) for c in place_discards(state, opener, pre[keep:])]
    if moved:
        places = free_places(state, seat, opener)
        rest = rest + place_reshuffled(state, places, moved, rng)
        for place, card in zip(places, rest, strict=True):
            put_card(state, place, card)
    else:  # the usual case: no reshuffled discard to place first
        deal_free(state, seat, opener, rest)
    draws = state.draws
    if max(draws) < 0:
        return  # before the draw: no discards to draw
    others = [s for s in range(state.n) if s not in (seat, opener) and draws[s] >= 0]
    for s in others:
        state.discarded[s] = []  # the true ones must not be seen while drawing the new ones
    for s in others:
        draw_discards(state, s, rng)



def place_reshuffled(state: PokerItalianoState, places: list[Place], moved: list[tuple[Card, int]],
                     rng: random.Random) -> list[Card]:
    """Put discards a reshuffle took (card, its discarder) where reshuffled cards went: the
    stock or a new card of another drawer. Fills and removes those places; returns the cards
    left without room (none in real play)."""
    left: list[Card] = []
    for card, owner in moved:
        spots = [p for p in places if p[0] == "s"
                 or (p[0] == "h" and p[1] != owner and p[2] >= kept(state, p[1]))]
        if not spots:
            left.append(card)
            continue
        place = spots[rng.randrange(len(spots))]
        places.remove(place)
        put_card(state, place, card)
    return left



def kept(state: PokerItalianoState, seat: int) -> int:
    return HAND_SIZE - state.draws[seat] if state.draws[seat] >= 0 else HAND_SIZE



def place_discards(state: PokerItalianoState, seat: int, cards: list[Card]) -> list[Card]:
    """Give ``seat`` these discards: into his pool entries while they are there; return the
    rest (those a reshuffle took)."""
    state.discarded[seat] = list(cards)
    owned = [i for i, (_, o) in enumerate(state.pool) if o == seat]
    for i, card in zip(owned, cards, strict=False):
        state.pool[i] = (card, seat)
    return cards[len(owned):]



def free_places(state: PokerItalianoState, seat: int, opener: int) -> list[Place]:
    """Hidden places still to deal: (h, seat, index), (s, 0, index), (u, 0, index),
    (p, 0, pool index)."""
    places: list[Place] = []
    for s in range(state.n):
        if s != seat:
            first = kept(state, s) if s == opener else 0
            places += [("h", s, i) for i in range(first, len(state.hands[s]))]
    places += [("s", 0, i) for i in range(len(state.stock))]
    places += [("u", 0, i) for i in range(len(state.undealt))]
    places += [("p", 0, i) for i, (_, o) in enumerate(state.pool) if o not in (seat, opener)]
    return places



def deal_free(state: PokerItalianoState, seat: int, opener: int, cards: list[Card]) -> None:
    """Deal ``cards`` into the places of :func:`free_places`, in its order, as putting them
    one by one would, but a slice per hand and pile (a world is drawn at every iteration of
    a search)."""
    at = 0
    for s in range(state.n):
        if s != seat:
            hand = state.hands[s]
            first = kept(state, s) if s == opener else 0
            left = len(hand) - first
            end = at + left if left > 0 else at
            hand[first:] = cards[at:end]
            at = end
    for pile in (state.stock, state.undealt):
        end = at + len(pile)
        pile[:] = cards[at:end]
        at = end
    pool = state.pool
    for i, (_, owner) in enumerate(pool):
        if owner != seat and owner != opener:
            pool[i] = (cards[at], owner)
            at += 1
    if at != len(cards):
        raise ValueError("the redeal's cards do not fill the hidden places")



def put_card(state: PokerItalianoState, place: Place, card: Card) -> None:
    kind, s, i = place
    if kind == "h":
        state.hands[s][i] = card
    elif kind == "s":
        state.stock[i] = card
    elif kind == "u":
        state.undealt[i] = card
    else:
        state.pool[i] = (card, state.pool[i][1])



def draw_discards(state: PokerItalianoState, seat: int, rng: random.Random) -> None:
    """``seat``'s discards after the redeal: his pool entries, and for those a reshuffle took,
    cards now in the stock or among other drawers' new cards (approximate: it ignores which
    cards were drawn before the reshuffle, and any the observer drew back)."""
    own = [c for c, o in state.pool if o == seat]
    missing = state.draws[seat] - len(own)
    if missing > 0:
        taken = {c for s in range(state.n) if s != seat for c in state.discarded[s]}
        spots = [c for c in state.stock if c not in taken]
        for s in range(state.n):
            if s != seat and state.draws[s] >= 0:
                spots += [c for c in state.hands[s][kept(state, s):] if c not in taken]
        own += sample(spots, min(missing, len(spots)), rng)
    state.discarded[seat] = own
