"""A seat's view of a novantanove match: what it may know, built from parts kept between moves
(:mod:`mazzo.engine.view_parts`; the moves bring the kept entries up to date in place).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from mazzo.cards import TOKEN, Card
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import JSON, Action
from mazzo.engine.view_parts import ViewParts
from mazzo.games.novantanove.actions import Declare, Reveal
from mazzo.games.novantanove.scoring import DECLARE_PREMIUM, NO_TRUMP
from mazzo.games.novantanove.stages import (
    BID_CARDS,
    BID_STAGE,
    DEAL,
    OFFER_NAME,
    OVER,
    PLAY_STAGE,
    PREMIUM,
    SUIT_TEXT,
)

if TYPE_CHECKING:
    from mazzo.games.novantanove.state import NovantanoveState


#: a card's token
_token_of = TOKEN.__getitem__


class NovantanoveViewParts(ViewParts):
    """A novantanove state's kept view parts (see :func:`view`), kept by the moves: a card
    laid or played brings its hand's entries and the trick up to date, an offer its entries,
    a deal's start or end drops all but the tricks (:meth:`forget`)."""

    __slots__ = ("base", "deal", "hands", "own", "plain", "public", "rows", "trick", "tricks",
                 "tricks_of")

    def __init__(self, state: NovantanoveState) -> None:
        #: how many hands the deal has (each kept per hand)
        self.hands = state.nh
        self.forget()
        #: ``view()["trick"]``'s entries (copied into each view), kept up to date by ``apply``
        self.trick: list[FrozenList] = [*map(_TRICK_ENTRY, state.trick)]
        #: ``view()["tricks"]``: one read-only entry per trick of ``tricks_of`` (``played``),
        #: checked at each view (``tricks_of`` by identity, and the count)
        self.tricks: list[JSON] = []
        self.tricks_of: list[Any] = state.played

    def forget(self) -> None:
        """After a move that may change any part of a view but the tricks and cards held (a
        deal begins or ends)."""
        #: every key of the view in order, with the values that change only between deals
        self.deal: JSON | None = None
        self.forget_stage()

    def forget_stage(self) -> None:
        """After a move that may change any part of a view but the deal's (see ``deal``)."""
        #: ``deal`` with the values that change only between stages (phase, offers) set
        self.base: JSON | None = None
        #: each hand's entry of ``view()["hands"]`` as the other seats see it and as its own
        #: seat sees it, kept up to date by ``apply`` (its cards, its counts); None: to build
        self.public: list[JSON | None] = [None] * self.hands
        self.own: list[JSON | None] = [None] * self.hands
        #: the entries each seat (None: a viewer with no seat) sees, in hand order: the same
        #: dicts as ``own`` and ``public``; a seat not here: to gather
        self.rows: dict[int | None, list[JSON]] = {}
        #: each hand's cards as tokens in a plain list (never handed out: the entries that show
        #: them hold a read-only copy), kept up to date by ``apply`` once an entry shows them
        self.plain: list[list[str] | None] = [None] * self.hands


class _TrickEntries(dict[tuple[int, Card], FrozenList]):
    """``[hand, token]`` of a card played, read-only, made once per (hand, card) and shared."""

    def __missing__(self, played: tuple[int, Card]) -> FrozenList:
        made = self[played] = FrozenList((played[0], _token_of(played[1])))
        return made


_TRICK_ENTRY = _TrickEntries().__getitem__
#: a shared read-only value of the views: no offers yet
_NO_OFFERS = FrozenList()
#: a view's copy of a kept entry
_copy = dict.copy


def _tokens(cards: list[Card]) -> FrozenList:
    """The cards' tokens, read-only (``itemgetter``: no call per card)."""
    if len(cards) > 1:
        return FrozenList(itemgetter(*cards)(TOKEN))
    return FrozenList(map(_token_of, cards))


def _suit_json(suit: int) -> str | None:
    return None if suit == NO_TRUMP else SUIT_TEXT[suit]


def sync_hand(state: NovantanoveState, kept: NovantanoveViewParts, h: int, at: int,
              laid: bool = False) -> None:
    """Bring hand ``h``'s kept entries up to date after it gave up its card at ``at``, in
    place (views copy them): its count and, where an entry shows them, its cards (the
    kept tokens less that card's: cheaper than reading every card's again); ``laid``: the
    card went to its bid: the count is new and, in the hand's own entry, the bid's cards
    (the card added to them) and, once it holds three, its value."""
    own, public, plain = kept.own[h], kept.public[h], kept.plain[h]
    count = len(state.hands[h])
    if plain is not None:  # an entry shows the hand (its own seat's always does)
        del plain[at]
        shown = FrozenList(plain)
        if own is not None:
            own["cards"] = shown
        if public is not None and public["cards"] is not None:
            public["cards"] = shown
    if own is not None:
        own["count"] = count
    if public is not None:
        public["count"] = count
    if laid:  # the bids are laid face down: of its entries, only the hand's own shows it
        bid = state.bids[h]
        size = len(bid)
        if public is not None:
            public["bid_count"] = size
        if own is not None:
            own["bid_count"] = size
            own["bid_cards"] = FrozenList((*own["bid_cards"], _token_of(bid[-1])))
            if size == BID_CARDS:
                own["bid"] = state.bid_of(h)



def sync_tricks(state: NovantanoveState, kept: NovantanoveViewParts, h: int) -> None:
    """Bring hand ``h``'s kept entries up to date after it won a trick, in place."""
    won, own, public = state.tricks_won[h], kept.own[h], kept.public[h]
    if own is not None:
        own["tricks"] = won
    if public is not None:
        public["tricks"] = won



def forget_offered(state: NovantanoveState, kept: NovantanoveViewParts, seat: int,
                   action: Action) -> None:
    """Bring the kept view parts up to date after an offer, in place (views copy them): the
    offers dropped, the offer written into the kept entries it changes and, once the play
    begins, what it shows written into the other seats' entries. An offer changes nothing
    else in an entry, and the play's start only what it exposes (a seat's own entry shows
    its hand and bid already), so the entries need not be built again."""
    kept.base = None
    if isinstance(action, Reveal):  # withdraws every declare: each entry's offer is new
        premium = state.premium
        for entries in (kept.own, kept.public):
            for h, entry in enumerate(entries):
                if entry is not None:
                    entry["offer"] = OFFER_NAME[premium[h]] if premium[h] else None
    elif isinstance(action, Declare):  # the seat's entries say so (a pass changes nothing)
        for entry in (kept.own[seat], kept.public[seat]):
            if entry is not None:
                entry["offer"] = OFFER_NAME[DECLARE_PREMIUM]
    if state.stage == PLAY_STAGE:
        show_exposed(state, kept)



def show_exposed(state: NovantanoveState, kept: NovantanoveViewParts) -> None:
    """At the play's start, write the bids and hands it exposes into the kept entries the
    other seats see (as :func:`public_entry` would show them now)."""
    exposed_bid, exposed_hand = state.exposed_bid, state.exposed_hand
    for h, entry in enumerate(kept.public):
        if entry is None:
            continue
        if exposed_bid[h]:
            bid = state.bids[h]
            entry["bid_cards"] = _tokens(bid)
            if len(bid) == BID_CARDS:
                entry["bid"] = state.bid_of(h)
        if exposed_hand[h]:
            entry["cards"] = shown_tokens(state, kept, h)



def view(state: NovantanoveState, seat: int | None) -> JSON:
    """What ``seat`` may know, assembled from parts kept between moves: the keys that change
    only between deals (scores, trumps, the games), those that change only between stages
    (the phase, the offers), each hand's entry and the current trick's entries (kept up to
    date by ``apply`` as cards are laid and played, so a view only copies them) and the
    deal's finished tricks (added as they are won). Every list and dict in it is either new
    at each call or shared between calls and then read-only (:mod:`mazzo.engine.frozen`):
    the caller may change nothing it did not copy, so no view can change another or the
    state."""
    kept = state._view_parts or NovantanoveViewParts.of(state)
    out = (kept.base or keep_stage_view(state, kept)).copy()
    out["seat"] = seat
    playing = state.stage == PLAY_STAGE
    if playing:
        mover = state.seq[len(state.trick)]  # (seat, hand): the current player, the hand
        out["current_player"] = mover[0]
    elif state.stage == BID_STAGE or state.stage == PREMIUM:
        out["current_player"] = state.order[state.turn]
    else:
        out["current_player"] = state.current_player
    # a copy of each hand's kept entry (the seat's own, or the one every other seat sees)
    entries = [*map(_copy, kept.rows.get(seat) or keep_row(state, kept, seat))]
    if seat is not None:
        out["hand"] = entries[seat]["cards"]
    out["hands"] = entries
    out["trick"] = [*kept.trick]
    tricks = kept.tricks
    if kept.tricks_of is state.played and len(tricks) == len(state.played):
        out["tricks"] = [*tricks]
    else:
        out["tricks"] = tricks_json(state, kept)
    if playing:
        out["playing_hand"] = mover[1]
        out["controller"] = state.controller if state.dummy >= 0 else None
    return out



def keep_stage_view(state: NovantanoveState, kept: NovantanoveViewParts) -> JSON:
    """Build and keep the view's keys in their order with the parts that change only
    between stages set; those :meth:`view` sets at each call are None."""
    base = (kept.deal or keep_deal_view(state, kept)).copy()
    base["phase"] = state.stage
    if state.offers:
        base["offers"] = FrozenList(map(FrozenList, state.offers))
    kept.base = base
    return base



def keep_deal_view(state: NovantanoveState, kept: NovantanoveViewParts) -> JSON:
    """Build and keep every key of the view in its order with the parts that change only
    when a deal begins or ends set (:meth:`_apply` drops it then)."""
    dealt = state.deal_no > 0
    made: JSON = {
        "game": "novantanove",
        "seat": None,
        "players": state.n,
        "phase": None,
        "hand_number": state.hand_number,
        "game_number": state.game_number,
        "current_player": None,
        "dealer": state.dealer,
        "trump": _suit_json(state.trump) if dealt else None,
        "turn_up": _token_of(state.turn_up) if state.turn_up is not None else None,
        "tricks_per_deal": state.config.tricks,
        "target": state.config.target,
        "scores": FrozenList(state.scores()),
        "game_scores": FrozenList(state.game_scores[: state.n]),
        "games_won": FrozenList(state.games_won),
        "dummy_score": state.game_scores[state.dummy] if state.dummy >= 0 else None,
        "hand": None,
        "hands": None,
        "offers": _NO_OFFERS,
        "trick": None,
        "tricks": None,
        "last_deal": state.last_deal,
        "games": FrozenList([state._frozen(entry) for entry in state.games]),
    }
    kept.deal = made
    return made



def keep_row(state: NovantanoveState, kept: NovantanoveViewParts, seat: int | None) -> list[JSON]:
    """Gather (building those missing) and keep the entries ``seat`` sees, in hand order:
    its own entry, every other hand's as any other seat sees it."""
    row = []
    public = kept.public
    for h in range(state.nh):
        entry = public[h] or public_entry(state, kept, h)
        if h == seat:
            entry = kept.own[h] or own_entry(state, kept, h, entry)
        row.append(entry)
    kept.rows[seat] = row
    return row



def public_entry(state: NovantanoveState, kept: NovantanoveViewParts, h: int) -> JSON:
    """Build and keep hand ``h``'s entry as the seats other than its own see it (``cards``:
    whether seen, not which)."""
    bid = state.bids[h]
    stage = state.stage
    premium = state.premium[h]
    # hand_visible and bid_visible, for a seat not the hand's, inline
    shown = stage == PLAY_STAGE and state.exposed_hand[h]
    bid_shown = state.deal_no > 0 and (state.exposed_bid[h] or stage in (DEAL, OVER))
    entry = kept.public[h] = {
        "hand": h,
        "dummy": h == state.dummy,
        "cards": shown_tokens(state, kept, h) if shown else None,
        "count": len(state.hands[h]),
        "bid_cards": _tokens(bid) if bid_shown else None,
        "bid_count": len(bid),
        "bid": state.bid_of(h) if bid_shown and len(bid) == BID_CARDS else None,
        "tricks": state.tricks_won[h],
        "offer": OFFER_NAME[premium] if premium else None,
        "game_score": state.game_scores[h],
    }
    return entry



def own_entry(state: NovantanoveState, kept: NovantanoveViewParts, h: int, public: JSON) -> JSON:
    """Build and keep hand ``h``'s entry as its own seat sees it: the public entry with the
    hand's cards and, once dealt, its bid shown."""
    entry = kept.own[h] = public.copy()
    entry["cards"] = public["cards"] or shown_tokens(state, kept, h)
    if state.deal_no > 0 and public["bid_cards"] is None:
        bid = state.bids[h]
        entry["bid_cards"] = _tokens(bid)
        if len(bid) == BID_CARDS:
            entry["bid"] = state.bid_of(h)
    return entry



def shown_tokens(state: NovantanoveState, kept: NovantanoveViewParts, h: int) -> FrozenList:
    """Hand ``h``'s cards as read-only tokens for an entry that shows them, from the plain
    tokens kept for the hand (read now if none are; :func:`sync_hand` keeps them)."""
    plain = kept.plain[h]
    if plain is None:
        plain = kept.plain[h] = [*map(_token_of, state.hands[h])]
    return FrozenList(plain)



def tricks_json(state: NovantanoveState, kept: NovantanoveViewParts) -> list[JSON]:
    """``view()["tricks"]``, a new list of the shared entries (one per finished trick)."""
    played, cache = state.played, kept.tricks
    if kept.tricks_of is not played or len(cache) > len(played):
        cache = kept.tricks = []  # a new deal (or a new list put in): start again
        kept.tricks_of = played
    for lead, cards, winner in played[len(cache):]:
        cache.append(FrozenDict(leader=lead, cards=FrozenList(map(_TRICK_ENTRY, cards)),
                                winner=winner))
    return list(cache)
