"""Tables and caches behind the Burraco legal listing (``BurracoState._compute_legal``).

Listing the moves was ~70 % of a random playout's time: it asked every three-card combination of
the hand and every card of every meld again at every step. Here what depends only on the *shape*
of a hand is worked out once per shape and kept:

- which three-card sets a rank offers, from how many copies of it the hand holds in each suit
  (:func:`set_patterns`);
- which three-card runs a suit offers, from the positions the hand fills in it (a bit mask,
  :func:`run_patterns`), naturals first, then a natural pair with a wild in a gap or at an end;
- which card types may join a meld, and how (:class:`MeldMoves`, per meld: melds are immutable);
- the actions themselves, made once and shared (:data:`CALA`, :data:`ATTACCA`), and the
  events of the commonest moves (:data:`DREW`, :data:`DISCARDED`).

Each table is built by running the plain enumeration on the shape, in the very order the plain
listing used, so the fast listing offers the same actions in the same order (seeded bots and the
golden playthroughs pick by position); ``tests/games/burraco/legal_reference.py`` keeps that plain
listing as the oracle.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from itertools import combinations, repeat
from typing import Final, TypeVar

from mazzo.cards import Card
from mazzo.games.burraco import events as ev
from mazzo.games.burraco.actions import MAX_MELDS, Attacca, Cala, layout_text
from mazzo.games.burraco.melds import Meld, attach_options, layouts

K = TypeVar("K", bound=tuple[object, ...])
V = TypeVar("V")

#: card type (rank + 16 × suit) of the jolly; the twos are 2 + 16 × suit
JOLLY_TYPE: Final = 12 * 16


# --- interned actions ----------------------------------------------------------------------------


class Interned(dict[K, V]):
    """Immutable values by the arguments that make them (a tuple), each made when first asked
    for: a frozen dataclass costs a Python call per field to build, a lookup none."""

    def __init__(self, make: Callable[..., V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        if len(self) >= _KEPT:  # bounded: a long search meets many
            self.clear()
        made = self[key] = self.make(*key)
        return made


#: the most entries an interning table or cache keeps before it starts again
_KEPT: Final = 200_000

CALA: Final[Interned[tuple[tuple[Card, ...], int], Cala]] = Interned(Cala)
ATTACCA: Final[Interned[tuple[Card, int, int], Attacca]] = Interned(Attacca)
#: the events of the commonest moves, made once each too (events are immutable)
DREW: Final[Interned[tuple[int, int], ev.Drew]] = Interned(ev.Drew)
DISCARDED: Final[Interned[tuple[int, Card], ev.Discarded]] = Interned(ev.Discarded)


def _laid_meld(cards: tuple[Card, ...], wild: int) -> Meld:
    """The meld a ``Cala(cards, wild)`` lays (a set has one layout; a run, one per wild place)."""
    return next(m for m in layouts(cards) if m.wild == wild or not m.run)


def _meld_text(run: bool, cards: tuple[Card, ...], lo: int, wild: int, key: int) -> str:
    return layout_text(cards, lo, wild, key, run)


#: the meld each cala lays, by its action's fields (``layouts`` tries every way to lay the
#: cards: made once per meld rather than at every cala)
LAID_MELD: Final[Interned[tuple[tuple[Card, ...], int], Meld]] = Interned(_laid_meld)
#: a meld's table text (``actions.layout_text``) by its fields, for the meld and attach events
MELD_TEXT: Final[Interned[tuple[bool, tuple[Card, ...], int, int, int], str]] = Interned(
    _meld_text)


def meld_cards(a: Card, b: Card, c: Card) -> tuple[Card, ...]:
    """Three cards in deck order (``actions.meld_key``), without a key function: the deck lists
    copy 0 then copy 1, each by suit and rank, which is the order of the card ids, then the
    jollies (ids 192 + 256 × copy, out of that order): a meld holds at most one jolly."""
    if c & 0xFF == JOLLY_TYPE:
        return (a, b, c) if a < b else (b, a, c)
    if a < b:
        if b < c:
            return (a, b, c)
        return (a, c, b) if a < c else (c, a, b)
    if a < c:
        return (b, a, c)
    return (b, c, a) if b < c else (c, b, a)


# --- sets ----------------------------------------------------------------------------------------

SetPatterns = tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...]]


def set_patterns(copies: tuple[int, ...]) -> SetPatterns:
    """For a rank held in ``copies[suit]`` copies (0..2) per suit, the hand's naturals of that
    rank listed suit by suit: the index triples of the distinct natural sets of three and the
    index pairs of the distinct natural pairs (to complete with a wild), each the first of its
    kind in ``combinations`` order."""
    suits = [s for s, k in enumerate(copies) for _ in range(k)]
    trios = typing.cast(tuple[tuple[int, int, int], ...], _first_of_kind(suits, 3))
    pairs = typing.cast(tuple[tuple[int, int], ...], _first_of_kind(suits, 2))
    return trios, pairs


def _first_of_kind(suits: list[int], size: int) -> tuple[tuple[int, ...], ...]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for picked in combinations(range(len(suits)), size):
        kind = tuple(sorted(suits[i] for i in picked))
        if kind not in seen:
            seen.add(kind)
            out.append(picked)
    return tuple(out)


#: :func:`set_patterns` of every count of copies, indexed by the counts in base 3 (suit 0 the
#: units): 81 entries
SET_PATTERNS: Final = tuple(
    set_patterns((code % 3, code // 3 % 3, code // 9 % 3, code // 27)) for code in range(81)
)


# --- runs ----------------------------------------------------------------------------------------

#: (start positions of natural runs of three, (p, q, spot) for a natural pair at p < q with a
#: wild at ``spot``)
RunPatterns = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]
#: the runs each suit mask offers, each made when first met
KEPT_RUN_PATTERNS: dict[int, RunPatterns] = {}


def run_patterns(mask: int) -> RunPatterns:
    """The runs of three a suit offers when the hand fills the positions of ``mask`` (bit p:
    position p, 1..14; an ace fills 1 and 14): natural ones, then every natural pair one
    position apart with the wild before or after it, or two apart with the wild between."""
    found = KEPT_RUN_PATTERNS.get(mask)
    if found is None:
        # bit by bit, position by position (a suit's mask is met for the first time often in
        # a short match: this was a tenth of the listing's first-time work with sets)
        starts: list[int] = []
        with_wild: list[tuple[int, int, int]] = []
        for p in range(1, 14):
            if not mask >> p & 1:
                continue
            next_held = mask >> (p + 1) & 1
            gap_held = p <= 12 and mask >> (p + 2) & 1
            if next_held:
                if gap_held:
                    starts.append(p)
                if p >= 2:
                    with_wild.append((p, p + 1, p - 1))
                if p <= 12:
                    with_wild.append((p, p + 1, p + 2))
            if gap_held:
                with_wild.append((p, p + 2, p + 1))
        found = (tuple(starts), tuple(with_wild))
        KEPT_RUN_PATTERNS[mask] = found
    return found


# --- adding to a meld ----------------------------------------------------------------------------


class MeldMoves:
    """What may join a meld of one shape (:func:`meld_shape`): the natural card types worth
    trying (its rank in every suit, or its suit near its ends), whether a wild may join (it has
    none), and the moves adding each card tried, kept. Shared by every meld of the shape: where
    a card may go (the keys of ``attach_options``, in their order) depends on the places the
    meld's cards fill and the card's type, never on which cards fill them (tested), and a
    random match lays a new meld, or grows one, every few moves, while shapes recur."""

    __slots__ = ("actions", "meld", "places", "takes_wild", "types")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld  # the first meld of the shape met: it stands for them all
        self.takes_wild = not meld.wild
        if not meld.run:
            types = [suit * 16 + meld.key for suit in range(4)]
        else:
            base = meld.key * 16
            lo, hi = meld.lo, meld.hi
            wild = meld.wild
            # a natural fits only at a free place: next to an end, or at the wild's (which
            # then moves); a wild at an end may also move to let one in two places off
            if not wild:
                near: tuple[int, ...] = (lo - 1, hi + 1)
            elif wild in (lo, hi):
                near = (lo - 2, lo - 1, wild, hi + 1, hi + 2)
            else:
                near = (lo - 1, wild, hi + 1)
            ranks = [r for r in near if 3 <= r <= 13]
            types = [base + r for r in ranks]
            if meld.lo <= 3 or meld.hi >= 12:
                types.append(base + 14)
            if meld.lo <= 4 and meld.wild:
                types.append(base + 2)  # its own 2 may replace the wild at its natural place
        self.types: tuple[int, ...] = tuple(types)
        #: the attacca moves of a card onto a meld of this shape at a place, by
        #: ``card * MAX_MELDS + place``
        self.actions: dict[int, tuple[Attacca, ...]] = {}
        #: the wild's places after adding a card, by the card's type (``attach_options``' keys)
        self.places: dict[int, tuple[int, ...]] = {}

    def __reduce__(self) -> tuple[Callable[[Meld], MeldMoves], tuple[Meld]]:
        # by its meld: the moves it kept (a search tries many cards) stay out of a pickled
        # state, which loads with its process's shared entry of the shape
        return meld_moves, (self.meld,)

    def actions_of(self, c: Card, place: int) -> tuple[Attacca, ...]:
        """The moves adding ``c`` to a meld of this shape, the side's meld number ``place``
        (one per wild position ``attach_options`` offers), made once."""
        key = c * MAX_MELDS + place
        found = self.actions.get(key)
        if found is None:
            places = self.places.get(c & 0xFF)
            if places is None:
                places = self.places[c & 0xFF] = tuple(attach_options(self.meld, c))
            found = self.actions[key] = tuple(
                map(ATTACCA.__getitem__, zip(repeat(c), repeat(place), places)))
        return found


MeldShape = tuple[bool, int, int, int, int]


def meld_shape(meld: Meld) -> MeldShape:
    """What the moves onto ``meld`` depend on: set or run, its rank or suit, its first place,
    its length, its wild's place (a set's: 1 if it holds a wild)."""
    return (meld.run, meld.key, meld.lo, len(meld.cards), meld.wild)


_MELD_MOVES: dict[MeldShape, MeldMoves] = {}


def meld_moves(meld: Meld) -> MeldMoves:
    """The :class:`MeldMoves` of ``meld``'s shape (hashing its fields is a C call; hashing the
    dataclass, a Python one)."""
    key = (meld.run, meld.key, meld.lo, len(meld.cards), meld.wild)  # meld_shape, inline
    found = _MELD_MOVES.get(key)
    if found is None:
        if len(_MELD_MOVES) >= _KEPT // 4:
            _MELD_MOVES.clear()
        found = _MELD_MOVES[key] = MeldMoves(meld)
    return found
