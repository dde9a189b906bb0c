"""Cribbage as a state machine: a whole match of games, each a series of hands.

Phases: ``cut_for_deal`` (chance) → per hand ``deal`` (chance) → ``discard`` → ``starter``
(chance) → ``pegging`` → ``show``; with muggins also ``announce`` and ``muggins`` (claim) turns.
Points are pegged the moment they are earned, and a game ends the instant a side reaches the
target (docs/rules/cribbage.md, section 7), mid-play or mid-show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations, filterfalse, islice
from typing import Any, Generic, Self, TypeVar

from mazzo.cards import JACK, TOKEN, Card
from mazzo.engine.chance import take
from mazzo.engine.frozen import FrozenCopies, FrozenDict, FrozenList
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
from mazzo.games.cribbage.actions import (
    ANNOUNCE,
    CLAIM,
    DECK,
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
    Announced,
    Claimed,
    Counted,
    CountReset,
    CutForDealt,
    Dealt,
    Declined,
    Discarded,
    GameWon,
    Go,
    Laid,
    MatchWon,
    PegWorth,
    Scored,
    StarterCut,
)
from mazzo.games.cribbage.scoring import (
    CRANK,
    PAIR_POINTS,
    PAIR_REASON,
    RUN_SHAPE,
    SHOW_KEY,
    SHOW_RANKS,
    SPAN3,
    VALUE,
    ShowScore,
    last_run_length,
    peg_parts,
    show_rank_table,
    show_score,
)

DECK_SET = frozenset(DECK)
#: ``x * 52`` of a float x, as a C function (``int`` 52 is multiplied as the float 52.0)
_TIMES_52 = (52.0).__mul__
#: count value and Play action by card id (list indexing beats ``VALUE[c & 15]`` in hot loops;
#: the ids of no card map to a placeholder Play, and no hand ever holds them)
VAL: list[int] = [VALUE[i & 15] for i in range(64)]
PLAY_BY_ID: list[Play] = [PLAY.get(i, PLAY[int(DECK[0])]) for i in range(64)]
#: cribbage rank (ace 1) by card id
RANK_BY_ID: list[int] = [CRANK[i & 15] for i in range(64)]
_PLAY_OF = PLAY_BY_ID.__getitem__
#: a card's token (``TOKEN`` is keyed by the interned cards: a lookup matches by identity, a
#: third cheaper than indexing a list by an int subclass)
_token_of = TOKEN.__getitem__
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


#: ``view()["shown"]`` before any hand is counted, ``view()["go"]`` while nobody said go (shared:
#: read-only)
_NO_SHOWN = FrozenList()
_NO_GO = FrozenList()
#: before the play: no card laid (``sequence``) and each seat's laid cards, by players
_NO_CARDS = FrozenList()
_NO_LAID = {n: FrozenList(FrozenList() for _ in range(n)) for n in (2, 3, 4)}

#: ``view()["discards"]``: a seat's discards (one or two cards) as tokens, by the cards in the
#: order laid: made on first use, then shared read-only by every view (at most 52 + 52 × 51)
_DISCARD_TOKENS: dict[tuple[Card, ...], FrozenList] = {}


def _discard_tokens(discards: list[Card]) -> FrozenList:
    """``view()["discards"]`` of a seat that laid ``discards``, shared from ``_DISCARD_TOKENS``."""
    if not discards:
        return _NO_CARDS
    key = tuple(discards)
    found = _DISCARD_TOKENS.get(key)
    if found is None:
        found = _DISCARD_TOKENS[key] = FrozenList(map(_token_of, key))
    return found


#: the show's order by players and dealer: each hand from the dealer's left, then the crib
_SHOW_ORDER: dict[int, list[tuple[tuple[int, str], ...]]] = {
    n: [(*(((d + k) % n, "hand") for k in range(1, n + 1)), (d, "crib")) for d in range(n)]
    for n in (2, 3, 4)
}

#: the ``Discarded`` event of each seat and number of cards, and the ``StarterCut`` of each seat
#: and card: made once, then shared (events are immutable values)
_DISCARDED: list[tuple[Discarded, ...]] = [(*(Discarded(s, k) for k in range(3)),)
                                           for s in range(4)]
_STARTER_CUT: list[dict[Card, StarterCut]] = [{c: StarterCut(s, c) for c in DECK}
                                              for s in range(4)]

#: every ``Laid`` event made so far, by ``seat << 11 | count << 6 | card id`` (see ``_play``)
_LAID: list[Laid | None] = [None] * (4 << 11)

# --- muggins bookkeeping -----------------------------------------------------------------------


class Pending:
    """A score awaiting its owner's announcement and then the opponents' muggins claims."""

    __slots__ = ("announced", "owner", "parts", "queue", "resume", "true", "what")

    def __init__(self, owner: int, what: str, true: int, parts: tuple[tuple[str, int], ...],
                 resume: int) -> None:
        self.owner = owner
        self.what = what  # "peg", "hand", "crib"
        self.true = true
        self.parts = parts
        self.resume = resume  # pegging: the next player, or -1 for a reset
        self.announced = -1
        self.queue: list[int] = []

    def copy(self) -> Pending:
        out = Pending(self.owner, self.what, self.true, self.parts, self.resume)
        out.announced = self.announced
        out.queue = list(self.queue)
        return out


def _hand_tokens(cards: list[Card]) -> list[str]:
    """The tokens of ``cards``, a new list. The first view of a hand makes them from the deal:
    six cards (two players) or five as subscripts, half the cost of mapping them, and nothing
    laid or played yet (no map to make)."""
    size = len(cards)
    token = TOKEN
    if size == 6:
        a, b, c, d, e, f = cards
        return [token[a], token[b], token[c], token[d], token[e], token[f]]
    if size == 5:
        a, b, c, d, e = cards
        return [token[a], token[b], token[c], token[d], token[e]]
    return [*map(_token_of, cards)] if size else []


class _Tokens:
    """The tokens of the cards a view shows, each list in step with the state's (``hands``,
    ``laid`` per seat, ``seq``, ``discards``): made by the first view after a deal, then kept so
    by the moves (a card of the play, a discard, a reset of the count), so that a view copies
    them (a C copy) instead of looking each card up again. None on the state until a view asks:
    a search that never looks pays one test per move."""

    __slots__ = ("discards", "hands", "laid", "seq")

    def __init__(self, state: CribbageState) -> None:
        hands, laid = state.hands, state.laid
        #: each seat's ``view()["discards"]``, read-only (a discard replaces it)
        self.discards = [*map(_discard_tokens, state.discards)]
        if len(hands) == 2:  # two players: written out (a map's set-up costs more)
            self.hands = [_hand_tokens(hands[0]), _hand_tokens(hands[1])]
            # the first view of a hand (the usual maker) finds nothing laid: nothing to map
            l0, l1 = laid
            self.laid = [[*map(_token_of, l0)] if l0 else [], [*map(_token_of, l1)] if l1 else []]
        else:  # a map of a function, not a comprehension (whose frame costs more)
            self.hands = [*map(_hand_tokens, hands)]
            self.laid = [*map(_hand_tokens, laid)]
        self.seq = [*map(_token_of, state.seq)] if state.seq else []


class _HandView:
    """The view kept between moves, but for the seat's own keys and what changes at every card
    of the play, with the crib's size and the phase it shows (see
    :meth:`CribbageState._hand_view`). One for every seat and a spectator. Private: every view is
    a copy of ``view``."""

    __slots__ = ("crib", "phase", "view")

    def __init__(self, view: JSON) -> None:
        self.crib = -1
        self.phase = ""
        self.view = view


# --- the state ---------------------------------------------------------------------------------

_LEFT_TO_DEAL = {2: 6, 3: 5, 4: 5}
#: cards a deal hands out: to the players, and with three players one more to the crib
_DEALT = {2: 12, 3: 16, 4: 20}
#: deals ``determinize`` draws before it hands the seat due to play a playable card itself
_REDRAWS = 64


def _lowest(cards: list[Card]) -> int:
    """The lowest pegging value among ``cards`` (99 if none): a world drawn for the seat the
    play waits on must hold a card worth at most the room left."""
    return min(map(VAL.__getitem__, cards), default=99)


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
        self.show_queue: list[tuple[int, str]] = []
        self.pending: Pending | None = None
        self.pending_show: ShowScore | None = None  # the show score awaiting its announcement
        self.last_game: JSON | None = None
        self.match_winner = -1
        self._phase = "cut_for_deal"
        self.current_player = CHANCE
        #: whether the kept view (see :meth:`_hand_view`) shows this hand's parts (its number,
        #: dealer, crib, shown); cleared by every move but a discard, the cut that starts the
        #: play and a card of the play that keeps the play going
        self._hand_current = False
        #: the read-only copies of ``last_game`` the views share
        self._frozen = FrozenCopies()
        #: the view but for the seat's keys and the parts of the play, with what it was made
        #: from (see :meth:`_hand_view`); None: to build (a game's end and the cut for deal,
        #: which change the match's parts, drop it)
        self._kept_view: _HandView | None = None
        #: the play's tokens, kept in step by the moves once a view asked (see :class:`_Tokens`)
        self._tokens: _Tokens | None = None

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
                if self._phase != "pegging":  # the show, an announcement or a game's end
                    self._hand_current = False
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
                self._hand_current = False
                return
        elif cls is Cut and phase == "starter":
            self._check_chance(action)
            self._events = []
            self._cut(action.card)  # type: ignore[attr-defined]
            self.history.append(action)
            if self._phase != "pegging":  # his heels won the game
                self._hand_current = False
            # else the same hand, a card more on the table: :meth:`view` sees the new phase
            return
        super().apply(action)
        self._hand_current = False

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
            self._announce(action.points)  # type: ignore[attr-defined]
        elif cls is Claim:
            self._claim()
        else:
            self._decline()

    def _cut_for_deal(self, cards: tuple[Card, ...]) -> None:
        ranks = [CRANK[c & 15] for c in cards]
        low = min(ranks)
        self.cuts = cards
        self._kept_view = None  # the match's parts are new
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
        self.shown = []
        self.pending = None
        self._events.append((Dealt, d, self.hand_number, self.game_no))
        self._tokens = None  # new hands: the next view makes them
        self._phase = "discard"
        self.current_player = (d + 1) % n

    def _discard(self, cards: tuple[Card, ...]) -> None:
        p = self.current_player
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        tokens = self._tokens
        if tokens is not None:
            for c in cards:
                tokens.hands[p].remove(TOKEN[c])
        self.crib += cards
        self.crib_owner += [p] * len(cards)
        self.discards[p] += cards
        if tokens is not None:
            tokens.discards[p] = _discard_tokens(self.discards[p])
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
        tokens = self._tokens
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
        if self._tokens is not None:
            self._tokens.seq = []
        self.seq_ranks = []
        self.goers = []
        n = self.n
        for k in range(1, n + 1):
            s = (p + k) % n
            if self.hands[s]:
                self.current_player = s
                self._events.append((CountReset, s))
                return
        self._start_show()

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

    def _start_show(self) -> None:
        self._phase = "show"
        if self.muggins:
            self.show_queue = list(_SHOW_ORDER[self.n][self.dealer])
            self._show_next()
        else:
            self._show_all()

    def _show_all(self) -> None:
        """The show without muggins: each hand from the dealer's left, then the crib, counted
        and pegged in turn until one reaches the target (as :meth:`_show_next`, whose queue is
        left as it would leave it). The rank part is one lookup in the whole table
        (:func:`show_rank_table`), the suit part and the event are made inline: the show is a
        fifth of a random game's time."""
        starter = self.starter
        assert starter is not None
        ranks_of = SHOW_RANKS or show_rank_table()
        key_of = SHOW_KEY
        starter_key = key_of[starter]
        starter_suit = starter >> 4
        nobs_jack = (starter & 0xF0) | JACK  # never the starter itself when in a hand
        board, side_of, shown, events = self.board, self.side, self.shown, self._events
        order = _SHOW_ORDER[self.n][self.dealer]
        for i, (seat, what) in enumerate(order):
            if what == "crib":
                self.crib_open = True
                cards = tuple(self.crib)
            else:
                cards = self.kept[seat]
            a, b, c, d = cards
            fifteens, pairs, runs, run_length, points = ranks_of[
                key_of[a] + key_of[b] + key_of[c] + key_of[d] + starter_key]
            suit = a >> 4
            flush = 0
            if b >> 4 == suit and c >> 4 == suit and d >> 4 == suit:
                if starter_suit == suit:
                    flush = 5
                elif what != "crib":  # a crib scores only a five-card flush
                    flush = 4
            nobs = 1 if a == nobs_jack or b == nobs_jack or c == nobs_jack or d == nobs_jack \
                else 0
            points += flush + nobs
            shown.append((seat, what, cards, points))
            side = side_of[seat]
            total = board[side] + points
            board[side] = total
            events.append((Counted, seat, what, cards, starter, fifteens, pairs, run_length, runs,
                           flush, nobs, points, -1, total))
            if total >= self.target:
                self.show_queue = list(order[i + 1:])
                self._end_game(side)
                return
        self.show_queue = []
        self._next_hand()

    def _show_next(self) -> None:
        """Count the next hands in order; with muggins stop at the first owner who must announce."""
        starter = self.starter
        assert starter is not None
        queue, board, events = self.show_queue, self.board, self.events
        while queue:
            seat, what = queue.pop(0)
            if what == "crib":
                self.crib_open = True
                cards = tuple(self.crib)
            else:
                cards = self.kept[seat]
            sc = show_score(cards, starter, what == "crib")
            points = sc.total
            self.shown.append((seat, what, cards, points))
            if self.muggins and points:
                self.pending = Pending(seat, what, points, (), -1)
                self.pending_show = sc
                self._phase = "announce"
                self.current_player = seat
                return
            side = self.side[seat]
            total = board[side] + points
            fifteens, pairs, runs, flush, nobs, _ = sc  # as _counted, inline: the show's hot path
            events.append(Counted(seat, what, cards, starter, fifteens, pairs,
                                  RUN_SHAPE[runs][0], runs, flush, nobs, points, -1, total))
            board[side] = total
            if total >= self.target:
                self._end_game(side)
                return
        self._next_hand()

    def _counted(self, seat: int, what: str, cards: tuple[Card, ...], sc: ShowScore,
                 announced: int, total: int) -> Counted:
        starter = self.starter
        assert starter is not None
        return Counted(seat, what, cards, starter, sc.fifteens, sc.pairs, RUN_SHAPE[sc.runs][0],
                       sc.runs, sc.flush, sc.nobs, sc.total, announced, total)

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.n
        self.hand_number += 1
        self._phase = "deal"
        self.current_player = CHANCE

    # -- muggins --------------------------------------------------------------------------------

    def _announce(self, claimed: int) -> None:
        """Peg what the owner announced; an over-claim is only corrected to the true score."""
        pend = self.pending
        assert pend is not None
        points = min(claimed, pend.true)
        pend.announced = points
        side = self.side[pend.owner]
        total = self.board[side] + points
        self.board[side] = total
        self.events.append(Announced(pend.owner, pend.what, claimed, points, total))
        if total >= self.target:
            self._end_game(side)
            return
        if points < pend.true:
            owner_side = self.side[pend.owner]
            pend.queue = [(pend.owner + k) % self.n for k in range(1, self.n)
                          if self.side[(pend.owner + k) % self.n] != owner_side]
            self._phase = "muggins"
            self.current_player = pend.queue.pop(0)
            return
        self._resume()

    def _claim(self) -> None:
        pend = self.pending
        assert pend is not None
        seat = self.current_player
        pts = pend.true - pend.announced
        side = self.side[seat]
        total = self.board[side] + pts
        self.board[side] = total
        self.events.append(Claimed(seat, pend.owner, pts, total))
        if total >= self.target:
            self._end_game(side)
            return
        self._resume()

    def _decline(self) -> None:
        pend = self.pending
        assert pend is not None
        self.events.append(Declined(self.current_player))
        if pend.queue:
            self.current_player = pend.queue.pop(0)
            return
        self._resume()

    def _resume(self) -> None:
        """The claim window is closed: explain the true count and carry on."""
        pend = self.pending
        assert pend is not None
        self.pending = None
        if pend.what == "peg":
            reasons = tuple(r for r, _ in pend.parts)
            points = tuple(p for _, p in pend.parts)
            self.events.append(PegWorth(pend.owner, reasons, points, pend.announced))
            self._phase = "pegging"
            self._continue(pend.owner, pend.resume)
            return
        seat, what, cards, _ = self.shown[-1]
        total = self.board[self.side[seat]]
        assert self.pending_show is not None
        sc = self.pending_show
        self.events.append(self._counted(seat, what, cards, sc, pend.announced, total))
        self._phase = "show"
        self._show_next()

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
        self._kept_view = None  # the match's parts are new
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
        """What ``seat`` may know: a copy of the view kept between moves, with the seat's own
        keys and what a card of the play changes set on it. The kept view (private: only its
        copies go out) is made once per game from the match's parts and brought up to date in
        place when the hand moves on (the deal, the discards, the cut, the show: see
        :meth:`_hand_view`); one serves every seat, so a hand's first views bring it up to date
        once, not once a seat. A view costs one dict copy and the values of the play. Every list
        and dict in it is either new at each call or shared between calls and then read-only
        (:mod:`mazzo.engine.frozen`): the caller may change nothing it did not copy, so no view
        can change another or the state."""
        kept = self._kept_view
        phase = self._phase
        # the crib grows only by discards, which keep the phase but for the last one
        if (kept is None or not self._hand_current or kept.phase != phase
                or (phase == "discard" and kept.crib != len(self.crib))):
            kept = self._hand_view()
        out = kept.view.copy()
        out["current_player"] = self.current_player
        n = self.n
        board = self.board  # the pegs, partners sharing their side's (as :meth:`view_scores`)
        out["scores"] = [*board] if n != 4 else [board[0], board[1], board[0], board[1]]
        hands = self.hands
        # written out by players (a map or a comprehension costs several times more)
        out["hand_counts"] = (
            [len(hands[0]), len(hands[1])] if n == 2
            else [len(hands[0]), len(hands[1]), len(hands[2])] if n == 3
            else [len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])])
        tokens = self._tokens or self._keep_tokens()
        if phase != "discard" and phase != "starter":
            # the play's values (from the deal to the cut, the kept view's read-only empty ones)
            out["count"] = self.count
            out["sequence"] = tokens.seq.copy()
            laid = tokens.laid
            out["laid"] = (
                [laid[0].copy(), laid[1].copy()] if n == 2
                else [laid[0].copy(), laid[1].copy(), laid[2].copy()] if n == 3
                else [laid[0].copy(), laid[1].copy(), laid[2].copy(), laid[3].copy()])
            goers = self.goers
            if goers:  # else the kept view's empty, read-only list
                out["go"] = [*goers]
            pend = self.pending
            if pend is not None:
                out["pending"] = {
                    "owner": pend.owner, "what": pend.what, "announced": pend.announced,
                    # what an opponent may claim, once the owner has announced
                    "overlooked": pend.true - pend.announced if pend.announced >= 0 else None,
                }
        if seat is not None:  # the seat's own keys, last (a spectator's view has none)
            out["seat"] = seat
            out["hand"] = tokens.hands[seat].copy()
            out["discards"] = tokens.discards[seat]
        return out

    def _keep_tokens(self) -> _Tokens:
        """The play's tokens, made now and kept in step by the moves until the next deal."""
        made = self._tokens = _Tokens(self)
        return made

    def view_scores(self) -> list[int]:
        """``view(seat)["scores"]``, a new list: the pegs, partners sharing their side's."""
        board = self.board
        return [board[s & 1] for s in range(4)] if self.n == 4 else [*board]

    def _hand_view(self) -> _HandView:
        """Bring the kept view up to date, in place (a new one from the match's parts when there
        is none: the moves that change them, a game's end and the cut for deal, drop it). A new
        hand's parts (hand number, dealer, crib, shown; ``_hand_current`` is cleared by
        :meth:`apply` with every move that changes them) are written in. Within a hand only the
        phase, the starter and the crib's size can change (a discard, the cut): those are set
        again at every update. No caller sees the kept view: views are copies of it."""
        kept = self._kept_view
        if kept is None:
            kept = self._kept_view = _HandView(self._match_view())
            self._hand_current = False
        out = kept.view
        if not self._hand_current:  # every key is there already: the order stays
            out["hand_number"] = self.hand_number
            out["dealer"] = self.dealer
            out["crib"] = FrozenList(map(_token_of, self.crib)) if self.crib_open else None
            out["shown"] = self._shown_view() if self.shown else _NO_SHOWN
            self._hand_current = True
        crib = len(self.crib)
        phase = self._phase
        out["phase"] = phase
        out["starter"] = _token_of(self.starter) if self.starter is not None else None
        out["crib_count"] = crib
        kept.crib = crib
        kept.phase = phase
        return kept

    def _shown_view(self) -> FrozenList:
        """``view()["shown"]``: the hands and crib counted so far, read-only."""
        shown = [FrozenDict(seat=s, what=w, cards=FrozenList(map(_token_of, cs)), points=pts)
                 for s, w, cs, pts in self.shown]
        pend = self.pending
        if pend is not None and pend.what != "peg":
            last = dict(shown[-1])
            last["points"] = None  # the owner must count it himself
            shown[-1] = FrozenDict(last)
        return FrozenList(shown)

    def _match_view(self) -> JSON:
        """Every key of the view in its order, with the parts that change only when a game ends
        (or the cut for deal is made) set: what a new kept view starts from."""
        n = self.n
        side = self.side
        made: JSON = {
            "phase": None,
            "hand_number": None,
            "game_number": self.game_no,
            "current_player": None,
            "players": n,
            "partnerships": n == 4,
            "target": self.target,
            "skunk_line": (91 if self.target == 121 else 31) if self.nsides == 2 else None,
            "muggins": self.muggins,
            "dealer": None,
            "scores": None,
            "games_won": FrozenList([self.games_won[side[s]] for s in range(n)]),
            "match_points": FrozenList([self.match_points[side[s]] for s in range(n)]),
            "cut_for_deal": FrozenList(map(_token_of, self.cuts)),
            "hand_counts": None,
            "crib_count": 0,
            "crib": None,
            "starter": None,
            # the play's values from the deal to the cut, when nothing is played (the deal
            # empties the play), read-only; :meth:`view` sets them on its copy in the other
            # phases, so the kept views never change them
            "count": 0,
            "sequence": _NO_CARDS,
            "laid": _NO_LAID[n],
            "go": _NO_GO,  # while nobody said go (:meth:`view` sets the seats who did)
            "shown": _NO_SHOWN,
            "pending": None,
            "last_game": self._frozen(self.last_game),
        }
        return made

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal the cards ``seat`` cannot see (others' hands, the crib cards others laid away
        or the deck gave, the stock), keeping every public fact about them:

        - the counts: each hand, each seat's share of the crib, the stock;
        - every go: a seat that could not play at count c holds only cards worth more than
          31 − c; ``go_min`` keeps the strictest such bound of the hand (cards only leave a hand,
          so the bound still holds), the seat's own go's and the passes of the last player
          before a reset included;
        - the turn: the seat the play waits on (the player to move in the pegging, or the seat
          the play resumes with once a pegged score is announced) was not passed with a go, so
          it holds a card worth at most 31 − count.

        Nothing else about the deal is public: who moves next follows from these facts, and the
        discards are choices, not rules. Worlds are uniform over the deals keeping them: the
        hands bounded by a go are dealt strictest first (their eligible cards are nested, so
        every choice leaves as many completions), and a deal whose waited-on seat could not play
        is redrawn. After ``_REDRAWS`` redraws (only when very few playable cards are unseen)
        that seat gets the lowest unseen playable card first and the rest is dealt as before:
        any card it held in the true deal can be swapped for that one without breaking a go, so
        this always succeeds, slightly favouring that card.

        Only the cards a world places are drawn (``take``: the others' hands, then the hidden
        crib cards, each uniform among the cards still unseen), not a shuffle of the whole pool:
        the stock is a set, its order unused. The pool is sorted first, so that the world depends
        only on which cards are unseen and the generator, never on where they really lie."""
        world = _Worlds(self, seat).draw(rng)
        world.history = list(self.history)  # (``determinize`` empties it: see there)
        return world

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return _Worlds(self, seat).draw(rng)  # with an empty history, as the base class leaves it

    def world_sampler(self, seat: int) -> Callable[[random.Random], Self]:
        return _Worlds(self, seat).draw

    def _due_to_play(self) -> int:
        """The seat the pegging waits on: the player to move, or while a pegged score is
        announced and claimed, the seat the play resumes with; -1 if none."""
        if self._phase == "pegging":
            return self.current_player
        pend = self.pending
        if pend is not None and pend.what == "peg":
            return pend.resume
        return -1

    def _deal_bounded(self, order: list[int], pool: list[Card], given: dict[int, Card],
                      rng: random.Random, eligible: list[Card] | None = None,
                      ) -> tuple[dict[int, list[Card]], list[Card]]:
        """Deal the hands of ``order`` (strictest go first) from ``pool`` at random, each only
        cards its go allows, on top of the ``given`` card; returns the hands and the rest (in
        no particular order: ``pool`` is consumed). ``eligible``: the cards of ``pool`` the
        first seat's go allows, when the caller has them (consumed too)."""
        hands: dict[int, list[Card]] = {}
        sizes, go_min = self.hands, self.go_min
        for s in order:
            given_card = given.get(s) if given else None
            size = len(sizes[s]) - (given_card is not None)
            low = go_min[s]
            if low:
                if eligible is None:
                    eligible = [c for c in pool if VAL[c] >= low]
                drawn = take(eligible, size, rng)
                eligible = None  # (the next seat's from what is left)
                chosen = set(drawn)
                pool = list(filterfalse(chosen.__contains__, pool))  # in order, in C
            else:
                drawn = take(pool, size, rng)
            if given_card is not None:
                drawn.append(given_card)
            drawn.sort()
            hands[s] = drawn
        return hands, pool

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
        d["_hand_current"] = False
        d["_kept_view"] = None
        d["_tokens"] = None
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


_S = TypeVar("_S", bound=CribbageState)


class _Worlds(Generic[_S]):
    """The worlds :meth:`CribbageState._determinize` draws for one seat, with what they all share
    worked out once (a search draws one per iteration from the same state): which cards are
    unseen, the order the hands are dealt in, the seat the play waits on, and a copy of the
    state whose cards out and discards already leave out the hidden cards. Each world is then
    that copy's copy, with the hidden hands and crib cards drawn: the same draws and the same
    worlds as drawing everything each time. Valid while the state does not change."""

    __slots__ = ("due", "eligible", "hidden_crib", "kept", "order", "others", "owners", "pool",
                 "proto", "room")

    def __init__(self, state: _S, seat: int) -> None:
        others = list(range(state.n))
        del others[seat]
        crib = state.crib
        hidden_crib = [] if state.crib_open else [
            i for i, owner in enumerate(state.crib_owner) if owner != seat
        ]
        hidden = [crib[i] for i in hidden_crib]  # the cards out that seat cannot see
        for s in others:
            hidden += state.hands[s]
        unseen = set(DECK_SET)  # the stock (the pack less the cards out), and those
        unseen -= state.dealt
        unseen.update(hidden)
        # which cards are unseen, not where they lie (ints: a C sort)
        self.pool = sorted(unseen)
        # the strictest go constraint first: the eligible sets are nested, so this never fails
        go_min = state.go_min
        self.order = others if len(others) == 1 else sorted(others, key=lambda s: -go_min[s])
        # the first hand dealt draws from the whole pool: its go allows the same cards each time
        low = go_min[self.order[0]]
        self.eligible = [c for c in self.pool if VAL[c] >= low] if low else None
        self.others = others
        due = state._due_to_play()
        room = 31 - state.count
        if due not in others or _lowest(state.hands[due]) > room:
            due = -1  # seat's own turn, or no turn to keep
        self.due, self.room = due, room
        self.hidden_crib = hidden_crib
        owners = state.crib_owner
        self.owners = [owners[i] for i in hidden_crib]
        proto = state._copied([])  # (``determinize`` leaves a world's history empty)
        proto.dealt.difference_update(hidden)  # each world adds the cards it places
        # the discards a seat can see (its own, or all once the crib is shown); each world adds
        # the hidden ones, in the crib's order as they lie there
        discards: list[list[Card]] = [[] for _ in range(state.n)]
        for i, (c, o) in enumerate(zip(crib, owners, strict=True)):
            if o >= 0 and i not in hidden_crib:  # not the deck's card (three players)
                discards[o].append(c)
        proto.discards = discards
        # after the discards the show counts the kept hands: the seat's own is known
        self.kept = [tuple(sorted(state.hands[s] + state.laid[s])) for s in range(state.n)] \
            if state.kept[0] else None
        self.proto = proto

    def draw(self, rng: random.Random) -> _S:
        """One world (its history empty, as :meth:`State.determinize` leaves it)."""
        proto, pool, order, due, room = self.proto, self.pool, self.order, self.due, self.room
        eligible = self.eligible
        for _ in range(_REDRAWS):
            hands, rest = proto._deal_bounded(
                order, list(pool), {}, rng, None if eligible is None else list(eligible))
            if due < 0 or _lowest(hands[due]) <= room:
                break
        else:
            low = proto.go_min[due]
            first = min((c for c in pool if low <= VAL[c] <= room), key=lambda c: (VAL[c], c))
            hands, rest = proto._deal_bounded(order, [c for c in pool if c != first],
                                              {due: first}, rng)
        st = proto._copied([])
        dealt, st_hands = st.dealt, st.hands
        for s in self.others:
            dealt.update(hand := hands[s])
            st_hands[s] = hand
        hidden_crib = self.hidden_crib
        if hidden_crib:
            crib, discards = st.crib, st.discards
            for i, o, card in zip(hidden_crib, self.owners,
                                  take(rest, len(hidden_crib), rng), strict=True):
                crib[i] = card
                dealt.add(card)
                if o >= 0:
                    discards[o].append(card)
        kept = self.kept
        if kept is not None:
            kept = list(kept)
            laid = st.laid
            for s in self.others:
                kept[s] = tuple(sorted(st_hands[s] + laid[s]))
            st.kept = kept
        return st
