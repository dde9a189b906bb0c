"""Novantanove as a state machine: a whole match of deals, games and (optionally) a rubber.

Stages: ``cut`` (chance: first dealer), ``deal`` (chance: the shuffled pack), ``bid`` (from the
dealer's left each player lays three bid cards face down, one per action), ``premium`` (each
player in turn answers pass / declare / reveal), ``play`` (the tricks), ``over``.

Hands are indexed like seats; with 2 players hand 2 is the dummy (morto), played by the live
player who controls it in the current trick.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable
from typing import Any, Self

from mazzo.cards import JOKER_SUIT, TOKEN, Card
from mazzo.engine.chance import shuffle
from mazzo.engine.frozen import FrozenCopies, FrozenDict, FrozenList
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
from mazzo.games.novantanove import fast_moves, views
from mazzo.games.novantanove.actions import (
    BID,
    DECLARE,
    PASS,
    PLAY,
    REVEAL,
    BidCard,
    ChooseDealer,
    Deal,
    Declare,
    Pass,
    Play,
    Reveal,
    deck_for,
)
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.events import (
    BidCardLaid,
    BidExposed,
    CardPlayed,
    DealerChosen,
    DealScored,
    Dealt,
    GameOver,
    HandExposed,
    OfferWithdrawn,
    PremiumOffer,
    RubberOver,
    TieContinues,
    TrickWon,
)
from mazzo.games.novantanove.scoring import (
    DECLARE_PREMIUM,
    NO_TRUMP,
    RUBBER_GAMES,
    bid_value,
    deal_points,
    game_bonuses,
    game_winner,
    next_trump,
    rubber_bonus,
    successes,
    trick_winner,
)
from mazzo.games.novantanove.scoring import REVEAL_PREMIUM as REVEAL_POINTS
from mazzo.games.novantanove.stages import (
    BASE_RANK,
    BASE_SUIT,
    BID_CARDS,
    BID_STAGE,
    CUT,
    DEAL,
    OFFER_NAME,
    OVER,
    PLAY_STAGE,
    PREMIUM,
    SUIT_TEXT,
)
from mazzo.games.novantanove.views import (
    _TRICK_ENTRY,
    NovantanoveViewParts,
    _suit_json,
    _tokens,
)
from mazzo.games.novantanove.worlds import _Worlds

NINE = 9
#: a card's token (``TOKEN`` is keyed by the interned cards: a lookup matches by identity)
_token_of = TOKEN.__getitem__
#: (seat, hand) in a trick's order by its leader, for 3 and 4 players (no dummy)
_ROUNDS = {n: [tuple(((leader + i) % n, (leader + i) % n) for i in range(n)) for leader in range(n)]
           for n in (3, 4)}


class NovantanoveState(State):
    config: NovantanoveConfig

    def __init__(self, game: Game, config: NovantanoveConfig) -> None:
        super().__init__(game, config)
        n = config.players
        self.n = n
        self.nh = config.hands
        self.dummy = 2 if n == 2 else -1
        self.deck = deck_for(config)
        self.stage = CUT
        self.dealer = -1
        self.first_dealer = -1
        self.deal_no = 0
        self.deals_in_game = 0
        self.game_number = 1
        self.prev_successes = -1
        self.trump = NO_TRUMP
        self.turn_up: Card | None = None
        self.suit_of = BASE_SUIT
        self.rank_of = BASE_RANK
        self.hands: list[list[Card]] = [[] for _ in range(self.nh)]
        self.bids: list[list[Card]] = [[] for _ in range(self.nh)]
        self.tricks_won = [0] * self.nh
        self.order: tuple[int, ...] = ()
        self.turn = 0
        self.offers: list[tuple[int, str]] = []
        self.premium = [0] * self.nh
        self.exposed_bid = [False] * self.nh
        self.exposed_hand = [False] * self.nh
        self.voids = [0] * self.nh
        self.trick: list[tuple[int, Card]] = []
        self.seq: tuple[tuple[int, int], ...] = ()
        self.leader = -1
        self.controller = -1
        self.played: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
        self.game_scores = [0] * self.nh
        self.rubber = [0] * n
        self.games_won = [0] * n
        self.games: list[JSON] = []
        #: what ``last_deal`` says, as scoring left it: (deal number, trumps, the bids' values,
        #: their cards, tricks, premiums, successes, points, the successes that name the next
        #: trumps or None); None before a deal is scored. Every list in it is one the state
        #: no longer changes (a deal replaces them), so clones share it
        self._scored: tuple[Any, ...] | None = None
        #: ``last_deal`` once made from ``_scored`` (None: not made yet)
        self._last_deal: JSON | None = None
        self.winner = -1
        #: the read-only copies of ``games`` the views share (clones too)
        self._frozen = FrozenCopies()
        #: the parts of views kept between moves (see :meth:`view`); None until a view is made
        #: (a clone starts without: searches that never look pay nothing)
        self._view_parts: NovantanoveViewParts | None = None

    # -- whose turn -------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        stage = self.stage
        if stage == PLAY_STAGE:
            return self.seq[len(self.trick)][0]
        if stage in (BID_STAGE, PREMIUM):
            return self.order[self.turn]
        if stage == OVER:
            return TERMINAL
        return CHANCE

    @property
    def phase(self) -> str:
        return self.stage

    @property
    def hand_number(self) -> int:
        if self.stage in (CUT, DEAL):
            return self.deal_no + 1
        return self.deal_no

    @property
    def playing_hand(self) -> int:
        """The hand the current card comes from (the dummy's when its controller plays it)."""
        return self.seq[len(self.trick)][1]

    # -- moves ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == PLAY_STAGE:
            trick = self.trick
            cards = self.hands[self.seq[len(trick)][1]]
            if trick:
                suit_of = self.suit_of
                led = suit_of[trick[0][1]]
                follow = [PLAY[c] for c in cards if suit_of[c] == led]
                if follow:
                    return list(follow)
            return [PLAY[c] for c in cards]
        if stage == BID_STAGE:
            return [BID[c] for c in self.hands[self.order[self.turn]]]
        if stage == PREMIUM:
            return self._premium_choices()
        return []

    def _premium_choices(self) -> list[Action]:
        if self.n == 2:
            return [PASS, DECLARE]
        out: list[Action] = [PASS]
        if not any(self.premium):
            out.append(DECLARE)
        if REVEAL_POINTS not in self.premium:
            out.append(REVEAL)
        return out

    def check(self, action: Action) -> None:
        # fast path for the two frequent actions; anything else goes through the generic check
        stage = self.stage
        if stage == PLAY_STAGE and type(action) is Play:
            if not self._play_ok(action.card):
                raise self._refusal(action)
            return
        if stage == BID_STAGE and type(action) is BidCard:
            if action.card not in self.hands[self.order[self.turn]]:
                raise self._refusal(action)
            return
        super().check(action)

    def _play_ok(self, card: Card) -> bool:
        cards = self.hands[self.playing_hand]
        if card not in cards:
            return False
        if not self.trick:
            return True
        suit_of = self.suit_of
        led = suit_of[self.trick[0][1]]
        return suit_of[card] == led or all(suit_of[c] != led for c in cards)

    def _refusal(self, action: Action) -> IllegalAction:
        seat = self.current_player
        stage = self.stage
        if stage == PLAY_STAGE:
            return self._refuse_play(action, seat)
        if stage == BID_STAGE:
            if not isinstance(action, BidCard):
                return IllegalAction(
                    f"seat {seat} must lay a bid card face down now "
                    f"({len(self.bids[seat])} of 3 laid), not {action}",
                    "lay_bid_card", {"laid": len(self.bids[seat])},
                )
            return IllegalAction(
                f"{action.card} is not in seat {seat}'s hand: lay a bid card from your hand",
                "not_in_hand", {"card": action.card},
            )
        if stage == PREMIUM:
            return self._refuse_premium(action, seat)
        return IllegalAction(
            f"{action} is not a legal move for seat {seat} in phase {stage}", "wrong_phase"
        )

    def _refuse_play(self, action: Action, seat: int) -> IllegalAction:
        if not isinstance(action, Play):
            return IllegalAction(
                f"the tricks are being played: seat {seat} must play a card, not {action}",
                "play_a_card",
            )
        hand = self.playing_hand
        card = action.card
        if card not in self.hands[hand]:
            if hand == self.dummy:
                return IllegalAction(
                    f"seat {seat} plays from the dummy now, and {card} is not in the dummy",
                    "not_in_dummy", {"card": card},
                )
            if self.dummy >= 0 and card in self.hands[self.dummy]:
                return IllegalAction(
                    f"seat {seat} plays from own hand now, not from the dummy ({card})",
                    "play_from_hand", {"card": card},
                )
            return IllegalAction(f"{card} is not in seat {seat}'s hand", "not_in_hand",
                                 {"card": card})
        led = SUIT_TEXT[self.suit_of[self.trick[0][1]]]
        return IllegalAction(
            f"you must follow suit ({led}): {card} is not {led}",
            "must_follow", {"suit": led, "card": card},
        )

    def _refuse_premium(self, action: Action, seat: int) -> IllegalAction:
        if not isinstance(action, Pass | Declare | Reveal):
            return IllegalAction(
                f"seat {seat} must answer pass, declare or reveal now, not {action}",
                "answer_premium",
            )
        if isinstance(action, Reveal) and self.n == 2:
            return IllegalAction("in the 2-player game nobody may reveal (only declare)",
                                 "no_reveal_two")
        bidder = next(h for h, p in enumerate(self.premium) if p)
        what = OFFER_NAME[self.premium[bidder]]
        if isinstance(action, Declare):
            return IllegalAction(
                f"declare is not allowed: seat {bidder} has already offered to {what}",
                "already_offered", {"seat": bidder + 1, "offer": what},
            )
        return IllegalAction(
            f"reveal is not allowed: seat {bidder} has already offered to reveal",
            "already_offered", {"seat": bidder + 1, "offer": "reveal"},
        )

    def sample_chance(self, rng: random.Random) -> Action:
        if self.stage == CUT:
            return ChooseDealer(rng.randrange(self.n))
        order = list(self.deck)
        shuffle(order, rng)  # rng.shuffle's order and draws, cheaper
        return Deal(tuple(order))

    def _check_chance(self, action: Action) -> None:
        if self.stage == CUT:
            if not isinstance(action, ChooseDealer) or not 0 <= action.seat < self.n:
                raise IllegalAction(f"the first dealer must be a seat 0..{self.n - 1}: {action}")
            return
        if not isinstance(action, Deal):
            raise IllegalAction(f"a shuffled pack must be dealt now, not {action}")
        if len(action.order) != len(self.deck) or set(action.order) != set(self.deck):
            raise IllegalAction(
                f"the deal must be an order of the {len(self.deck)}-card pack of this game"
            )

    def _apply(self, action: Action) -> None:
        stage = self.stage
        if stage == PLAY_STAGE:
            assert isinstance(action, Play)
            kept = self._view_parts
            if kept is None:
                self._play(action.card)
                if self.stage == PLAY_STAGE:
                    return
            else:
                # what a card played changes in the kept view parts, brought up to date in place
                # (views copy them): the trick's entries, the hand the card came from and, after
                # a trick, its winner's count of tricks; at the deal's end all is dropped (below).
                # (Inline: as a method of its own, the call cost 3 % of a view, measured.)
                hand = self.seq[len(self.trick)][1]
                at = bisect_left(self.hands[hand], action.card)  # its place in the sorted hand
                self._play(action.card)
                trick = self.trick
                if trick:
                    kept.trick.append(_TRICK_ENTRY(trick[-1]))
                    views.sync_hand(self, kept, hand, at)
                    return
                kept.trick = []  # a trick won
                if self.stage == PLAY_STAGE:
                    views.sync_tricks(self, kept, self.played[-1][2])
                    views.sync_hand(self, kept, hand, at)
                    return
        elif stage == BID_STAGE:
            assert isinstance(action, BidCard)
            seat = self.order[self.turn]
            kept = self._view_parts
            at = bisect_left(self.hands[seat], action.card) if kept is not None else 0
            self._lay_bid(action.card)
            if kept is not None:  # the seat's entry: a bid card more (others see the count)
                views.sync_hand(self, kept, seat, at, True)
                if self.stage != BID_STAGE:  # the premiums: only the phase is new
                    kept.base = None
            return
        elif stage == PREMIUM:
            seat = self.order[self.turn]
            self._offer(action)
            if self._view_parts is not None:
                views.forget_offered(self, self._view_parts, seat, action)
            return
        elif stage == CUT:
            assert isinstance(action, ChooseDealer)
            self.first_dealer = self.dealer = action.seat
            self.stage = DEAL
            self.events = [DealerChosen(action.seat)]
        else:
            assert isinstance(action, Deal)
            self._deal(action.order)
        # a deal begins or ends: any part of a view may change (scores, trumps, the dealer)
        if self._view_parts is not None:
            self._view_parts.forget()

    # -- the deal ---------------------------------------------------------------------------

    def _deal(self, order: tuple[Card, ...]) -> None:
        n, nh, dealer = self.n, self.nh, self.dealer
        if n == 2:
            targets = [1 - dealer, dealer, self.dummy]
            self.order = (1 - dealer, dealer)
        else:
            targets = [(dealer + 1 + i) % n for i in range(n)]
            self.order = tuple(targets)
        size = self.config.hand_size
        hands: list[list[Card]] = [[] for _ in range(nh)]
        for i in range(nh * size):
            hands[targets[i % nh]].append(order[i])
        self.bids = [[] for _ in range(nh)]
        if n == 2:
            # the dummy's bid: three of its cards at random (the first three it was dealt)
            self.bids[self.dummy] = hands[self.dummy][:BID_CARDS]
            del hands[self.dummy][:BID_CARDS]
        self.hands = [sorted(h) for h in hands]
        self.deal_no += 1
        self._set_trump(order[nh * size] if len(order) > nh * size else None)
        self.deals_in_game += 1
        self.tricks_won = [0] * nh
        self.turn = 0
        self.offers = []
        self.premium = [0] * nh
        self.exposed_bid = [False] * nh
        self.exposed_hand = [False] * nh
        self.voids = [0] * nh
        self.trick = []
        self.played = []
        self.stage = BID_STAGE
        self.events = [Dealt(self.deal_no, dealer, self.trump, self.turn_up)]

    def _set_trump(self, turn_up: Card | None) -> None:
        self.turn_up = turn_up
        self.suit_of, self.rank_of = BASE_SUIT, BASE_RANK
        if turn_up is not None:
            # classic: the turn-up names trumps (a Nine or the joker: no trump); the joker in a
            # hand counts exactly as the turn-up for bidding and play
            if turn_up.suit == JOKER_SUIT or turn_up.rank == NINE:
                self.trump = NO_TRUMP
            else:
                self.trump = turn_up.suit
            if turn_up.suit != JOKER_SUIT:
                joker = next(c for c in self.deck if c.suit == JOKER_SUIT)
                self.suit_of, self.rank_of = list(BASE_SUIT), list(BASE_RANK)
                self.suit_of[joker] = turn_up.suit
                self.rank_of[joker] = turn_up.rank
        elif self.deals_in_game == 0:
            self.trump = 1 if self.config.first_trump == "diamonds" else NO_TRUMP
        else:
            self.trump = next_trump(self.prev_successes)

    @property
    def joker_suit(self) -> int | None:
        """The suit the classic joker takes this deal (its bid code), if it is in play."""
        if self.turn_up is None or self.turn_up.suit == JOKER_SUIT:
            return None
        return self.turn_up.suit

    def bid_of(self, hand: int) -> int:
        return bid_value(self.bids[hand], self.joker_suit)

    def _lay_bid(self, card: Card) -> None:
        seat = self.order[self.turn]
        self.hands[seat].remove(card)
        self.bids[seat].append(card)
        self.events = [BidCardLaid(seat, len(self.bids[seat]))]
        if len(self.bids[seat]) == BID_CARDS:
            self.turn += 1
            if self.turn == len(self.order):
                self.turn = 0
                self.stage = PREMIUM

    def _offer(self, action: Action) -> None:
        seat = self.order[self.turn]
        name = "pass"
        if isinstance(action, Declare):
            name = "declare"
            self.premium[seat] = DECLARE_PREMIUM
        elif isinstance(action, Reveal):
            name = "reveal"
            self.events = [
                OfferWithdrawn(h) for h, p in enumerate(self.premium) if p == DECLARE_PREMIUM
            ]
            self.premium = [0] * self.nh
            self.premium[seat] = REVEAL_POINTS
        self.offers.append((seat, name))
        self.events.append(PremiumOffer(seat, name))
        self.turn += 1
        if self.turn == len(self.order):
            self._start_play()

    def _start_play(self) -> None:
        for h, p in enumerate(self.premium):
            if not p:
                continue
            self.exposed_bid[h] = True
            self.events.append(
                BidExposed(h, tuple(self.bids[h]), self.bid_of(h), OFFER_NAME[p])
            )
            if p == REVEAL_POINTS:
                self.exposed_hand[h] = True
                self.events.append(HandExposed(h, tuple(self.hands[h])))
        if self.dummy >= 0:
            self.exposed_hand[self.dummy] = True
            self.events.append(HandExposed(self.dummy, tuple(self.hands[self.dummy]), True))
        self.stage = PLAY_STAGE
        self.leader = self.controller = self.order[0]
        self._start_trick()

    def _start_trick(self) -> None:
        leader = self.leader
        if self.dummy < 0:
            self.seq = _ROUNDS[self.n][leader]
            return
        c = self.controller
        o = 1 - c
        if leader == self.dummy:
            self.seq = ((c, self.dummy), (o, o), (c, c))
        else:
            self.seq = ((c, c), (o, o), (c, self.dummy))

    # -- the tricks -------------------------------------------------------------------------

    def _play(self, card: Card) -> None:
        seat, hand = self.seq[len(self.trick)]
        self.hands[hand].remove(card)
        trick = self.trick
        if trick:
            led = self.suit_of[trick[0][1]]
            if self.suit_of[card] != led:
                self.voids[hand] |= 1 << led
        trick.append((hand, card))
        self.events = [CardPlayed(seat, hand, card)]
        if len(trick) < self.nh:
            return
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, self.trump, self.suit_of, self.rank_of)][0]
        self.tricks_won[winner] += 1
        self.played.append((self.leader, tuple(trick), winner))
        self.events.append(
            TrickWon(winner, len(self.played), tuple(cards), winner == self.dummy)
        )
        self.trick = []
        if not self.hands[winner]:
            self._score()
            return
        self.leader = winner
        if winner != self.dummy:
            self.controller = winner
        self._start_trick()

    # -- a search's random moves -----------------------------------------------------------

    def random_moves(self, rng: random.Random, stop_hand: int | None, cap: int) -> int:
        """The engine's loop (:meth:`State.random_moves`), played fast on the state's own fields
        by :func:`~mazzo.games.novantanove.fast_moves.random_moves`: the same moves, draws and
        state after (tests/games/test_random_moves.py plays the two side by side)."""
        return fast_moves.random_moves(self, rng, stop_hand, cap)

    # -- scoring ----------------------------------------------------------------------------

    def _score(self) -> None:
        dummy = self.dummy if self.dummy >= 0 else None
        joker_suit = self.joker_suit
        bids = [bid_value(cards, joker_suit) for cards in self.bids]
        tricks = self.tricks_won
        ok = successes(bids, tricks, dummy)
        points = deal_points(bids, tricks, self.premium, dummy, ok)  # score_deal's, unchecked
        game_scores, events = self.game_scores, self.events
        for h, cards in enumerate(self.bids):
            game_scores[h] += points[h]
            events.append(
                DealScored(h, tuple(cards), bids[h], tricks[h], ok[h], points[h], h == dummy)
            )
        self.prev_successes = sum(ok)
        # last_deal's parts, put together only when asked for (a search scores deals by the
        # thousand and never looks)
        self._scored = (self.deal_no, self.trump, bids, self.bids, tricks, self.premium, ok,
                        points, self.prev_successes if self.turn_up is None else None)
        self._last_deal = None
        self._after_deal()

    @property
    def last_deal(self) -> JSON | None:
        """The deal last scored (None before the first): its number, trumps, each hand's bid
        (value and cards), tricks, premium offer, success and points, and the next deal's
        trumps where they follow the successes. Read-only: the views share it."""
        made = self._last_deal
        if made is None and self._scored is not None:
            number, trump, bids, bid_cards, tricks, premium, ok, points, successes = self._scored
            made = self._last_deal = FrozenDict(
                hand_number=number,
                trump=_suit_json(trump),
                bids=FrozenList(bids),
                bid_cards=FrozenList(map(_tokens, bid_cards)),
                tricks=FrozenList(tricks),
                premium=FrozenList([OFFER_NAME[p] if p else None for p in premium]),
                success=FrozenList(ok),
                points=FrozenList(points),
                next_trump=None if successes is None else _suit_json(next_trump(successes)),
            )
        return made

    def _after_deal(self) -> None:
        n = self.n
        target = self.config.target
        totals = self.game_scores[:n]
        winner = game_winner(totals, target)
        if winner is None:
            if max(totals) >= target:
                self.events.append(TieContinues(tuple(totals)))
            self.dealer = (self.dealer + 1) % n
            self.stage = DEAL
            return
        bonuses = game_bonuses(totals, target, winner)
        self.games_won[winner] += 1
        for s in range(n):
            self.rubber[s] += totals[s] + bonuses[s]
        self.games.append(
            {"game": self.game_number, "winner": winner, "scores": list(self.game_scores),
             "bonuses": bonuses}
        )
        self.events.append(GameOver(winner, self.game_number, tuple(bonuses), tuple(totals)))
        if self.config.mode == "game":
            self._finish(winner)
        elif self.games_won[winner] == RUBBER_GAMES:
            bonus = rubber_bonus(len(self.games))
            self.rubber[winner] += bonus
            self.events.append(RubberOver(winner, len(self.games), bonus, tuple(self.rubber)))
            self._finish(winner)
        else:
            self.game_number += 1
            self.game_scores = [0] * self.nh
            self.deals_in_game = 0
            self.prev_successes = -1
            self.first_dealer = self.dealer = (self.first_dealer + 1) % n
            self.stage = DEAL

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.stage = OVER

    # -- information ------------------------------------------------------------------------

    def hand_visible(self, hand: int, seat: int | None) -> bool:
        return hand == seat or (self.stage == PLAY_STAGE and self.exposed_hand[hand])

    def bid_visible(self, hand: int, seat: int | None) -> bool:
        return hand == seat or self.exposed_bid[hand] or self.stage in (DEAL, OVER)

    def view(self, seat: int | None) -> JSON:
        """See :func:`~mazzo.games.novantanove.views.view`."""
        return views.view(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        world = _Worlds(self, seat).draw(rng)
        world.history = list(self.history)  # (``determinize`` empties it)
        return world

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return _Worlds(self, seat).draw(rng)  # with an empty history, as the base class leaves it

    def world_sampler(self, seat: int) -> Callable[[random.Random], Self]:
        return _Worlds(self, seat).draw

    def scores(self) -> list[float]:
        if self.stage == OVER:
            return [float(t) for t in self.rubber]
        return [float(self.rubber[s] + self.game_scores[s]) for s in range(self.n)]

    def returns(self) -> list[float]:
        if self.stage != OVER:
            return [0.0] * self.n
        return [1.0 if s == self.winner else 0.0 for s in range(self.n)]

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.events = list(self.events)
        other.hands = [list(h) for h in self.hands]
        other.bids = [list(b) for b in self.bids]
        other.tricks_won = list(self.tricks_won)
        other.offers = list(self.offers)
        other.premium = list(self.premium)
        other.exposed_bid = list(self.exposed_bid)
        other.exposed_hand = list(self.exposed_hand)
        other.voids = list(self.voids)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.game_scores = list(self.game_scores)
        other.rubber = list(self.rubber)
        other.games_won = list(self.games_won)
        other.games = list(self.games)
        fresh(other)
        return other

    def cards_in_play(self) -> list[Card]:
        if self.deal_no == 0:
            return list(self.deck)  # the pack before the first deal
        cards: list[Card] = []
        for h in range(self.nh):
            cards += self.hands[h]
            cards += self.bids[h]
        cards += [c for _, c in self.trick]
        for _, trick, _ in self.played:
            cards += [c for _, c in trick]
        if self.turn_up is not None:
            cards.append(self.turn_up)
        return cards


