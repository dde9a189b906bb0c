"""A search's random rollouts, played fast: a second implementation of the rules, for speed only.

:func:`random_moves` plays what the engine's loop (:meth:`~mazzo.engine.game.State.random_moves`:
the listed move at the standard draw) plays, draw for draw, leaving the same state, but on the
state's own fields: a bid lists the hand in order (as :meth:`~mazzo.games.nebraska.state.
NebraskaState.legal_actions` does) and is laid as ``_bid`` lays it, the bids ranked by the same
``bid_strength`` table; decisions go through the state's ``_decide`` itself. A search's rollouts
spend most of their time here. tests/games/test_random_moves.py and
tests/games/nebraska/test_nebraska_random_moves.py play it against the rules' loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from mazzo.cards import Card
from mazzo.games.nebraska.actions import BID, PROMOTE, REJECT
from mazzo.games.nebraska.config import NebraskaConfig
from mazzo.games.nebraska.events import BidPlaced, BidsRevealed

if TYPE_CHECKING:
    from mazzo.games.nebraska.state import NebraskaState

#: by player count and seat, the seats in turn from that one round the table
SEATS_FROM: dict[int, list[tuple[int, ...]]] = {
    n: [tuple((first + i) % n for i in range(n)) for first in range(n)]
    for n in NebraskaConfig.player_counts
}


def random_moves(state: NebraskaState, rng: random.Random, stop_hand: int | None,
                 cap: int) -> int:
    """Play at most ``cap`` uniformly random moves on ``state`` as the engine's loop does, until
    a chance node, the end of the match or hand ``stop_hand``; return how many were played. A
    bid's events are made only where the loop may stop after it (the state keeps the last
    move's only); the kept view part is dropped (the next view builds it)."""
    if (state.finished or state.to_act < 0 or cap <= 0
            or (stop_hand is not None and max(state.hand_no, 1) >= stop_hand)):
        return 0  # the hand does not change inside: a deal is a chance node
    if state._view_parts is not None:
        state._view_parts.forget()
    getrandbits = rng.getrandbits
    played = 0
    while played < cap:
        if state.stage == "bid":
            played = _random_bids(state, getrandbits, played, cap)
            continue
        pick = getrandbits(2)
        while pick >= 2:
            pick = getrandbits(2)
        state.history.append(REJECT if pick else PROMOTE)
        state._decide(not pick)
        played += 1
        if state.to_act < 0:  # the hand ended: a deal (chance) or the end of the match
            break
    return played


def _random_bids(state: NebraskaState, getrandbits: Callable[[int], int], played: int,
                 cap: int) -> int:
    """The round's bids from the seat to bid on, each a uniform card of its hand (as
    :func:`random_moves` draws), until every seat has bid or ``played`` reaches ``cap``; return
    ``played``. What ``_bid`` does, bid by bid, the decider found by the same ``bid_strength``
    table: the seats bid from the dealer's left round to the dealer."""
    n, first, hands, bids = state.config.players, state.to_act, state.hands, state.bids
    left = (state.dealer - first) % n + 1  # the seats still to bid: this one to the dealer
    seats = SEATS_FROM[n][first][:min(left, cap - played)]
    # a round begins with every hand as large (a rejection gives each seat a card): the
    # seats still to bid hold as many cards, one listing's length, one draw's bits
    size = len(hands[first])
    bits = size.bit_length()
    append = state.history.append
    for seat in seats:
        pick = getrandbits(bits)
        while pick >= size:
            pick = getrandbits(bits)
        card = bids[seat] = hands[seat].pop(pick)
        append(BID[card])
    played += len(seats)
    if len(seats) < left:  # stopped by the cap
        state.to_act = seat + 1 if seat + 1 < n else 0
        state.events = [BidPlaced(seat)]
        return played
    shown = cast("list[Card]", bids)  # every seat's
    strength = state.bid_strength
    state.decider = state.to_act = shown.index(max(shown, key=strength.__getitem__))
    state.stage = "decide"
    if played == cap:  # else the decision that follows makes its own events
        state.events = [BidPlaced(seat), BidsRevealed(tuple(shown), state.decider)]
    return played
