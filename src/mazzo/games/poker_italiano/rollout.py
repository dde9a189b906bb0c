"""The heuristic's move read off the state, for the search's rollouts.

:func:`rollout_move` makes exactly the choice :class:`~mazzo.games.poker_italiano.bots.
PokerHeuristic` makes on ``state.view(seat)`` (the same generator draws), through the same
:meth:`~mazzo.games.poker_italiano.bots.PokerHeuristic.decide`, but reads its inputs off the
state instead of building the view and parsing the hand's tokens back: the phase and betting
mode, the seat's own cards (sorted, as the view lists them), the deck, the pot and what the seat
has to call. Nothing of another seat's cards is read.
"""

from __future__ import annotations

import random

from mazzo.engine.game import Action, State
from mazzo.games.poker_italiano.bots import PokerHeuristic
from mazzo.games.poker_italiano.state import PokerItalianoState


def rollout_move(bot: PokerHeuristic, state: State, seat: int, legal: list[Action],
                 rng: random.Random) -> Action:
    """What ``bot`` plays for ``seat`` (the player to move) in ``state``, a poker state. The
    bot draws from its own generator (as ``act`` does), not from ``rng``."""
    assert isinstance(state, PokerItalianoState)
    phase = state.phase_name
    if phase == "blinds":
        return bot.decide(phase, "", [], state.deck_size, 0, 0, legal)
    pot = state.carried + sum(state.contrib)
    to_call = state.level - state.rbet[seat]
    return bot.decide(phase, state.mode or phase, sorted(state.hands[seat]), state.deck_size,
                      pot, to_call, legal)
