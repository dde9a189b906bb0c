"""The heuristic's move read off the state, for the search's rollouts.

:func:`rollout_move` makes exactly the choice :class:`~mazzo.games.cribbage.bots.
CribbageHeuristic` makes on ``state.view(seat)`` (the same generator draws), through the same
functions (:func:`~mazzo.games.cribbage.bots.best_discard`, :meth:`~mazzo.games.cribbage.bots.
CribbageHeuristic.peg_among`, :func:`~mazzo.games.cribbage.bots.pegged_score`), but reads their
inputs off the state instead of building the view and parsing its tokens back: the seat's own
hand and discards, the cards laid, the starter, the crib once it is turned up, the count, the
cards since the reset, the hands' sizes and who said go. Nothing of another seat's cards is read.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from itertools import chain

from mazzo.cards import Card
from mazzo.engine.game import Action, State
from mazzo.games.cribbage.actions import ANNOUNCE, Announce, Claim, Discard, Play
from mazzo.games.cribbage.bots import CribbageHeuristic, best_discard, pegged_score
from mazzo.games.cribbage.scoring import score_show
from mazzo.games.cribbage.state import CribbageState


def rollout_move(bot: CribbageHeuristic, state: State, seat: int, legal: list[Action],
                 rng: random.Random) -> Action:
    """What ``bot`` plays for ``seat`` (the player to move) in ``state``, a cribbage state.
    The bot draws from its own generator (as ``act`` does), never from ``rng``."""
    assert isinstance(state, CribbageState)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, Play):
        return _peg(bot, state, seat, legal)
    if isinstance(first, Discard):
        dealer = state.dealer
        ours = (dealer % 2 == seat % 2) if state.n == 4 else dealer == seat
        return best_discard(list(state.hands[seat]), ours, legal)
    if isinstance(first, Announce):
        return ANNOUNCE[_true_score(state, seat)]
    return next((a for a in legal if isinstance(a, Claim)), legal[0])


def _peg(bot: CribbageHeuristic, state: CribbageState, seat: int, legal: list[Action]) -> Action:
    """:meth:`CribbageHeuristic.peg` on the state: the cards the seat has seen are its hand
    and discards, every card laid, the starter and the crib if it is turned up."""
    hand, laid = state.hands[seat], chain.from_iterable(state.laid)
    starter = () if state.starter is None else (state.starter,)
    seen: Collection[Card]
    if state.crib_open:  # the seat's discards are among the crib's cards: a set counts once
        seen = {*hand, *state.discards[seat], *laid, *starter, *state.crib}
    else:  # no card is in two of these: a list gives the same counts without a set
        seen = [*hand, *state.discards[seat], *laid, *starter]
    held = len(state.hands[(seat + 1) % state.n])
    return bot.peg_ranked(state.count, state.seq_ranks, seen, held, legal)


def _true_score(state: CribbageState, seat: int) -> int:
    """:meth:`CribbageHeuristic.true_score` on the state (an announcement is owed, so the
    starter is cut and, for the crib, the crib turned up)."""
    pend = state.pending
    starter = state.starter
    assert pend is not None and starter is not None
    if pend.what == "hand":
        return score_show(list(state.laid[seat]), starter).total
    if pend.what == "crib":
        assert state.crib_open
        return score_show(list(state.crib), starter, crib=True).total
    return pegged_score(seat, state.count, state.seq, state.hands[seat],
                        [len(h) for h in state.hands], state.goers)
