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
from itertools import combinations, repeat
from operator import add, is_, itemgetter
from typing import Self

from mazzo.cards import JACK, KING, QUEEN, Card, short_deck
from mazzo.engine.chance import sample, shuffle
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalAction,
    MazzoError,
    State,
    tokens,
)
from mazzo.games.poker_italiano import views
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
    Blind,
    ChooseDealer,
    Cover,
    Deal,
    Draw,
    Open,
    Raise,
    Reshuffle,
)
from mazzo.games.poker_italiano.config import PokerItalianoConfig, deck_size_for
from mazzo.games.poker_italiano.events import (
    AntePaid,
    Busted,
    DeadDeal,
    DealerChosen,
    Dealt,
    Drew,
    HandStarted,
    MatchOver,
    Mucked,
    PiattoDiParole,
    PotSplit,
    PotWon,
    Refund,
    Reshuffled,
    Shown,
    Spoke,
    VoidHand,
)
from mazzo.games.poker_italiano.scoring import (
    DEFAULT_RANKING,
    STRAIGHT_FLUSH,
    Ranking,
    category_name,
    category_of,
    compare_values,
    key_function,
    opens,
)
from mazzo.games.poker_italiano.views import VIEW_KEYS, BlindParts, HeldParts, TableParts

HAND_SIZE = 5
MAX_DISCARD = 4
#: five-card draws tried for the opener's opening hand in a determinization
OPENER_TRIES = 300
PAIR_NAMES = {JACK: "J", QUEEN: "Q", KING: "K"}

#: a hidden card's place in a redeal: ("h", seat, index), ("s"|"u"|"p", 0, index) for the
#: stock, the undealt deck and the pool
Place = tuple[str, int, int]

# betting modes of the seat to speak
M_OPEN = "open"  # before the opening: pass or open
M_RESPOND = "respond"  # facing a bet: fold, call, raise
M_CALL_ONLY = "call_only"  # blind steps (a)/(b): fold or call
M_STAY = "stay"  # blind steps (c)/(d): stay or raise
M_SECOND = "second"  # second round before any bet: parola, bet, passo

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
            return self._draw_options(self.hands[s])
        mode = self.mode
        bounds: tuple[int, int, int] | None
        if mode == M_RESPOND or mode == M_STAY:  # noqa: SIM109 (faster than `in`)
            bounds = self._raise_bounds(s)
            if bounds is None:
                return _STAY_ONLY if mode == M_STAY else _FOLD_CALL
        elif mode == M_OPEN:
            if not opens(self.hands[s], self.deck_size, self.min_pair):
                return _PASS_ONLY
            bounds = self._open_bounds(s)
        elif mode == M_SECOND:
            bounds = self._bet_bounds(s)
        else:
            return _FOLD_CALL  # (M_CALL_ONLY)
        cfg = self.config
        # the listing follows from the mode, the bounds and the menu rules alone, and the same
        # few come back bet after bet: each is made once and shared (moves are immutable)
        key = (mode, bounds, cfg.raise_limit, cfg.bet_menu)
        found = _LEGALS.get(key)
        if found is None:
            if len(_LEGALS) >= _MADE_KEPT:
                _LEGALS.clear()
            found = _LEGALS[key] = _listing(mode, self._menu(*bounds))
        return found

    def _draw_options(self, hand: list[Card]) -> list[Action]:
        """Every discard of 0 to 4 cards (31 choices), cards in deck order."""
        key = sorted(hand)
        if len(key) != HAND_SIZE:  # never in play: every drawer holds five cards
            draw = self.codec.draw
            return [draw(c) for size in range(MAX_DISCARD + 1) for c in combinations(key, size)]
        return self.codec.draws_of(key)

    def _menu(self, lo: int, hi: int, pot: int) -> list[int]:
        """Exact amounts offered between ``lo`` and ``hi``: all, or a short pot-based menu."""
        if hi <= lo:
            return [lo]
        if self.config.bet_menu == "all" or hi - lo < 6:
            return list(range(lo, hi + 1))
        unlimited = self.config.raise_limit == "none"
        key = (lo, hi, pot, unlimited)
        menu = _MENUS.get(key)  # the same few (lo, hi, pot) come back move after move
        if menu is None:
            picks = {lo, hi, pot // 4, pot // 2, 3 * pot // 4, pot}
            if unlimited:
                picks.add(2 * pot)
            if len(_MENUS) >= _MADE_KEPT:
                _MENUS.clear()
            menu = _MENUS[key] = tuple(sorted(a for a in picks if lo <= a <= hi))
        return list(menu)

    def open_amounts(self, seat: int) -> list[int]:
        return self._menu(*self._open_bounds(seat))

    def bet_amounts(self, seat: int) -> list[int]:
        return self._menu(*self._bet_bounds(seat))

    def raise_amounts(self, seat: int) -> list[int]:
        """Raises after the call: at least ``cip`` (less only all-in), at most the pot after the
        call; empty when raising is closed to this seat."""
        bounds = self._raise_bounds(seat)
        return [] if bounds is None else self._menu(*bounds)

    def _open_bounds(self, seat: int) -> tuple[int, int, int]:
        """(lowest, highest, pot) of the opening bets: :meth:`_menu`'s arguments."""
        if self.config.open_exact_pot:
            chips, pot = self.chips[seat], self.pot
            exact = max(1, min(pot, chips))
            return exact, exact, pot
        return self._bet_bounds(seat)

    def _bet_bounds(self, seat: int) -> tuple[int, int, int]:
        chips, pot = self.chips[seat], self.carried + sum(self.contrib)
        lo, hi = self._span(chips, pot)
        return lo, hi, pot

    def _raise_bounds(self, seat: int) -> tuple[int, int, int] | None:
        """:meth:`_menu`'s arguments for the raises, None when raising is closed to ``seat``."""
        to_call = self.level - self.rbet[seat]
        remaining = self.chips[seat] - to_call
        if remaining <= 0 or self.acted_at[seat] == self.full_raises:
            return None
        folded, chips = self.folded, self.chips
        for o in self.seats:
            if o != seat and not folded[o] and chips[o] > 0:
                break
        else:
            return None  # everybody else is all-in: nothing to raise against
        pot_after = self.carried + sum(self.contrib) + to_call
        # (_span, inlined: this runs at almost every bet of a search's rollouts)
        cip = self.config.cip
        lo = cip if cip < remaining else remaining
        if pot_after < remaining and self.config.raise_limit == "pot":
            return lo, pot_after if pot_after > lo else lo, pot_after
        return lo, remaining, pot_after

    def _span(self, chips: int, pot: int) -> tuple[int, int]:
        """The lowest and highest wager of ``chips`` at most: the cip (less only all-in), and
        with the pot limit at most ``pot`` (never below the lowest). As ``lo = min(cip, chips)``,
        ``hi = max(lo, min(cap, chips))`` with ``cap`` the pot or the chips, without the
        builtins' calls."""
        cip = self.config.cip
        lo = cip if cip < chips else chips
        if pot < chips and self.config.raise_limit == "pot":
            return lo, pot if pot > lo else lo
        return lo, chips

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
        eligible = self._reshuffle_cards()
        if not isinstance(action, Reshuffle) or sorted(action.order) != sorted(eligible):
            raise IllegalAction(f"the reshuffle must order the {len(eligible)} usable discards")

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase_name == "start":
            return ChooseDealer(rng.randrange(self.n))
        if self.phase_name == "deal":
            order = list(self.undealt)
            shuffle(order, rng)  # rng.shuffle's order and draws, cheaper
            return Deal(tuple(order))
        cards = self._reshuffle_cards()
        shuffle(cards, rng)
        return Reshuffle(tuple(cards))

    # ------------------------------------------------------------------ apply

    def _apply(self, action: Action) -> None:
        self._legal = None  # (``events`` is a fresh list already: apply and apply_listed)
        phase = self.phase_name
        if self.current_player == CHANCE:  # (a chance outcome only ever comes at a chance node)
            self._apply_chance(action)
        elif phase == "blinds":
            self._answer_offer(action)
        elif phase == "draw":
            assert isinstance(action, Draw)
            self._draw(action.cards)
        else:
            self._bet_action(action)

    def apply_listed(self, action: Action) -> None:
        """The engine's, with the usual move, a bet, played without the ``_apply`` frame (a
        search's rollouts play one at almost every step)."""
        self.events = []
        if self.current_player >= 0 and self.phase_name not in ("blinds", "draw"):
            self._legal = None
            self._bet_action(action)
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
            self._reshuffle(action.order)

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
                self._pay(alive[0], self.carried, 0, False)
                self.carried = 0
            self._finish("one player holds every chip")
            return
        played, most = self.hand_number, cfg.max_hands
        # (past ``most`` deals a frozen pot is played out, up to the hard cap most + max(10, most))
        if played >= most and (self.carried == 0 or played >= most + max(10, most)):
            if self.carried:
                self._split_carried(alive)
            self._finish(f"{self.hand_number} deals played")
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
            ev.append(_MADE.get(key) or _made(*key))  # (made once: no call when found)
        self.p0 = pot = self.carried + sum(contrib)
        started = (HandStarted, (self.hand_number, self.dealer, self.deck_size, self.min_pair,
                                 self.parole, pot))
        ev.append(_MADE.get(started) or _made(*started))
        self._offer_blind(1)

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
        """buio 2·P₀, controbuio 4·P₀, over 8·P₀ (with blind_base 1: 1, 2, 4 × P₀)."""
        return self.config.blind_base * self.p0 << (level - 1)

    def _offer_blind(self, level: int) -> None:
        """Offer the next blind level if the rules allow it, else go on to covers / the deal."""
        cfg, m = self.config, len(self.seats)
        # a level is allowed only if the seat after the new blind is not the dealer (k <= m - 2)
        if cfg.blinds and not self.parole and level <= 3 and level <= m - 2:
            seat = self.seats[level - 1]
            if self.chips[seat] >= self.blind_amount(level):
                self._ask("blinds", seat, [("blind", level)])
                return
        self._offer_covers()

    def _offer_covers(self) -> None:
        levels = len(self.blind_seats)
        offers: list[tuple[str, int]] = []
        if levels == 3:
            offers.append(("cover", 2))
        elif levels == 2:
            offers.append(("cover", 1))
        self.offers = offers
        self._next_offer()

    def _next_offer(self) -> None:
        while self.offers:
            _, level = self.offers[0]
            seat = self.blind_seats[level - 1]
            if self.chips[seat] >= self._cover_cost(level):
                self._ask("blinds", seat, self.offers)
                return
            self.offers.pop(0)
        self.phase_name, self.current_player = "deal", CHANCE

    def _cover_cost(self, level: int) -> int:
        return self.blind_amounts[-1] - self.blind_amounts[level - 1]

    def _ask(self, phase: str, seat: int, offers: list[tuple[str, int]]) -> None:
        self.phase_name, self.current_player, self.offers = phase, seat, offers

    def _answer_offer(self, action: Action) -> None:
        what, level = self.offers.pop(0)
        s = self.current_player
        if what == "blind":
            if isinstance(action, Blind):
                amount = self.blind_amount(level)
                self._put(s, amount)
                self.blind_seats.append(s)
                self.blind_amounts.append(amount)
                self.covered.append(False)
                self._say(s, BLIND_NAMES[level], amount)
                self._offer_blind(level + 1)
            else:
                self._say(s, "no_blind", 0)
                self._offer_covers()
            return
        if isinstance(action, Cover):
            cost = self._cover_cost(level)
            self._put(s, cost)
            self.covered[level - 1] = True
            self._say(s, "cover", cost)
            if level == 2:  # with an over, the buio may cover once the controbuio did
                self.offers.append(("cover", 1))
        else:
            self._say(s, "no_cover", 0)
        self._next_offer()

    # --- the deal ------------------------------------------------------------------------

    def _deal(self, order: Sequence[Card]) -> None:
        m = len(self.seats)
        for i in range(HAND_SIZE * m):
            self.hands[self.seats[i % m]].append(order[i])
        self.stock = list(reversed(order[HAND_SIZE * m:]))
        self.undealt = []
        self.events.append(Dealt(self.dealer, m))
        self._start_first_round()

    def _start_first_round(self) -> None:
        self.level = max(self.rbet)
        if sum(1 for s in self.seats if self.can_bet(s)) <= 1 and not self.blind_seats:
            self._start_draw()  # nobody to bet against: straight to the draw and showdown
            return
        if not self.blind_seats:
            self.queue = [(s, M_OPEN) for s in self.seats]
        else:
            self.queue = self._blind_queue()
        self._advance_queue()

    def _blind_queue(self) -> list[tuple[int, str]]:
        """§4 step 3: (a) non-blinds, (b) uncovered blinds controbuio→buio, (c) covered blinds,
        (d) the last blind."""
        levels = len(self.blind_seats)
        last = self.blind_seats[-1]
        queue = [(s, M_CALL_ONLY) for s in self.seats[levels:]]
        earlier = list(range(levels - 1))
        queue += [(self.blind_seats[i], M_CALL_ONLY) for i in reversed(earlier)
                  if not self.covered[i]]
        queue += [(self.blind_seats[i], M_STAY) for i in earlier if self.covered[i]]
        queue.append((last, M_STAY))
        return queue

    def _advance_queue(self) -> None:
        """Give the turn to the next queue step that can act, or end the first round."""
        while self.queue:
            seat, mode = self.queue[0]
            if self.folded[seat] or self.chips[seat] == 0:
                self.queue.pop(0)
                continue
            if mode == M_STAY and not self.raise_amounts(seat) and self.level == self.rbet[seat]:
                self.queue.pop(0)  # nothing to decide: he has matched and may not raise
                continue
            self.mode, self.current_player = mode, seat
            self.phase_name = self._round_phase()
            return
        self._end_round()

    def _round_phase(self) -> str:
        if self.mode == M_OPEN:
            return "opening"
        return "second_round" if self.drawers and self.draw_idx >= len(self.drawers) else "betting"

    # --- betting -------------------------------------------------------------------------

    def _put(self, seat: int, amount: int) -> None:
        self.chips[seat] -= amount
        self.contrib[seat] += amount
        self.rbet[seat] += amount

    def _say(self, seat: int, word: str, amount: int) -> None:
        all_in = amount > 0 and self.chips[seat] == 0
        key = (seat, word, amount, all_in)
        said = _SPOKEN.get(key) or _spoken(key)  # (made once and shared, as _made's events)
        self.events.append(said[0])
        self.log.append(said[1])

    def _bet_action(self, action: Action) -> None:
        s = self.current_player
        in_queue = bool(self.queue)
        if in_queue:
            self.queue.pop(0)
        kind = action.kind  # (every betting word is the move's kind)
        amount = 0
        if kind == "pass":
            if self.mode == M_SECOND:  # "passo" after the draw gives the hand up
                self.folded[s] = True
        elif kind == "fold":
            self.folded[s] = True
        elif kind == "call":
            rbet, chips = self.rbet, self.chips
            amount = self.level - rbet[s]
            if chips[s] < amount:  # (all-in for less; min() without its call)
                amount = chips[s]
            chips[s] -= amount  # (_put, inlined)
            self.contrib[s] += amount
            rbet[s] += amount
        elif kind not in ("parola", "stay"):
            amount = self._wager(s, kind, action.amount)  # type: ignore[attr-defined]
            in_queue = False  # (the blind queue is dropped)
        # (_say, inlined: this runs at every bet)
        all_in = amount > 0 and self.chips[s] == 0
        key = (s, kind, amount, all_in)
        said = _SPOKEN.get(key) or _spoken(key)
        self.events.append(said[0])
        self.log.append(said[1])
        self.acted_at[s] = self.full_raises
        self.needs[s] = False
        folded = self.folded  # one seat left? (only seats dealt in are ever not folded)
        if folded.count(False) == 1 and not (self.mode == M_SECOND and not self.round2_bet):
            self._award_uncontested(folded.index(False))
        elif in_queue:
            self._advance_queue()
        else:
            self._next_to_speak(s)

    def _wager(self, s: int, kind: str, amount: int) -> int:
        """An open, bet or raise of ``amount`` (a raise's on top of the call); returns the
        chips put in."""
        to_call = self.level - self.rbet[s] if kind == "raise" else 0
        self._put(s, to_call + amount)
        self.level = self.rbet[s]
        if kind == "open":
            self.opener = s
        elif kind == "bet":
            self.round2_bet = True
        if self.drawers:  # second round: the last bettor shows first
            self.last_aggressor = s
        if kind != "raise" or amount >= self.config.cip:
            self.full_raises += 1
        # everybody else still in and able to bet must answer; the blind queue is dropped
        self.queue = []
        needs, folded, chips = self.needs, self.folded, self.chips
        for o in self.seats:  # (can_bet, inlined: this runs at every bet and raise)
            needs[o] = o != s and not folded[o] and chips[o] > 0
        return to_call + amount

    def _next_to_speak(self, after: int) -> None:
        n, needs = self.n, self.needs
        s = (after + 1) % n
        for _ in range(n):
            if needs[s]:
                self.current_player = s
                mode = self.mode
                if mode != M_SECOND or self.level > 0:
                    self.mode = mode = M_RESPOND
                # (_round_phase, inlined: this runs at every bet)
                drawers = self.drawers
                self.phase_name = ("opening" if mode == M_OPEN else "second_round"
                                   if drawers and self.draw_idx >= len(drawers) else "betting")
                return
            s = (s + 1) % n
        self._end_round()

    def _end_round(self) -> None:
        if self.mode == M_OPEN and self.opener < 0:
            self._dead_deal()
            return
        if self.drawers and self.draw_idx >= len(self.drawers):
            self._end_second_round()
        else:
            self._start_draw()

    # --- the draw ------------------------------------------------------------------------

    def _start_draw(self) -> None:
        self.drawers = [s for s in self.seats if not self.folded[s]]
        self.draw_idx = 0
        self.phase_name, self.mode = "draw", ""
        self._next_drawer()

    def _next_drawer(self) -> None:
        if self.draw_idx < len(self.drawers):
            self.current_player = self.drawers[self.draw_idx]
            self.phase_name = "draw"
            return
        while self.fourth:  # the 4th card of those who changed four, in draw order
            seat = self.fourth.pop(0)
            self.serving = [seat, 1]
            if not self._serve():
                return
        self._start_second_round()

    def _draw(self, cards: tuple[Card, ...]) -> None:
        s = self.current_player
        hand = self.hands[s]
        for c in cards:
            hand.remove(c)
            self.pool.append((c, s))
        self.discarded[s] = list(cards)
        self.draws[s] = len(cards)
        self.events.append(Drew(s, len(cards)))
        key = (s, "draw", len(cards), False)  # (the log's entry only: the event is Drew)
        self.log.append((_SPOKEN.get(key) or _spoken(key))[1])
        if len(cards) == MAX_DISCARD:
            self.fourth.append(s)
        self.serving = [s, 3 if len(cards) == MAX_DISCARD else len(cards)]
        self.draw_idx += 1
        if self._serve():
            self._next_drawer()

    def _serve(self) -> bool:
        """Give the seat being served its cards; False if a reshuffle (chance) is needed first."""
        seat, owed = self.serving
        hand = self.hands[seat]
        while owed and self.stock:
            hand.append(self.stock.pop())
            owed -= 1
        self.serving[1] = owed
        if owed:
            if not self._reshuffle_cards():
                raise MazzoError("the stock and the usable discards ran out during the draw")
            self.phase_name, self.current_player = "reshuffle", CHANCE
            return False
        self.serving = []
        return True

    def _reshuffle_cards(self) -> list[Card]:
        """Discards made so far in this draw, except those of the player being served."""
        seat = self.serving[0] if self.serving else -1
        return [c for c, owner in self.pool if owner != seat]

    def _reshuffle(self, order: Sequence[Card]) -> None:
        seat = self.serving[0]
        self.pool = [(c, o) for c, o in self.pool if o == seat]
        self.stock = list(reversed(order))
        self.events.append(Reshuffled(len(order)))
        if self._serve():
            self._next_drawer()

    # --- second round --------------------------------------------------------------------

    def _start_second_round(self) -> None:
        self.rbet = [0] * self.n
        self.level = 0
        self.full_raises = 0
        self.acted_at = [-1] * self.n
        self.mode = M_SECOND
        self.phase_name = "second_round"
        bettors = [s for s in self.seats if self.can_bet(s)]
        if len(bettors) <= 1:
            self._end_second_round()  # nobody left to bet against: showdown
            return
        for s in bettors:
            self.needs[s] = True
        if self.blind_seats:
            start = self._next_seat(self.blind_seats[-1])
        else:
            start = self.opener if self.opener >= 0 else self.seats[0]
        self._next_to_speak((start - 1) % self.n)

    def _end_second_round(self) -> None:
        live = [s for s in self.seats if not self.folded[s]]
        all_in = not all(map(self.chips.__getitem__, live))  # somebody live has no chips
        if self.round2_bet or all_in:
            if len(live) == 1:
                self._award_uncontested(live[0])
            else:
                self._showdown(live)
        elif not live:
            self._void_hand()
        elif len(live) == 1:
            self._award_uncontested(live[0])
        else:
            self._piatto_di_parole()

    # --- endings -------------------------------------------------------------------------

    def _pay(self, seat: int, amount: int, pot: int, shown: bool) -> None:
        self.chips[seat] += amount
        self.events.append(PotWon(seat, amount, pot, shown))

    def _award_uncontested(self, seat: int) -> None:
        amount = self.pot
        self.contrib = [0] * self.n
        self.carried = 0
        self._pay(seat, amount, 0, False)
        self.last_result = {"winners": [seat], "pot": amount, "shown": {}, "end": "uncontested"}
        self._pot_won()

    def _pot_won(self) -> None:
        self.min_pair = JACK
        self.parole = False
        self._end_hand()

    def _dead_deal(self) -> None:
        self.carried = self.pot
        self.contrib = [0] * self.n
        self.events.append(DeadDeal(self.carried))
        if self.config.escalate_opening and not self.parole:
            self.min_pair = min(KING, self.min_pair + 1)
        self.last_result = {"winners": [], "pot": self.carried, "shown": {}, "end": "dead_deal"}
        self._end_hand()

    def _void_hand(self) -> None:
        self.events.append(VoidHand(self.pot))
        for s in self.seats:
            if self.contrib[s]:
                self.chips[s] += self.contrib[s]
                self.events.append(Refund(s, self.contrib[s]))
        self.contrib = [0] * self.n
        self.last_result = {"winners": [], "pot": self.carried, "shown": {}, "end": "void"}
        self._end_hand()

    def _piatto_di_parole(self) -> None:
        self.carried = self.pot
        self.contrib = [0] * self.n
        self.events.append(PiattoDiParole(self.carried))
        self.parole = True
        self.min_pair = KING
        self.last_result = {"winners": [], "pot": self.carried, "shown": {}, "end": "parole"}
        self._end_hand()

    def side_pots(self, live: Sequence[int]) -> list[tuple[int, list[int]]]:
        """(amount, eligible seats) from the lowest level up; the carried pot is in the first."""
        contrib = self.contrib
        pots: list[tuple[int, list[int]]] = []
        prev = 0
        for lv in sorted({contrib[s] for s in live}):
            amount = 0  # what every seat put in between the previous level and this one
            for c in contrib:
                if c > prev:
                    amount += (lv if c > lv else c) - prev
            pots.append((amount, [s for s in live if contrib[s] >= lv]))
            prev = lv
        extra = 0  # folded chips above every live level
        for c in contrib:
            if c > prev:
                extra += c - prev
        first_amount, first_seats = pots[0]
        pots[0] = (first_amount + self.carried, first_seats)
        last_amount, last_seats = pots[-1]
        pots[-1] = (last_amount + extra, last_seats)
        return pots

    def _showdown(self, live: list[int]) -> None:
        keyf = key_function(self.deck_size, self.ranking)
        keys = {s: keyf(self.hands[s]) for s in live}
        pots = self.side_pots(live)
        # show order: the last bettor of the second round, else from the dealer's left
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        start = self.seats.index(first)
        order = [s for s in self.seats[start:] + self.seats[:start] if s in keys]
        shown: dict[int, int] = {}
        names: dict[int, str] = {}
        for s in order:
            if not shown or self._beats(keys[s], s, pots, shown):
                shown[s] = keys[s]
                names[s] = cat = category_name(keys[s], self.deck_size)
                self.events.append(Shown(s, tuple(self.hands[s]), cat))
            else:
                self.events.append(Mucked(s))
        winners: list[int] = []
        for i, (amount, seats) in enumerate(pots):
            best = self._best(seats, keys)
            self._pay(best, amount, i, True)
            winners.append(best)
        self.last_result = {
            "winners": winners,
            "pot": sum(map(_AMOUNT, pots)),
            "shown": {
                str(s): {"cards": tokens(self.hands[s]), "category": names[s]} for s in shown
            },
            "end": "showdown",
        }
        self.contrib = [0] * self.n
        self.carried = 0
        self._pot_won()

    def _beats(self, key: int, seat: int, pots: list[tuple[int, list[int]]],
               shown: dict[int, int]) -> bool:
        """Does ``key`` beat every hand shown so far in some pot ``seat`` contests? (Loops, not
        generators: half a search's rollouts end in a showdown.)"""
        plain = not self.config.cyclic_straight_flush  # then the keys' plain order
        for _, seats in pots:
            if seat in seats:
                for o in seats:
                    if o in shown and not (key > shown[o] if plain
                                           else self._better(key, shown[o])):
                        break
                else:
                    return True
        return False

    def _better(self, a: int, b: int) -> bool:
        if not self.config.cyclic_straight_flush:
            return a > b  # (compare_values is the plain order of the keys then)
        return compare_values(a, b, self.deck_size, True) > 0

    def _best(self, seats: list[int], keys: dict[int, int]) -> int:
        """Winner among ``seats``; the cyclic straight-flush rule only between exactly two."""
        if self.config.cyclic_straight_flush:
            sfs = [s for s in seats if category_of(keys[s]) == STRAIGHT_FLUSH]
            if len(sfs) == 2:
                a, b = sfs
                return a if self._better(keys[a], keys[b]) else b
        best = seats[0]  # (the first of the highest, as max() by the key, without its call)
        for s in seats:
            if keys[s] > keys[best]:
                best = s
        return best

    def _split_carried(self, alive: list[int]) -> None:
        share, rest = divmod(self.carried, len(alive))
        start = self._next_alive(self.dealer)
        order = alive[alive.index(start):] + alive[:alive.index(start)]
        for i, s in enumerate(order):
            amount = share + (1 if i < rest else 0)
            if amount:
                self.chips[s] += amount
                self.events.append(PotSplit(s, amount))
        self.carried = 0

    def _end_hand(self) -> None:
        self.last_result["hand"] = self.hand_number
        self.last_result["log"] = list(self.log)
        self._start_hand(rotate=True)

    def _finish(self, reason: str) -> None:
        self.phase_name, self.current_player, self.over_reason = "over", TERMINAL, reason
        self.events.append(MatchOver(reason))

    # ------------------------------------------------------------------ information

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` (None: a spectator) may know: :func:`~mazzo.games.poker_italiano.views.
        view`, from the parts kept below."""
        return views.view(self, seat)

    # The parts of the views kept between calls: each a tuple of copies of what it was built
    # from (or a stamp of it: see each), then the read-only parts. ``view`` compares them with
    # the state's at each call (list compares, in C) and rebuilds a part only when a move
    # changed them, so no move has to know about views. Immutable and checked at each call,
    # they may be shared by a clone (``_copy`` copies them with the other attributes); a state
    # that never builds a view keeps the class's empty ones (a search pays nothing).
    #: (folded, in_match, seats) → the view's ``in_match``, ``folded`` (folded or out of the
    #: match) and the live seats in order: changed by a fold and by a new deal
    _seen_table: TableParts = (None, None, None, FrozenList(), FrozenList(), FrozenList())
    #: (blind_seats, covered, blind_amounts) → the view's ``blinds``: changed by a blind or a
    #: cover (before the deal) and by a new deal
    _seen_blinds: BlindParts = (None, None, None, FrozenList())
    #: (last_result, its read-only copy): a hand's result is built whole when the hand ends and
    #: never changed after (the next one replaces it), so it is found by identity
    _seen_result: tuple[JSON | None, FrozenDict] = (None, FrozenDict())
    #: (last_result, hand_number) → a dict of the view's keys in their order (a copy of
    #: ``VIEW_KEYS``) with the values that change only from one deal to the next set: the
    #: deal's number, dealer, deck, opening requirement, parole, carried pot, the seats still
    #: in the match and the last hand's result. Those change only when a deal ends (which
    #: replaces ``last_result``) or starts (a new ``hand_number``; the first deal's dealer
    #: too), both found at no cost. Never changed once built: ``view`` hands out copies
    _seen_frame: tuple[JSON | None, int, JSON] = (None, -1, VIEW_KEYS)
    #: (stock, its length, the pool's length) → the view's ``hand_counts``: cards come into a
    #: hand or leave it only with the stock or the pool changing (a new deal and the deal
    #: replace the stock list, a draw adds its discards to the pool and takes its cards off
    #: the stock, a reshuffle replaces both; a world's redeal keeps every length), so that
    #: stamp, the stock by identity (kept alive here: no other list can take its id), finds
    #: "unchanged" without a look at the hands (nine views in ten)
    _seen_counts: tuple[list[Card] | None, int, int, FrozenList] = (None, -1, -1, FrozenList())
    #: by seat: (hand, discarded) → the tokens of the sorted hand and of the discards: changed
    #: by the deal and the seat's draw
    _seen_hands: tuple[HeldParts, ...] = (
        (None, None, FrozenList(), FrozenList()),) * max(PokerItalianoConfig.player_counts)

    def pre_draw_hand(self, seat: int) -> list[Card]:
        """The five cards ``seat`` held before the draw: his kept cards (the front of the hand,
        since drawn cards are appended) and his discards."""
        drawn = self.draws[seat]
        if drawn < 0:
            return list(self.hands[seat])
        return self.hands[seat][:HAND_SIZE - drawn] + self.discarded[seat]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The engine's: the world :meth:`_determinize` draws, with an empty history (not
        copied only to be emptied: a world is drawn at every iteration of a search)."""
        return self._redealt(seat, rng, history=False)

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal every card ``seat`` cannot see, keeping what the rules make public: the
        opener held an opening hand before the draw, and each seat's discards are cards it held."""
        return self._redealt(seat, rng, history=True)

    def _redealt(self, seat: int, rng: random.Random, history: bool) -> Self:
        """:meth:`_determinize`'s world, its history copied or left empty."""
        hidden = self._hidden_cards(seat)
        mine = self.discarded[seat]
        if mine:
            mine = [c for c in mine if c in hidden]  # mine a reshuffle took
        opener = self.opener if self.opener not in (-1, seat) else -1
        pre: list[Card] = []
        if opener >= 0:  # only an Open sets the opener, so a blind order never constrains it
            pre = self._opening_hand([c for c in hidden if c not in mine], rng)
        if pre or mine:
            taken = set(pre) | set(mine)
            rest = [c for c in hidden if c not in taken]
        else:
            rest = hidden  # (a fresh list: nothing else holds it)
        shuffle(rest, rng)  # rng.shuffle's order and draws, cheaper
        twin = self._copy(history)
        twin._redeal(seat, opener, pre, mine, rest, rng)
        return twin

    def _hidden_cards(self, seat: int) -> list[Card]:
        """Every card ``seat`` cannot see: the others' hands and discards, stock, undealt."""
        hidden: list[Card] = []
        for s, hand in enumerate(self.hands):  # (loops, not comprehensions: one per world)
            if s != seat:
                hidden += hand
        hidden += self.stock
        hidden += self.undealt
        for c, o in self.pool:
            if o != seat:
                hidden.append(c)
        return hidden

    def _opening_hand(self, hidden: list[Card], rng: random.Random) -> list[Card]:
        """Five hidden cards that may open (rejection sampling). About one five-card draw in two
        opens; the cap is only reached when the unseen cards hardly hold an opening hand (the
        seat holds the high cards), and then an unqualified hand is a tolerable approximation."""
        pre = sample(hidden, HAND_SIZE, rng)  # rng.sample's cards and draws, cheaper
        for _ in range(OPENER_TRIES):
            if opens(pre, self.deck_size, self.min_pair):
                break
            pre = sample(hidden, HAND_SIZE, rng)
        return pre

    def _redeal(self, seat: int, opener: int, pre: list[Card], mine: list[Card],
                rest: list[Card], rng: random.Random) -> None:
        """Put the opener's pre-draw cards ``pre`` back as his kept cards and discards, the
        seat's reshuffled discards ``mine`` where reshuffled cards go, and deal ``rest``
        (shuffled) into every other hidden place; then draw the others' discards."""
        moved = [(c, seat) for c in mine]
        if opener >= 0:
            keep = self._kept(opener)
            self.hands[opener][:keep] = pre[:keep]
            moved += [(c, opener) for c in self._place_discards(opener, pre[keep:])]
        if moved:
            places = self._free_places(seat, opener)
            rest = rest + self._place_reshuffled(places, moved, rng)
            for place, card in zip(places, rest, strict=True):
                self._put_card(place, card)
        else:  # the usual case: no reshuffled discard to place first
            self._deal_free(seat, opener, rest)
        draws = self.draws
        if max(draws) < 0:
            return  # before the draw: no discards to draw
        others = [s for s in range(self.n) if s not in (seat, opener) and draws[s] >= 0]
        for s in others:
            self.discarded[s] = []  # the true ones must not be seen while drawing the new ones
        for s in others:
            self._draw_discards(s, rng)

    def _place_reshuffled(self, places: list[Place], moved: list[tuple[Card, int]],
                          rng: random.Random) -> list[Card]:
        """Put discards a reshuffle took (card, its discarder) where reshuffled cards went: the
        stock or a new card of another drawer. Fills and removes those places; returns the cards
        left without room (none in real play)."""
        left: list[Card] = []
        for card, owner in moved:
            spots = [p for p in places if p[0] == "s"
                     or (p[0] == "h" and p[1] != owner and p[2] >= self._kept(p[1]))]
            if not spots:
                left.append(card)
                continue
            place = spots[rng.randrange(len(spots))]
            places.remove(place)
            self._put_card(place, card)
        return left

    def _kept(self, seat: int) -> int:
        return HAND_SIZE - self.draws[seat] if self.draws[seat] >= 0 else HAND_SIZE

    def _place_discards(self, seat: int, cards: list[Card]) -> list[Card]:
        """Give ``seat`` these discards: into his pool entries while they are there; return the
        rest (those a reshuffle took)."""
        self.discarded[seat] = list(cards)
        owned = [i for i, (_, o) in enumerate(self.pool) if o == seat]
        for i, card in zip(owned, cards, strict=False):
            self.pool[i] = (card, seat)
        return cards[len(owned):]

    def _free_places(self, seat: int, opener: int) -> list[Place]:
        """Hidden places still to deal: (h, seat, index), (s, 0, index), (u, 0, index),
        (p, 0, pool index)."""
        places: list[Place] = []
        for s in range(self.n):
            if s != seat:
                first = self._kept(s) if s == opener else 0
                places += [("h", s, i) for i in range(first, len(self.hands[s]))]
        places += [("s", 0, i) for i in range(len(self.stock))]
        places += [("u", 0, i) for i in range(len(self.undealt))]
        places += [("p", 0, i) for i, (_, o) in enumerate(self.pool) if o not in (seat, opener)]
        return places

    def _deal_free(self, seat: int, opener: int, cards: list[Card]) -> None:
        """Deal ``cards`` into the places of :meth:`_free_places`, in its order, as putting them
        one by one would, but a slice per hand and pile (a world is drawn at every iteration of
        a search)."""
        at = 0
        for s in range(self.n):
            if s != seat:
                hand = self.hands[s]
                first = self._kept(s) if s == opener else 0
                left = len(hand) - first
                end = at + left if left > 0 else at
                hand[first:] = cards[at:end]
                at = end
        for pile in (self.stock, self.undealt):
            end = at + len(pile)
            pile[:] = cards[at:end]
            at = end
        pool = self.pool
        for i, (_, owner) in enumerate(pool):
            if owner != seat and owner != opener:
                pool[i] = (cards[at], owner)
                at += 1
        if at != len(cards):
            raise ValueError("the redeal's cards do not fill the hidden places")

    def _put_card(self, place: Place, card: Card) -> None:
        kind, s, i = place
        if kind == "h":
            self.hands[s][i] = card
        elif kind == "s":
            self.stock[i] = card
        elif kind == "u":
            self.undealt[i] = card
        else:
            self.pool[i] = (card, self.pool[i][1])

    def _draw_discards(self, seat: int, rng: random.Random) -> None:
        """``seat``'s discards after the redeal: his pool entries, and for those a reshuffle took,
        cards now in the stock or among other drawers' new cards (approximate: it ignores which
        cards were drawn before the reshuffle, and any the observer drew back)."""
        own = [c for c, o in self.pool if o == seat]
        missing = self.draws[seat] - len(own)
        if missing > 0:
            taken = {c for s in range(self.n) if s != seat for c in self.discarded[s]}
            spots = [c for c in self.stock if c not in taken]
            for s in range(self.n):
                if s != seat and self.draws[s] >= 0:
                    spots += [c for c in self.hands[s][self._kept(s):] if c not in taken]
            own += sample(spots, min(missing, len(spots)), rng)
        self.discarded[seat] = own

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
        twin = object.__new__(type(self))
        twin.__dict__ = d
        return twin

    def cards_in_play(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        out += self.stock + self.undealt + self.out_of_play
        out += [c for c, _ in self.pool]
        return out


_MADE_KEPT = 100_000  # (the bound of every cache of this module)
#: the events made once and shared (betting words, antes, a deal's start), by class and fields
_MADE: dict[tuple[type[Event], tuple[int | bool | str, ...]], Event] = {}


def _made(cls: type[Event], fields: tuple[int | bool | str, ...]) -> Event:
    """The event ``cls(*fields)``: events are immutable values, so each is made once and shared,
    cheaper than making a frozen dataclass at every bet and deal of a search's rollouts."""
    key = (cls, fields)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= _MADE_KEPT:
            _MADE.clear()
        found = _MADE[key] = cls(*fields)
    return found


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


#: the words said (bets, draws), by (seat, word, amount, all-in): the event and the log's entry,
#: made once and shared (the entries read-only: every view and clone shares them); see _say
_SPOKEN: dict[tuple[int, str, int, bool], tuple[Event, FrozenDict]] = {}


def _spoken(key: tuple[int, str, int, bool]) -> tuple[Event, FrozenDict]:
    if len(_SPOKEN) >= _MADE_KEPT:
        _SPOKEN.clear()
    seat, word, amount, all_in = key
    found = _SPOKEN[key] = (
        Spoke(*key), FrozenDict({"seat": seat, "word": word, "amount": amount, "all_in": all_in}))
    return found


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


_AMOUNT = itemgetter(0)  # a pot's amount
#: pot-fraction menus by (lo, hi, pot, raise limit none); see _menu
_MENUS: dict[tuple[int, int, int, bool], tuple[int, ...]] = {}

_LIST_FIELDS = (
    "chips", "bank", "in_match", "stock", "pool", "undealt", "out_of_play", "draws", "seats",
    "contrib", "rbet", "folded", "needs", "acted_at", "queue", "blind_seats", "blind_amounts",
    "covered", "offers", "drawers", "fourth", "serving",
)
#: a state's ``_LIST_FIELDS``, read off its ``__dict__`` at once (clone copies each)
_LISTS_OF = itemgetter(*_LIST_FIELDS)
