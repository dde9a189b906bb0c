"""Burraco heuristic bot: takes the pile when it pays, melds naturals first and builds toward a
burraco, keeps its wilds for the burraco, avoids feeding the opponents, goes to the pozzetto and
closes when its side leads. It reads only its view and the legal actions.

The decisions themselves are plain functions of the seat's knowledge (its hand, the table's
melds as :data:`MeldFacts`, the cards known from taken piles, the scores on the table):
:class:`BurracoHeuristic` reads them off the view, and the search's rollouts read the same
values off the state (:mod:`.rollout`), so both make one choice by one implementation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from mazzo.cards import Card, burraco_deck
from mazzo.engine.agent import ReadsState, Turn
from mazzo.engine.game import Action, card_from_token
from mazzo.games.burraco.actions import DRAW, TAKE_PILE, Attacca, Cala, Discard
from mazzo.games.burraco.melds import is_wild
from mazzo.games.burraco.scoring import VALUES

VIEW = dict[str, Any]

MeldFacts = tuple[bool, int, int, int, int]
"""What the bot reads of a meld on the table: (run, key, lo, size, wild) — ``key`` the rank of a
set's naturals or a run's suit, as :class:`~mazzo.games.burraco.melds.Meld` keeps them."""


#: the wild cards of the deck (:func:`is_wild`), for a membership test in C in the hot loops
_WILDS: Final = frozenset(filter(is_wild, burraco_deck()))


def _rank(c: Card) -> int:
    return int(c) & 15


def _suit(c: Card) -> int:
    return (int(c) >> 4) & 15


def fits_meld(c: Card, meld: MeldFacts) -> bool:
    """Could ``c`` extend this (public) meld? Wilds fit any meld without one."""
    run, key, lo, size, wild = meld
    if c in _WILDS:
        return not wild
    if not run:
        return _rank(c) == key
    if _suit(c) != key:
        return False
    hi = lo + size - 1
    positions = (1, 14) if _rank(c) == 14 else (_rank(c),)
    return any(p in (lo - 1, hi + 1) for p in positions)


def connects(c: Card, others: Sequence[Card]) -> int:
    """How many of ``others`` make a set or a run with ``c`` (same rank, or same suit near)."""
    if c in _WILDS:
        return 3
    n = 0
    for o in others:
        if o is c or o in _WILDS:
            continue
        if _rank(o) == _rank(c) or (_suit(o) == _suit(c) and abs(_rank(o) - _rank(c)) <= 2):
            n += 1
    return n


class HandShape:
    """A hand's naturals counted once, so that every card asked about costs a few look-ups
    instead of a pass over the hand: ``wild`` (a wild in hand), ``by_rank`` (naturals per
    rank), ``by_suit`` (per suit, naturals per rank)."""

    __slots__ = ("by_rank", "by_suit", "wild")

    def __init__(self, hand: Sequence[Card]) -> None:
        self.wild = False
        self.by_rank: dict[int, int] = {}
        self.by_suit: dict[int, dict[int, int]] = {}
        for o in hand:
            if o in _WILDS:
                self.wild = True
                continue
            r = _rank(o)
            self.by_rank[r] = self.by_rank.get(r, 0) + 1
            ranks = self.by_suit.setdefault(_suit(o), {})
            ranks[r] = ranks.get(r, 0) + 1

    def connects(self, c: Card) -> int:
        """:func:`connects` of ``c`` with the hand, ``c`` being one of its cards."""
        if c in _WILDS:
            return 3
        r = _rank(c)
        near = self.by_suit.get(_suit(c), {})
        # the same rank, then the same suit within two ranks; less c itself
        return (self.by_rank[r] + near.get(r - 2, 0) + near.get(r - 1, 0) + near.get(r + 1, 0)
                + near.get(r + 2, 0) - 1)

    def meldable(self, c: Card, mine: Sequence[MeldFacts]) -> bool:
        """Can ``c`` be laid at once: onto one of our melds, or in a new set/run with the
        hand?"""
        if c in _WILDS:
            return True
        if any(fits_meld(c, m) for m in mine):
            return True
        wild = self.wild
        r = _rank(c)
        same = self.by_rank.get(r, 0)
        if same >= 2 or (same >= 1 and wild):
            return True
        near = self.by_suit.get(_suit(c), {})
        if (r - 1 in near and r + 1 in near) or (r + 1 in near and r + 2 in near) or (
                r - 2 in near and r - 1 in near):
            return True
        return wild and (r - 2 in near or r - 1 in near or r + 1 in near or r + 2 in near)


# -- the decisions, on plain values ---------------------------------------------------------------


def pile_pays(stock: int, pile: Sequence[Card], hand: Sequence[Card],
              mine: Sequence[MeldFacts]) -> bool:
    """Take the pile when enough of it can be melded at once. Requiring an immediate use
    also keeps bots from passing a one-card pile back and forth for ever."""
    if stock <= 4:
        return False  # the hand is about to end: cards taken now mostly cost points
    shape = HandShape(hand)
    useful = sum(1 for c in pile if shape.meldable(c, mine))
    if len(pile) == 1:
        return useful == 1
    return useful >= 3 or useful * 2 >= len(pile) + 1


def leading(stock: int, ours: int, hand: Sequence[Card], preset: str,
            others: Sequence[tuple[int, bool]]) -> bool:
    """This hand, closing now (+100) beats every other side's table points; near the end
    of the stock closing is always right. ``ours``: our side's running table points;
    ``others``: each other side's running points and whether it took its pozzetto."""
    if stock <= 8:
        return True
    values = VALUES[preset]
    mine = ours + 100 - sum(values[int(c) & 0xFF] for c in hand)
    return all(running - (0 if taken else 100) < mine for running, taken in others)


def meld_score(action: Cala | Attacca, hand: list[Card], mine: Sequence[MeldFacts],
               taken: bool, ahead: Callable[[], bool]) -> float:
    """How much laying ``action`` is worth (0: not worth it). ``ahead`` (:func:`leading`) is
    asked only when the move would leave one card with the pozzetto taken."""
    cala = isinstance(action, Cala)
    used = action.cards if cala else (action.card,)  # type: ignore[union-attr]
    left = len(hand) - len(used)
    wilds = sum(map(_WILDS.__contains__, used))
    if left == 0:
        return 100.0  # al volo: straight to the pozzetto
    if left == 1 and taken and not ahead():
        return 0.0  # this would let us close; only worth it when ahead
    if cala:
        return 10.0 - 6 * wilds + (1 if action.wild and action.wild <= 2 else 0)
    _, _, _, size, wild = mine[action.meld]  # type: ignore[union-attr]
    size += 1
    if wilds:
        # keep wilds for completing a burraco, or to empty the hand
        return 30.0 if size >= 7 else (6.0 if left <= 2 else 0.0)
    score = 8.0 + size
    if size == 7:
        score += 40 if not wild else 20
    return score


def discard_cost(c: Card, hand: HandShape, theirs: Sequence[MeldFacts],
                 their_known: Sequence[Card], preset: str, rng: random.Random) -> float:
    """Low is a good discard: useless to us, harmless to them, costly to keep."""
    cost = 0.0
    if c in _WILDS:
        cost += 200
    cost += 12 * hand.connects(c)
    for m in theirs:
        if fits_meld(c, m):
            cost += 60
    for known in their_known:
        if known not in _WILDS and connects(c, [known]):
            cost += 15
    cost -= VALUES[preset][int(c) & 0xFF] / 2  # shed points we would lose in hand
    return cost + rng.random()


Table = tuple[Sequence[MeldFacts], Sequence[Card], str]
"""What a discard is weighed against: the other sides' melds, their cards known from taken
piles, the variant."""


def choose_play(legal: list[Action], hand: list[Card], mine: Sequence[MeldFacts], taken: bool,
                ahead: Callable[[], bool], table: Callable[[], Table],
                rng: random.Random) -> Action:
    """The best meld or attach (by :func:`meld_score`), else the cheapest discard. ``ahead``
    and ``table`` are read only if needed (from the state they cost more than the choice)."""
    known: list[bool] = []

    def ahead_once() -> bool:
        if not known:
            known.append(ahead())
        return known[0]

    best: Action | None = None
    best_score = 0.0
    for action in legal:
        if isinstance(action, Cala | Attacca):
            score = meld_score(action, hand, mine, taken, ahead_once)
            if score > best_score:
                best, best_score = action, score
    if best is not None:
        return best
    theirs, their_known, preset = table()
    discards = [a for a in legal if isinstance(a, Discard)]
    shape = HandShape(hand)
    return min(discards, key=lambda a: discard_cost(a.card, shape, theirs, their_known, preset,
                                                    rng))


# -- reading the view -----------------------------------------------------------------------------


def view_meld_facts(meld: VIEW) -> MeldFacts:
    """A meld of the view as :data:`MeldFacts` (its key from its first natural card)."""
    cards = [card_from_token(t) for t in meld["cards"]]
    first = next(c for c in cards if not is_wild(c))
    run = bool(meld["run"])
    return run, _suit(first) if run else _rank(first), meld["lo"], len(cards), meld["wild"]


class BurracoHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        view = turn.view
        hand = [card_from_token(t) for t in view["hand"]]
        side_of = view["side_of"]
        side = side_of[view["seat"]]
        mine = [view_meld_facts(m) for m in view["melds"][side]]
        if view["phase"] == "draw":
            pile = [card_from_token(t) for t in view["pile"]]
            return TAKE_PILE if pile_pays(view["stock"], pile, hand, mine) else DRAW
        return choose_play(turn.legal, hand, mine, view["pozzetto_taken"][side],
                           lambda: self._leading(view, hand, side), lambda: self._table(view, side),
                           self.rng)

    @staticmethod
    def _leading(view: VIEW, hand: list[Card], side: int) -> bool:
        side_of, running = view["side_of"], view["running"]
        others = {side_of[s] for s in range(view["players"])} - {side}
        return leading(view["stock"], running[side], hand, view["variant"],
                       [(running[o], view["pozzetto_taken"][o]) for o in others])

    @staticmethod
    def _table(view: VIEW, side: int) -> Table:
        side_of = view["side_of"]
        theirs = [view_meld_facts(m) for o, melds in enumerate(view["melds"]) if o != side
                  for m in melds]
        their_known = [card_from_token(t) for s, known in enumerate(view["known"])
                       if side_of[s] != side for t in known]
        return theirs, their_known, view["variant"]

    #: what :meth:`act` plays, read off the state (the searches' rollouts: :mod:`.rollout`)
    rollout_move = ReadsState("mazzo.games.burraco.rollout")


__all__ = ["DRAW", "BurracoHeuristic"]
