"""Poker all'italiana as an explicit state machine.

Each deal goes: antes → ``blinds`` (buio/controbuio/over and covers, before the cards) → ``deal``
(chance) → first round (``opening`` until someone opens, then ``betting``; or the blind order of §4)
→ ``draw`` → ``second_round`` → showdown or the special endings (dead deal, void hand, piatto di
parole) → next deal. The betting is driven by a few explicit variables: ``rbet`` (chips put in this
round), ``level`` (the bet to match), ``needs`` (who must still speak), ``full_raises`` and
``acted_at`` (an all-in raise below the ``cip`` does not re-open raising), and for the blind order a
``queue`` of (seat, mode) steps that is dropped as soon as somebody raises.

Chips are conserved: ``sum(chips) + sum(bank) + carried + sum(contrib)`` never changes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import add, is_, itemgetter
from typing import Self

from mazzo.cards import JACK, KING, QUEEN, Card, short_deck
from mazzo.engine.chance import shuffle
from mazzo.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    State,
    tokens,
)
from mazzo.games.poker_italiano import betting, draw, showdown, views, worlds
from mazzo.games.poker_italiano.actions import (
    BET,
    BLIND_NAMES,
    BLINDS,
    CALL,
    COVER,
    FOLD,
    NO_BLIND,
    NO_COVER,
    OPEN,
    PAROLA,
    PASS,
    RAISE,
    STAY,
    ActionCodec,
    Bet,
    ChooseDealer,
    Deal,
    Draw,
    Open,
    Raise,
    Reshuffle,
)
from mazzo.games.poker_italiano.basics import (
    HAND_SIZE,
    M_OPEN,
    M_RESPOND,
    M_SECOND,
    M_STAY,
    MADE,
    MADE_KEPT,
    MAX_DISCARD,
    made,
)
from mazzo.games.poker_italiano.config import PokerItalianoConfig, deck_size_for
from mazzo.games.poker_italiano.events import (
    AntePaid,
    Busted,
    DealerChosen,
    Dealt,
    HandStarted,
)
from mazzo.games.poker_italiano.scoring import (
    DEFAULT_RANKING,
    Ranking,
    opens,
)
from mazzo.games.poker_italiano.views import PokerViewParts

PAIR_NAMES = {JACK: "J", QUEEN: "Q", KING: "K"}


class PokerItalianoState(State):
    config: PokerItalianoConfig
    #: the seat to move, CHANCE or TERMINAL: a plain attribute (a property was a Python call
    #: at every step of a search's rollouts)
    current_player: int = CHANCE
    #: the deal's number, a plain attribute too (a search reads it at every step)
    hand_number: int = 0

    def __init__(self, game: Game, config: PokerItalianoConfig, codec: ActionCodec) -> None:
        super().__init__(game, config)
        n = config.players
        self.n = n
        self.codec = codec
        ranking = Ranking(
            config.suit_before_kickers, config.flush_by_suit, config.cyclic_straight_flush
        )
        # the shared default where equal: its evaluators are found without hashing a Ranking
        self.ranking = DEFAULT_RANKING if ranking == DEFAULT_RANKING else ranking
        self.full_deck: tuple[Card, ...] = short_deck(config.deck_size)
        # --- match
        self.chips = [config.stack] * n
        self.bank = [-config.stack if config.credit else 0] * n
        self.in_match = [True] * n
        self.dealer = -1
        self.hand_number = 0
        self.carried = 0  # pot frozen or left by earlier deals
        self.min_pair = JACK  # opening requirement for the next deal
        self.parole = False
        self.last_result: JSON = {}
        self.over_reason = ""
        # --- cards
        self.deck_size = config.deck_size
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # top of the stock is the END of the list
        self.pool: list[tuple[Card, int]] = []  # discards of this draw with their owner
        self.undealt: list[Card] = list(self.full_deck)
        self.out_of_play: list[Card] = []
        self.discarded: list[list[Card]] = [[] for _ in range(n)]
        self.draws: list[int] = [-1] * n
        # --- hand
        self._reset_hand()
        self.phase_name = "start"
        self.current_player = CHANCE
        self._legal: Sequence[Action] | None = None

    def _reset_hand(self) -> None:
        n = self.n
        self.seats: list[int] = []  # dealt in, from the dealer's left
        self.contrib = [0] * n
        self.rbet = [0] * n
        self.folded = [True] * n
        self.level = 0
        self.needs = [False] * n
        self.full_raises = 0
        self.acted_at = [-1] * n
        self.mode = ""
        self.queue: list[tuple[int, str]] = []
        self.blind_seats: list[int] = []
        self.blind_amounts: list[int] = []
        self.covered: list[bool] = []
        self.offers: list[tuple[str, int]] = []  # pending pre-deal offers: ("blind"|"cover", level)
        self.p0 = 0
        self.opener = -1
        self.last_aggressor = -1
        self.round2_bet = False
        self.drawers: list[int] = []
        self.draw_idx = 0
        self.fourth: list[int] = []
        self.serving: list[int] = []  # [seat, cards still owed]
        self.log: list[JSON] = []

    # ------------------------------------------------------------------ protocol basics

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def pot(self) -> int:
        return self.carried + sum(self.contrib)

    def total_chips(self) -> int:
        """Everything at the table: the conservation invariant."""
        return sum(self.chips) + sum(self.bank) + self.pot

    def scores(self) -> list[float]:
        # (map in C, as the view's: a search values every rollout by it)
        return list(map(float, map(add, self.chips, self.bank)))

    def view_scores(self) -> list[float]:
        """``view(None)["scores"]``, which is :meth:`scores`, without building the view: the
        search reads it at every iteration, on worlds whose kept view parts (see ``view``)
        would have to be rebuilt."""
        return self.scores()

    def returns(self) -> list[float]:
        if self.current_player != TERMINAL:
            return [0.0] * self.n
        start = 0 if self.config.credit else self.config.stack
        return [s - start for s in self.scores()]

    def active(self, seat: int) -> bool:
        """Dealt in this hand and not folded."""
        return not self.folded[seat]

    def can_bet(self, seat: int) -> bool:
        return not self.folded[seat] and self.chips[seat] > 0

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self.current_player < 0:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def listed_actions(self) -> Sequence[Action]:
        """The kept listing itself (shared: never to be changed), without ``legal_actions``'
        copy: a search's random rollout asks for it at every step."""
        s = self.current_player
        if s < 0:
            return ()
        legal = self._legal
        if legal is None:
            if self.phase_name == "draw" and len(self.hands[s]) == HAND_SIZE:
                # the rollout reads one of the 31 draws: made alone (not kept as the listing)
                return self.codec.draws_read(sorted(self.hands[s]))
            legal = self._legal = self._compute_legal()
        return legal

    def check(self, action: Action) -> None:
        """As the engine's, faster for the usual case: the very object the list holds (moves
        are made once and shared) is found by identity, in C, without calling the dataclass
        ``__eq__`` of every move listed before it."""
        if self.current_player >= 0:
            legal = self._legal  # the kept listing itself: legal_actions() hands out copies
            if legal is None:
                legal = self._legal = self._compute_legal()
            if any(map(is_, repeat(action), legal)):
                return
        super().check(action)

    def _compute_legal(self) -> Sequence[Action]:
        s = self.current_player
        phase = self.phase_name
        if phase == "blinds":
            what, level = self.offers[0]
            if what == "blind":
                return [NO_BLIND, BLINDS[level]]
            return [NO_COVER, COVER]
        if phase == "draw":
            return draw.draw_options(self, self.hands[s])
        mode = self.mode
        bounds: tuple[int, int, int] | None
        if mode == M_RESPOND or mode == M_STAY:  # noqa: SIM109 (faster than `in`)
            bounds = betting.raise_bounds(self, s)
            if bounds is None:
                return _STAY_ONLY if mode == M_STAY else _FOLD_CALL
        elif mode == M_OPEN:
            if not opens(self.hands[s], self.deck_size, self.min_pair):
                return _PASS_ONLY
            bounds = betting.open_bounds(self, s)
        elif mode == M_SECOND:
            bounds = betting.bet_bounds(self, s)
        else:
            return _FOLD_CALL  # (M_CALL_ONLY)
        cfg = self.config
        # the listing follows from the mode, the bounds and the menu rules alone, and the same
        # few come back bet after bet: each is made once and shared (moves are immutable)
        key = (mode, bounds, cfg.raise_limit, cfg.bet_menu)
        found = _LEGALS.get(key)
        if found is None:
            if len(_LEGALS) >= MADE_KEPT:
                _LEGALS.clear()
            found = _LEGALS[key] = _listing(mode, betting.menu(self, *bounds))
        return found

    def open_amounts(self, seat: int) -> list[int]:
        """The amounts ``seat`` may open with (:mod:`~mazzo.games.poker_italiano.betting`)."""
        return betting.open_amounts(self, seat)

    def bet_amounts(self, seat: int) -> list[int]:
        """The amounts ``seat`` may bet in the second round (:mod:`~mazzo.games.poker_italiano.
        betting`)."""
        return betting.bet_amounts(self, seat)

    def raise_amounts(self, seat: int) -> list[int]:
        """The raises ``seat`` may make after the call, empty when raising is closed to it
        (:mod:`~mazzo.games.poker_italiano.betting`)."""
        return betting.raise_amounts(self, seat)

    # ------------------------------------------------------------------ checks

    def _refusal(self, action: Action) -> IllegalAction:
        s, mode, phase = self.current_player, self.mode, self.phase_name
        if phase == "blinds":
            what, level = self.offers[0]
            return IllegalAction(
                f"{action} is not possible now: seat {s} must answer the {self._offer_text()}",
                "answer_offer", {"offer": what, "level": level},
            )
        if phase == "draw":
            return self._refuse_draw(action, s)
        if isinstance(action, Open):
            if mode != M_OPEN:
                return IllegalAction(
                    "the pot is already open (or this is not the opening): you cannot open",
                    "already_open",
                )
            if not opens(self.hands[s], self.deck_size, self.min_pair):
                need = PAIR_NAMES[self.min_pair]
                return IllegalAction(
                    f"you cannot open: you need a pair of {need}s or better (or a 4-card "
                    "bilateral straight flush)", "cannot_open", {"pair": need},
                )
            amounts = self.open_amounts(s)
            return IllegalAction(f"open must be one of {amounts} (at most the pot)",
                                 "amount_not_offered", {"amounts": amounts})
        if isinstance(action, Raise):
            amounts = self.raise_amounts(s) if mode in (M_RESPOND, M_STAY) else []
            if not amounts:
                return IllegalAction("you may not raise now", "no_raise")
            return IllegalAction(
                f"a raise must be one of {amounts} (at least the cip, at most the pot)",
                "amount_not_offered", {"amounts": amounts},
            )
        if isinstance(action, Bet):
            if mode != M_SECOND:
                return IllegalAction(
                    "a bet is only made in the second round before anybody has bet", "no_bet"
                )
            amounts = self.bet_amounts(s)
            return IllegalAction(f"a bet must be one of {amounts}", "amount_not_offered",
                                 {"amounts": amounts})
        allowed = ", ".join(str(a) for a in self._compute_legal()[:4])
        return IllegalAction(f"{action} is not allowed now; seat {s} may: {allowed}, …",
                             "wrong_phase")

    def _refuse_draw(self, action: Action, s: int) -> IllegalAction:
        if not isinstance(action, Draw):
            return IllegalAction(
                f"{action} is not possible now: seat {s} must draw (change 0 to 4 cards)",
                "must_draw",
            )
        if len(action.cards) > MAX_DISCARD:
            return IllegalAction("you may change at most 4 cards (never all five)",
                                 "draw_too_many", {"most": MAX_DISCARD})
        missing = [c for c in action.cards if c not in self.hands[s]]
        if missing:
            return IllegalAction("you can only discard cards from your own hand",
                                 "not_in_hand", {"card": missing})
        ordered = tuple(sorted(action.cards))
        if len(set(ordered)) < len(ordered):
            return IllegalAction("list each discarded card once", "draw_duplicate")
        return IllegalAction(f"list the discarded cards in deck order: {Draw(ordered)}",
                             "draw_order", {"order": " ".join(tokens(ordered))})

    def _offer_text(self) -> str:
        what, level = self.offers[0]
        return f"{what} offer ({BLIND_NAMES[level]})"

    def _check_chance(self, action: Action) -> None:
        if self.phase_name == "start":
            if not isinstance(action, ChooseDealer) or not 0 <= action.seat < self.n:
                raise IllegalAction(f"the first dealer must be a seat 0..{self.n - 1}")
            return
        if self.phase_name == "deal":
            if not isinstance(action, Deal) or sorted(action.order) != sorted(self.undealt):
                raise IllegalAction(
                    f"the deal must be an order of the {len(self.undealt)}-card deck"
                )
            return
        eligible = draw.reshuffle_cards(self)
        if not isinstance(action, Reshuffle) or sorted(action.order) != sorted(eligible):
            raise IllegalAction(f"the reshuffle must order the {len(eligible)} usable discards")

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase_name == "start":
            return ChooseDealer(rng.randrange(self.n))
        if self.phase_name == "deal":
            order = list(self.undealt)
            shuffle(order, rng)  # rng.shuffle's order and draws, cheaper
            return Deal(tuple(order))
        cards = draw.reshuffle_cards(self)
        shuffle(cards, rng)
        return Reshuffle(tuple(cards))

    # ------------------------------------------------------------------ apply

    def _apply(self, action: Action) -> None:
        self._legal = None  # (``events`` is a fresh list already: apply and apply_listed)
        phase = self.phase_name
        if self.current_player == CHANCE:  # (a chance outcome only ever comes at a chance node)
            self._apply_chance(action)
        elif phase == "blinds":
            betting.answer_offer(self, action)
        elif phase == "draw":
            assert isinstance(action, Draw)
            draw.draw(self, action.cards)
        else:
            betting.bet_action(self, action)

    def apply_listed(self, action: Action) -> None:
        """The engine's, with the usual move, a bet, played without the ``_apply`` frame (a
        search's rollouts play one at almost every step)."""
        self.events = []
        if self.current_player >= 0 and self.phase_name not in ("blinds", "draw"):
            self._legal = None
            betting.bet_action(self, action)
        else:
            self._apply(action)
        self.history.append(action)

    def _apply_chance(self, action: Action) -> None:
        if isinstance(action, ChooseDealer):
            self.dealer = action.seat
            self.events.append(DealerChosen(action.seat))
            self._start_hand(rotate=False)
        elif isinstance(action, Deal):
            self._deal(action.order)
        elif isinstance(action, Reshuffle):
            draw.reshuffle(self, action.order)

    # --- deal start ----------------------------------------------------------------------

    def _start_hand(self, rotate: bool) -> None:
        cfg, ev = self.config, self.events
        if not cfg.credit:
            for s in range(self.n):
                if self.in_match[s] and self.chips[s] == 0:
                    self.in_match[s] = False
                    ev.append(Busted(s))
        alive = [s for s in range(self.n) if self.in_match[s]]
        if len(alive) <= 1:
            if alive and self.carried:
                showdown.pay(self, alive[0], self.carried, 0, False)
                self.carried = 0
            showdown.finish(self, "one player holds every chip")
            return
        played, most = self.hand_number, cfg.max_hands
        # (past ``most`` deals a frozen pot is played out, up to the hard cap most + max(10, most))
        if played >= most and (self.carried == 0 or played >= most + max(10, most)):
            if self.carried:
                showdown.split_carried(self, alive)
            showdown.finish(self, f"{self.hand_number} deals played")
            return
        self._reset_hand()
        self.hand_number += 1
        if rotate or not self.in_match[self.dealer]:
            self.dealer = self._next_alive(self.dealer)
        at = alive.index(self._next_alive(self.dealer))
        self.seats = seats = alive[at:] + alive[:at]  # the seats still in, from the dealer's left
        chips, contrib, folded = self.chips, self.contrib, self.folded
        for s in seats:
            folded[s] = False
        if cfg.credit:  # each deal every player may risk up to ``stack``
            for s in seats:
                self.bank[s] += chips[s] - cfg.stack
                chips[s] = cfg.stack
        self._build_deck(deck_size_for(len(alive)))
        ante = cfg.ante
        for s in seats:
            paid = ante if ante < chips[s] else chips[s]
            chips[s] -= paid
            contrib[s] += paid
            key = (AntePaid, (s, paid))
            ev.append(MADE.get(key) or made(*key))  # (made once: no call when found)
        self.p0 = pot = self.carried + sum(contrib)
        started = (HandStarted, (self.hand_number, self.dealer, self.deck_size, self.min_pair,
                                 self.parole, pot))
        ev.append(MADE.get(started) or made(*started))
        betting.offer_blind(self, 1)

    def _next_alive(self, seat: int) -> int:
        n, in_match = self.n, self.in_match
        s = (seat + 1) % n  # (_next_seat, inlined)
        while not in_match[s]:
            s = (s + 1) % n
        return s

    def _build_deck(self, size: int) -> None:
        """The deck follows the players still in (lowest rank 11 − n); it only ever shrinks."""
        same = size == self.deck_size
        self.deck_size = size
        n = self.n
        if same and len(self.undealt) + len(self.stock) + len(self.pool) + sum(
                map(len, self.hands)) == len(deck := _sorted_deck(self.config.deck_size, size)):
            # the deck is the same: all its cards come back (they are only ever moved between
            # the piles and hands), so they are its cards in order (known, no sort)
            for hand in self.hands:
                hand.clear()
            self.undealt = list(deck)
        else:
            low = 15 - size // 4
            cards = self.undealt + self.stock + [c for c, _ in self.pool]
            for hand in self.hands:
                cards += hand
                hand.clear()
            kept = [c for c in cards if c & 15 >= low]  # card id & 15 = rank
            if len(kept) < len(cards):  # (only when a player left: the deck shrinks)
                self.out_of_play += [c for c in cards if c & 15 < low]
            kept.sort()
            self.undealt = kept
        self.stock, self.pool = [], []
        self.discarded = [[] for _ in range(n)]
        self.draws = [-1] * n

    def blind_amount(self, level: int) -> int:
        """The blind of ``level``: buio 2·P₀, controbuio 4·P₀, over 8·P₀
        (:mod:`~mazzo.games.poker_italiano.betting`)."""
        return betting.blind_amount(self, level)

    # --- the deal ------------------------------------------------------------------------

    def _deal(self, order: Sequence[Card]) -> None:
        m = len(self.seats)
        for i in range(HAND_SIZE * m):
            self.hands[self.seats[i % m]].append(order[i])
        self.stock = list(reversed(order[HAND_SIZE * m:]))
        self.undealt = []
        self.events.append(Dealt(self.dealer, m))
        betting.start_first_round(self)

    # --- betting -------------------------------------------------------------------------

    # --- the draw ------------------------------------------------------------------------

    # --- second round --------------------------------------------------------------------

    # --- endings -------------------------------------------------------------------------

    def side_pots(self, live: Sequence[int]) -> list[tuple[int, list[int]]]:
        """(amount, eligible seats) from the lowest level up; the carried pot is in the first
        (:mod:`~mazzo.games.poker_italiano.showdown`)."""
        return showdown.side_pots(self, live)

    # ------------------------------------------------------------------ information

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` (None: a spectator) may know, built from the parts kept below
        (:mod:`~mazzo.games.poker_italiano.views`)."""
        return views.view(self, seat)

    #: the view parts kept between calls (:class:`~mazzo.games.poker_italiano.views.
    #: PokerViewParts`): None until the first view, and in a copy
    _view_parts: PokerViewParts | None = None

    def pre_draw_hand(self, seat: int) -> list[Card]:
        """The five cards ``seat`` held before the draw: his kept cards and his discards
        (:mod:`~mazzo.games.poker_italiano.worlds`)."""
        return worlds.pre_draw_hand(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The engine's: the world :meth:`_determinize` draws, with an empty history (not
        copied only to be emptied: a world is drawn at every iteration of a search)."""
        return worlds.redealt(self, seat, rng, history=False)

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal every card ``seat`` cannot see, keeping what the rules make public: the
        opener held an opening hand before the draw, and each seat's discards are cards it held."""
        return worlds.redealt(self, seat, rng, history=True)

    def clone(self) -> Self:
        return self._copy(history=True)

    def _copy(self, history: bool) -> Self:
        """:meth:`clone`, its history copied or left empty (a world's: see ``determinize``)."""
        # A state has more fields than a class's shared attribute keys hold, so each has a dict
        # of its own: one C copy of it (no insert grows it), then the mutable fields copied
        # over their keys (a world is cloned at every iteration of a search)
        d = self.__dict__.copy()
        d.update(zip(_LIST_FIELDS, map(list, _LISTS_OF(d)), strict=True))
        d["hands"] = list(map(list, self.hands))
        d["discarded"] = list(map(list, self.discarded))
        d["log"] = list(self.log)  # entries are never changed once logged
        d["history"] = list(self.history) if history else []
        d["events"] = list(self.events)
        d["_legal"] = None
        # a copy's views start afresh (engine.view_parts, rule 2): the class's None shows
        d.pop("_view_parts", None)
        twin = object.__new__(type(self))
        twin.__dict__ = d
        return twin

    def cards_in_play(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        out += self.stock + self.undealt + self.out_of_play
        out += [c for c, _ in self.pool]
        return out


_PASS_ONLY: tuple[Action, ...] = (PASS,)
_FOLD_CALL: tuple[Action, ...] = (FOLD, CALL)
_STAY_ONLY: tuple[Action, ...] = (STAY,)
#: betting listings by (mode, lo, hi, pot, raise limit, bet menu); see _compute_legal
_LEGALS: dict[tuple[str, tuple[int, int, int], str, str], tuple[Action, ...]] = {}


def _listing(mode: str, amounts: list[int]) -> tuple[Action, ...]:
    """The betting moves of ``mode`` with these amounts, in the order the rules list them."""
    if mode == M_OPEN:
        return (PASS, *map(OPEN.__getitem__, amounts))
    if mode == M_SECOND:
        return (PAROLA, *map(BET.__getitem__, amounts), PASS)
    raises = map(RAISE.__getitem__, amounts)
    return (STAY, *raises) if mode == M_STAY else (FOLD, CALL, *raises)


#: the cards of a deck of ``size`` left of the match's deck, in order, by the two sizes (the
#: match's deck is ``short_deck`` of the config's size); see _build_deck
_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def _sorted_deck(full: int, size: int) -> tuple[Card, ...]:
    key = (full, size)
    found = _DECKS.get(key)
    if found is None:
        low = 15 - size // 4
        found = _DECKS[key] = tuple(sorted(c for c in short_deck(full) if c & 15 >= low))
    return found


_LIST_FIELDS = (
    "chips", "bank", "in_match", "stock", "pool", "undealt", "out_of_play", "draws", "seats",
    "contrib", "rbet", "folded", "needs", "acted_at", "queue", "blind_seats", "blind_amounts",
    "covered", "offers", "drawers", "fourth", "serving",
)
#: a state's ``_LIST_FIELDS``, read off its ``__dict__`` at once (clone copies each)
_LISTS_OF = itemgetter(*_LIST_FIELDS)
