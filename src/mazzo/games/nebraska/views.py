"""A seat's view of a Nebraska match: what it may know, assembled on a copy of the parts kept
between moves (:mod:`mazzo.engine.view_parts`): the keys that change only between rounds, kept
from one bid to the next and brought up to date by the moves that change them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from mazzo.cards import TOKEN, Card
from mazzo.engine.frozen import FrozenList
from mazzo.engine.game import JSON, TERMINAL
from mazzo.engine.view_parts import ViewParts
from mazzo.games.nebraska.config import NebraskaConfig

if TYPE_CHECKING:
    from mazzo.games.nebraska.state import NebraskaState

_token_of = TOKEN.__getitem__
#: the same, for a round's bids once every seat has bid (none is None then): typed once here,
#: not by a ``cast`` call at each use
_bid_token_of = cast("Callable[[Card | None], str]", TOKEN.__getitem__)


class NebraskaViewParts(ViewParts):
    """A Nebraska state's kept view parts, kept by the moves: a bid changes none (but the
    round's last, which turns every bid face up: :func:`bids_shown`), a decision that leaves
    the hand going brings them up to date (:func:`next_round`), every other move drops them."""

    __slots__ = ("base", "bidding")

    def __init__(self, state: Any) -> None:
        #: the view's keys with the parts that change only between rounds; None: to build
        self.base: JSON | None = None
        #: with ``base``, in a round (bid, decide): by seat to bid, the bids and hand sizes the
        #: table sees (:func:`bidding_round`); made with ``base`` and kept up to date with it
        #: (a promotion makes hands a card smaller, a rejection does not)
        self.bidding: list[tuple[FrozenList, FrozenList]] = []

    def forget(self) -> None:
        self.base = None


def view(state: NebraskaState, seat: int | None) -> JSON:
    """What ``seat`` may know, assembled on a copy of the parts that change only between
    rounds (kept from one bid to the next: the table, the scores, the last hand). Every list
    and dict in it is either new at each call or shared between calls and then read-only
    (:mod:`mazzo.engine.frozen`): the caller may change nothing it did not copy, so no view
    can change another or the state."""
    parts = state._view_parts or NebraskaViewParts.of(state)
    base = parts.base
    if base is None:
        base = parts.base = round_view(state, parts)
    out = base.copy()
    out["seat"] = seat
    to_act = state.to_act
    out["current_player"] = TERMINAL if state.finished else to_act
    if seat is not None:
        out["hand"] = list(map(_token_of, state.hands[seat]))
        received = state.received[seat]  # empty but after a rejection
        out["received"] = list(map(_token_of, received)) if received else []
    stage = state.stage
    bids: list[str | bool | None]
    if stage == "bid":
        # the bidding goes round from the dealer's left: the seats before the one to bid
        # have bid, and hold one card fewer than the others (every hand is as large when a
        # round begins); both lists come shared and read-only from the round's table
        bids, out["hand_sizes"] = parts.bidding[to_act]
    else:
        out["hand_sizes"] = list(map(len, state.hands))
        if stage == "decide":  # every bid face up (in the kept part)
            return out
        bids = [None if c is None else True for c in state.bids]
    own = state.bids[seat] if seat is not None else None
    if own is None or seat is None:
        out["bids"] = bids
    else:  # a seat sees its own bid; the others' are still face down
        mine: list[str | bool | None] = list(bids)
        mine[seat] = _token_of(own)
        out["bids"] = mine
    return out


def bids_shown(state: NebraskaState, parts: NebraskaViewParts) -> None:
    """After a round's last bid: every bid face up, the decider named; the rest of the table
    stays. The kept dict is private (views are copies of it): set in place."""
    base = parts.base
    if base is None:
        return
    base["phase"] = state.stage
    base["bids"] = FrozenList(map(_bid_token_of, state.bids))
    base["decider"] = state.decider


def next_round(state: NebraskaState, parts: NebraskaViewParts, promoted: bool) -> None:
    """Bring the kept part of the view up to date, in place (it is private: views are copies
    of it), after a decision that did not end the hand: the candidate went to the common
    cards or the rejected ones, every bid to its seat's spent bids. The kept part still
    shows the round decided (its candidate, every bid face up): the new lists are the old
    ones with those tokens added, as ``NebraskaState._decide`` adds the cards."""
    out = parts.base
    if out is None:
        return
    candidate = out["candidate"]
    if promoted:
        out["common"] = FrozenList(out["common"] + [candidate])
        dealer = state.dealer  # bids last: holds as many cards as each seat as a round begins
        parts.bidding = bidding_round(state.config.players, dealer, len(state.hands[dealer]))
    else:  # each seat got a card for its bid: the hand sizes, and the round's table, stay
        out["rejected"] = FrozenList(out["rejected"] + [candidate])
    out["spent_bids"] = FrozenList(map(_with_bid, out["spent_bids"], out["bids"]))
    out["phase"] = state.stage
    out["stock"] = len(state.stock)
    out["candidate"] = _token_of(state.candidate) if state.candidate is not None else None
    out["bids"] = out["decider"] = None


def round_view(state: NebraskaState, parts: NebraskaViewParts) -> JSON:
    """Every key of the view in its order, with what changes only between rounds (and the
    round's bidding table, ``parts.bidding``, which a rejection keeps for the next round)."""
    cfg = state.config
    n = cfg.players
    stage = state.stage
    all_bid = stage == "decide"
    dealer = state.dealer
    if stage == "bid" or all_bid:  # the round's table; the dealer bids last, so it holds
        # as many cards as every seat held as the round began, less the bid once all bid
        parts.bidding = bidding_round(n, dealer, len(state.hands[dealer]) + all_bid)
    spent = state.spent
    if spent[0]:  # every seat bids in every round: a hand's rounds are under way
        common: FrozenList = FrozenList(map(_token_of, state.common))
        rejected: FrozenList = FrozenList(map(_token_of, state.rejected))
        spent_bids = FrozenList([FrozenList(map(_token_of, b)) for b in spent])
    else:  # as a hand begins (a view's first build in most hands), or between hands
        common, rejected, spent_bids = _NO_CARDS[n]
    return {
        "game": "nebraska",
        "seat": None,
        "players": n,
        "variant": cfg.variant,
        "target": cfg.match_target,
        "hands_to_play": cfg.hands,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": dealer,
        "current_player": None,
        "scores": FrozenList(state.totals),
        "hand": None,
        "received": None,
        "hand_sizes": None,
        "stock": len(state.stock),
        "candidate": _token_of(state.candidate) if state.candidate is not None else None,
        "common": common,
        "rejected": rejected,
        "spent_bids": spent_bids,
        "bids": FrozenList(map(_bid_token_of, state.bids)) if all_bid else None,
        "decider": state.decider if all_bid else None,
        "suit_order": _suit_order_view(cfg.suit_order),
        "ace_low_in_runs": cfg.ace_low_in_runs,
        "last_hand": state.last_hand,
    }


#: by (players, dealer, each hand's size as the round began): by seat to bid, the bids as the
#: table sees them and the hand sizes (:func:`bidding_round`)
_BIDDING_ROUNDS: dict[tuple[int, int, int], list[tuple[FrozenList, FrozenList]]] = {}


def bidding_round(players: int, dealer: int, size: int) -> list[tuple[FrozenList, FrozenList]]:
    """A bid round's ``view()["bids"]`` as a seat that has not bid sees it (True: a bid face
    down) and ``view()["hand_sizes"]``, by seat to bid: the seats from the dealer's left up to
    it have bid, and hold ``size - 1`` cards. Read-only, made once per key: a view looks its
    pair up by the seat to bid."""
    key = (players, dealer, size)
    found = _BIDDING_ROUNDS.get(key)
    if found is None:
        found = _BIDDING_ROUNDS[key] = []
        for to_bid in range(players):
            done = (to_bid - dealer - 1) % players  # seats that have bid this round
            have_bid = [(seat - dealer - 1) % players < done for seat in range(players)]
            found.append((FrozenList([True if bid else None for bid in have_bid]),
                          FrozenList([size - 1 if bid else size for bid in have_bid])))
    return found


def _with_bid(spent: FrozenList, bid: str) -> FrozenList:
    """A seat's spent bids as the views show them, with the round's ``bid`` added. (Mapped
    over the seats: ``zip(..., strict=True)`` alone cost a quarter of a round's view upkeep.)"""
    return FrozenList(spent + [bid])


#: by player count, the common, rejected and spent cards of a view before the first round ends
#: (read-only, shared by all views; distinct lists, as copies of one view must not alias)
_NO_CARDS: dict[int, tuple[FrozenList, FrozenList, FrozenList]] = {
    n: (FrozenList(), FrozenList(), FrozenList([FrozenList() for _ in range(n)]))
    for n in NebraskaConfig.player_counts
}

#: a suit order as the views show it, by suit order (read-only, shared by every match's views)
_SUIT_ORDERS: dict[tuple[str, ...], FrozenList] = {}


def _suit_order_view(suit_order: tuple[str, ...]) -> FrozenList:
    found = _SUIT_ORDERS.get(suit_order)
    if found is None:
        found = _SUIT_ORDERS[suit_order] = FrozenList(suit_order)
    return found
