"""The heuristic's move read off the state, for the search's rollouts.

:func:`rollout_move` makes exactly the choice :class:`~mazzo.games.nebraska.bots.
NebraskaHeuristic` makes on ``state.view(seat)`` (the same generator draws), through the same
:meth:`~mazzo.games.nebraska.bots.NebraskaHeuristic.decide`, but reads its inputs off the state
instead of building the view and parsing its tokens back: the variant, the stage, the seat's own
hand, the common cards, the candidate, the rejected cards and the spent bids (all face up).
Nothing of another seat's cards is read.
"""

from __future__ import annotations

import random

from mazzo.engine.game import Action, State
from mazzo.games.nebraska.bots import NebraskaHeuristic
from mazzo.games.nebraska.state import NebraskaState


def rollout_move(bot: NebraskaHeuristic, state: State, seat: int, legal: list[Action],
                 rng: random.Random) -> Action:
    """What ``bot`` plays for ``seat`` (the player to move) in ``state``, a Nebraska state.
    The bot draws from its own generator (as ``act`` does), never from ``rng``."""
    assert isinstance(state, NebraskaState) and state.candidate is not None
    gone = list(state.rejected)
    for spent in state.spent:
        gone += spent
    return bot.decide(state.config.variant, state.stage == "decide", list(state.hands[seat]),
                      list(state.common), state.candidate, gone)
