"""The rules of Burraco as a state machine: a whole match, hand after hand.

Phases: ``deal`` (chance: one shuffle), ``draw`` (pesca / raccogli), ``play`` (cala, attacca,
scarta), ``over``. Sides are ids in ``side_of``: seat % 2 with 4 players, the seat itself with 2
and 3; a 3-player pair (phase A) joins the second partner's side into the first one's.
Match totals are kept in half-points so a 3-player pair's halves stay exact.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Final, Self

from mazzo.cards import Card
from mazzo.engine.game import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    IllegalAction,
    State,
    card_token,
    tokens,
)
from mazzo.engine.view_parts import fresh
from mazzo.games.burraco import events as ev
from mazzo.games.burraco import fast_moves, listing
from mazzo.games.burraco.actions import (
    DECK,
    DRAW,
    MAX_MELDS,
    TAKE_PILE,
    Attacca,
    Cala,
    Deal,
    Discard,
    Draw,
    TakePile,
    meld_key,
)
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.hand_index import HandIndex
from mazzo.games.burraco.listing import SideMoves
from mazzo.games.burraco.melds import Meld, attach_options, is_wild, layouts
from mazzo.games.burraco.scoring import (
    hand_tally,
    three_player_vp,
    victory_points,
)
from mazzo.games.burraco.tables import (
    DISCARDED,
    DREW,
    LAID_MELD,
    MELD_TEXT,
)
from mazzo.games.burraco.views import TOKEN, BurracoViewParts

HAND_SIZE: Final = 11
_DECK_SET: Final = frozenset(DECK)
class BurracoState(State):
    config: BurracoConfig

    def __init__(self, game: object, config: BurracoConfig) -> None:
        super().__init__(game, config)  # type: ignore[arg-type]
        n = config.players
        self.preset = config.variant
        self.dealer = n - 1
        self.hand_no = 0
        self.stage = "deal"
        self.player = CHANCE
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(DECK)  # before the first deal every card is in the deck
        self.pile: list[Card] = []
        self.pozzetti: list[list[Card]] = []
        self.side_of: list[int] = self._initial_sides()
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.taken: list[bool] = [False] * n
        self.restricted: Card | None = None
        self.last_turn = False
        self.three_b = False
        self.solo = -1
        self.totals2: list[int] = [0] * n
        self.last_lines: list[list[int]] = []
        self.last_sides: list[list[int]] = []
        #: the melds of each side of ``last_sides`` as the hand closed (public: every meld was
        #: laid face up), kept because scoring the hand clears the table, until the next deal
        self.last_melds: list[list[Meld]] = []
        self.winner_seats: list[int] = []
        self._legal: list[Action] | None = None
        #: per side: what its melds offer the listing, see listing.side_moves
        self._moves_kept: dict[int, SideMoves] = {}
        #: the view parts kept between moves (see ``views``); None until the first view
        self._view_parts: BurracoViewParts | None = None
        #: per seat: its hand as the listing reads it, kept by the moves (see ``hand_index``)
        self._index: list[HandIndex | None] = [None] * n

    def _initial_sides(self) -> list[int]:
        n = self.config.players
        return [s % 2 for s in range(n)] if n == 4 else list(range(n))

    # -- protocol: whose turn --------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def phase(self) -> str:
        return self.stage

    @property
    def hand_number(self) -> int:
        return max(1, self.hand_no)

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.config.players) if self.side_of[s] == side]

    def active_sides(self) -> list[int]:
        return sorted(set(self.side_of))

    # -- chance ----------------------------------------------------------------------------------

    def sample_chance(self, rng: random.Random) -> Action:
        order = list(DECK)
        rng.shuffle(order)
        return Deal(tuple(order))

    def _check_chance(self, action: Action) -> None:
        if not isinstance(action, Deal):
            raise IllegalAction(f"{action} is not a deal; the cards must be shuffled first")
        if len(action.order) != len(DECK) or set(action.order) != _DECK_SET:
            raise IllegalAction("a deal must order each of the 108 cards exactly once")

    def pozzetto_sizes(self) -> list[int]:
        if self.config.players == 3:
            return [HAND_SIZE] * 3 if self.three_b else [18, HAND_SIZE]
        return [HAND_SIZE, HAND_SIZE]

    def _deal(self, order: tuple[Card, ...]) -> None:
        n = self.config.players
        self.hand_no += 1
        at = 0
        self.pozzetti = []
        for size in self.pozzetto_sizes():
            self.pozzetti.append(list(order[at : at + size]))
            at += size
        self.hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            self.hands[(self.dealer + 1 + i) % n].append(order[at + i])
        at += HAND_SIZE * n
        self.pile = [order[at]]
        self.stock = list(order[at + 1 :])
        self.known = [[] for _ in range(n)]
        self.side_of = self._initial_sides()
        self.melds = [[] for _ in range(n)]
        # the last table is shown until this deal only: through a whole hand it would double
        # the size of every view (each seat's frame after every move); the log keeps it
        self.last_melds = []
        self.taken = [False] * n
        self.restricted = None
        self.last_turn = False
        self.solo = -1
        self.player = (self.dealer + 1) % n
        self.stage = "draw"
        sizes = tuple(len(p) for p in self.pozzetti)
        self.events = [ev.HandDealt(self.hand_no, self.dealer, order[at], sizes)]

    # -- legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def check(self, action: Action) -> None:
        """As the engine's, faster for the usual case: the very object the list holds (moves
        are made once and shared) is found by identity, in C, without calling the dataclass
        ``__eq__`` of every move listed before it."""
        if self.player >= 0 and any(map(is_, repeat(action), self.legal_actions())):
            return
        super().check(action)

    def apply(self, action: Action) -> None:
        """The engine's ``apply``, with the usual case checked inline: a move the kept listing
        holds (the very object) is legal; anything else goes through :meth:`check`."""
        legal = self._legal
        if legal is None or self.player < 0 or not any(map(is_, repeat(action), legal)):
            self.check(action)
        previous = self.events
        self.events = []
        try:
            self._apply(action)
        except BaseException:
            self.events = previous  # as the engine's: a UI still shows the last move's events
            raise
        self.history.append(action)

    def random_moves(self, rng: random.Random, stop_hand: int | None, cap: int) -> int:
        """The engine's loop (:meth:`State.random_moves`), played fast without its wrappers by
        :func:`~mazzo.games.burraco.fast_moves.random_moves`: the same moves, draws and state
        after (tests/games/test_random_moves.py plays the two side by side)."""
        return fast_moves.random_moves(self, rng, stop_hand, cap)

    def _compute_legal(self) -> list[Action]:
        """Cala, then attacca, then discard moves, each in a fixed order (see ``tables``)."""
        if self.stage == "draw":
            return [DRAW, TAKE_PILE]
        if self.stage != "play":
            return []
        calas, attaccas, discards = listing.play_lists(self)
        return [*calas, *attaccas, *discards]

    def side_has_burraco(self, side: int, extra: Meld | None = None, replaced: int = -1) -> bool:
        """Whether the side has a burraco (clean one with the option), counting ``extra`` in
        place of meld ``replaced`` (or as a new meld)."""
        clean = self.config.clean_burraco_to_close
        melds = self.melds[side]
        for i, m in enumerate(melds):
            if i != replaced and len(m.cards) >= 7 and not (clean and m.wild):
                return True
        return extra is not None and len(extra.cards) >= 7 and not (clean and extra.wild)

    def _can_close_with(self, c: Card) -> bool:
        return not is_wild(c) and c != self.restricted

    def _leaves_a_finish(
        self, hand: list[Card], used: tuple[Card, ...], new: Meld | None, replaced: int
    ) -> bool:
        """After melding ``used`` the player must still be able to end the turn (§3)."""
        left = len(hand) - len(used)
        side = self.side_of[self.player]
        if left >= 2:
            return True
        if not self.taken[side]:
            if left == 0:
                return True  # al volo
            last = next(c for c in hand if c not in used)
            return last != self.restricted
        if left == 0:
            return False
        last = next(c for c in hand if c not in used)
        return self._can_close_with(last) and self.side_has_burraco(side, new, replaced)

    # -- why an action is illegal ----------------------------------------------------------------

    def _refusal(self, action: Action) -> IllegalAction:
        if self.stage == "draw":
            return IllegalAction(
                f"{action}: first take a card — draw from the stock or take the discard pile",
                "take_first",
            )
        if isinstance(action, Draw | TakePile):
            return IllegalAction(f"{action}: you have already taken this turn; meld or discard",
                                 "already_taken")
        hand = self.hands[self.player]
        side = self.side_of[self.player]
        if isinstance(action, Discard):
            return self._refuse_discard(action.card, hand, side)
        cards = action.cards if isinstance(action, Cala) else (
            (action.card,) if isinstance(action, Attacca) else ()
        )
        missing = [c for c in cards if c not in hand]
        if missing:
            return IllegalAction(f"{action}: {card_token(missing[0])} is not in your hand",
                                 "not_in_hand", {"card": missing[0]})
        if isinstance(action, Cala):
            ordered = meld_key(action.cards)
            if action.cards != ordered:  # only the deck order is a legal (and recorded) meld
                order = " ".join(tokens(ordered))
                return IllegalAction(f"{action}: list the meld's cards in deck order: {order}",
                                     "meld_order", {"order": order})
            return self._refuse_cala(action, side)
        if isinstance(action, Attacca):
            return self._refuse_attacca(action, side)
        return IllegalAction(f"{action} is not a Burraco move", "wrong_phase")

    def _refuse_attacca(self, action: Attacca, side: int) -> IllegalAction:
        if not 0 <= action.meld < len(self.melds[side]):
            return IllegalAction(f"{action}: your side has no meld number {action.meld + 1}",
                                 "no_such_meld", {"meld": action.meld + 1})
        options = attach_options(self.melds[side][action.meld], action.card)
        if not options:
            return IllegalAction(f"{action}: {card_token(action.card)} does not fit that meld",
                                 "does_not_fit", {"card": action.card, "meld": action.meld + 1})
        if action.wild not in options:
            where = ", ".join(str(w) for w in options)
            return IllegalAction(
                f"{action}: after this addition the wild may stand only at: {where}",
                "wild_position", {"where": where},
            )
        return IllegalAction(f"{action}: it would leave you no legal way to end the turn",
                             "no_way_to_end")

    def _refuse_discard(self, c: Card, hand: list[Card], side: int) -> IllegalAction:
        if c not in hand:
            return IllegalAction(f"scarta {card_token(c)}: the card is not in your hand",
                                 "not_in_hand", {"card": c})
        if c == self.restricted:
            return IllegalAction(
                f"scarta {card_token(c)}: you took it as a single-card discard pile and may "
                "not discard it this turn", "restricted_discard", {"card": c},
            )
        if len(hand) == 1 and self.taken[side]:
            if is_wild(c):
                return IllegalAction(
                    f"scarta {card_token(c)}: the closing discard may not be a wild",
                    "wild_closing", {"card": c},
                )
            return IllegalAction(
                "you cannot close: your side needs a burraco (and its pozzetto) first",
                "cannot_close",
            )
        return IllegalAction(f"scarta {card_token(c)} is not legal now", "wrong_phase")

    def _refuse_cala(self, action: Cala, side: int) -> IllegalAction:
        found = [m for m in layouts(action.cards) if m.wild == action.wild or not m.run]
        if not found:
            return IllegalAction(
                f"{action}: not a valid meld (a set or run of three, at most one wild)",
                "invalid_meld",
            )
        if not found[0].run and any(
            not m.run and m.key == found[0].key for m in self.melds[side]
        ):
            return IllegalAction(
                f"{action}: your side already has that set; add the cards to it instead",
                "set_exists",
            )
        return IllegalAction(f"{action}: it would leave you no legal way to end the turn",
                             "no_way_to_end")

    # -- applying --------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self._legal = None
        # the commonest moves first: half of all moves discard, a third draw
        if isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, TakePile):
            self._take_pile()
        elif isinstance(action, Attacca):
            self._attacca(action)
        elif isinstance(action, Cala):
            self._cala(action)
        elif isinstance(action, Deal):
            self._deal(action.order)

    def _draw(self) -> None:
        seat = self.player
        c = self.stock.pop()
        hand = self.hands[seat]
        hand.append(c)
        kept = self._index[seat]
        if kept is not None and kept.hand is hand:
            kept.add(c)
        self.stage = "play"
        self.events = [DREW[(seat, len(self.stock))]]
        if len(self.stock) <= 2:
            self.last_turn = True
            self.events.append(ev.StockExhausted(seat))

    def _take_pile(self, told: bool = True) -> None:
        """Take the pile; ``told``: with the move's event (see :meth:`random_moves`)."""
        seat = self.player
        pile = self.pile
        self.restricted = pile[0] if len(pile) == 1 else None
        hand = self.hands[seat]
        hand.extend(pile)
        kept = self._index[seat]
        if kept is not None and kept.hand is hand:
            if len(pile) == 1:
                kept.add_first(pile[0])
            else:
                for c in pile:
                    kept.add(c)
        self.known[seat].extend(pile)
        self.events = [ev.TookPile(seat, tuple(pile))] if told else []
        self.pile = []
        self.stage = "play"

    def _remove(self, seat: int, cards: tuple[Card, ...]) -> None:
        parts = self._view_parts
        hand = self.hands[seat]
        kept = self._index[seat]
        if kept is not None and kept.hand is not hand:
            kept = None
        for c in cards:
            hand.remove(c)
            if kept is not None:
                kept.remove(c)
            known = c in self.known[seat]
            if known:
                self.known[seat].remove(c)
            if parts is not None:
                parts.took_out(seat, c, known)

    def _cala(self, action: Cala, told: bool = True) -> None:
        """Lay a new meld; ``told``: with the move's event (see :meth:`random_moves`)."""
        seat = self.player
        side = self.side_of[seat]
        meld = LAID_MELD[(action.cards, action.wild)]
        self._remove(seat, action.cards)
        self._moves_follow(side, len(self.melds[side]), meld)
        self.melds[side].append(meld)
        if self._view_parts is not None:
            self._view_parts.melded(side, len(self.melds[side]) - 1, meld)
        if told:
            text = MELD_TEXT[(meld.run, meld.cards, meld.lo, meld.wild, meld.key)]
            self.events = [ev.Melded(seat, len(self.melds[side]) - 1, text)]
        else:
            self.events = []
        self._after_meld()

    def _attacca(self, action: Attacca, told: bool = True) -> None:
        """Add a card to a meld; ``told``: with the move's event (see :meth:`random_moves`)."""
        seat = self.player
        side = self.side_of[seat]
        grown = attach_options(self.melds[side][action.meld], action.card)[action.wild]
        self._remove(seat, (action.card,))
        self._moves_follow(side, action.meld, grown)
        self.melds[side][action.meld] = grown
        if self._view_parts is not None:
            self._view_parts.melded(side, action.meld, grown)
        if told:
            text = MELD_TEXT[(grown.run, grown.cards, grown.lo, grown.wild, grown.key)]
            self.events = [ev.Attached(seat, action.meld, action.card, text)]
        else:
            self.events = []
        self._after_meld()

    def _moves_follow(self, side: int, at: int, meld: Meld) -> None:
        """Before meld ``at`` of ``side`` becomes (or is laid as) ``meld``: its kept moves
        follow, if they were the side's melds' (else the next listing makes them)."""
        kept = self._moves_kept.get(side)
        if kept is not None and kept.melds == self.melds[side]:
            self._moves_kept[side] = kept.with_meld(at, meld)

    def _after_meld(self) -> None:
        if not self.hands[self.player]:
            self._take_pozzetto(self.player, al_volo=True)

    def _take_pozzetto(self, seat: int, al_volo: bool) -> None:
        cards = self.pozzetti.pop(0)
        self.hands[seat] = cards
        self.known[seat] = []
        self.taken[self.side_of[seat]] = True
        self.events.append(ev.PozzettoTaken(seat, len(cards), al_volo))
        if self.config.players == 3 and not self.three_b and self.solo < 0:
            self._pair_up(seat)

    def _pair_up(self, solo: int) -> None:
        """3 players, phase A: the other two become one side and join their melds [S][D]."""
        self.solo = solo
        a, b = (s for s in range(3) if s != solo)
        self.melds[a].extend(self.melds[b])
        self.melds[b] = []
        self.side_of[b] = a
        self.events.append(ev.Paired(solo, (a, b)))

    def _discard(self, c: Card) -> None:
        seat = self.player
        side = self.side_of[seat]
        hand = self.hands[seat]
        hand.remove(c)  # as _remove, inline: half of all moves are discards
        kept = self._index[seat]
        if kept is not None and kept.hand is hand:
            kept.remove(c)
            if self.restricted is not None:
                kept.unrestrict(self.restricted)
        known = self.known[seat]
        was_known = c in known
        if was_known:
            known.remove(c)
        if self._view_parts is not None:
            self._view_parts.took_out(seat, c, was_known)
        self.pile.append(c)
        self.events = [DISCARDED[(seat, c)]]
        self.restricted = None
        if not hand:
            if self.taken[side]:
                self.events.append(ev.Closed(seat))
                self._end_hand(side)
                return
            self._take_pozzetto(seat, al_volo=False)
        if self.last_turn:
            self._end_hand(-1)
            return
        self.player = (seat + 1) % self.config.players
        self.stage = "draw"

    # -- end of a hand and of the match ----------------------------------------------------------

    def side_tally(self, side: int, closer: int = -1) -> list[int]:
        cards = [c for s in self.side_seats(side) for c in self.hands[s]]
        tally = hand_tally(self.melds[side], cards, self.taken[side], side == closer, self.preset)
        return [tally.burraco, tally.closing, tally.melded, tally.in_hand, tally.pozzetto,
                tally.total]

    def _end_hand(self, closer: int) -> None:
        n = self.config.players
        sides = self.active_sides()
        lines = [self.side_tally(side, closer) for side in sides]
        seats = [self.side_seats(side) for side in sides]
        gained = [0] * n
        for members, line in zip(seats, lines, strict=True):
            for s in members:
                # a 3-player pair halves its side score: in half-points that is the total itself
                gained[s] = line[5] if (n == 3 and len(members) == 2) else 2 * line[5]
        for s in range(n):
            self.totals2[s] += gained[s]
        self.last_lines, self.last_sides = lines, seats
        # the sides' own lists: _collect_table below gives the table new ones, so these are
        # never changed again (clones share them)
        self.last_melds = [self.melds[side] for side in sides]
        self.events.append(ev.HandScored(
            self.hand_no, tuple(tuple(m) for m in seats), tuple(tuple(x) for x in lines),
            tuple(g / 2 for g in gained),
        ))
        self.stage = "deal"
        self.player = CHANCE
        self._collect_table()
        if n == 3 and not self.three_b:
            self._check_switch()
        if self._match_over():
            self.stage = "over"
            self.player = TERMINAL
            self.events.append(ev.MatchOver(tuple(self.winner_seats), tuple(self.scores())))
        else:
            self.dealer = (self.dealer + 1) % n

    def _collect_table(self) -> None:
        """Between hands every card goes back to the deck, ready for the next shuffle."""
        cards: list[Card] = [c for h in self.hands for c in h]
        cards += self.pile + [c for p in self.pozzetti for c in p]
        cards += [c for side in self.melds for m in side for c in m.cards]
        self.stock = self.stock + cards
        self.hands = [[] for _ in self.hands]
        self.known = [[] for _ in self.hands]
        self.pile, self.pozzetti = [], []
        self.melds = [[] for _ in self.melds]
        self.restricted = None

    def _check_switch(self) -> None:
        limit = 2 * self.config.switch_target
        reached = [s for s in range(3) if self.totals2[s] >= limit]
        if reached:
            self.three_b = True
            self.events.append(ev.ThreePozzetti(reached[0]))

    def _match_over(self) -> bool:
        cfg = self.config
        totals = self.totals2
        if cfg.hands:
            if self.hand_no < cfg.hands:
                return False
            best = max(totals)
            self.winner_seats = [s for s in range(cfg.players) if totals[s] == best]
            if cfg.uses_vp:
                result = self.returns_now()
                top = max(result)
                self.winner_seats = [s for s in range(cfg.players) if result[s] == top]
            return True
        target2 = 2 * cfg.match_target
        if max(totals) < target2:
            return False
        best = max(totals)
        leaders = [s for s in range(cfg.players) if totals[s] == best]
        if len({self.side_of_seat_final(s) for s in leaders}) > 1:
            return False  # equal highest totals: play another hand
        self.winner_seats = leaders
        return True

    def side_of_seat_final(self, seat: int) -> int:
        return seat % 2 if self.config.players == 4 else seat

    # -- results ---------------------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [t / 2 for t in self.totals2]

    def returns_now(self) -> list[float]:
        cfg = self.config
        pts = self.scores()
        if cfg.uses_vp:
            if cfg.players == 3:
                return [v / 40 for v in three_player_vp(pts, cfg.hands, cfg.vp_table)]
            win, lose = victory_points(pts[0] - pts[1], cfg.hands, cfg.vp_table)
            first = win if pts[0] >= pts[1] else lose
            return [(first if s % 2 == 0 else 20 - first) / 20 for s in range(cfg.players)]
        return [1.0 if s in self.winner_seats else 0.0 for s in range(cfg.players)]

    def returns(self) -> list[float]:
        if self.player != TERMINAL:
            return [0.0] * self.config.players
        return self.returns_now()

    # -- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know. Parts that change rarely (the melds, the hands, the pile,
        the scores) are kept between views and shared, read-only (:mod:`.views`); the rest is
        made fresh and is the caller's. The dict is a copy of the kept frame of the fields that
        change at most once a hand (``BurracoViewParts.frame``: keys in the view's order), with
        the fields a move changes filled in."""
        parts = self._view_parts or BurracoViewParts.of(self)
        view = parts.frame((self.totals2, self.side_of, self.last_sides, self.last_lines,
                            self.last_melds, self.hand_no, self.dealer, self.three_b, self.solo,
                            self.preset, self.config)).copy()
        view["phase"] = self.stage
        view["current_player"] = self.player
        view["seat"] = seat
        view["hand"] = None if seat is None else parts.hand(seat, self.hands[seat])
        view["hand_counts"] = list(map(len, self.hands))
        view["known"] = parts.known(self.known)
        view["melds"], view["running"] = parts.melds(self.melds, self.preset)
        view["pozzetto_taken"] = list(self.taken)
        view["pozzetti"] = list(map(len, self.pozzetti))
        view["pile"] = parts.pile(self.pile)
        view["stock"] = len(self.stock) if self.stage in ("draw", "play") else 0
        view["restricted"] = None if self.restricted is None else TOKEN[self.restricted]
        view["last_turn"] = self.last_turn
        return view

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal what ``seat`` cannot see (others' cards not taken from the pile, the
        pozzetti, the stock), keeping the counts, the cards known from taken piles, and the one
        inference the rules force: a player to meld or discard whose side has its pozzetto and
        who is down to one unknown card was allowed there only because it can close with that
        card (§3), so that card is no wild. It is drawn first, uniformly from the eligible
        cards, so the worlds stay uniform over those keeping what the seat knows."""
        twin = self.clone()
        if self.stage not in ("draw", "play"):
            return twin
        pool: list[Card] = list(twin.stock)
        for p in twin.pozzetti:
            pool.extend(p)
        hidden: list[list[Card]] = []
        for s in range(self.config.players):
            if s == seat:
                hidden.append([])
                continue
            unknown = [c for c in twin.hands[s] if c not in twin.known[s]]
            hidden.append(unknown)
            pool.extend(unknown)
        closer = self._closer_to_keep(seat)
        closing: list[Card] = []
        if closer >= 0:
            closing = [rng.choice([c for c in pool if not is_wild(c)])]
            pool.remove(closing[0])
        rng.shuffle(pool)
        at = 0
        for s in range(self.config.players):
            if s == seat:
                continue
            if s == closer:
                twin.hands[s] = closing
                continue
            k = len(hidden[s])
            twin.hands[s] = list(twin.known[s]) + pool[at : at + k]
            at += k
        for p in twin.pozzetti:
            p[:] = pool[at : at + len(p)]
            at += len(p)
        twin.stock = pool[at:]
        return twin

    def _closer_to_keep(self, seat: int) -> int:
        """The player to meld or discard, if not ``seat``, when its one card is unknown to
        ``seat`` and must be a legal closing card; else -1."""
        p = self.player
        hand = self.hands[p]
        if (self.stage == "play" and p != seat and len(hand) == 1 and not self.known[p]
                and self.taken[self.side_of[p]]):
            return p
        return -1

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin.hands = [list(h) for h in self.hands]
        twin.known = [list(k) for k in self.known]
        twin.stock = list(self.stock)
        twin.pile = list(self.pile)
        twin.pozzetti = [list(p) for p in self.pozzetti]
        twin.side_of = list(self.side_of)
        twin.melds = [list(m) for m in self.melds]
        twin.taken = list(self.taken)
        twin.totals2 = list(self.totals2)
        twin.winner_seats = list(self.winner_seats)
        twin._moves_kept = dict(self._moves_kept)
        twin._legal = None
        fresh(twin)  # a clone's views start afresh
        twin._index = [None] * len(self.hands)  # a clone's hands are new lists
        return twin

    def cards_in_play(self) -> list[Card]:
        cards: list[Card] = [c for h in self.hands for c in h]
        cards += self.stock + self.pile + [c for p in self.pozzetti for c in p]
        cards += [c for side in self.melds for m in side for c in m.cards]
        return cards


# --- helpers -------------------------------------------------------------------------------------


__all__ = ["MAX_MELDS", "BurracoState"]
