"""Heuristic bot for Poker all'italiana: plays by hand strength, with a little bluffing.

It reads only its view and the legal actions. Before the draw it values made hands and draws
(four to a flush, four to an open straight); it opens and raises with strong hands, calls when the
price fits the strength, draws the right cards (keeps pairs and made hands, breaks a low pair for a
flush draw) and after the draw value-bets two pair or better, bluffs now and then.

:func:`likely_world` is the search's opponent model built on it: worlds in which every opponent's
cards explain his public actions of the deal the way this heuristic would have played them.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mazzo.cards import ACE, JACK, QUEEN, Card
from mazzo.engine.agent import ReadsState, Turn
from mazzo.engine.game import JSON, Action, State, card_from_token
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
    opens,
)
from mazzo.games.poker_italiano.state import PokerItalianoState

# made-hand strength by category (0..1), refined by the pair rank for one pair
_BASE = {HIGH_CARD: 0.0, PAIR: 0.15, TWO_PAIR: 0.45, TRIPS: 0.6, STRAIGHT: 0.7,
         FULL_HOUSE: 0.8, FLUSH: 0.85, QUADS: 0.95, STRAIGHT_FLUSH: 1.0}

# Decision thresholds on that strength, shared with the opponent model of :func:`likely_world`.
#: how often the heuristic bluffs (bets weak; a third of it raises weak; half of it goes blind)
BLUFF: Final = 0.06
#: opens for the whole pot from here (half the pot below)
OPEN_POT: Final = 0.45
#: bets after the draw from here
BET: Final = 0.45
#: bets the whole pot after the draw from here (half the pot below, and when bluffing)
BET_POT: Final = 0.6
#: raises from a blind's "stay" from here
STAY_RAISE: Final = 0.6
#: calls when the strength (before the draw: plus the draw bonus) reaches this plus
#: PRICE_WEIGHT × the price (the share of the pot after the call that the call costs)
CALL_BEFORE: Final = 0.22
CALL_AFTER: Final = 0.3
PRICE_WEIGHT: Final = 0.5
#: raises a bet when the strength beats the calling need by this much
RAISE_MARGIN: Final = 0.35


def call_need(price: float, after_draw: bool) -> float:
    """The strength the heuristic needs to call at ``price``."""
    return (CALL_AFTER if after_draw else CALL_BEFORE) + PRICE_WEIGHT * price


class PokerHeuristic:
    """Tight-aggressive by hand strength; bluffs with probability ``bluff``."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, bluff: float = BLUFF) -> None:
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
        # counted on plain lists (a card's id & 15 is its rank, >> 4 & 15 its suit): a Counter
        # per question was most of the heuristic's time in the search's rollouts
        ranks = [c & 15 for c in hand]
        counts = list(map(ranks.count, ranks))
        if cat in (TRIPS, TWO_PAIR):
            return [c for c, n in zip(hand, counts, strict=True) if n == 1]
        suits = [c >> 4 & 15 for c in hand]
        suit_counts = list(map(suits.count, suits))
        most = max(suit_counts)
        suit = suits[suit_counts.index(most)]  # the first suit seen among the most frequent
        grouped = max(counts) >= 2
        pair_rank = ranks[counts.index(2)] if grouped else 0  # one pair here: counts are 1, 2
        if most == 4 and pair_rank < JACK:
            return [c for c, cs in zip(hand, suits, strict=True) if cs != suit]
        run = open_four(hand, deck_size)
        if run is not None and pair_rank < JACK:
            return [run]
        if grouped:
            return [c for c, n in zip(hand, counts, strict=True) if n == 1]
        top = hand[ranks.index(max(ranks))]  # the first highest, as max() picks it
        return [c for c in hand if c is not top]

    # --- decisions -------------------------------------------------------------------------

    def act(self, turn: Turn) -> Action:
        view, legal = turn.view, turn.legal
        phase, mode = view["phase"], view.get("mode", "")
        if phase == "blinds":
            return self._blinds(legal)
        hand = [card_from_token(t) for t in view["hand"]]
        to_call = int(view["to_match"]) - int(view["round_bets"][int(view["seat"])])
        return self.decide(phase, mode, hand, int(view["deck_size"]), int(view["pot"]), to_call,
                           legal)

    def decide(self, phase: str, mode: str, hand: list[Card], deck: int, pot: int, to_call: int,
               legal: list[Action]) -> Action:
        """:meth:`act`'s choice from the values it reads (``hand`` sorted as the view lists
        it); the search's rollouts pass them from the state (:mod:`.rollout`)."""
        if phase == "blinds":
            return self._blinds(legal)
        if phase == "draw":
            return self._draw(hand, deck, legal)
        s = self.strength(hand, deck)
        if mode == "open":
            return self._open(s, pot, legal)
        if mode == "second":
            return self._second(s, pot, legal)
        if mode == "stay":
            return self._stay(s, pot, legal)
        return self._respond(hand, deck, s, pot, to_call, legal, after_draw=phase == "second_round")

    #: what :meth:`act` plays, read off the state (the searches' rollouts: :mod:`.rollout`)
    rollout_move = ReadsState("mazzo.games.poker_italiano.rollout")

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

    def _open(self, s: float, pot: int, legal: list[Action]) -> Action:
        opens = [a for a in legal if isinstance(a, Open)]
        if not opens:
            return legal[0]  # pass
        target = pot if s >= OPEN_POT else pot // 2
        return closest_amount(opens, target)

    def _second(self, s: float, pot: int, legal: list[Action]) -> Action:
        bets = [a for a in legal if isinstance(a, Bet)]
        if bets and s >= BET:
            return closest_amount(bets, pot if s >= BET_POT else pot // 2)
        if bets and self.rng.random() < self.bluff:
            return closest_amount(bets, pot // 2)
        return PAROLA

    def _stay(self, s: float, pot: int, legal: list[Action]) -> Action:
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises and s >= STAY_RAISE:
            return closest_amount(raises, pot // 2)
        return STAY

    def _respond(self, hand: list[Card], deck: int, s: float, pot: int, to_call: int,
                 legal: list[Action], after_draw: bool) -> Action:
        price = to_call / (pot + to_call) if to_call > 0 else 0.0
        potential = s if after_draw else s + _draw_bonus(hand, deck)
        need = call_need(price, after_draw)
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises and (potential >= need + RAISE_MARGIN or self.rng.random() < self.bluff / 3):
            return closest_amount(raises, pot // 2)
        if potential >= need or (CALL in legal and to_call == 0):
            return CALL
        return FOLD if FOLD in legal else legal[0]


def closest_amount(actions: Sequence[Action], target: int) -> Action:
    """The bet or raise among ``actions`` whose amount is nearest ``target`` (the first of
    equals, as ``min`` picks it; a loop: a key function per action was a call per action)."""
    if not actions:
        raise ValueError("closest_amount() of no actions")
    best = actions[0]
    gap = abs(getattr(best, "amount", 0) - target)
    for action in actions[1:]:
        to = abs(getattr(action, "amount", 0) - target)
        if to < gap:
            best, gap = action, to
    return best


def open_four(hand: Sequence[Card], deck_size: int) -> Card | None:
    """The odd card when the other four make an open-ended straight draw, else None."""
    fours = _OPEN_FOURS.get(deck_size)
    if fours is None:
        low = 15 - deck_size // 4
        # four consecutive ranks, the lowest above the deck's lowest and the highest below ACE
        fours = _OPEN_FOURS[deck_size] = frozenset(15 << r for r in range(low + 1, ACE - 3))
    bits = [1 << (c & 15) for c in hand]  # each card's rank as one bit
    every = 0
    for bit in bits:
        every |= bit
    if not every & every >> 1 & every >> 2 & every >> 3:
        return None  # no four consecutive ranks at all (most hands): no odd card to find
    for odd, bit in zip(hand, bits, strict=True):
        # the others' ranks: all of them, less the odd card's unless another card shares it
        if (every ^ bit if bits.count(bit) == 1 else every) in fours:
            return odd
    return None


#: :func:`open_four`'s rank masks by deck size
_OPEN_FOURS: dict[int, frozenset[int]] = {}


def _draw_bonus(hand: Sequence[Card], deck_size: int) -> float:
    """Extra pre-draw value for drawing hands and high pairs about to improve."""
    suits = [c >> 4 & 15 for c in hand]
    if max(map(suits.count, suits)) == 4:
        return 0.25
    if open_four(hand, deck_size) is not None:
        return 0.2
    ranks = [c & 15 for c in hand]
    if any(r >= QUEEN and ranks.count(r) == 2 for r in ranks):
        return 0.1
    return 0.0


# --- beliefs: worlds weighted by how the heuristic would have played them --------------------

#: worlds drawn at most for one accepted world; when none is accepted the likeliest is used
WORLD_TRIES: Final = 30
#: worlds drawn at most per decision (about 0.15 s); then accepted worlds are dealt again
DRAW_BUDGET: Final = 2000
_INF: Final = float("inf")


@dataclass(frozen=True, slots=True)
class Clue:
    """What one public action says about its player's cards if he plays like the heuristic:
    ``lo <= measure < hi``. Measures of the seat's cards: ``opens`` (1 if his pre-draw hand may
    open), ``draw`` (cards the heuristic would change), ``pre`` (pre-draw strength),
    ``potential`` (pre-draw strength plus the draw bonus), ``post`` (strength now)."""

    seat: int
    measure: str
    lo: float
    hi: float


def read_clues(view: JSON) -> list[Clue]:
    """The clues of this deal's public log about the opponents still in (public data only)."""
    me, folded = int(view["seat"]), view["folded"]
    active = [not out and s != me for s, out in enumerate(folded)]
    log = view["log"]
    pot = int(view["pot"]) - sum(int(e["amount"]) for e in log if e["word"] != "draw")
    rbet = [0] * len(folded)
    after = False
    clues: list[Clue] = []
    for entry in log:
        seat, word, amount = int(entry["seat"]), str(entry["word"]), int(entry["amount"])
        if word == "draw":
            if not after:
                after, rbet = True, [0] * len(folded)  # the second round starts afresh
            if active[seat]:
                clues.append(Clue(seat, "draw", amount, amount + 1))
            continue
        if active[seat]:
            clues += _action_clues(seat, word, amount, max(rbet) - rbet[seat], pot, after)
        rbet[seat] += amount
        pot += amount
    return clues


def _action_clues(seat: int, word: str, amount: int, to_call: int, pot: int,
                  after: bool) -> list[Clue]:
    """Mirror of the heuristic's decisions (``_open``, ``_second``, ``_stay``, ``_respond``)."""
    potential = "post" if after else "potential"
    need = call_need(to_call / (pot + to_call) if to_call > 0 else 0.0, after)
    if word == "pass" and not after:  # it always opens when it may
        return [Clue(seat, "opens", 0, 1)]
    if word == "open":
        return _sized(seat, "pre", amount, pot, OPEN_POT)
    if word == "bet":
        return [Clue(seat, "post", BET, _INF), *_sized(seat, "post", amount, pot, BET_POT)]
    if word == "parola":
        return [Clue(seat, "post", -_INF, BET)]
    if word == "call" and to_call > 0:
        return [Clue(seat, potential, need, _INF)]
    if word == "raise" and to_call == 0 and not after:  # a blind raising from "stay"
        return [Clue(seat, "pre", STAY_RAISE, _INF)]
    if word == "raise":
        return [Clue(seat, potential, need + RAISE_MARGIN, _INF)]
    return []


def _sized(seat: int, measure: str, amount: int, pot: int, strong: float) -> list[Clue]:
    """The heuristic aims at the whole pot from ``strong`` up, else at half of it."""
    if pot // 2 == pot or amount not in (pot, pot // 2):
        return []  # capped by the menu or the chips: the size says nothing
    if amount == pot:
        return [Clue(seat, measure, strong, _INF)]
    return [Clue(seat, measure, -_INF, strong)]


def _measure(world: PokerItalianoState, seat: int, measure: str) -> float:
    """One :class:`Clue` measure of ``seat``'s cards in ``world``."""
    deck = world.deck_size
    if measure == "post":
        return PokerHeuristic.strength(world.hands[seat], deck)
    hand = world.pre_draw_hand(seat)
    if measure == "pre":
        return PokerHeuristic.strength(hand, deck)
    if measure == "potential":
        return PokerHeuristic.strength(hand, deck) + _draw_bonus(hand, deck)
    if measure == "draw":
        return len(PokerHeuristic.discards(hand, deck))
    return float(opens(hand, deck, world.min_pair))


def plausibility(world: PokerItalianoState, clues: Sequence[Clue], floor: float = 0.0) -> float:
    """How likely the heuristic was to act as the log says with this world's cards, up to a
    constant: every clue it contradicts costs a factor BLUFF (a bluff, or another player).
    Stops early once the weight is below ``floor`` (the caller rejects it anyway)."""
    seen: dict[tuple[int, str], float] = {}
    weight = 1.0
    for clue in clues:
        key = (clue.seat, clue.measure)
        value = seen.get(key)
        if value is None:
            value = seen[key] = _measure(world, clue.seat, clue.measure)
        if not clue.lo <= value < clue.hi:
            weight *= BLUFF
            if weight < floor:
                break
    return weight


class _Beliefs:
    """The clues and the worlds accepted so far for one decision."""

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self.clues = read_clues(turn.view)
        self.worlds: list[State] = []
        self.draws = 0

    def world(self, rng: random.Random) -> State:
        if self.draws >= DRAW_BUDGET and self.worlds:
            return self.worlds[rng.randrange(len(self.worlds))].clone()
        best: State | None = None
        best_weight = -1.0
        for _ in range(WORLD_TRIES):
            world = self.turn.sample_state(rng)
            self.draws += 1
            if not self.clues:
                return world
            assert isinstance(world, PokerItalianoState)
            threshold = rng.random()
            weight = plausibility(world, self.clues, threshold)
            if threshold < weight:
                self.worlds.append(world.clone())
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        assert best is not None
        return best


class _Current(threading.local):
    """The beliefs of the decision being searched, per thread (searches may run in threads)."""

    beliefs: _Beliefs | None = None


_CURRENT = _Current()


def likely_world(turn: Turn, rng: random.Random) -> State:
    """A world drawn by ``turn.sample_state`` and kept with probability :func:`plausibility`:
    opponents hold cards that explain how they opened, bet and drew (rejection sampling; after
    WORLD_TRIES draws the likeliest one). Past DRAW_BUDGET draws for one decision, a world
    accepted before is dealt again. Uses only the Turn, like any agent."""
    beliefs = _CURRENT.beliefs
    if beliefs is None or beliefs.turn is not turn:
        beliefs = _CURRENT.beliefs = _Beliefs(turn)  # the search asks per Turn
    return beliefs.world(rng)
