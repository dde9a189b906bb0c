"""The heuristic's move read off the state, for the search's rollouts.

:func:`rollout_move` makes exactly the choice :class:`~mazzo.games.burraco.bots.BurracoHeuristic`
makes on ``state.view(seat)`` (the same generator draws), by the same decision functions, but
reads their inputs off the state instead of building the view and parsing its tokens back: the
seat's own hand, the melds on the table, the pile, the cards every seat knows from taken piles,
the running table points. Nothing else of another seat is read: in a sampled world that would
let the rollout see what the seat cannot.
"""

from __future__ import annotations

import random

from mazzo.engine.game import Action, State
from mazzo.games.burraco.actions import DRAW, TAKE_PILE
from mazzo.games.burraco.bots import (
    BurracoHeuristic,
    MeldFacts,
    Table,
    choose_play,
    leading,
    pile_pays,
)
from mazzo.games.burraco.melds import Meld
from mazzo.games.burraco.state import BurracoState
from mazzo.games.burraco.views import meld_info


def _facts(melds: list[Meld]) -> list[MeldFacts]:
    return [(m.run, m.key, m.lo, len(m.cards), m.wild) for m in melds]


def _running(melds: list[Meld], preset: str) -> int:
    """A side's table points, as the view's ``running`` counts them."""
    return sum(meld_info(m, preset)[3] for m in melds)


def rollout_move(bot: BurracoHeuristic, state: State, seat: int, legal: list[Action],
                 rng: random.Random) -> Action:
    """What ``bot`` plays for ``seat`` (the player to move) in ``state``, a Burraco state. The
    bot draws from its own generator (as ``act`` does), not from ``rng``."""
    assert isinstance(state, BurracoState)
    hand = state.hands[seat]
    side_of = state.side_of
    side = side_of[seat]
    melds = state.melds
    mine = _facts(melds[side])
    stage = state.stage
    stock = len(state.stock) if stage in ("draw", "play") else 0
    if stage == "draw":
        return TAKE_PILE if pile_pays(stock, state.pile, hand, mine) else DRAW
    taken = state.taken
    return choose_play(legal, hand, mine, taken[side], lambda: _leading(state, seat, stock),
                       lambda: _table(state, side), bot.rng)


def _leading(state: BurracoState, seat: int, stock: int) -> bool:
    """:func:`~mazzo.games.burraco.bots.leading` from the table's melds and pozzetti."""
    if stock <= 8:
        return True  # (what ``leading`` answers first, without the points)
    melds, preset, side_of, taken = state.melds, state.preset, state.side_of, state.taken
    side = side_of[seat]
    others = {side_of[s] for s in range(state.config.players)} - {side}
    return leading(stock, _running(melds[side], preset), state.hands[seat], preset,
                   [(_running(melds[o], preset), taken[o]) for o in others])


def _table(state: BurracoState, side: int) -> Table:
    """The other sides' melds, every card they are known to hold, the variant."""
    side_of = state.side_of
    theirs = [f for o, side_melds in enumerate(state.melds) if o != side
              for f in _facts(side_melds)]
    their_known = [c for s, known in enumerate(state.known) if side_of[s] != side for c in known]
    return theirs, their_known, state.preset
