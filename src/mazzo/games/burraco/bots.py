"""Burraco heuristic bot: takes the pile when it pays, melds naturals first and builds toward a
burraco, keeps its wilds for the burraco, avoids feeding the opponents, goes to the pozzetto and
closes when its side leads. It reads only its view and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mazzo.cards import Card
from mazzo.engine.agent import Turn
from mazzo.engine.game import Action, card_from_token
from mazzo.games.burraco.actions import DRAW, TAKE_PILE, Attacca, Cala, Discard
from mazzo.games.burraco.melds import is_wild
from mazzo.games.burraco.scoring import VALUES

VIEW = dict[str, Any]


def _rank(c: Card) -> int:
    return int(c) & 15


def _suit(c: Card) -> int:
    return (int(c) >> 4) & 15


def _fits_meld(c: Card, meld: VIEW) -> bool:
    """Could ``c`` extend this (public) meld? Wilds fit any meld without one."""
    if is_wild(c):
        return not meld["wild"]
    first = next(card_from_token(t) for t in meld["cards"] if not is_wild(card_from_token(t)))
    if not meld["run"]:
        return _rank(c) == _rank(first)
    if _suit(c) != _suit(first):
        return False
    lo, hi = meld["lo"], meld["lo"] + len(meld["cards"]) - 1
    positions = (1, 14) if _rank(c) == 14 else (_rank(c),)
    return any(p in (lo - 1, hi + 1) for p in positions)


def _connects(c: Card, others: Sequence[Card]) -> int:
    """How many of ``others`` make a set or a run with ``c`` (same rank, or same suit near)."""
    if is_wild(c):
        return 3
    n = 0
    for o in others:
        if o is c or is_wild(o):
            continue
        if _rank(o) == _rank(c) or (_suit(o) == _suit(c) and abs(_rank(o) - _rank(c)) <= 2):
            n += 1
    return n


def _meldable(c: Card, hand: Sequence[Card], mine: Sequence[VIEW]) -> bool:
    """Can ``c`` be laid at once: onto one of our melds, or in a new set/run with the hand?"""
    if is_wild(c):
        return True
    if any(_fits_meld(c, m) for m in mine):
        return True
    wild = any(is_wild(o) for o in hand)
    same = sum(1 for o in hand if not is_wild(o) and _rank(o) == _rank(c))
    if same >= 2 or (same >= 1 and wild):
        return True
    near = {_rank(o) for o in hand if not is_wild(o) and _suit(o) == _suit(c)}
    r = _rank(c)
    if {r - 1, r + 1} <= near or {r + 1, r + 2} <= near or {r - 2, r - 1} <= near:
        return True
    return wild and bool(near & {r - 2, r - 1, r + 1, r + 2})


class BurracoHeuristic:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        view = turn.view
        legal = turn.legal
        if view["phase"] == "draw":
            return TAKE_PILE if self._pile_pays(view) else DRAW
        return self._play(view, legal)

    # -- take ------------------------------------------------------------------------------------

    def _pile_pays(self, view: VIEW) -> bool:
        """Take the pile when enough of it can be melded at once. Requiring an immediate use
        also keeps bots from passing a one-card pile back and forth for ever."""
        if view["stock"] <= 4:
            return False  # the hand is about to end: cards taken now mostly cost points
        pile = [card_from_token(t) for t in view["pile"]]
        hand = [card_from_token(t) for t in view["hand"]]
        mine = self._my_melds(view)
        useful = sum(1 for c in pile if _meldable(c, hand, mine))
        if len(pile) == 1:
            return useful == 1
        return useful >= 3 or useful * 2 >= len(pile) + 1

    # -- meld, add, discard ----------------------------------------------------------------------

    def _play(self, view: VIEW, legal: list[Action]) -> Action:
        hand = [card_from_token(t) for t in view["hand"]]
        mine = self._my_melds(view)
        leading = self._leading(view, hand)
        taken = view["pozzetto_taken"][view["side_of"][view["seat"]]]
        best: Action | None = None
        best_score = 0.0
        for action in legal:
            if isinstance(action, Cala | Attacca):
                score = self._meld_score(action, hand, mine, taken, leading)
                if score > best_score:
                    best, best_score = action, score
        if best is not None:
            return best
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda a: self._discard_cost(view, a.card, hand))

    def _meld_score(
        self, action: Cala | Attacca, hand: list[Card], mine: list[VIEW], taken: bool,
        leading: bool,
    ) -> float:
        used = action.cards if isinstance(action, Cala) else (action.card,)
        left = len(hand) - len(used)
        wilds = sum(1 for c in used if is_wild(c))
        if left == 0:
            return 100.0  # al volo: straight to the pozzetto
        if left == 1 and taken and not leading:
            return 0.0  # this would let us close; only worth it when ahead
        if isinstance(action, Cala):
            return 10.0 - 6 * wilds + (1 if action.wild and action.wild <= 2 else 0)
        meld = mine[action.meld]
        size = len(meld["cards"]) + 1
        if wilds:
            # keep wilds for completing a burraco, or to empty the hand
            return 30.0 if size >= 7 else (6.0 if left <= 2 else 0.0)
        score = 8.0 + size
        if size == 7:
            score += 40 if not meld["wild"] else 20
        return score

    def _discard_cost(self, view: VIEW, c: Card, hand: list[Card]) -> float:
        """Low is a good discard: useless to us, harmless to them, costly to keep."""
        preset = view["variant"]
        cost = 0.0
        if is_wild(c):
            cost += 200
        cost += 12 * _connects(c, hand)
        for m in self._their_melds(view):
            if _fits_meld(c, m):
                cost += 60
        for known in self._their_known(view):
            if not is_wild(known) and _connects(c, [known]):
                cost += 15
        cost -= VALUES[preset][int(c) & 0xFF] / 2  # shed points we would lose in hand
        return cost + self.rng.random()

    # -- reading the view ------------------------------------------------------------------------

    @staticmethod
    def _my_melds(view: VIEW) -> list[VIEW]:
        melds: list[VIEW] = view["melds"][view["side_of"][view["seat"]]]
        return melds

    @staticmethod
    def _their_melds(view: VIEW) -> list[VIEW]:
        mine = view["side_of"][view["seat"]]
        return [m for side, melds in enumerate(view["melds"]) if side != mine for m in melds]

    @staticmethod
    def _their_known(view: VIEW) -> list[Card]:
        mine = view["side_of"][view["seat"]]
        return [card_from_token(t) for s, known in enumerate(view["known"])
                if view["side_of"][s] != mine for t in known]

    @staticmethod
    def _leading(view: VIEW, hand: list[Card]) -> bool:
        """This hand, closing now (+100) beats every other side's table points; near the end
        of the stock closing is always right."""
        if view["stock"] <= 8:
            return True
        me = view["seat"]
        side = view["side_of"][me]
        values = VALUES[view["variant"]]
        ours = view["running"][side] + 100 - sum(values[int(c) & 0xFF] for c in hand)
        for other in {view["side_of"][s] for s in range(view["players"])} - {side}:
            theirs = view["running"][other] - (0 if view["pozzetto_taken"][other] else 100)
            if theirs >= ours:
                return False
        return True


__all__ = ["DRAW", "BurracoHeuristic"]
