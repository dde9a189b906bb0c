"""A search's random moves, played fast: a second implementation of the seats' moves.

:func:`random_moves` plays what the engine's loop (:meth:`~mazzo.engine.game.State.random_moves`:
the listed move at the standard draw) plays, draw for draw, leaving the same state, on the state's
own fields. The bids repeat the state's ``_lay_bid``, the tricks its ``_play`` and the follow rule
of its ``legal_actions`` (a rule changed there changes here too); the premiums and the scoring run
through the rules themselves. tests/games/test_random_moves.py and
tests/games/novantanove/test_novantanove_search_paths.py play it against the rules' loop.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mazzo.cards import Card
from mazzo.engine.view_parts import fresh
from mazzo.games.novantanove.actions import BID, PLAY
from mazzo.games.novantanove.events import BidCardLaid, CardPlayed, TrickWon
from mazzo.games.novantanove.scoring import trick_winner
from mazzo.games.novantanove.stages import (
    BASE_SUIT,
    BID_CARDS,
    BID_STAGE,
    PLAY_STAGE,
    PREMIUM,
    SEATS_MOVE,
)

if TYPE_CHECKING:
    from mazzo.games.novantanove.state import NovantanoveState


def random_moves(state: NovantanoveState, rng: random.Random, stop_hand: int | None,
                 cap: int) -> int:
    """The engine's :meth:`State.random_moves` (uniformly random moves for the seats until a
    chance node, the end, hand ``stop_hand`` or ``cap`` moves), played on the state's own
    fields: the same moves (:meth:`legal_actions`'s order, the same draws), the same state
    after. A second implementation of the seats' moves: the bids repeat the state's ``_lay_bid``,
    the tricks the state's ``_play`` and :meth:`legal_actions`' follow rule (a rule changed there
    changes here too); the premiums and the scoring run through :meth:`_apply` and
    :meth:`_score` themselves. The events are made for the last move only (the only ones a
    state keeps), and the kept view parts dropped."""
    if cap <= 0 or state.stage not in SEATS_MOVE or (
        stop_hand is not None and state.deal_no >= stop_hand
    ):
        return 0  # (hand_number is deal_no while the seats move, and stays it till a chance)
    fresh(state)  # the moves below keep no view part up to date
    played = 0
    if state.stage == BID_STAGE:
        played += _random_bids(state, rng, cap)
    while state.stage == PREMIUM and played < cap:
        choices = state._premium_choices()
        # randrange: for the generators random_moves takes, the engine loop's draw itself
        state.apply_listed(choices[rng.randrange(len(choices))])
        played += 1
    if state.stage == PLAY_STAGE and played < cap:
        played += _random_tricks(state, rng, cap - played)
    return played


def _random_bids(state: NovantanoveState, rng: random.Random, cap: int) -> int:
    """At most ``cap`` random bid cards laid (the state's ``_lay_bid``): how many."""
    order, hands, bids, history = state.order, state.hands, state.bids, state.history
    getrandbits = rng.getrandbits
    played = 0
    seat = -1
    while played < cap:
        seat = order[state.turn]
        cards = hands[seat]
        n = len(cards)
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        card = cards.pop(pick)
        bid = bids[seat]
        bid.append(card)
        history.append(BID[card])
        played += 1
        if len(bid) == BID_CARDS:
            state.turn += 1
            if state.turn == len(order):
                state.turn = 0
                state.stage = PREMIUM
                break
    state.events = [BidCardLaid(seat, len(bids[seat]))]
    return played


def _random_tricks(state: NovantanoveState, rng: random.Random, cap: int) -> int:
    """At most ``cap`` random cards played (the state's ``_play``, trick by trick): how many."""
    hands, suit_of, voids, history = state.hands, state.suit_of, state.voids, state.history
    # without a joker turned, a card's suit is its id's (``BASE_SUIT``): in a sorted hand
    # each suit is a run, found by bisection
    runs = suit_of is BASE_SUIT
    nh = state.nh
    getrandbits = rng.getrandbits
    trick = state.trick
    seq = state.seq
    played = 0
    seat = hand = -1
    card = None
    while played < cap:
        seat, hand = seq[len(trick)]
        cards = hands[hand]
        # where in the hand the legal cards lie (legal_actions' order)
        places: Sequence[int] = range(len(cards))
        if trick:
            led = suit_of[trick[0][1]]
            if runs:
                lo = bisect_left(cards, led << 4)
                places = range(lo, bisect_left(cards, (led + 1) << 4, lo))
            else:
                places = [i for i, c in enumerate(cards) if suit_of[c] == led]
            if not places:  # cannot follow: any card, and the hand shows a void
                places = range(len(cards))
                voids[hand] |= 1 << led
        n = len(places)
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        card = cards.pop(places[pick])
        trick.append((hand, card))
        history.append(PLAY[card])
        played += 1
        if len(trick) == nh:
            if _end_trick(state, seat, hand, card):
                return played
            trick = state.trick
            seq = state.seq
    assert card is not None
    state.events = [CardPlayed(seat, hand, card)]
    if not trick:  # the last card ended a trick
        state.events.append(_trick_won(state, state.played[-1]))
    return played


def _end_trick(state: NovantanoveState, seat: int, hand: int, card: Card) -> bool:
    """The trick just completed by ``seat``'s ``card`` from ``hand`` won, the next begun
    (the state's ``_play``'s end); True when it was the deal's last (then scored, events made)."""
    trick = state.trick
    cards = [c for _, c in trick]
    winner = trick[trick_winner(cards, state.trump, state.suit_of, state.rank_of)][0]
    state.tricks_won[winner] += 1
    state.played.append((state.leader, tuple(trick), winner))
    state.trick = []
    if not state.hands[winner]:
        state.events = [CardPlayed(seat, hand, card), _trick_won(state, state.played[-1])]
        state._score()
        return True
    state.leader = winner
    if winner != state.dummy:
        state.controller = winner
    state._start_trick()
    return False


def _trick_won(state: NovantanoveState,
               done: tuple[int, tuple[tuple[int, Card], ...], int]) -> TrickWon:
    """The event of a finished trick (an entry of ``played``)."""
    winner = done[2]
    return TrickWon(winner, len(state.played), tuple(c for _, c in done[1]),
                    winner == state.dummy)
