"""A seat's view of a poker match: what it may know, built from parts kept between calls
(:mod:`mazzo.engine.view_parts`), each checked at every call against a copy or a stamp of what
it was made from, so that no move has to know about views."""

from __future__ import annotations

from operator import add, not_, or_
from typing import TYPE_CHECKING

from mazzo.cards import RANK_TEXT, TOKEN, Card
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import JSON, TERMINAL
from mazzo.engine.view_parts import ViewParts
from mazzo.games.poker_italiano.actions import BLIND_NAMES

if TYPE_CHECKING:
    from mazzo.games.poker_italiano.state import PokerItalianoState


# the parts of the views kept between calls (see PokerViewParts): copies of what each was built
# from (None: nothing yet), then the read-only parts
TableParts = tuple[list[bool] | None, list[bool] | None, list[int] | None, FrozenList, FrozenList,
               FrozenList]
BlindParts = tuple[list[int] | None, list[bool] | None, list[int] | None, FrozenList]
HeldParts = tuple[list[Card] | None, list[Card] | None, FrozenList, FrozenList]

#: the kept discards of a seat before its draw (see keep_held): never changed
_NO_CARDS: list[Card] = []
_NO_TOKENS = FrozenList()
#: the keys every view has, in their order (see PokerViewParts.frame)
VIEW_KEYS: JSON = dict.fromkeys((
    "phase", "hand_number", "current_player", "scores", "chips", "in_match", "dealer",
    "deck_size", "opening_requirement", "parole", "pot", "carried", "contrib", "round_bets",
    "to_match", "folded", "blinds", "opener", "log", "hand_counts", "draws", "stock",
    "last_hand", "pots",
))
#: a seat's kept cards before its first view
_NO_HELD: HeldParts = (None, None, FrozenList(), FrozenList())
#: a card's token (``tokens``' look-up, mapped without its call)
_token_of = TOKEN.__getitem__
#: the kept last hand's shown hands where none was shown (see keep_result)
_NO_SHOWN = FrozenDict()


class PokerViewParts(ViewParts):
    """A poker state's kept view parts, all checked: each a tuple of copies of what it was
    built from (or a stamp of it: see each), then the read-only parts. :func:`view` compares
    them with the state's at each call (list compares, in C) and rebuilds a part only when a
    move changed them. Each tuple is replaced whole, never changed."""

    __slots__ = ("blinds", "counts", "frame", "hands", "result", "table")

    def __init__(self, state: PokerItalianoState) -> None:
        #: (folded, in_match, seats) → the view's ``in_match``, ``folded`` (folded or out of
        #: the match) and the live seats in order: changed by a fold and by a new deal
        self.table: TableParts = (None, None, None, FrozenList(), FrozenList(), FrozenList())
        #: (blind_seats, covered, blind_amounts) → the view's ``blinds``: changed by a blind or
        #: a cover (before the deal) and by a new deal
        self.blinds: BlindParts = (None, None, None, FrozenList())
        #: (last_result, its read-only copy): a hand's result is built whole when the hand ends
        #: and never changed after (the next one replaces it), so it is found by identity
        self.result: tuple[JSON | None, FrozenDict] = (None, FrozenDict())
        #: (last_result, hand_number) → a dict of the view's keys in their order (a copy of
        #: ``VIEW_KEYS``) with the values that change only from one deal to the next set: the
        #: deal's number, dealer, deck, opening requirement, parole, carried pot, the seats
        #: still in the match and the last hand's result. Those change only when a deal ends
        #: (which replaces ``last_result``) or starts (a new ``hand_number``; the first deal's
        #: dealer too), both found at no cost. Never changed once built: ``view`` hands out
        #: copies
        self.frame: tuple[JSON | None, int, JSON] = (None, -1, VIEW_KEYS)
        #: (stock, its length, the pool's length) → the view's ``hand_counts``: cards come into
        #: a hand or leave it only with the stock or the pool changing (a new deal and the deal
        #: replace the stock list, a draw adds its discards to the pool and takes its cards off
        #: the stock, a reshuffle replaces both; a world's redeal keeps every length), so that
        #: stamp, the stock by identity (kept alive here: no other list can take its id), finds
        #: "unchanged" without a look at the hands (nine views in ten)
        self.counts: tuple[list[Card] | None, int, int, FrozenList] = (
            None, -1, -1, FrozenList())
        #: by seat: (hand, discarded) → the tokens of the sorted hand and of the discards:
        #: changed by the deal and the seat's draw
        self.hands: list[HeldParts] = [_NO_HELD] * len(state.hands)


def _frozen_shown(shown: JSON) -> FrozenDict:
    """``frozen(shown)`` for the shown hands, in the shape ``showdown.showdown`` writes them
    (seat → {"cards": tokens, "category": name}), without ``frozen``'s walk (a Python call and
    two type tests for every token): ~1/5 of its cost, at every showdown a view follows."""
    return FrozenDict({
        seat: FrozenDict({"cards": FrozenList(entry["cards"]), "category": entry["category"]})
        for seat, entry in shown.items()
    })


def view(state: PokerItalianoState, seat: int | None) -> JSON:
    """What ``seat`` (None: a spectator) may know. Every list and dict in it is new at each
    call or shared between calls and read-only (:mod:`mazzo.engine.frozen`): the parts that
    change only now and then (the seats still in, the blinds, each seat's cards, the last
    hand's result, the hands' sizes, the deal's values) are kept between calls in
    :class:`PokerViewParts` (see there) and checked at each call against what they were built from
    or a stamp of it. One function, a little over 60 lines: the kept parts' checks, then every
    key of a view in its order, so a reader finds each key where the view has it."""
    parts = state._view_parts or PokerViewParts.of(state)
    contrib, chips = state.contrib, state.chips
    pot = state.carried + sum(contrib)
    table = parts.table
    if table[0] != state.folded or table[1] != state.in_match or table[2] != state.seats:
        table = keep_table(state, parts)
    blinds = parts.blinds
    if state.blind_seats and (blinds[0] != state.blind_seats or blinds[1] != state.covered
                              or blinds[2] != state.blind_amounts):
        blinds = keep_blinds(state, parts)
    result = parts.result
    if result[0] is not state.last_result:
        result = keep_result(state, parts)
    stock = state.stock
    in_stock = len(stock)
    counts = parts.counts
    if counts[0] is not stock or counts[1] != in_stock or counts[2] != len(state.pool):
        counts = keep_counts(state, parts)
    frame = parts.frame
    if frame[0] is not state.last_result or frame[1] != state.hand_number:
        frame = keep_frame(state, parts, table[3], result[1])
    # the deal's frame (every key in its order, the deal's values set), then the values a
    # move may change stored one by one: a C copy and a store a key cost ~2/3 of a 24-key
    # dict literal on this Python
    out: JSON = frame[2].copy()
    out["phase"] = state.phase_name
    out["current_player"] = state.current_player
    # as scores() (without the bank, 0 but in credit mode); [*x]: no call of list
    out["scores"] = ([*map(float, map(add, chips, state.bank))] if state.config.credit
                     else [*map(float, chips)])
    out["chips"] = [*chips]
    out["pot"] = pot
    out["contrib"] = [*contrib]
    out["round_bets"] = [*state.rbet]
    out["to_match"] = state.level
    out["folded"] = table[4]
    out["blinds"] = blinds[3] if state.blind_seats else []
    out["opener"] = state.opener
    # the entries are made once and shared, read-only (see spoken): only the list is the
    # state's own
    out["log"] = [*state.log]
    out["hand_counts"] = counts[3]
    out["draws"] = [*state.draws]
    out["stock"] = in_stock
    out["pots"] = pots_view(state, pot, table[5]) if pot else []
    if state.current_player >= 0:
        out["mode"] = state.mode or state.phase_name
    if seat is not None:
        out["seat"] = seat
        held = parts.hands[seat]
        if held[0] != state.hands[seat] or held[1] != state.discarded[seat]:
            held = keep_held(state, parts, seat)
        out["hand"] = held[2]
        out["discarded"] = held[3]
    if state.current_player == TERMINAL:
        out["over"] = state.over_reason
    return out


def keep_table(state: PokerItalianoState, parts: PokerViewParts) -> TableParts:
    folded, in_match = state.folded, state.in_match
    # in_match changes only when a seat leaves the match: its copies are kept till then
    kept = parts.table
    seen, shown = kept[1], kept[3]
    if seen != in_match:
        seen, shown = [*in_match], FrozenList(in_match)
    table = parts.table = (
        [*folded], seen, [*state.seats], shown,
        FrozenList(map(or_, folded, map(not_, in_match))),
        FrozenList([s for s in state.seats if not folded[s]]),
    )
    return table


def keep_blinds(state: PokerItalianoState, parts: PokerViewParts) -> BlindParts:
    blinds = parts.blinds = (
        [*state.blind_seats], [*state.covered], [*state.blind_amounts],
        FrozenList([
            FrozenDict({"seat": s, "level": i + 1, "name": BLIND_NAMES[i + 1], "amount": a,
                        "covered": c})
            for i, (s, a, c) in enumerate(
                zip(state.blind_seats, state.blind_amounts, state.covered, strict=True))
        ]),
    )
    return blinds


def keep_result(state: PokerItalianoState,
                parts: PokerViewParts) -> tuple[JSON | None, FrozenDict]:
    result = state.last_result
    if not result:  # no hand over yet
        made = FrozenDict()
    else:  # key by key, in the order a hand's end writes them (see showdown.end_hand); the log's
        # entries are read-only already (see spoken)
        shown = result["shown"]
        made = FrozenDict({
            "winners": FrozenList(result["winners"]), "pot": result["pot"],
            "shown": _frozen_shown(shown) if shown else _NO_SHOWN, "end": result["end"],
            "hand": result["hand"], "log": FrozenList(result["log"]),
        })
    kept = parts.result = (result, made)
    return kept


def keep_frame(state: PokerItalianoState, parts: PokerViewParts, in_match: FrozenList,
               last_hand: FrozenDict) -> tuple[JSON, int, JSON]:
    out = VIEW_KEYS.copy()
    out["hand_number"] = number = state.hand_number
    out["in_match"] = in_match
    out["dealer"] = state.dealer
    out["deck_size"] = state.deck_size
    out["opening_requirement"] = RANK_TEXT[state.min_pair]
    out["parole"] = state.parole
    out["carried"] = state.carried
    out["last_hand"] = last_hand
    frame = parts.frame = (state.last_result, number, out)
    return frame


def keep_counts(state: PokerItalianoState,
                parts: PokerViewParts) -> tuple[list[Card], int, int, FrozenList]:
    stock = state.stock
    counts = parts.counts = (stock, len(stock), len(state.pool),
                                   FrozenList(map(len, state.hands)))
    return counts


def keep_held(state: PokerItalianoState, parts: PokerViewParts, seat: int) -> HeldParts:
    # (half the views rebuild one: each seat's first view of a deal, and after its draw;
    # so the token look-ups by map over the sorted copy, without tokens()'s call and list,
    # and the kept per-seat list set in place)
    hand, discarded = state.hands[seat], state.discarded[seat]
    ordered = [*hand]
    ordered.sort()
    if discarded:
        held = ([*hand], [*discarded], FrozenList(map(_token_of, ordered)),
                FrozenList(map(_token_of, discarded)))
    else:  # before the draw (most rebuilds: each seat's first view of a deal)
        held = ([*hand], _NO_CARDS, FrozenList(map(_token_of, ordered)), _NO_TOKENS)
    parts.hands[seat] = held
    return held


def pots_view(state: PokerItalianoState, pot: int, live: FrozenList) -> list[JSON]:
    """Main and side pots as they stand, what ``side_pots`` gives: several once the live
    seats' contributions differ (mid-round, or somebody all-in). ``pot`` is ``state.pot``
    (not 0) and ``live`` the live seats (read-only), both known to the view. Loops, not
    min/max/sorted: each of those calls costs about a loop over four seats here."""
    contrib = state.contrib
    if len(live) == 2:  # the most frequent (heads-up after the folds): no loop
        a, b = live
        low, high = contrib[a], contrib[b]
        if low == high:
            return [{"amount": pot, "seats": live}]
        top = [b]
        if low > high:
            low, high, top = high, low, [a]
    else:
        if not live:
            return [{"amount": pot, "seats": live}]
        low = high = contrib[live[0]]
        for s in live:
            c = contrib[s]
            if c < low:
                low = c
            elif c > high:
                high = c
        if low == high:  # every live seat put in the same: one pot
            return [{"amount": pot, "seats": live}]
        top = []  # the usual split, two levels: those at the higher one
        for s in live:
            c = contrib[s]
            if c == high:
                top.append(s)
            elif c != low:  # three levels or more (all-in players)
                return side_pots_view(state, pot, live)
    below = 0  # what every seat put in up to the lower level (and the carried pot)
    for c in contrib:
        below += c if c < low else low
    carried = state.carried
    return [{"amount": carried + below, "seats": live},
            {"amount": pot - carried - below, "seats": top}]


def side_pots_view(state: PokerItalianoState, pot: int, live: FrozenList) -> list[JSON]:
    """``pots_view`` with three levels or more: ``side_pots`` by loops (no set, sorted or
    comprehension: each a call as dear as a loop here). A level's pot is what every seat
    put in up to it less what went to the pots below; the last takes the rest of ``pot``
    (the folded chips above every live level), the first the carried pot."""
    contrib = state.contrib
    levels: list[int] = []
    for s in live:
        c = contrib[s]
        if c not in levels:
            levels.append(c)
    levels.sort()
    del levels[-1]  # (the top level's pot takes the rest)
    under = -state.carried  # what the pots below hold; for the first, less the carried pot
    out: list[JSON] = [{"amount": 0, "seats": live}]
    for i, lv in enumerate(levels):
        below = 0
        for c in contrib:
            below += c if c < lv else lv
        out[i]["amount"] = below - under
        under = below
        seats = []
        for s in live:
            if contrib[s] > lv:
                seats.append(s)
        out.append({"amount": 0, "seats": seats})
    out[-1]["amount"] = pot - state.carried - under
    return out
