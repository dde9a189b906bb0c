"""The parts of a Burraco view kept between moves, read-only and shared by later views.

A view is built before every decision (the server sends one to every seat after each move, an RL
environment encodes one per step), yet most of it changes rarely: the melds change in one move out
of five, a seat's hand only when that seat moves, the scores once a hand.
:class:`BurracoViewParts` keeps each part with a plain copy of the state's data it was made from
(the checked parts of :mod:`mazzo.engine.view_parts`); a view compares the data with that copy
(a C-level list comparison: melds and cards compare by identity first) and gives the same
read-only part again while they are equal, so a part set directly on the state (as tests do) is
never shown stale. The parts are :class:`~mazzo.engine.frozen.FrozenList` and
:class:`~mazzo.engine.frozen.FrozenDict`: no caller can change what a later view will say.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import is_
from typing import Any, Final

from mazzo.cards import Card
from mazzo.engine.frozen import FrozenDict, FrozenList
from mazzo.engine.game import JSON, card_token
from mazzo.engine.view_parts import ViewParts
from mazzo.games.burraco.actions import DECK
from mazzo.games.burraco.melds import Meld
from mazzo.games.burraco.scoring import BURRACO_POINTS, VALUES, meld_type
from mazzo.games.burraco.tables import MELD_TEXT

#: display order of every card: by suit, then rank, twins together, jokers last (type, then
#: copy: copies are 0..3), looked up rather than computed, views sort hands at every move
_DISPLAY_ORDER: Final = {c: (int(c) & 0xFF) * 4 + (int(c) >> 8) for c in DECK}
TOKEN: Final = {c: card_token(c) for c in DECK}
#: the lookups views use at every call, bound once (no Python-level call per card)
TOKEN_OF: Final = TOKEN.__getitem__
DISPLAY_KEY: Final = _DISPLAY_ORDER.__getitem__
_TYPE_BITS: Final = 0xFF  # a card's type: the card without its copy


#: every card's display position, and the token at each position (tokens are one per card:
#: copies differ)
_IN_ORDER: Final = sorted(DECK, key=DISPLAY_KEY)
_DISPLAY_AT: Final = {c: i for i, c in enumerate(_IN_ORDER)}
_AT_OF_TOKEN: Final = {TOKEN[c]: i for i, c in enumerate(_IN_ORDER)}


def display_tokens(cards: list[Card]) -> FrozenList:
    """The tokens of ``cards`` in display order, read-only."""
    return FrozenList(map(TOKEN_OF, sorted(cards, key=DISPLAY_KEY)))


MeldInfo = tuple[tuple[str, ...], str, str | None, int]
_MELD_INFO: dict[tuple[bool, tuple[Card, ...], int, int, str], MeldInfo] = {}
_MELD_JSON: dict[tuple[bool, tuple[Card, ...], int, int, str], FrozenDict] = {}
#: the most melds either cache keeps before it starts again (a long search meets many)
_KEPT: Final = 200_000
#: fewer JSON melds (two tracked containers each, which the garbage collector walks): only the
#: melds on the table are looked up again
_KEPT_JSON: Final = 20_000


def meld_info(m: Meld, preset: str) -> MeldInfo:
    """Tokens, table text, burraco type and points of a meld (melds are immutable: cached by
    their fields, which hash in C, where the dataclass hashes in Python)."""
    key = (m.run, m.cards, m.lo, m.wild, preset)
    found = _MELD_INFO.get(key)
    if found is None:
        if len(_MELD_INFO) > _KEPT:
            _MELD_INFO.clear()
        kind = meld_type(m, preset)
        # in C: each card's type (``c & 0xFF``), its value, the token
        values = map(VALUES[preset].__getitem__, map(_TYPE_BITS.__and__, m.cards))
        points = BURRACO_POINTS.get(kind or "", 0) + sum(values)
        # the table text the meld's cala or attacca event already made (``tables.MELD_TEXT``)
        text = MELD_TEXT[(m.run, m.cards, m.lo, m.wild, m.key)]
        found = (tuple(map(TOKEN_OF, m.cards)), text, kind, points)
        _MELD_INFO[key] = found
    return found


def meld_json(m: Meld, preset: str) -> FrozenDict:
    """A meld as a view shows it, read-only and made once per meld."""
    key = (m.run, m.cards, m.lo, m.wild, preset)
    found = _MELD_JSON.get(key)
    if found is None:
        if len(_MELD_JSON) > _KEPT_JSON:
            _MELD_JSON.clear()
        tokens, text, kind, _ = meld_info(m, preset)
        found = FrozenDict({"cards": FrozenList(tokens), "run": m.run, "lo": m.lo, "wild": m.wild,
                            "burraco": kind, "text": text})
        _MELD_JSON[key] = found
    return found


def _same(was: list[Meld], now: list[Meld]) -> bool:
    """The same meld objects (a meld is immutable: the same object, the same meld), compared
    without the dataclass's Python-level ``__eq__``."""
    return len(was) == len(now) and all(map(is_, was, now))


def _grown_side(was: list[Meld], was_json: FrozenList, was_points: int, side: list[Meld],
                preset: str) -> tuple[FrozenList, int]:
    """A side's melds as JSON and their points, from those of the melds it had (``was``, no
    more than it has now): only the melds replaced (a card attached) or added (a new meld) are
    looked up; the rest are the same objects, so the same JSON."""
    out = list(was_json)
    points = was_points
    kept = len(was)
    for j, m in enumerate(side):
        if j < kept:
            if was[j] is m:
                continue
            points -= meld_info(was[j], preset)[3]
            out[j] = meld_json(m, preset)
        else:
            out.append(meld_json(m, preset))
        points += meld_info(m, preset)[3]
    return FrozenList(out), points


#: what a view's once-a-hand fields are made from (``BurracoViewParts.frame``): the state's
#: ``totals2``, ``side_of``, ``last_sides``, ``last_lines``, ``last_melds``, ``hand_no``,
#: ``dealer``, ``three_b``, ``solo``, ``preset`` and ``config``
FrameData = tuple[list[int], list[int], list[list[int]], list[list[int]], list[list[Meld]], int,
                  int, bool, int, str, Any]


def meld_points(m: Meld, preset: str) -> int:
    return meld_info(m, preset)[3]


def _with_token(tokens: FrozenList, c: Card) -> FrozenList:
    """``tokens`` (in display order) with the token of ``c`` put in its place."""
    at = _DISPLAY_AT[c]
    place = bisect_left(tokens, at, key=_AT_OF_TOKEN.__getitem__)
    return FrozenList([*tokens[:place], TOKEN[c], *tokens[place:]])


def _without_token(tokens: FrozenList, c: Card) -> FrozenList:
    """``tokens`` less the token of ``c`` (which it holds: tokens are one per card)."""
    at = tokens.index(TOKEN[c])
    return FrozenList([*tokens[:at], *tokens[at + 1:]])


class BurracoViewParts(ViewParts):
    """One state's kept view parts, each checked: kept with a copy of the data it was made
    from. The moves that know what changed (a card out of a hand, a meld laid or grown) bring
    two of them up to date at once (:meth:`took_out`, :meth:`melded`), cheaper than the view
    finding the change; the view still checks them."""

    __slots__ = ("_frame", "_hands", "_known", "_last_hand", "_melds", "_pile", "_scores",
                 "_sides")

    def __init__(self, state: Any) -> None:
        seats = len(state.hands)
        self._hands: list[tuple[list[Card] | None, FrozenList]] = [(None, FrozenList())] * seats
        self._pile: tuple[list[Card] | None, FrozenList] = (None, FrozenList())
        self._known: tuple[list[list[Card]] | None, FrozenList] = (None, FrozenList())
        self._melds: tuple[list[list[Meld]] | None, FrozenList, FrozenList, str] = (
            None, FrozenList(), FrozenList(), "")
        self._scores: tuple[list[int] | None, FrozenList] = (None, FrozenList())
        self._sides: tuple[list[int] | None, FrozenList, FrozenList] = (
            None, FrozenList(), FrozenList())
        self._last_hand: tuple[list[list[int]] | None, list[list[int]] | None,
                               list[list[Meld]] | None, str, FrozenDict] = (
            None, None, None, "", FrozenDict())
        self._frame: tuple[FrameData | None, JSON] = (None, {})

    def hand(self, seat: int, cards: list[Card]) -> FrozenList:
        """The tokens of a seat's hand in display order (kept per seat: a hand changes only
        when its seat moves)."""
        made_from, kept = self._hands[seat]
        if made_from != cards:
            if made_from is not None and len(cards) == len(made_from) + 1 and (
                    cards[:-1] == made_from):  # a card drawn: put its token in its place
                kept = _with_token(kept, cards[-1])
            else:
                kept = display_tokens(cards)
            self._hands[seat] = (list(cards), kept)
        return kept

    def took_out(self, seat: int, c: Card, known: bool) -> None:
        """Card ``c`` left ``seat``'s hand (and its known cards, if ``known``): the kept tokens
        follow at once, a slice around the card instead of a sort of the hand at the next view
        (the move knows which card went; the view would have to find it). Called by the moves
        once a view made the parts; the view still checks them against the state."""
        made_from, kept = self._hands[seat]
        if made_from is not None and c in made_from:
            made_from.remove(c)
            self._hands[seat] = (made_from, _without_token(kept, c))
        if known:
            was, kept_known = self._known
            if was is not None and c in was[seat]:
                was[seat].remove(c)
                tokens = list(kept_known)
                tokens[seat] = _without_token(tokens[seat], c)
                self._known = (was, FrozenList(tokens))

    def pile(self, cards: list[Card]) -> FrozenList:
        """The discard pile's tokens, bottom first."""
        made_from, kept = self._pile
        if made_from != cards:
            kept = FrozenList(map(TOKEN_OF, cards))
            self._pile = (list(cards), kept)
        return kept

    def known(self, known: list[list[Card]]) -> FrozenList:
        """The tokens of each seat's cards known to all (taken with the pile), display order;
        remade only for the seats whose cards changed."""
        made_from, kept = self._known
        if made_from != known:
            if made_from is None or len(made_from) != len(known):
                kept = FrozenList(map(display_tokens, known))
            else:
                kept = FrozenList([
                    was_tokens if was == now else display_tokens(now)
                    for was, now, was_tokens in zip(made_from, known, kept, strict=True)
                ])
            self._known = ([list(k) for k in known], kept)
        return kept

    def melds(self, melds: list[list[Meld]], preset: str) -> tuple[FrozenList, FrozenList]:
        """Every side's melds as JSON, and their running points; remade only for the sides
        whose melds changed (the melds themselves are immutable and cached as JSON); all of
        them when the scoring preset changed (it sets the points)."""
        made_from, as_json, running, made_for = self._melds
        if made_for != preset:
            made_from = None
        if made_from != melds:
            old = made_from if made_from is not None and len(made_from) == len(melds) else None
            sides_json: list[FrozenList] = []
            points: list[int] = []
            for i, side in enumerate(melds):
                if old is not None and _same(old[i], side):
                    sides_json.append(as_json[i])
                    points.append(running[i])
                elif old is not None and len(side) >= len(old[i]):
                    side_json, side_points = _grown_side(old[i], as_json[i], running[i], side,
                                                         preset)
                    sides_json.append(side_json)
                    points.append(side_points)
                else:
                    sides_json.append(FrozenList(meld_json(m, preset) for m in side))
                    points.append(sum(meld_info(m, preset)[3] for m in side))
            as_json, running = FrozenList(sides_json), FrozenList(points)
            self._melds = ([list(side) for side in melds], as_json, running, preset)
        return as_json, running

    def melded(self, side: int, at: int, meld: Meld) -> None:
        """Meld ``at`` of ``side`` became ``meld`` (a card attached), or ``meld`` was laid as
        the side's meld ``at`` (a cala): the kept JSON and running points follow at once, as in
        :meth:`took_out` (the view still checks them against the state's melds)."""
        made_from, as_json, running, preset = self._melds
        if made_from is None or side >= len(made_from):
            return
        kept = made_from[side]
        side_json = list(as_json[side])
        points = running[side] + meld_info(meld, preset)[3]
        if at < len(kept):
            points -= meld_info(kept[at], preset)[3]
            kept[at] = meld
            side_json[at] = meld_json(meld, preset)
        elif at == len(kept):
            kept.append(meld)
            side_json.append(meld_json(meld, preset))
        else:  # melds changed unseen since the parts were made: the next view makes them
            return
        sides = list(as_json)
        sides[side] = FrozenList(side_json)
        totals = list(running)
        totals[side] = points
        self._melds = (made_from, FrozenList(sides), FrozenList(totals), preset)

    def frame(self, now: FrameData) -> JSON:
        """The view's fields that change at most once a hand, in the view's key order, with a
        ``None`` in place of each field a move changes (:meth:`BurracoState.view` copies it and
        fills those in): the config's, the hand's number and dealer, the scores, the sides, the
        last hand's result, the 3-player phase. Kept with a copy of ``now``, the data it was
        made from, and checked against it in one tuple comparison (in C)."""
        made_from, kept = self._frame
        if made_from != now:
            totals2, side_of, last_sides, last_lines, last_melds, hand_no, dealer, three_b, solo, \
                preset, config = now
            side_of_json, sides = self.sides(side_of)
            kept = {
                "phase": None, "hand_number": max(1, hand_no), "current_player": None,
                "seat": None, "players": config.players, "variant": preset, "dealer": dealer,
                "scores": self.scores(totals2), "target": config.match_target,
                "hands_to_play": config.hands, "hand": None, "hand_counts": None,
                "known": None, "side_of": side_of_json, "sides": sides, "melds": None,
                "running": None, "pozzetto_taken": None, "pozzetti": None, "pile": None,
                "stock": None, "restricted": None, "last_turn": None,
                "three_pozzetti": three_b, "solo": solo,
                "last_hand": self.last_hand(last_sides, last_lines, last_melds, preset),
            }
            self._frame = ((list(totals2), list(side_of), [list(x) for x in last_sides],
                            [list(x) for x in last_lines], [list(x) for x in last_melds],
                            hand_no, dealer, three_b, solo, preset, config), kept)
        return kept

    def scores(self, totals2: list[int]) -> FrozenList:
        """The match totals in points (kept in half-points)."""
        made_from, kept = self._scores
        if made_from != totals2:
            kept = FrozenList(t / 2 for t in totals2)
            self._scores = (list(totals2), kept)
        return kept

    def sides(self, side_of: list[int]) -> tuple[FrozenList, FrozenList]:
        """``side_of`` and the seats of each side, sides in id order."""
        made_from, kept_side_of, kept_sides = self._sides
        if made_from != side_of:
            ids = sorted(set(side_of))
            kept_side_of = FrozenList(side_of)
            kept_sides = FrozenList(
                FrozenList(s for s, x in enumerate(side_of) if x == i) for i in ids)
            self._sides = (list(side_of), kept_side_of, kept_sides)
        return kept_side_of, kept_sides

    def last_hand(self, sides: list[list[int]], lines: list[list[int]],
                  melds: list[list[Meld]], preset: str) -> JSON:
        """The last hand's result: its sides' seats, their score lines and their melds as the
        hand closed (each side's as the table shows melds), all listed in the same order."""
        kept_sides, kept_lines, kept_melds, kept_for, kept = self._last_hand
        if kept_sides != sides or kept_lines != lines or kept_melds != melds or (
                kept_for != preset):
            kept = FrozenDict({
                "sides": FrozenList(map(FrozenList, sides)),
                "lines": FrozenList(map(FrozenList, lines)),
                "melds": FrozenList(FrozenList(meld_json(m, preset) for m in side)
                                    for side in melds),
            })
            self._last_hand = ([list(s) for s in sides], [list(x) for x in lines],
                               [list(m) for m in melds], preset, kept)
        return kept
