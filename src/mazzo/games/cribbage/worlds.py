"""Worlds for a search: every card a seat cannot see dealt again, within what the play has shown
(``determinize``).
"""

from __future__ import annotations

import random
from itertools import filterfalse
from typing import TYPE_CHECKING, Generic, TypeVar

from mazzo.cards import Card
from mazzo.engine.chance import take
from mazzo.games.cribbage.actions import DECK_SET
from mazzo.games.cribbage.scoring import VAL

if TYPE_CHECKING:
    from mazzo.games.cribbage.state import CribbageState


_S = TypeVar("_S", bound="CribbageState")
#: deals ``determinize`` draws before it hands the seat due to play a playable card itself
_REDRAWS = 64


def _lowest(cards: list[Card]) -> int:
    """The lowest pegging value among ``cards`` (99 if none): a world drawn for the seat the
    play waits on must hold a card worth at most the room left."""
    return min(map(VAL.__getitem__, cards), default=99)


def determinize(state: _S, seat: int, rng: random.Random) -> _S:
    """Redeal the cards ``seat`` cannot see (others' hands, the crib cards others laid away
    or the deck gave, the stock), keeping every public fact about them:

    - the counts: each hand, each seat's share of the crib, the stock;
    - every go: a seat that could not play at count c holds only cards worth more than
      31 − c; ``go_min`` keeps the strictest such bound of the hand (cards only leave a hand,
      so the bound still holds), the seat's own go's and the passes of the last player
      before a reset included;
    - the turn: the seat the play waits on (the player to move in the pegging, or the seat
      the play resumes with once a pegged score is announced) was not passed with a go, so
      it holds a card worth at most 31 − count.

    Nothing else about the deal is public: who moves next follows from these facts, and the
    discards are choices, not rules. Worlds are uniform over the deals keeping them: the
    hands bounded by a go are dealt strictest first (their eligible cards are nested, so
    every choice leaves as many completions), and a deal whose waited-on seat could not play
    is redrawn. After ``_REDRAWS`` redraws (only when very few playable cards are unseen)
    that seat gets the lowest unseen playable card first and the rest is dealt as before:
    any card it held in the true deal can be swapped for that one without breaking a go, so
    this always succeeds, slightly favouring that card.

    Only the cards a world places are drawn (``take``: the others' hands, then the hidden
    crib cards, each uniform among the cards still unseen), not a shuffle of the whole pool:
    the stock is a set, its order unused. The pool is sorted first, so that the world depends
    only on which cards are unseen and the generator, never on where they really lie."""
    world = _Worlds(state, seat).draw(rng)
    world.history = list(state.history)  # (``determinize`` empties it: see there)
    return world



def due_to_play(state: CribbageState) -> int:
    """The seat the pegging waits on: the player to move, or while a pegged score is
    announced and claimed, the seat the play resumes with; -1 if none."""
    if state._phase == "pegging":
        return state.current_player
    pend = state.pending
    if pend is not None and pend.what == "peg":
        return pend.resume
    return -1



def deal_bounded(state: CribbageState, order: list[int], pool: list[Card], given: dict[int, Card],
                 rng: random.Random, eligible: list[Card] | None = None,
                  ) -> tuple[dict[int, list[Card]], list[Card]]:
    """Deal the hands of ``order`` (strictest go first) from ``pool`` at random, each only
    cards its go allows, on top of the ``given`` card; returns the hands and the rest (in
    no particular order: ``pool`` is consumed). ``eligible``: the cards of ``pool`` the
    first seat's go allows, when the caller has them (consumed too)."""
    hands: dict[int, list[Card]] = {}
    sizes, go_min = state.hands, state.go_min
    for s in order:
        given_card = given.get(s) if given else None
        size = len(sizes[s]) - (given_card is not None)
        low = go_min[s]
        if low:
            if eligible is None:
                eligible = [c for c in pool if VAL[c] >= low]
            drawn = take(eligible, size, rng)
            eligible = None  # (the next seat's from what is left)
            chosen = set(drawn)
            pool = list(filterfalse(chosen.__contains__, pool))  # in order, in C
        else:
            drawn = take(pool, size, rng)
        if given_card is not None:
            drawn.append(given_card)
        drawn.sort()
        hands[s] = drawn
    return hands, pool



class _Worlds(Generic[_S]):
    """The worlds :meth:`CribbageState._determinize` draws for one seat, with what they all share
    worked out once (a search draws one per iteration from the same state): which cards are
    unseen, the order the hands are dealt in, the seat the play waits on, and a copy of the
    state whose cards out and discards already leave out the hidden cards. Each world is then
    that copy's copy, with the hidden hands and crib cards drawn: the same draws and the same
    worlds as drawing everything each time. Valid while the state does not change."""

    __slots__ = ("due", "eligible", "hidden_crib", "kept", "order", "others", "owners", "pool",
                 "proto", "room")

    def __init__(self, state: _S, seat: int) -> None:
        others = list(range(state.n))
        del others[seat]
        crib = state.crib
        hidden_crib = [] if state.crib_open else [
            i for i, owner in enumerate(state.crib_owner) if owner != seat
        ]
        hidden = [crib[i] for i in hidden_crib]  # the cards out that seat cannot see
        for s in others:
            hidden += state.hands[s]
        unseen = set(DECK_SET)  # the stock (the pack less the cards out), and those
        unseen -= state.dealt
        unseen.update(hidden)
        # which cards are unseen, not where they lie (ints: a C sort)
        self.pool = sorted(unseen)
        # the strictest go constraint first: the eligible sets are nested, so this never fails
        go_min = state.go_min
        self.order = others if len(others) == 1 else sorted(others, key=lambda s: -go_min[s])
        # the first hand dealt draws from the whole pool: its go allows the same cards each time
        low = go_min[self.order[0]]
        self.eligible = [c for c in self.pool if VAL[c] >= low] if low else None
        self.others = others
        due = due_to_play(state)
        room = 31 - state.count
        if due not in others or _lowest(state.hands[due]) > room:
            due = -1  # seat's own turn, or no turn to keep
        self.due, self.room = due, room
        self.hidden_crib = hidden_crib
        owners = state.crib_owner
        self.owners = [owners[i] for i in hidden_crib]
        proto = state._copied([])  # (``determinize`` leaves a world's history empty)
        proto.dealt.difference_update(hidden)  # each world adds the cards it places
        # the discards a seat can see (its own, or all once the crib is shown); each world adds
        # the hidden ones, in the crib's order as they lie there
        discards: list[list[Card]] = [[] for _ in range(state.n)]
        for i, (c, o) in enumerate(zip(crib, owners, strict=True)):
            if o >= 0 and i not in hidden_crib:  # not the deck's card (three players)
                discards[o].append(c)
        proto.discards = discards
        # after the discards the show counts the kept hands: the seat's own is known
        self.kept = [tuple(sorted(state.hands[s] + state.laid[s])) for s in range(state.n)] \
            if state.kept[0] else None
        self.proto = proto

    def draw(self, rng: random.Random) -> _S:
        """One world (its history empty, as :meth:`State.determinize` leaves it)."""
        proto, pool, order, due, room = self.proto, self.pool, self.order, self.due, self.room
        eligible = self.eligible
        for _ in range(_REDRAWS):
            hands, rest = deal_bounded(
                proto, order, list(pool), {}, rng,
                None if eligible is None else list(eligible))
            if due < 0 or _lowest(hands[due]) <= room:
                break
        else:
            low = proto.go_min[due]
            first = min((c for c in pool if low <= VAL[c] <= room), key=lambda c: (VAL[c], c))
            hands, rest = deal_bounded(proto, order, [c for c in pool if c != first],
                                       {due: first}, rng)
        st = proto._copied([])
        dealt, st_hands = st.dealt, st.hands
        for s in self.others:
            dealt.update(hand := hands[s])
            st_hands[s] = hand
        hidden_crib = self.hidden_crib
        if hidden_crib:
            crib, discards = st.crib, st.discards
            for i, o, card in zip(hidden_crib, self.owners,
                                  take(rest, len(hidden_crib), rng), strict=True):
                crib[i] = card
                dealt.add(card)
                if o >= 0:
                    discards[o].append(card)
        kept = self.kept
        if kept is not None:
            kept = list(kept)
            laid = st.laid
            for s in self.others:
                kept[s] = tuple(sorted(st_hands[s] + laid[s]))
            st.kept = kept
        return st
