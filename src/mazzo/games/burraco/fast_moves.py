"""A search's random moves, played fast: a second implementation of a listed move's bookkeeping
and of the listing's order, for speed only.

:func:`random_moves` plays what the engine's loop (:meth:`~mazzo.engine.game.State.random_moves`:
the listed move at the standard draw) plays, draw for draw, leaving the same state, but skips the
listing and the ``apply`` wrappers: the pick is taken in the three parts the rules list (calas,
attaccas, discards) and played by the rules' own ``_cala``, ``_attacca``, ``_discard``.
tests/games/test_random_moves.py and tests/games/burraco/test_burraco_random_moves.py play it
against the rules' loop.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mazzo.games.burraco import listing
from mazzo.games.burraco.actions import DRAW, TAKE_PILE

if TYPE_CHECKING:
    from mazzo.games.burraco.state import BurracoState


def random_moves(state: BurracoState, rng: random.Random, stop_hand: int | None,
                 cap: int) -> int:
    """Play at most ``cap`` uniformly random moves on ``state`` as the engine's loop does,
    until a chance node, the end of the match or hand ``stop_hand``; return how many were
    played. The part a pick falls in says which of ``_cala``, ``_attacca``, ``_discard`` plays
    it (``_apply``'s dispatch), and the parts are never joined. Each move drops the kept
    listing (``_legal``) and sets its events as ``apply`` does. Only the last move's events are
    seen: a pile taken or a meld made before it (the hand ends only at a discard) skips its
    event and the meld's table text."""
    if state.player < 0 or (stop_hand is not None and max(1, state.hand_no) >= stop_hand):
        return 0  # the hand number changes only at a deal (chance), where this stops
    getrandbits = rng.getrandbits
    played_move = state.history.append
    played = 0
    while played < cap:
        state._legal = None
        played += 1
        if state.stage == "draw":  # [DRAW, TAKE_PILE]: a draw below 2 of 2 bits
            pick = getrandbits(2)
            while pick >= 2:
                pick = getrandbits(2)
            if pick:
                state._take_pile(played == cap)
                played_move(TAKE_PILE)
            else:
                state._draw()
                played_move(DRAW)
            continue  # the turn goes on: its player still plays
        calas, attaccas, discards = listing.play_lists(state)
        k, m = len(calas), len(attaccas)
        n = k + m + len(discards)
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        if pick < k:
            cala = calas[pick]
            state._cala(cala, played == cap)
            played_move(cala)
        elif pick < k + m:
            attacca = attaccas[pick - k]
            state._attacca(attacca, played == cap)
            played_move(attacca)
        else:
            discard = discards[pick - k - m]
            state._discard(discard.card)
            played_move(discard)
        if state.player < 0:  # the hand (or the match) is over
            break
    return played
