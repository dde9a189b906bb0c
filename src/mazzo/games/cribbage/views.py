"""A seat's view of a cribbage match: what it may know, built from parts kept between moves
(:mod:`mazzo.engine.view_parts`): one kept view shared by every seat, brought up to date when
the hand moves on, and the tokens of the cards a view shows, kept in step by the moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from mazzo.cards import TOKEN, Card
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import JSON
from mazzo.engine.view_parts import ViewParts

if TYPE_CHECKING:
    from mazzo.games.cribbage.state import CribbageState


#: a card's token (``TOKEN`` is keyed by the interned cards: a lookup matches by identity, a
#: third cheaper than indexing a list by an int subclass)
_token_of = TOKEN.__getitem__

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


def discard_tokens(discards: list[Card]) -> FrozenList:
    """``view()["discards"]`` of a seat that laid ``discards``, shared from ``_DISCARD_TOKENS``."""
    if not discards:
        return _NO_CARDS
    key = tuple(discards)
    found = _DISCARD_TOKENS.get(key)
    if found is None:
        found = _DISCARD_TOKENS[key] = FrozenList(map(_token_of, key))
    return found


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
        self.discards = [*map(discard_tokens, state.discards)]
        if len(hands) == 2:  # two players: written out (a map's set-up costs more)
            self.hands = [_hand_tokens(hands[0]), _hand_tokens(hands[1])]
            # the first view of a hand (the usual maker) finds nothing laid: nothing to map
            l0, l1 = laid
            self.laid = [[*map(_token_of, l0)] if l0 else [], [*map(_token_of, l1)] if l1 else []]
        else:  # a map of a function, not a comprehension (whose frame costs more)
            self.hands = [*map(_hand_tokens, hands)]
            self.laid = [*map(_hand_tokens, laid)]
        self.seq = [*map(_token_of, state.seq)] if state.seq else []


class CribbageViewParts(ViewParts):
    """A cribbage state's kept view parts, kept by the moves: the view but for the seat's own
    keys and what changes at every card of the play (one for every seat and a spectator,
    private: every view is a copy of it), with the crib's size and the phase it shows (checked
    at each view: a discard changes only those), and the tokens of the play."""

    __slots__ = ("crib", "current", "phase", "tokens", "view")

    def __init__(self, state: object) -> None:
        #: the kept view (see :func:`hand_view`); None: to build from the match's parts (a
        #: game's end and the cut for deal, which change them, drop it)
        self.view: JSON | None = None
        #: whether ``view`` shows this hand's parts (its number, dealer, crib, shown); cleared
        #: by every move but a discard, the cut that starts the play and a card of the play
        #: that keeps the play going
        self.current = False
        #: the crib's size and the phase ``view`` shows
        self.crib = -1
        self.phase = ""
        #: the play's tokens, kept in step by the moves (see :class:`_Tokens`); None: to make
        self.tokens: _Tokens | None = None

    def new_hand(self) -> None:
        """After the deal: the hand's parts and the play's tokens are new."""
        self.current = False
        self.tokens = None

    def forget(self) -> None:
        self.view = None
        self.tokens = None


def view(state: CribbageState, seat: int | None) -> JSON:
    """What ``seat`` may know: a copy of the view kept between moves, with the seat's own
    keys and what a card of the play changes set on it. The kept view (private: only its
    copies go out) is made once per game from the match's parts and brought up to date in
    place when the hand moves on (the deal, the discards, the cut, the show: see
    :func:`hand_view`); one serves every seat, so a hand's first views bring it up to date
    once, not once a seat. A view costs one dict copy and the values of the play. Every list
    and dict in it is either new at each call or shared between calls and then read-only
    (:mod:`mazzo.engine.frozen`): the caller may change nothing it did not copy, so no view
    can change another or the state."""
    parts = state._view_parts or CribbageViewParts.of(state)
    phase = state._phase
    kept = parts.view
    # the crib grows only by discards, which keep the phase but for the last one
    if (kept is None or not parts.current or parts.phase != phase
            or (phase == "discard" and parts.crib != len(state.crib))):
        kept = hand_view(state, parts)
    out = kept.copy()
    out["current_player"] = state.current_player
    n = state.n
    board = state.board  # the pegs, partners sharing their side's (as :meth:`view_scores`)
    out["scores"] = [*board] if n != 4 else [board[0], board[1], board[0], board[1]]
    hands = state.hands
    # written out by players (a map or a comprehension costs several times more)
    out["hand_counts"] = (
        [len(hands[0]), len(hands[1])] if n == 2
        else [len(hands[0]), len(hands[1]), len(hands[2])] if n == 3
        else [len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])])
    tokens = parts.tokens or keep_tokens(state, parts)
    if phase != "discard" and phase != "starter":
        # the play's values (from the deal to the cut, the kept view's read-only empty ones)
        out["count"] = state.count
        out["sequence"] = tokens.seq.copy()
        laid = tokens.laid
        out["laid"] = (
            [laid[0].copy(), laid[1].copy()] if n == 2
            else [laid[0].copy(), laid[1].copy(), laid[2].copy()] if n == 3
            else [laid[0].copy(), laid[1].copy(), laid[2].copy(), laid[3].copy()])
        goers = state.goers
        if goers:  # else the kept view's empty, read-only list
            out["go"] = [*goers]
        pend = state.pending
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



def keep_tokens(state: CribbageState, parts: CribbageViewParts) -> _Tokens:
    """The play's tokens, made now and kept in step by the moves until the next deal."""
    made = parts.tokens = _Tokens(state)
    return made



def hand_view(state: CribbageState, parts: CribbageViewParts) -> JSON:
    """Bring the kept view up to date, in place (a new one from the match's parts when there
    is none: the moves that change them, a game's end and the cut for deal, drop it). A new
    hand's parts (hand number, dealer, crib, shown, the last show; ``parts.current`` is cleared by
    :meth:`apply` with every move that changes them) are written in. Within a hand only the
    phase, the starter and the crib's size can change (a discard, the cut): those are set
    again at every update. No caller sees the kept view: views are copies of it."""
    out = parts.view
    if out is None:
        out = parts.view = match_view(state)
        parts.current = False
    if not parts.current:  # every key is there already: the order stays
        out["hand_number"] = state.hand_number
        out["dealer"] = state.dealer
        out["crib"] = FrozenList(map(_token_of, state.crib)) if state.crib_open else None
        out["shown"] = shown_view(state) if state.shown else _NO_SHOWN
        out["last_show"] = (FrozenList(frozen_shows(state.last_show)) if state.last_show
                            else _NO_SHOWN)
        parts.current = True
    crib = len(state.crib)
    phase = state._phase
    out["phase"] = phase
    out["starter"] = _token_of(state.starter) if state.starter is not None else None
    out["crib_count"] = crib
    parts.crib = crib
    parts.phase = phase
    return out



def frozen_shows(shows: Iterable[tuple[int, str, tuple[Card, ...], int]]) -> list[FrozenDict]:
    """Hands and cribs counted (seat, what, cards, points) as the view shows them, read-only."""
    return [FrozenDict(seat=s, what=w, cards=FrozenList(map(_token_of, cs)), points=pts)
            for s, w, cs, pts in shows]


def shown_view(state: CribbageState) -> FrozenList:
    """``view()["shown"]``: the hands and crib counted so far, read-only."""
    shown = frozen_shows(state.shown)
    pend = state.pending
    if pend is not None and pend.what != "peg":
        last = dict(shown[-1])
        last["points"] = None  # the owner must count it himself
        shown[-1] = FrozenDict(last)
    return FrozenList(shown)



def match_view(state: CribbageState) -> JSON:
    """Every key of the view in its order, with the parts that change only when a game ends
    (or the cut for deal is made) set: what a new kept view starts from."""
    n = state.n
    side = state.side
    made: JSON = {
        "phase": None,
        "hand_number": None,
        "game_number": state.game_no,
        "current_player": None,
        "players": n,
        "partnerships": n == 4,
        "target": state.target,
        "skunk_line": (91 if state.target == 121 else 31) if state.nsides == 2 else None,
        "muggins": state.muggins,
        "dealer": None,
        "scores": None,
        "games_won": FrozenList([state.games_won[side[s]] for s in range(n)]),
        "match_points": FrozenList([state.match_points[side[s]] for s in range(n)]),
        "cut_for_deal": FrozenList(map(_token_of, state.cuts)),
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
        "last_show": _NO_SHOWN,
        "pending": None,
        "last_game": state._frozen(state.last_game),
    }
    return made
