"""Nebraska as a state machine: deal, election rounds (secret bids, promote/reject), scoring.

Phases: ``deal`` (chance), ``bid`` (each player in turn from the dealer's left lays a secret
bid), ``decide`` (the highest bid promotes or rejects the candidate), ``over``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import Self, cast

from mazzo.cards import COLOUR_BY_NAME, TOKEN, Card
from mazzo.engine.chance import shuffle, shuffled
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    State,
)
from mazzo.engine.view_parts import fresh
from mazzo.games.nebraska import fast_moves, views
from mazzo.games.nebraska.actions import (
    BID,
    DECK,
    PROMOTE,
    REJECT,
    Bid,
    ChooseDealer,
    Deal,
    Promote,
    Reject,
)
from mazzo.games.nebraska.config import NebraskaConfig
from mazzo.games.nebraska.events import (
    BidPlaced,
    BidsRevealed,
    CandidateTurned,
    DealerChosen,
    Decided,
    HandDealt,
    HandEnded,
    HandScored,
    MatchOver,
    ReplacementsDealt,
)
from mazzo.games.nebraska.scoring import (
    Key,
    TieBreak,
    expert_count,
    family_counts,
    poker_breakdown,
    resolve_tie,
)
from mazzo.games.nebraska.views import NebraskaViewParts

HAND_SIZE = 10
COMMON_SIZE = 5
_SORTED_DECK = tuple(sorted(DECK))
_token_of = TOKEN.__getitem__
#: a card's bid (the one Bid per card), as a C call for ``map``
_bid_of = BID.__getitem__

#: a hand's scoring detail: poker's breakdown, or the family/expert counts and tie-break
_Detail = dict[str, tuple[list[Key | None], list[int]]] | tuple[list[int], TieBreak | None]
#: what a hand's result is made of: its number, why it ended, the common cards, every hand,
#: points, winners and the detail
_HandParts = tuple[int, str, list[Card], list[list[Card]], list[int], list[int], _Detail]


class NebraskaState(State):
    config: NebraskaConfig

    def __init__(self, game: Game, config: NebraskaConfig) -> None:
        super().__init__(game, config)
        n = config.players
        # suit strength for ties: higher is better
        self.suit_strength = {
            COLOUR_BY_NAME[name]: len(config.suit_order) - i
            for i, name in enumerate(config.suit_order)
        }
        #: a bid's strength by card id, the rank then ``suit_strength`` (shared, read-only)
        self.bid_strength = _strength_keys(config.suit_order)
        self.dealer = -1
        self.hand_no = 0
        self.totals = [0] * n
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(DECK)  # top of the stock is the END of the list
        self.common: list[Card] = []
        self.rejected: list[Card] = []
        self.spent: list[list[Card]] = [[] for _ in range(n)]  # earlier bids, face up
        self.bids: list[Card | None] = [None] * n  # this round's bids, secret until all bid
        # the card each seat got at the last rejection, known to its owner only, kept until the
        # next decision so the owner's view (never an event, events are public) can name it
        self.received: list[list[Card]] = [[] for _ in range(n)]
        self.candidate: Card | None = None
        self.to_act = CHANCE
        self.decider = -1
        self.stage = "deal"
        #: the last hand's result (see :attr:`last_hand`): made from ``_last_parts`` when read
        self._last_hand: JSON | None = None
        self._last_parts: _HandParts | None = None
        self.finished = False
        #: the view parts kept between moves (:mod:`~mazzo.games.nebraska.views`); None until
        #: the first view
        self._view_parts: NebraskaViewParts | None = None

    # -- protocol basics ----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.finished else self.to_act

    @property
    def phase(self) -> str:
        return "over" if self.finished else self.stage

    @property
    def hand_number(self) -> int:
        return max(self.hand_no, 1)

    def legal_actions(self) -> list[Action]:
        if self.finished or self.to_act < 0:
            return []
        if self.stage == "decide":
            return [PROMOTE, REJECT]
        return list(map(_bid_of, self.hands[self.to_act]))

    def check(self, action: Action) -> None:
        if self.finished:
            raise IllegalAction(f"the match is over; {action} cannot be played", "match_over")
        if self.to_act == CHANCE:
            self._check_chance(action)
            return
        if self.stage == "bid":
            if not isinstance(action, Bid):
                raise IllegalAction(
                    f"seat {self.to_act} must bid a card from hand, not {action}", "must_bid"
                )
            if action.card not in self.hands[self.to_act]:
                raise IllegalAction(f"{action.card} is not in seat {self.to_act}'s hand",
                                    "not_in_hand", {"card": action.card})
        elif not isinstance(action, Promote | Reject):
            raise IllegalAction(
                f"seat {self.to_act} won the bid and must promote or reject, not {action}",
                "promote_or_reject",
            )

    def _check_chance(self, action: Action) -> None:
        if self.dealer < 0:
            if not isinstance(action, ChooseDealer) or not 0 <= action.seat < self.num_players:
                raise IllegalAction(f"expected the first dealer (a seat), not {action}")
            return
        if not isinstance(action, Deal):
            raise IllegalAction(f"the deck must be shuffled now, not {action}")
        if len(action.order) != len(DECK) or tuple(sorted(action.order)) != _SORTED_DECK:
            raise IllegalAction("a shuffle must order all 104 Nebraska cards exactly once")

    def sample_chance(self, rng: random.Random) -> Action:
        if self.to_act != CHANCE or self.finished:
            raise IllegalAction("not a chance node")
        if self.dealer < 0:
            return ChooseDealer(rng.randrange(self.num_players))
        return shuffled(DECK, rng)

    # -- rules ---------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if action.__class__ is Bid:
            self._bid(action.card)
            parts = self._view_parts
            if self.stage != "bid" and parts is not None:  # a bid changes no part of the
                views.bids_shown(self, parts)  # view kept for the round but the last
            return
        elif isinstance(action, ChooseDealer):
            self.dealer = action.seat
            self.events = [DealerChosen(action.seat)]
        elif isinstance(action, Deal):
            self._deal(action.order)
        else:
            promote = isinstance(action, Promote)
            self._decide(promote)
            parts = self._view_parts
            if self.stage == "bid" and parts is not None:  # the same hand, a round later
                views.next_round(self, parts, promote)
                return
        if self._view_parts is not None:
            self._view_parts.forget()

    def _deal(self, order: Sequence[Card]) -> None:
        n = self.num_players
        self.hand_no += 1
        self.stock = list(reversed(order))
        self.hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            insort(self.hands[(self.dealer + 1 + i) % n], self.stock.pop())
        self.common, self.rejected = [], []
        self.spent = [[] for _ in range(n)]
        self.events = [HandDealt(self.hand_no, self.dealer)]
        self._turn_candidate()

    def _turn_candidate(self) -> None:
        n = self.config.players  # not num_players: a property's call, at every decision
        self.candidate = self.stock.pop()
        self.bids = [None] * n
        self.stage = "bid"
        self.to_act = (self.dealer + 1) % n
        self.events.append(CandidateTurned(self.candidate))

    def _bid(self, card: Card) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.bids[seat] = card
        self.events = [BidPlaced(seat)]
        nxt = (seat + 1) % self.num_players
        if self.bids[nxt] is None:
            self.to_act = nxt
            return
        shown = [c for c in self.bids if c is not None]
        self.decider = max(range(self.config.players), key=self._bid_strength)
        self.events.append(BidsRevealed(tuple(shown), self.decider))
        self.stage = "decide"
        self.to_act = self.decider

    def _bid_strength(self, seat: int) -> int:
        card = self.bids[seat]
        assert card is not None
        return self.bid_strength[card]

    def _decide(self, promote: bool) -> None:
        n = self.config.players
        candidate = self.candidate
        assert candidate is not None
        for spent, card in zip(self.spent, cast("list[Card]", self.bids), strict=True):
            spent.append(card)  # every seat has bid
        self.bids = [None] * n
        self.events = [Decided(self.decider, candidate, promote)]
        self.candidate = None
        if promote:
            self.common.append(candidate)
            if any(self.received):  # what the last rejection gave is no longer news
                self.received = [[] for _ in range(n)]
        else:
            self.rejected.append(candidate)
            stock = self.stock
            if len(stock) < n:  # [S] too few cards to replace: the hand ends at once
                self._end_hand("stock_short")  # (which clears what each seat received)
                return
            hands = self.hands
            received: list[list[Card]] = [[]] * n  # every seat's replaced below: all receive
            for owner in _SEATS_FROM[n][(self.dealer + 1) % n]:  # from the dealer's left
                dealt = stock.pop()
                insort(hands[owner], dealt)
                received[owner] = [dealt]
            self.received = received
            self.events.append(ReplacementsDealt(n))
        if len(self.common) == COMMON_SIZE:
            self._end_hand("complete")
        elif not self.stock:  # [D] no candidate can be turned
            self._end_hand("stock_empty")
        else:
            self._turn_candidate()

    def _end_hand(self, reason: str) -> None:
        cfg = self.config
        hands, common = self.hands, self.common
        self.events.append(HandEnded(reason, len(common)))
        settled: TieBreak | None = None
        detail: _Detail
        if cfg.variant == "poker":
            breakdown = poker_breakdown(hands, common, cfg.ace_low_in_runs)
            points = [0] * self.config.players
            for _, kind_points in breakdown.values():
                for s, p in enumerate(kind_points):
                    points[s] += p
            winners = [s for s, p in enumerate(points) if p == max(points)]
            detail = breakdown
        else:
            # what scoring.hand_winners and tie_break decide, with the counts and the tie-break
            # made once (searches score a hand at the end of every rollout)
            counts = (family_counts(hands, common) if cfg.variant == "family"
                      else [expert_count(h, common) for h in hands])
            best = max(counts)
            tied = [s for s, c in enumerate(counts) if c == best]
            if len(tied) > 1:
                settled = resolve_tie(tied, hands, common, cfg.tiebreak)
            winners = tied if settled is None else list(settled.winners)
            points = [1 if s in winners else 0 for s in range(self.config.players)]
            detail = (counts, settled)
        for s, p in enumerate(points):
            self.totals[s] += p
        # the result as the views show it is made when first read (:attr:`last_hand`); the
        # hand's lists are kept as they are: the next hand's are new ones
        self._last_hand = None
        self._last_parts = (self.hand_no, reason, common, hands, points, winners, detail)
        if self._view_parts is not None:
            self._view_parts.forget()
        self.events.append(HandScored(tuple(points), tuple(winners), settled is not None))
        self._next_hand_or_end()

    @property
    def last_hand(self) -> JSON | None:
        """The last hand's result (None before the first ends): the common and personal cards,
        points and winners, then the counts and the tie-break (family, expert) or each poker
        kind's keys and points. Made on first read from what :meth:`_end_hand` kept: a
        search's rollouts end hands by the thousand and read only the totals. Read-only
        (:mod:`mazzo.engine.frozen`), made so from the start: every view of the next hand
        shares it as it is."""
        made = self._last_hand
        parts = self._last_parts
        if made is None and parts is not None:
            hand_no, reason, common, hands, points, winners, detail = parts
            extra: JSON
            if isinstance(detail, dict):  # poker
                extra = {kind: FrozenDict({"keys": FrozenList([FrozenList(k) if k else None
                                                               for k in keys]),
                                           "points": FrozenList(pts)})
                         for kind, (keys, pts) in detail.items()}
            else:
                extra = {"counts": FrozenList(detail[0]), "tiebreak": _tiebreak_json(detail[1])}
            made = self._last_hand = FrozenDict({
                "hand_number": hand_no,
                "reason": reason,
                "common": FrozenList(map(_token_of, common)),
                "personal": FrozenList([FrozenList(map(_token_of, h)) for h in hands]),
                "points": FrozenList(points),
                "winners": FrozenList(winners),
                **extra,
            })
        return made

    def _next_hand_or_end(self) -> None:
        cfg = self.config
        best = max(self.totals)
        leaders = [s for s, t in enumerate(self.totals) if t == best]
        if cfg.hands:
            over = self.hand_no >= cfg.hands
        else:  # [D] several at the target: the higher total wins; still equal, another hand
            over = best >= cfg.match_target and len(leaders) == 1
        self._collect_cards()
        if over:
            self.finished = True
            self.stage = "over"
            self.to_act = TERMINAL
            self.events.append(MatchOver(tuple(leaders), tuple(self.totals)))
            return
        self.dealer = (self.dealer + 1) % self.config.players
        self.stage = "deal"
        self.to_act = CHANCE

    def _collect_cards(self) -> None:
        """Every card goes back to the (unshuffled) stock between hands."""
        n = self.config.players
        self.stock = list(DECK)
        self.hands = [[] for _ in range(n)]
        self.common, self.rejected = [], []
        self.spent = [[] for _ in range(n)]
        self.bids = [None] * n
        self.received = [[] for _ in range(n)]
        self.candidate = None

    # -- a search's random rollouts ------------------------------------------------------------

    def random_moves(self, rng: random.Random, stop_hand: int | None, cap: int) -> int:
        """The engine's loop (:meth:`State.random_moves`), played fast on the state's own fields
        by :func:`~mazzo.games.nebraska.fast_moves.random_moves`: the same moves, draws and
        state after (tests/games/test_random_moves.py plays the two side by side)."""
        return fast_moves.random_moves(self, rng, stop_hand, cap)

    # -- information ---------------------------------------------------------------------------

    #: what ``seat`` may know, assembled from the parts kept between moves
    #: (:func:`~mazzo.games.nebraska.views.view`, the method itself: no call in between, as
    #: the server builds a view for every seat after each move)
    view = views.view

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        if self.stage == "deal" or self.finished:
            return other
        n = self.num_players
        hidden_bid = self.stage == "bid"
        pool: list[Card] = list(self.stock)
        for s in range(n):
            if s == seat:
                continue
            pool.extend(self.hands[s])
            card = self.bids[s]
            if hidden_bid and card is not None:
                pool.append(card)
        shuffle(pool, rng)  # rng.shuffle's order and draws, cheaper
        for s in range(n):
            if s == seat:
                continue
            size = len(self.hands[s])
            other.hands[s] = sorted(pool[-size:]) if size else []
            del pool[len(pool) - size :]
            if hidden_bid and self.bids[s] is not None:
                other.bids[s] = pool.pop()
            other.received[s] = []  # what another seat received is its secret
        other.stock = pool
        return other

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def returns(self) -> list[float]:
        if not self.finished:
            return [0.0] * self.num_players
        best = max(self.totals)
        return [1.0 if t == best else 0.0 for t in self.totals]

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.events = list(self.events)
        other.totals = list(self.totals)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.common = list(self.common)
        other.rejected = list(self.rejected)
        other.spent = [list(b) for b in self.spent]
        other.bids = list(self.bids)
        other.received = [list(r) for r in self.received]
        fresh(other)
        return other

    def cards_in_play(self) -> list[Card]:
        cards = list(self.stock) + self.common + self.rejected
        for s in range(self.num_players):
            cards += self.hands[s] + self.spent[s]
            card = self.bids[s]
            if card is not None:
                cards.append(card)
        if self.candidate is not None:
            cards.append(self.candidate)
        return cards




#: by player count and seat, the seats in turn from that one round the table
_SEATS_FROM: dict[int, list[tuple[int, ...]]] = {
    n: [tuple((first + i) % n for i in range(n)) for first in range(n)]
    for n in NebraskaConfig.player_counts
}

#: a bid's strength (its rank, then its colour's ``suit_strength``) by card id, by suit order
_STRENGTH_KEYS: dict[tuple[str, ...], list[int]] = {}


def _strength_keys(suit_order: tuple[str, ...]) -> list[int]:
    """A bid's strength as one number per card id: its rank, then its colour's place in
    ``suit_order`` (``NebraskaState.suit_strength``); the bids of a round are distinct cards, so
    no two of a round are equal. Made once per suit order."""
    found = _STRENGTH_KEYS.get(suit_order)
    if found is None:
        found = [0] * (max(DECK) + 1)
        for colour_place, name in enumerate(suit_order):
            colour = COLOUR_BY_NAME[name]
            for card in DECK:
                if card >> 4 == colour:
                    found[card] = (card & 15) * 16 + len(suit_order) - colour_place
        _STRENGTH_KEYS[suit_order] = found
    return found


def _tiebreak_json(settled: TieBreak | None) -> JSON | None:
    """A hand's tie-break for the public result (every hand is shown at the end of a hand),
    read-only as the result it is part of."""
    if settled is None:
        return None
    return FrozenDict({
        "tied": FrozenList(settled.tied),
        "winners": FrozenList(settled.winners),
        "ranks": FrozenList([FrozenList(r) for r in settled.ranks]),
        "place": settled.place,
        "rival": settled.rival,
    })
