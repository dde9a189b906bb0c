"""The show and muggins: each hand and the crib counted in turn, and, with muggins, each score
announced by its owner and the points missed claimed by the opponents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazzo.cards import JACK, Card
from mazzo.engine.game import CHANCE
from mazzo.games.cribbage.events import Announced, Claimed, Counted, Declined, PegWorth
from mazzo.games.cribbage.scoring import (
    RUN_SHAPE,
    SHOW_KEY,
    SHOW_RANKS,
    ShowScore,
    show_rank_table,
    show_score,
)

if TYPE_CHECKING:
    from mazzo.games.cribbage.state import CribbageState


#: the show's order by players and dealer: each hand from the dealer's left, then the crib
_SHOW_ORDER: dict[int, list[tuple[tuple[int, str], ...]]] = {
    n: [(*(((d + k) % n, "hand") for k in range(1, n + 1)), (d, "crib")) for d in range(n)]
    for n in (2, 3, 4)
}


class Pending:
    """A score awaiting its owner's announcement and then the opponents' muggins claims."""

    __slots__ = ("announced", "owner", "parts", "queue", "resume", "true", "what")

    def __init__(self, owner: int, what: str, true: int, parts: tuple[tuple[str, int], ...],
                 resume: int) -> None:
        self.owner = owner
        self.what = what  # "peg", "hand", "crib"
        self.true = true
        self.parts = parts
        self.resume = resume  # pegging: the next player, or -1 for a reset
        self.announced = -1
        self.queue: list[int] = []

    def copy(self) -> Pending:
        out = Pending(self.owner, self.what, self.true, self.parts, self.resume)
        out.announced = self.announced
        out.queue = list(self.queue)
        return out


def start_show(state: CribbageState) -> None:
    state._phase = "show"
    if state.muggins:
        state.show_queue = list(_SHOW_ORDER[state.n][state.dealer])
        show_next(state)
    else:
        show_all(state)



def show_all(state: CribbageState) -> None:
    """The show without muggins: each hand from the dealer's left, then the crib, counted
    and pegged in turn until one reaches the target (as :func:`show_next`, whose queue is
    left as it would leave it). The rank part is one lookup in the whole table
    (:func:`show_rank_table`), the suit part and the event are made inline: the show is a
    fifth of a random game's time."""
    starter = state.starter
    assert starter is not None
    ranks_of = SHOW_RANKS or show_rank_table()
    key_of = SHOW_KEY
    starter_key = key_of[starter]
    starter_suit = starter >> 4
    nobs_jack = (starter & 0xF0) | JACK  # never the starter itself when in a hand
    board, side_of, shown, events = state.board, state.side, state.shown, state._events
    order = _SHOW_ORDER[state.n][state.dealer]
    for i, (seat, what) in enumerate(order):
        if what == "crib":
            state.crib_open = True
            cards = tuple(state.crib)
        else:
            cards = state.kept[seat]
        a, b, c, d = cards
        fifteens, pairs, runs, run_length, points = ranks_of[
            key_of[a] + key_of[b] + key_of[c] + key_of[d] + starter_key]
        suit = a >> 4
        flush = 0
        if b >> 4 == suit and c >> 4 == suit and d >> 4 == suit:
            if starter_suit == suit:
                flush = 5
            elif what != "crib":  # a crib scores only a five-card flush
                flush = 4
        nobs = 1 if a == nobs_jack or b == nobs_jack or c == nobs_jack or d == nobs_jack \
            else 0
        points += flush + nobs
        shown.append((seat, what, cards, points))
        side = side_of[seat]
        total = board[side] + points
        board[side] = total
        events.append((Counted, seat, what, cards, starter, fifteens, pairs, run_length, runs,
                       flush, nobs, points, -1, total))
        if total >= state.target:
            state.show_queue = list(order[i + 1:])
            state._end_game(side)
            return
    state.show_queue = []
    next_hand(state)



def show_next(state: CribbageState) -> None:
    """Count the next hands in order; with muggins stop at the first owner who must announce."""
    starter = state.starter
    assert starter is not None
    queue, board, events = state.show_queue, state.board, state.events
    while queue:
        seat, what = queue.pop(0)
        if what == "crib":
            state.crib_open = True
            cards = tuple(state.crib)
        else:
            cards = state.kept[seat]
        sc = show_score(cards, starter, what == "crib")
        points = sc.total
        state.shown.append((seat, what, cards, points))
        if state.muggins and points:
            state.pending = Pending(seat, what, points, (), -1)
            state.pending_show = sc
            state._phase = "announce"
            state.current_player = seat
            return
        side = state.side[seat]
        total = board[side] + points
        fifteens, pairs, runs, flush, nobs, _ = sc  # as _counted, inline: the show's hot path
        events.append(Counted(seat, what, cards, starter, fifteens, pairs,
                              RUN_SHAPE[runs][0], runs, flush, nobs, points, -1, total))
        board[side] = total
        if total >= state.target:
            state._end_game(side)
            return
    next_hand(state)



def counted(state: CribbageState, seat: int, what: str, cards: tuple[Card, ...], sc: ShowScore,
            announced: int, total: int) -> Counted:
    starter = state.starter
    assert starter is not None
    return Counted(seat, what, cards, starter, sc.fifteens, sc.pairs, RUN_SHAPE[sc.runs][0],
                   sc.runs, sc.flush, sc.nobs, sc.total, announced, total)



def next_hand(state: CribbageState) -> None:
    state.dealer = (state.dealer + 1) % state.n
    state.hand_number += 1
    state._phase = "deal"
    state.current_player = CHANCE



def announce(state: CribbageState, claimed: int) -> None:
    """Peg what the owner announced; an over-claim is only corrected to the true score."""
    pend = state.pending
    assert pend is not None
    points = min(claimed, pend.true)
    pend.announced = points
    side = state.side[pend.owner]
    total = state.board[side] + points
    state.board[side] = total
    state.events.append(Announced(pend.owner, pend.what, claimed, points, total))
    if total >= state.target:
        state._end_game(side)
        return
    if points < pend.true:
        owner_side = state.side[pend.owner]
        pend.queue = [(pend.owner + k) % state.n for k in range(1, state.n)
                      if state.side[(pend.owner + k) % state.n] != owner_side]
        state._phase = "muggins"
        state.current_player = pend.queue.pop(0)
        return
    resume(state)



def claim(state: CribbageState) -> None:
    pend = state.pending
    assert pend is not None
    seat = state.current_player
    pts = pend.true - pend.announced
    side = state.side[seat]
    total = state.board[side] + pts
    state.board[side] = total
    state.events.append(Claimed(seat, pend.owner, pts, total))
    if total >= state.target:
        state._end_game(side)
        return
    resume(state)



def decline(state: CribbageState) -> None:
    pend = state.pending
    assert pend is not None
    state.events.append(Declined(state.current_player))
    if pend.queue:
        state.current_player = pend.queue.pop(0)
        return
    resume(state)



def resume(state: CribbageState) -> None:
    """The claim window is closed: explain the true count and carry on."""
    pend = state.pending
    assert pend is not None
    state.pending = None
    if pend.what == "peg":
        reasons = tuple(r for r, _ in pend.parts)
        points = tuple(p for _, p in pend.parts)
        state.events.append(PegWorth(pend.owner, reasons, points, pend.announced))
        state._phase = "pegging"
        state._continue(pend.owner, pend.resume)
        return
    seat, what, cards, _ = state.shown[-1]
    total = state.board[state.side[seat]]
    assert state.pending_show is not None
    sc = state.pending_show
    state.events.append(counted(state, seat, what, cards, sc, pend.announced, total))
    state._phase = "show"
    show_next(state)
