"""Heuristic bot for Poker all'italiana: plays by hand strength, with a little bluffing.

It reads only its view and the legal actions. Before the draw it values made hands and draws
(four to a flush, four to an open straight); it opens and raises with strong hands, calls when the
price fits the strength, draws the right cards (keeps pairs and made hands, breaks a low pair for a
flush draw) and after the draw value-bets two pair or better, bluffs now and then.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from mazzo.cards import ACE, JACK, QUEEN, Card
from mazzo.engine.agent import Turn
from mazzo.engine.game import JSON, Action, card_from_token
from mazzo.games.poker_italiano.actions import (
    CALL,
    FOLD,
    NO_BLIND,
    NO_COVER,
    PAROLA,
    STAY,
    Bet,
    Draw,
    Open,
    Raise,
)
from mazzo.games.poker_italiano.scoring import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    key_function,
)

# made-hand strength by category (0..1), refined by the pair rank for one pair
_BASE = {HIGH_CARD: 0.0, PAIR: 0.15, TWO_PAIR: 0.45, TRIPS: 0.6, STRAIGHT: 0.7,
         FULL_HOUSE: 0.8, FLUSH: 0.85, QUADS: 0.95, STRAIGHT_FLUSH: 1.0}


class PokerHeuristic:
    """Tight-aggressive by hand strength; bluffs with probability ``bluff``."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, bluff: float = 0.06) -> None:
        self.rng = random.Random(seed)
        self.bluff = bluff

    # --- hand reading ----------------------------------------------------------------------

    @staticmethod
    def strength(hand: Sequence[Card], deck_size: int) -> float:
        """Made-hand strength 0..1 (one pair from 0.15 for the lowest to 0.4 for aces)."""
        key = key_function(deck_size)(hand)
        cat = key >> 26
        value = _BASE[cat]
        if cat == PAIR:
            low = 15 - deck_size // 4
            value += 0.25 * (((key >> 18) & 15) - low) / (ACE - low)
        return value

    @staticmethod
    def discards(hand: Sequence[Card], deck_size: int) -> list[Card]:
        """The cards to change: keep made hands, pairs, four to a flush or an open straight."""
        key = key_function(deck_size)(hand)
        cat = key >> 26
        if cat in (STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH):
            return []
        counts = Counter(c.rank for c in hand)
        grouped = [c for c in hand if counts[c.rank] >= 2]
        if cat in (TRIPS, TWO_PAIR):
            return [c for c in hand if counts[c.rank] == 1]
        suits = Counter(c.suit for c in hand)
        suit, most = suits.most_common(1)[0]
        pair_rank = grouped[0].rank if grouped else 0
        if most == 4 and pair_rank < JACK:
            return [c for c in hand if c.suit != suit]
        run = _open_four(hand, deck_size)
        if run is not None and pair_rank < JACK:
            return [run]
        if grouped:
            return [c for c in hand if counts[c.rank] == 1]
        top = max(hand, key=lambda c: c.rank)
        return [c for c in hand if c is not top]

    # --- decisions -------------------------------------------------------------------------

    def act(self, turn: Turn) -> Action:
        view, legal = turn.view, turn.legal
        phase, mode = view["phase"], view.get("mode", "")
        if phase == "blinds":
            return self._blinds(legal)
        hand = [card_from_token(t) for t in view["hand"]]
        deck = int(view["deck_size"])
        if phase == "draw":
            return self._draw(hand, deck, legal)
        s = self.strength(hand, deck)
        if mode == "open":
            return self._open(hand, deck, s, view, legal)
        if mode == "second":
            return self._second(s, view, legal)
        if mode == "stay":
            return self._stay(s, view, legal)
        return self._respond(hand, deck, s, view, legal, after_draw=phase == "second_round")

    def _blinds(self, legal: list[Action]) -> Action:
        if NO_BLIND in legal:
            return legal[1] if self.rng.random() < self.bluff / 2 else NO_BLIND
        return NO_COVER

    def _draw(self, hand: list[Card], deck: int, legal: list[Action]) -> Action:
        wanted = tuple(sorted(self.discards(hand, deck)))
        for action in legal:
            if isinstance(action, Draw) and action.cards == wanted:
                return action
        return legal[0]

    def _open(self, hand: list[Card], deck: int, s: float, view: JSON,
              legal: list[Action]) -> Action:
        opens = [a for a in legal if isinstance(a, Open)]
        if not opens:
            return legal[0]  # pass
        target = view["pot"] if s >= 0.45 else view["pot"] // 2
        return _closest(opens, target)

    def _second(self, s: float, view: JSON, legal: list[Action]) -> Action:
        bets = [a for a in legal if isinstance(a, Bet)]
        pot = int(view["pot"])
        if bets and s >= 0.45:
            return _closest(bets, pot if s >= 0.6 else pot // 2)
        if bets and self.rng.random() < self.bluff:
            return _closest(bets, pot // 2)
        return PAROLA

    def _stay(self, s: float, view: JSON, legal: list[Action]) -> Action:
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises and s >= 0.6:
            return _closest(raises, int(view["pot"]) // 2)
        return STAY

    def _respond(self, hand: list[Card], deck: int, s: float, view: JSON, legal: list[Action],
                 after_draw: bool) -> Action:
        seat = int(view["seat"])
        to_call = int(view["to_match"]) - int(view["round_bets"][seat])
        pot = int(view["pot"])
        price = to_call / (pot + to_call) if to_call > 0 else 0.0
        potential = s if after_draw else s + _draw_bonus(hand, deck)
        need = (0.3 if after_draw else 0.22) + 0.5 * price
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises and (potential >= need + 0.35 or self.rng.random() < self.bluff / 3):
            return _closest(raises, pot // 2)
        if potential >= need or (CALL in legal and to_call == 0):
            return CALL
        return FOLD if FOLD in legal else legal[0]


def _closest(actions: Sequence[Action], target: int) -> Action:
    return min(actions, key=lambda a: abs(getattr(a, "amount", 0) - target))


def _open_four(hand: Sequence[Card], deck_size: int) -> Card | None:
    """The odd card when the other four make an open-ended straight draw, else None."""
    low = 15 - deck_size // 4
    for odd in hand:
        ranks = sorted({c.rank for c in hand if c is not odd})
        if len(ranks) == 4 and ranks[3] - ranks[0] == 3 and low < ranks[0] and ranks[3] < ACE:
            return odd
    return None


def _draw_bonus(hand: Sequence[Card], deck_size: int) -> float:
    """Extra pre-draw value for drawing hands and high pairs about to improve."""
    suits = Counter(c.suit for c in hand)
    if suits.most_common(1)[0][1] == 4:
        return 0.25
    if _open_four(hand, deck_size) is not None:
        return 0.2
    counts = Counter(c.rank for c in hand)
    if any(n == 2 and r >= QUEEN for r, n in counts.items()):
        return 0.1
    return 0.0
