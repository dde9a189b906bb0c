"""Novantanove bots: a heuristic that bids its estimated tricks and plays to hit the bid exactly.

The bot reads only its view. Bidding: every choice of three bid cards is scored by how far the
tricks the kept cards should win (a per-card estimate from the cards above it still out, the
suit length and trumps) are from the bid those three cards encode, plus how uncertain the kept
cards are. Play: while short of the bid it wins as cheaply as it can (masters first); once at the
bid it ducks with the highest card that cannot win. It declares only a very certain hand.
"""

from __future__ import annotations

import random
from itertools import combinations

from mazzo.cards import JOKER_SUIT, Card
from mazzo.engine.agent import Turn
from mazzo.engine.game import JSON, Action, card_from_token
from mazzo.games.novantanove.actions import BidCard, Declare, Pass, Play
from mazzo.games.novantanove.scoring import SUIT_CODE

_SUIT_ID = {"♥": 0, "♦": 1, "♣": 2, "♠": 3}
#: chance that a guarded card with ``h`` higher cards still out wins a trick
_PLAIN_WIN = (0.95, 0.7, 0.45, 0.25)
_TRUMP_WIN = (1.0, 0.9, 0.75, 0.6, 0.45)
#: declare only when the kept cards are this certain and the estimate this close to the bid
DECLARE_SPREAD = 0.55
DECLARE_MISS = 0.25


class Table:
    """What the bot knows of the deal, decoded from its view."""

    def __init__(self, view: JSON) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.trump = _SUIT_ID[view["trump"]] if view["trump"] else -1
        up = view["turn_up"]
        self.turn_up: Card | None = card_from_token(up) if up else None
        self._keys: dict[Card, tuple[int, int]] = {}
        players = view["players"]
        low = 6 if players < 4 else (2 if view["tricks_per_deal"] == 10 else 3)
        self.ranks = range(low, 15)
        me = view["hands"][self.seat]
        self.hand = [card_from_token(t) for t in view["hand"]]
        self.my_bid_cards = [card_from_token(t) for t in (me["bid_cards"] or [])]
        self.gone: set[tuple[int, int]] = set()  # (suit, rank) that cannot take a trick any more
        for trick in view["tricks"]:
            for _, tok in trick["cards"]:
                self.gone.add(self.key(card_from_token(tok)))
        for _, tok in view["trick"]:
            self.gone.add(self.key(card_from_token(tok)))
        for entry in view["hands"]:
            if entry["hand"] != self.seat and entry["bid_cards"]:
                for tok in entry["bid_cards"]:
                    self.gone.add(self.key(card_from_token(tok)))

    def key(self, card: Card) -> tuple[int, int]:
        """Effective (suit, rank): the classic joker counts as the turn-up. Kept per card: the
        bid's estimate asks it thousands of times per decision."""
        found = self._keys.get(card)
        if found is None:
            if card.suit == JOKER_SUIT and self.turn_up is not None:
                found = self.turn_up.suit, self.turn_up.rank
            else:
                found = card.suit, card.rank
            self._keys[card] = found
        return found

    def rank(self, card: Card) -> int:
        return self.key(card)[1]

    def higher_out(self, card: Card, mine: set[tuple[int, int]]) -> int:
        """Cards of the same suit above ``card`` that someone else may still play."""
        suit, rank = self.key(card)
        return sum(
            1 for r in self.ranks if r > rank and (suit, r) not in mine
            and (suit, r) not in self.gone
        )


def estimate(
    table: Table, kept: list[Card], laid: list[Card], higher: dict[Card, int] | None = None
) -> tuple[float, float]:
    """Expected tricks of ``kept`` and their summed variance (uncertainty). ``higher``: each
    kept card's :meth:`Table.higher_out` with the cards of ``kept`` and ``laid`` as the
    seat's, when the caller already counted them."""
    key = table.key
    keys = {c: key(c) for c in kept}
    if higher is None:
        mine = set(keys.values()) | {key(c) for c in laid}
        higher = {c: table.higher_out(c, mine) for c in kept}
    return _estimate(kept, keys, higher, table.trump)


def _estimate(kept: list[Card], keys: dict[Card, tuple[int, int]], higher: dict[Card, int],
              trump: int) -> tuple[float, float]:
    """:func:`estimate` with each card's effective (suit, rank) and higher cards out given."""
    by_suit: dict[int, list[tuple[int, Card]]] = {}
    for c in kept:
        suit, rank = keys[c]
        by_suit.setdefault(suit, []).append((-rank, c))
    total = var = 0.0
    lengths: dict[int, int] = {}
    for suit, cards in by_suit.items():
        # highest first; equal ranks (the joker as the turn-up) keep the kept order
        cards.sort(key=_first)
        lengths[suit] = len(cards)
        for p, q in _terms([c for _, c in cards], suit, higher, trump):
            total += p
            var += q
    return _with_ruffs(total, var, lengths, trump)


def _terms(cards: list[Card], suit: int, higher: dict[Card, int],
           trump: int) -> list[tuple[float, float]]:
    """Each kept card's chance ``p`` to take a trick and its variance ``p(1-p)``, for the kept
    ``cards`` of one suit, highest first."""
    length = len(cards)
    out = []
    for k, c in enumerate(cards):
        h = higher[c]
        guarded = length - k > h
        if suit == trump:
            p = _TRUMP_WIN[min(h, 4)] if guarded else 0.2
        else:
            p = _PLAIN_WIN[min(h, 3)] if guarded else 0.05
            if trump >= 0 and length >= 4:
                p *= 0.8  # long side suits get ruffed
        out.append((p, p * (1 - p)))
    return out


def _with_ruffs(total: float, var: float, lengths: dict[int, int],
                trump: int) -> tuple[float, float]:
    """Add the ruffs of short side suits, given the kept cards' count per suit."""
    if trump >= 0:
        trumps = lengths.get(trump, 0)
        short = sum(1 for s in range(4) if s != trump and lengths.get(s, 0) <= 1)
        ruffs = min(short, max(0, trumps - 2)) * 0.5
        total += ruffs
        var += ruffs * 0.5
    return total, var


def _first(pair: tuple[int, Card]) -> int:
    return pair[0]


class _SuitTerms:
    """:func:`_terms` of each suit of a hand, kept per set of the suit's cards left out: the
    bid tries every choice of bid cards, and each leaves most suits whole."""

    def __init__(self, hand: list[Card], keys: dict[Card, tuple[int, int]],
                 higher: dict[Card, int], trump: int) -> None:
        self.suit_of = {c: keys[c][0] for c in hand}
        by_suit: dict[int, list[tuple[int, Card]]] = {}
        for c in hand:
            suit, rank = keys[c]
            by_suit.setdefault(suit, []).append((-rank, c))
        # a stable sort of the hand's suit, filtered, is the stable sort of the kept cards
        self.ordered = {suit: [c for _, c in sorted(cards, key=_first)]
                        for suit, cards in by_suit.items()}
        self.higher = higher
        self.trump = trump
        self.kept: dict[tuple[int, tuple[Card, ...]], list[tuple[float, float]]] = {}

    def estimate(self, hand: list[Card], extra: tuple[Card, ...]) -> tuple[float, float]:
        """:func:`_estimate` of the hand without ``extra`` (the same sums, in the same order:
        suits as the kept cards first show them, each highest first)."""
        suit_of = self.suit_of
        total = var = 0.0
        lengths: dict[int, int] = {}
        for suit in dict.fromkeys(suit_of[c] for c in hand if c not in extra):
            out = tuple(c for c in extra if suit_of[c] == suit)
            terms = self.kept.get((suit, out))
            if terms is None:
                cards = [c for c in self.ordered[suit] if c not in out]
                terms = self.kept[suit, out] = _terms(cards, suit, self.higher, self.trump)
            lengths[suit] = len(terms)
            for p, q in terms:
                total += p
                var += q
        return _with_ruffs(total, var, lengths, self.trump)


def _code(table: Table, card: Card) -> int:
    return SUIT_CODE[table.key(card)[0]]


def choose_bid(table: Table) -> tuple[list[Card], float]:
    """The best three bid cards (including any already laid) and their miss + spread score."""
    laid = table.my_bid_cards
    best: list[Card] = []
    best_score = float("inf")
    # kept and chosen always make up the hand and the cards laid, so the cards "mine" for
    # every choice are the same: count each card's higher cards out once, not per choice
    hand = table.hand
    keys = {c: table.key(c) for c in hand}
    mine = set(keys.values()) | {table.key(c) for c in laid}
    higher = {c: table.higher_out(c, mine) for c in hand}
    code = {c: _code(table, c) for c in [*hand, *laid]}
    suits = _SuitTerms(hand, keys, higher, table.trump)
    for extra in combinations(hand, 3 - len(laid)):
        chosen = laid + list(extra)
        expected, var = suits.estimate(hand, extra)
        bid = sum(code[c] for c in chosen)
        score = abs(expected - bid) + 1.0 * var
        if score < best_score:
            best, best_score = chosen, score
    return best, best_score


class HeuristicAgent:
    """Bids its estimated tricks, then wins while short and ducks once at its bid."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> Action:
        view = turn.view
        first = turn.legal[0]
        if isinstance(first, BidCard):
            table = Table(view)
            chosen, _ = choose_bid(table)
            extra = [c for c in chosen if c not in table.my_bid_cards]
            return BidCard(min(extra))
        if isinstance(first, Pass):
            return self._premium(turn)
        return self._play(turn)

    def _premium(self, turn: Turn) -> Action:
        table = Table(turn.view)
        kept = table.hand
        expected, var = estimate(table, kept, table.my_bid_cards)
        bid = sum(_code(table, c) for c in table.my_bid_cards)
        declare = next((a for a in turn.legal if isinstance(a, Declare)), None)
        if declare is not None and var < DECLARE_SPREAD and abs(expected - bid) < DECLARE_MISS:
            return declare
        return turn.legal[0]

    def _play(self, turn: Turn) -> Action:
        view = turn.view
        table = Table(view)
        legal = [a.card for a in turn.legal if isinstance(a, Play)]
        me = view["hands"][table.seat]
        need = (me["bid"] if me["bid"] is not None else 0) - me["tricks"]
        from_dummy = view.get("playing_hand", table.seat) != table.seat
        trick = [(h, card_from_token(t)) for h, t in view["trick"]]
        if from_dummy:
            return Play(self._dummy_card(table, legal, trick, need))
        last = len(trick) == len(view["hands"]) - 1
        want = need > 0
        if not trick:
            return Play(self._lead(table, legal, want))
        return Play(self._follow(table, legal, trick, want, last))

    def _beats(self, table: Table, card: Card, best: Card, led: int) -> bool:
        s, r = table.key(card)
        bs, br = table.key(best)
        if s == bs:
            return r > br
        return s == table.trump and bs != table.trump

    def _winner(self, table: Table, trick: list[tuple[int, Card]]) -> tuple[int, Card]:
        led = table.key(trick[0][1])[0]
        best = trick[0]
        for entry in trick[1:]:
            if self._beats(table, entry[1], best[1], led):
                best = entry
        return best

    def _master(self, table: Table, card: Card) -> bool:
        mine = {table.key(c) for c in table.hand}
        return table.higher_out(card, mine) == 0

    def _lead(self, table: Table, legal: list[Card], want: bool) -> Card:
        rank = table.rank
        if want:
            masters = [c for c in legal if self._master(table, c)]
            if masters:
                return max(masters, key=rank)
            return min(legal, key=rank)
        # duck: lead the card most likely to be beaten (most higher cards still out)
        plain = [c for c in legal if table.key(c)[0] != table.trump] or legal
        mine = {table.key(c) for c in table.hand}
        return max(plain, key=lambda c: (table.higher_out(c, mine), -rank(c)))

    def _follow(
        self, table: Table, legal: list[Card], trick: list[tuple[int, Card]], want: bool, last: bool
    ) -> Card:
        rank = table.rank
        led = table.key(trick[0][1])[0]
        best = self._winner(table, trick)[1]
        winners = [c for c in legal if self._beats(table, c, best, led)]
        losers = [c for c in legal if c not in winners]
        if want:
            if not winners:
                return min(legal, key=rank)
            if last:
                return min(winners, key=rank)
            masters = [c for c in winners if self._master(table, c)]
            return min(masters, key=rank) if masters else max(winners, key=rank)
        if losers:
            return max(losers, key=rank)
        return max(winners, key=rank) if last else min(winners, key=rank)

    def _dummy_card(
        self, table: Table, legal: list[Card], trick: list[tuple[int, Card]], need: int
    ) -> Card:
        rank = table.rank
        if not trick:
            return min(legal, key=rank)
        led = table.key(trick[0][1])[0]
        holder, best = self._winner(table, trick)
        winners = [c for c in legal if self._beats(table, c, best, led)]
        losers = [c for c in legal if c not in winners]
        if holder == table.seat and need <= 0 and winners:
            return min(winners, key=rank)  # take my own trick away from me
        return min(losers or legal, key=rank)
