"""Cribbage as a state machine: a whole match of games, each a series of hands.

Phases: ``cut_for_deal`` (chance) → per hand ``deal`` (chance) → ``discard`` → ``starter``
(chance) → ``pegging`` → ``show``; with muggins also ``announce`` and ``muggins`` (claim) turns.
Points are pegged the moment they are earned, and a game ends the instant a side reaches the
target (docs/rules/cribbage.md, section 7), mid-play or mid-show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations, islice
from typing import Any, Self

from mazzo.cards import JACK, TOKEN, Card
from mazzo.engine.frozen import FrozenCopies
from mazzo.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalAction,
    State,
)
from mazzo.games.cribbage import show, views, worlds
from mazzo.games.cribbage.actions import (
    ANNOUNCE,
    CLAIM,
    DECK,
    DECK_SET,
    DECLINE,
    DISCARD1,
    DISCARD2,
    PLAY,
    Announce,
    Claim,
    Cut,
    CutForDeal,
    Deal,
    Decline,
    Discard,
    Play,
)
from mazzo.games.cribbage.config import SCHEME_POINTS, CribbageConfig
from mazzo.games.cribbage.events import (
    CountReset,
    CutForDealt,
    Dealt,
    Discarded,
    GameWon,
    Go,
    Laid,
    MatchWon,
    Scored,
    StarterCut,
)
from mazzo.games.cribbage.scoring import (
    CRANK,
    PAIR_POINTS,
    PAIR_REASON,
    SPAN3,
    VAL,
    VALUE,
    ShowScore,
    last_run_length,
    peg_parts,
)
from mazzo.games.cribbage.show import Pending
from mazzo.games.cribbage.views import CribbageViewParts, discard_tokens
from mazzo.games.cribbage.worlds import _Worlds

#: ``x * 52`` of a float x, as a C function (``int`` 52 is multiplied as the float 52.0)
_TIMES_52 = (52.0).__mul__
#: the Play action by card id (the ids of no card map to a placeholder Play no hand ever holds)
PLAY_BY_ID: list[Play] = [PLAY.get(i, PLAY[int(DECK[0])]) for i in range(64)]
#: cribbage rank (ace 1) by card id
RANK_BY_ID: list[int] = [CRANK[i & 15] for i in range(64)]
_PLAY_OF = PLAY_BY_ID.__getitem__
_SINGLE_OF = DISCARD1.__getitem__
#: the Discard of two cards by the pair, either order (legal listing maps ``combinations`` on it)
_PAIR_OF = {(a, b): DISCARD2[min(a, b)][max(a, b)]
            for a in DECK for b in DECK if a != b}.__getitem__

#: ``_PAIR_BY_ID[a][b]``: the Discard of cards a and b, by id (ids are below 64; the ids of no
#: card, and a == b, hold a placeholder no hand can reach)
_PAIR_BY_ID: list[list[Action]] = [[DISCARD1[int(DECK[0])]] * 64 for _ in range(64)]
for _a in DECK:
    for _b in DECK:
        if _a != _b:
            _PAIR_BY_ID[_a][_b] = DISCARD2[min(_a, _b)][max(_a, _b)]
del _a, _b


def _pairs_of_six(hand: list[Card]) -> list[Action]:
    """The 15 ways to lay away two of a sorted six-card hand, in the order of
    ``combinations(hand, 2)``: written out, list lookups only (the two-player deal's hot path,
    three times faster than mapping the pairs through a dict)."""
    h0, h1, h2, h3, h4, h5 = hand
    r0, r1, r2, r3, r4 = (_PAIR_BY_ID[h0], _PAIR_BY_ID[h1], _PAIR_BY_ID[h2], _PAIR_BY_ID[h3],
                          _PAIR_BY_ID[h4])
    return [r0[h1], r0[h2], r0[h3], r0[h4], r0[h5], r1[h2], r1[h3], r1[h4], r1[h5],
            r2[h3], r2[h4], r2[h5], r3[h4], r3[h5], r4[h5]]


#: the ``Discarded`` event of each seat and number of cards, and the ``StarterCut`` of each seat
#: and card: made once, then shared (events are immutable values)
_DISCARDED: list[tuple[Discarded, ...]] = [(*(Discarded(s, k) for k in range(3)),)
                                           for s in range(4)]
_STARTER_CUT: list[dict[Card, StarterCut]] = [{c: StarterCut(s, c) for c in DECK}
                                              for s in range(4)]

#: every ``Laid`` event made so far, by ``seat << 11 | count << 6 | card id`` (see ``_play``)
_LAID: list[Laid | None] = [None] * (4 << 11)

# --- muggins bookkeeping -----------------------------------------------------------------------


# --- the state ---------------------------------------------------------------------------------

_LEFT_TO_DEAL = {2: 6, 3: 5, 4: 5}
#: cards a deal hands out: to the players, and with three players one more to the crib
_DEALT = {2: 12, 3: 16, 4: 20}


class CribbageState(State):
    config: CribbageConfig
    #: a plain attribute, not a property: read at every step of every playout
    current_player: int = CHANCE
    #: a plain attribute too (the playouts check it at every step)
    hand_number: int = 1
    #: the last move's events, some still as (class, fields...) tuples: see :attr:`events`
    _events: list[Any]

    def __init__(self, game: Game, config: CribbageConfig) -> None:
        super().__init__(game, config)
        n = config.players
        self.n = n
        self.side: tuple[int, ...] = tuple(s % 2 for s in range(n)) if n == 4 else tuple(range(n))
        self.nsides = 2 if n == 4 else n
        self.target = config.target
        self.muggins = config.muggins
        self.board = [0] * self.nsides
        self.games_won = [0] * self.nsides
        self.match_points = [0] * self.nsides
        self.game_no = 1
        self.hand_number = 1
        self.dealer = -1
        self.cuts: tuple[Card, ...] = ()
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.discards: list[list[Card]] = [[] for _ in range(n)]
        self.crib: list[Card] = []
        self.crib_owner: list[int] = []  # who laid each crib card (-1: from the deck)
        self.crib_open = False
        self.dealt: set[Card] = set()  # cards out of the pack this hand (the stock is the rest)
        self.starter: Card | None = None
        self.count = 0
        self.seq: list[Card] = []
        self.seq_ranks: list[int] = []
        self.laid: list[list[Card]] = [[] for _ in range(n)]
        self.goers: list[int] = []
        self.go_min = [0] * n  # every unplayed card of the seat is worth at least this (a go)
        self.shown: list[tuple[int, str, tuple[Card, ...], int]] = []
        #: the last hand's ``shown`` (read-only), public until the next deal's show replaces
        #: it: an agent deciding later still knows what the opponents held
        self.last_show: tuple[tuple[int, str, tuple[Card, ...], int], ...] = ()
        self.show_queue: list[tuple[int, str]] = []
        self.pending: Pending | None = None
        self.pending_show: ShowScore | None = None  # the show score awaiting its announcement
        self.last_game: JSON | None = None
        self.match_winner = -1
        self._phase = "cut_for_deal"
        self.current_player = CHANCE
        #: the read-only copies of ``last_game`` the views share
        self._frozen = FrozenCopies()
        #: the view parts kept between moves (:mod:`~mazzo.games.cribbage.views`); None until
        #: the first view
        self._view_parts: CribbageViewParts | None = None

    # -- protocol basics ------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def events(self) -> list[Event]:
        """The events of the last move. The moves of every hand record most of theirs as a
        tuple (the event's class, then its fields), made into the event the first time the
        list is read: a search or a benchmark that never reads them does not pay for making
        them (a frozen dataclass costs a call per field; a show's ``Counted`` has 13)."""
        events = self._events
        for i, event in enumerate(events):
            if event.__class__ is tuple:
                events[i] = event[0](*event[1:])
        return events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events = events

    def legal_actions(self) -> list[Action]:
        p = self.current_player
        if p < 0:
            return []
        phase = self._phase
        if phase == "pegging":
            room = 31 - self.count
            if room >= 10:  # every card fits (no card counts more than 10)
                return list(map(_PLAY_OF, self.hands[p]))
            return [PLAY_BY_ID[c] for c in self.hands[p] if VAL[c] <= room]
        if phase == "discard":
            h = self.hands[p]
            if self.n == 2:  # the pairs in the order of ``combinations`` of the sorted hand
                if len(h) == 6:
                    return _pairs_of_six(h)
                return list(map(_PAIR_OF, combinations(h, 2)))
            return list(map(_SINGLE_OF, h))
        if phase == "announce":
            assert self.pending is not None
            return list(ANNOUNCE)  # any claim; one above the truth is corrected down
        return [CLAIM, DECLINE]

    def apply(self, action: Action) -> None:
        """The base ``apply`` (check, then play, then record) with the dispatch inlined for the
        actions of every hand; anything else, and every illegal action, goes the generic way."""
        cls = action.__class__
        phase = self._phase
        if cls is Play and phase == "pegging":
            c = action.card  # type: ignore[attr-defined]
            if c in self.hands[self.current_player] and VAL[c] <= 31 - self.count:
                self._play(c)  # sets the move's events
                self.history.append(action)
                if self._phase != "pegging" and self._view_parts is not None:
                    self._view_parts.current = False  # the show, an announcement, a game's end
                return
        elif cls is Discard and phase == "discard":
            cards = action.cards  # type: ignore[attr-defined]
            hand = self.hands[self.current_player]
            if len(cards) == 2 and len(hand) == 6:  # two players: inline _discard_ok
                ok = cards[0] != cards[1] and cards[0] in hand and cards[1] in hand
            else:
                ok = self._discard_ok(self.current_player, cards)
            if ok:
                self._discard(cards)  # sets the move's events
                self.history.append(action)
                # the kept view parts stay: a discard changes only what :meth:`view` checks
                # (the crib's size, the phase: discard, then the starter's turn)
                return
        elif cls is Deal and phase == "deal":
            order = action.order  # type: ignore[attr-defined]
            dealt = set(order)  # checked here, then kept by the deal as the cards out
            if len(order) == _DEALT[self.n] == len(dealt) and dealt <= DECK_SET:
                self._events = []
                self._deal(order, dealt)
                self.history.append(action)
                if self._view_parts is not None:
                    self._view_parts.new_hand()
                return
        elif cls is Cut and phase == "starter":
            self._check_chance(action)
            self._events = []
            self._cut(action.card)  # type: ignore[attr-defined]
            self.history.append(action)
            if self._phase != "pegging" and self._view_parts is not None:
                self._view_parts.current = False  # his heels won the game
            # else the same hand, a card more on the table: :meth:`view` sees the new phase
            return
        super().apply(action)
        if self._view_parts is not None:
            self._view_parts.current = False

    def check(self, action: Action) -> None:
        p = self.current_player
        if p >= 0:
            cls = action.__class__
            if cls is Play and self._phase == "pegging":
                c = action.card  # type: ignore[attr-defined]
                if c in self.hands[p] and VAL[c] <= 31 - self.count:
                    return
                raise self._refusal(action)
            if cls is Discard and self._phase == "discard":
                if self._discard_ok(p, action.cards):  # type: ignore[attr-defined]
                    return
                raise self._refusal(action)
        super().check(action)

    def _discard_ok(self, p: int, cards: tuple[Card, ...]) -> bool:
        hand = self.hands[p]
        if len(cards) != len(hand) - 4:
            return False
        if len(cards) == 2:  # two players: the usual case, without a set and a generator
            a, b = cards
            return a != b and a in hand and b in hand
        return len(set(cards)) == len(cards) and all(c in hand for c in cards)

    def _refusal(self, action: Action) -> IllegalAction:
        phase = self._phase
        p = self.current_player
        if isinstance(action, Play):
            return self._refuse_play(action.card, p)
        if isinstance(action, Discard):
            return self._refuse_discard(action.cards, p)
        if isinstance(action, Announce):
            if phase != "announce":
                return IllegalAction(
                    f"there is nothing to announce now: the phase is {phase}", "nothing_to_announce"
                )
            assert self.pending is not None
            top = len(ANNOUNCE) - 1
            return IllegalAction(f"announce between 0 and {top} points", "announce_range",
                                 {"top": top})
        if isinstance(action, Claim | Decline):
            return IllegalAction(
                f"there are no overlooked points to claim now: the phase is {phase}", "no_muggins"
            )
        return IllegalAction(f"{action} is not a move of the {phase} phase", "wrong_phase")

    def _refuse_play(self, card: Card, p: int) -> IllegalAction:
        phase = self._phase
        if phase != "pegging":
            return IllegalAction(f"{Play(card)} is not possible now: the phase is {phase}",
                                 "not_pegging")
        if card not in self.hands[p]:
            return IllegalAction(f"you do not hold {card}", "not_in_hand", {"card": card})
        total = self.count + VALUE[card & 15]
        return IllegalAction(f"{card} would bring the count to {total}, over 31", "over_31",
                             {"card": card, "count": total})

    def _refuse_discard(self, cards: tuple[Card, ...], p: int) -> IllegalAction:
        phase = self._phase
        if phase != "discard":
            return IllegalAction(f"the crib is complete: the phase is {phase}", "crib_complete")
        need = len(self.hands[p]) - 4
        if len(cards) != need:
            return IllegalAction(
                f"lay away exactly {need} card{'s' if need > 1 else ''} to the crib",
                "crib_count", {"need": need},
            )
        if len(set(cards)) != len(cards):
            return IllegalAction("lay away two different cards", "crib_twice")
        missing = [c for c in cards if c not in self.hands[p]]
        return IllegalAction(f"you do not hold {' '.join(str(c) for c in missing)}",
                             "not_in_hand", {"card": missing})

    # -- chance ---------------------------------------------------------------------------------

    def sample_chance(self, rng: random.Random) -> Action:
        phase = self._phase
        if phase == "deal":
            return Deal(self._draw(rng, _DEALT[self.n]))
        if phase == "starter":
            dealt = self.dealt
            rand = rng.random
            while True:  # uniform over the undealt cards (rejection: 12 to 20 of 52 are out)
                c = DECK[int(rand() * 52)]
                if c not in dealt:
                    return Cut(c)
        if phase == "cut_for_deal":
            return CutForDeal(tuple(rng.sample(DECK, self.n)))
        raise IllegalAction(f"no chance event in phase {phase}")

    @staticmethod
    def _draw(rng: random.Random, k: int) -> tuple[Card, ...]:
        """k different cards in random order (uniform: rejection sampling of uniform draws,
        cheaper than ``rng.sample`` for k ≤ 20 of 52)."""
        rand = rng.random
        deck = DECK
        # a dict keeps each card where it was first drawn: a repeat is dropped, as rejection
        # sampling drops it (the same draws give the same deal as a loop with a set); the first
        # k draws, ``deck[int(rand() * 52)]`` each, are made and mapped in C
        picked = dict.fromkeys(map(deck.__getitem__, map(int, map(
            _TIMES_52, islice(iter(rand, None), k)))))
        while len(picked) < k:
            picked[deck[int(rand() * 52)]] = None
        return tuple(picked)

    @property
    def stock(self) -> list[Card]:
        """The undealt cards (in deck order; the starter is drawn from them at random)."""
        dealt = self.dealt
        return [c for c in DECK if c not in dealt]

    def _check_chance(self, action: Action) -> None:
        phase = self._phase
        if phase == "deal" and isinstance(action, Deal):
            order = action.order
            if len(order) == _DEALT[self.n] == len(set(order)) and DECK_SET.issuperset(order):
                return
            raise IllegalAction(f"a deal gives {_DEALT[self.n]} different cards of the deck")
        if phase == "starter" and isinstance(action, Cut):
            if action.card in DECK_SET and action.card not in self.dealt:
                return
            raise IllegalAction(f"the starter {action.card} is not among the undealt cards")
        if phase == "cut_for_deal" and isinstance(action, CutForDeal):
            cards = action.cards
            if len(cards) == self.n and len(set(cards)) == self.n and set(cards) <= DECK_SET:
                return
            raise IllegalAction(f"the cut for deal needs {self.n} different cards")
        raise IllegalAction(f"{action} is not the chance event of phase {phase}")

    # -- applying -------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        cls = action.__class__
        if cls is Play:
            self._play(action.card)  # type: ignore[attr-defined]
        elif cls is Discard:
            self._discard(action.cards)  # type: ignore[attr-defined]
        elif cls is Deal:
            self._deal(action.order, set(action.order))  # type: ignore[attr-defined]
        elif cls is Cut:
            self._cut(action.card)  # type: ignore[attr-defined]
        elif cls is CutForDeal:
            self._cut_for_deal(action.cards)  # type: ignore[attr-defined]
        elif cls is Announce:
            show.announce(self, action.points)  # type: ignore[attr-defined]
        elif cls is Claim:
            show.claim(self)
        else:
            show.decline(self)

    def _cut_for_deal(self, cards: tuple[Card, ...]) -> None:
        ranks = [CRANK[c & 15] for c in cards]
        low = min(ranks)
        self.cuts = cards
        if self._view_parts is not None:
            self._view_parts.forget()  # the match's parts are new
        if ranks.count(low) > 1:
            self.events.append(CutForDealt(cards, -1))
            return
        self.dealer = ranks.index(low)
        self.events.append(CutForDealt(cards, self.dealer))
        self._phase = "deal"

    def _deal(self, order: tuple[Card, ...], dealt: set[Card]) -> None:
        """Deal ``order`` (``dealt``: its cards, the set the stock is read from)."""
        n = self.n
        d = self.dealer
        size = _LEFT_TO_DEAL[n] * n
        # one card at a time from the dealer's left: seat d+1+j gets order[j], order[j+n], ...
        if n == 2:
            first, second = sorted(order[0:size:2]), sorted(order[1:size:2])
            self.hands = [second, first] if d == 0 else [first, second]
            self.discards = [[], []]
            self.laid = [[], []]
        else:
            by_turn = [sorted(order[j:size:n]) for j in range(n)]
            turn = n - 1 - d  # the turn of seat 0
            self.hands = by_turn[turn:] + by_turn[:turn] if turn else by_turn
            self.discards = [[] for _ in range(n)]
            self.laid = [[] for _ in range(n)]
        self.crib = [order[size]] if n == 3 else []
        self.crib_owner = [-1] if n == 3 else []
        self.dealt = dealt
        self.kept = [()] * n
        self.crib_open = False
        self.starter = None
        self.count = 0
        self.seq = []
        self.seq_ranks = []
        self.goers = []
        self.go_min = [0] * n
        if self.shown:
            self.last_show = tuple(self.shown)
        self.shown = []
        self.pending = None
        self._events.append((Dealt, d, self.hand_number, self.game_no))
        if self._view_parts is not None:
            self._view_parts.new_hand()  # new hands: the next view makes their tokens
        self._phase = "discard"
        self.current_player = (d + 1) % n

    def _discard(self, cards: tuple[Card, ...]) -> None:
        p = self.current_player
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        parts = self._view_parts
        tokens = parts.tokens if parts is not None else None
        if tokens is not None:
            for c in cards:
                tokens.hands[p].remove(TOKEN[c])
        self.crib += cards
        self.crib_owner += [p] * len(cards)
        self.discards[p] += cards
        if tokens is not None:
            tokens.discards[p] = discard_tokens(self.discards[p])
        self._events = [_DISCARDED[p][len(cards)]]
        nxt = (p + 1) % self.n
        if nxt == (self.dealer + 1) % self.n:
            self.kept = [tuple(h) for h in self.hands]
            self._phase = "starter"
            self.current_player = CHANCE
        else:
            self.current_player = nxt

    def _cut(self, starter: Card) -> None:
        self.dealt.add(starter)
        self.starter = starter
        d = self.dealer
        self._events.append(_STARTER_CUT[(d + 1) % self.n][starter])
        if starter & 15 == JACK and self._score(d, 2, "his_heels"):
            return
        self._phase = "pegging"
        self.current_player = (d + 1) % self.n

    def _play(self, c: Card) -> None:
        p = self.current_player
        self.hands[p].remove(c)
        self.laid[p].append(c)
        self.seq.append(c)
        parts = self._view_parts
        tokens = parts.tokens if parts is not None else None
        if tokens is not None:
            token = TOKEN[c]
            tokens.hands[p].remove(token)
            tokens.laid[p].append(token)
            tokens.seq.append(token)
        ranks = self.seq_ranks
        r = RANK_BY_ID[c]
        ranks.append(r)
        count = self.count + VAL[c]
        self.count = count
        key = p << 11 | count << 6 | c  # the event's fields as one index (seat < 4, count < 32)
        laid = _LAID[key]
        if laid is None:  # events are immutable values: each one is made once, then shared
            laid = _LAID[key] = Laid(p, c, count)
        self._events = [laid]  # the move's first event (apply leaves the events to the move)
        n = len(ranks)
        if self.muggins:
            self._play_muggins(p, peg_parts(ranks, count) if n >= 2 else [], count)
            return
        if n >= 2:  # the parts of ``peg_parts``, in its order, each pegged as it is found
            if (count == 15 or count == 31) and self._score(
                    p, 2, "fifteen" if count == 15 else "thirty_one"):
                return
            if ranks[-2] == r:
                same = 2
                while same < n and ranks[-1 - same] == r:
                    same += 1
                if self._score(p, PAIR_POINTS[same], PAIR_REASON[same]):
                    return
            elif n >= 3 and SPAN3[ranks[-3] << 8 | ranks[-2] << 4 | r] < n:
                # the last three ranks differ and span less than the cards laid: a run may end
                # here (else none can: every run of three or more ends with them)
                run = last_run_length(ranks)
                if run and self._score(p, run, "run"):
                    return
        if count != 31:
            # fast path: the next seat can play (no go to record)
            q = p + 1 if p + 1 < self.n else 0
            hand = self.hands[q]
            if hand and count <= 21:  # room for any card: every card counts 10 at most
                self.current_player = q
                return
            room = 31 - count
            for x in hand:
                if VAL[x] <= room:
                    self.current_player = q
                    return
            nxt = self._next_to_play(p)
            if nxt >= 0:
                self.current_player = nxt
                return
            if self._score(p, 1, "go" if any(self.hands) else "last_card"):
                return
        self._continue(p, -1)

    def _play_muggins(self, p: int, parts: list[tuple[str, int]], count: int) -> None:
        """With muggins the card's points (go included) wait for the player's announcement."""
        nxt = -1 if count == 31 else self._next_to_play(p)
        if nxt < 0 and count != 31:
            parts.append(("go" if any(self.hands) else "last_card", 1))
        if not parts:
            self._continue(p, nxt)
            return
        true = sum(pts for _, pts in parts)
        self.pending = Pending(p, "peg", true, tuple(parts), nxt)
        self._phase = "announce"

    def _next_to_play(self, p: int) -> int:
        """The next seat clockwise (the last player included) able to play, or -1; players who
        cannot play say go (once per series), which tells everyone their cards are too high."""
        room = 31 - self.count
        n = self.n
        for k in range(1, n + 1):
            s = (p + k) % n
            hand = self.hands[s]
            if not hand:
                continue
            for x in hand:
                if VAL[x] <= room:
                    return s
            if room + 1 > self.go_min[s]:
                self.go_min[s] = room + 1
            if s != p and s not in self.goers:
                self.goers.append(s)
                self._events.append((Go, s, self.count))
        return -1

    def _continue(self, p: int, nxt: int) -> None:
        """After a card and its points: the next player, or a reset and a new lead, or the show."""
        if nxt >= 0:
            self.current_player = nxt
            return
        self.count = 0
        self.seq = []
        parts = self._view_parts
        if parts is not None and parts.tokens is not None:
            parts.tokens.seq = []
        self.seq_ranks = []
        self.goers = []
        n = self.n
        for k in range(1, n + 1):
            s = (p + k) % n
            if self.hands[s]:
                self.current_player = s
                self._events.append((CountReset, s))
                return
        show.start_show(self)

    def _score(self, seat: int, pts: int, reason: str) -> bool:
        """Peg points for seat's side now; True if that ended the game."""
        side = self.side[seat]
        total = self.board[side] + pts
        self.board[side] = total
        self._events.append((Scored, seat, pts, reason, total))
        if total >= self.target:
            self._end_game(side)
            return True
        return False

    # -- the show -------------------------------------------------------------------------------

    # -- muggins --------------------------------------------------------------------------------

    # -- game and match end ---------------------------------------------------------------------

    def _skunk(self, side: int) -> int:
        """0 none, 1 skunk (lurch at 61), 2 double, 3 triple; only in two-sided games."""
        if self.nsides != 2:
            return 0
        loser = self.board[1 - side]
        if self.target == 61:
            return 1 if loser <= 30 else 0
        return 3 if loser <= 30 else 2 if loser <= 60 else 1 if loser <= 90 else 0

    def _end_game(self, side: int) -> None:
        skunk = self._skunk(side)
        table = SCHEME_POINTS[self.config.match_scoring]
        points = table[skunk]
        outright = points < 0
        if outright:
            points = table[2]
        self.games_won[side] += 1
        self.match_points[side] += points
        scores = tuple(self.board)
        self.events.append(GameWon(side, self.n, self.game_no, scores, skunk, points))
        self.last_game = {"winner": side, "game_number": self.game_no, "scores": list(scores),
                          "skunk": skunk, "match_points": points}
        if self._view_parts is not None:
            self._view_parts.forget()  # the match's parts are new
        self.pending = None
        if outright or self.games_won[side] >= self.config.games_to_win:
            self.match_winner = side
            self.events.append(MatchWon(side, self.n, tuple(self.games_won),
                                        tuple(self.match_points)))
            self._phase = "over"
            self.current_player = TERMINAL
            return
        self.game_no += 1
        self.board = [0] * self.nsides
        # two players: the loser deals first; three or four: the deal keeps rotating
        self.dealer = 1 - side if self.n == 2 else (self.dealer + 1) % self.n
        self.hand_number += 1
        self._phase = "deal"
        self.current_player = CHANCE

    # -- information ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """See :func:`~mazzo.games.cribbage.views.view`."""
        return views.view(self, seat)

    def view_scores(self) -> list[int]:
        """``view(seat)["scores"]``, a new list: the pegs, partners sharing their side's."""
        board = self.board
        return [board[s & 1] for s in range(4)] if self.n == 4 else [*board]

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """See :func:`~mazzo.games.cribbage.worlds.determinize`."""
        return worlds.determinize(self, seat, rng)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return _Worlds(self, seat).draw(rng)  # with an empty history, as the base class leaves it

    def world_sampler(self, seat: int) -> Callable[[random.Random], Self]:
        return _Worlds(self, seat).draw

    def scores(self) -> list[float]:
        """Match points per seat (partners share their side's)."""
        return list(map(float, map(self.match_points.__getitem__, self.side)))

    def returns(self) -> list[float]:
        if self.match_winner < 0:
            return [0.0] * self.n
        return [1.0 if self.side[s] == self.match_winner else 0.0 for s in range(self.n)]

    def clone(self) -> Self:
        return self._copied(list(self.history))

    def _copied(self, history: list[Action]) -> Self:
        """The clone, with ``history`` (a world's is empty: no copy of the match's to drop)."""
        # A state has more fields than a class's shared attribute keys hold, so each has a dict
        # of its own, which setting the fields one by one on a new object grows and rehashes
        # three times: one C copy of the dict, then the mutable fields copied (a world is
        # cloned at every iteration of a search).
        d = self.__dict__.copy()
        d["history"] = history
        d["_events"] = list(self._events)  # made events and those still to make alike
        d["board"] = list(self.board)
        d["games_won"] = list(self.games_won)
        d["match_points"] = list(self.match_points)
        d["hands"] = [list(h) for h in self.hands]
        d["kept"] = list(self.kept)
        d["discards"] = [list(x) for x in self.discards]
        d["crib"] = list(self.crib)
        d["crib_owner"] = list(self.crib_owner)
        d["dealt"] = set(self.dealt)
        d["seq"] = list(self.seq)
        d["seq_ranks"] = list(self.seq_ranks)
        d["laid"] = [list(cs) for cs in self.laid]
        d["goers"] = list(self.goers)
        d["go_min"] = list(self.go_min)
        d["shown"] = list(self.shown)
        d["show_queue"] = list(self.show_queue)
        d["pending"] = self.pending.copy() if self.pending is not None else None
        d["last_game"] = dict(self.last_game) if self.last_game is not None else None
        d["_view_parts"] = None  # a copy's views start afresh (engine.view_parts, rule 2)
        st = object.__new__(self.__class__)
        st.__dict__ = d
        return st

    def cards_in_play(self) -> list[Card]:
        out: list[Card] = [c for h in self.hands for c in h]
        out += [c for cs in self.laid for c in cs]
        out += self.crib
        out += self.stock
        if self.starter is not None:
            out.append(self.starter)
        return out




