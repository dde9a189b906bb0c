"""What the Burraco legal listing keeps between listings (``BurracoState._compute_legal``).

A player's hand changes by one to four cards between two of its listings (a card drawn, a meld or
a card attached, the discard), the side's melds in one move out of five, yet the listing used to
work everything out from scratch at every decision. Here it is split into parts that each depend
on little, and each part is kept with what it depends on:

- :class:`HandIndex`, per seat: the hand's cards grouped by type, and the new melds of three
  (cala) it offers cut into *chunks*, one per rank (the sets) and one per suit (the runs). It keeps
  a copy of the hand (and the restricted card) it was made from; at each listing the hand is
  compared with that copy (in C) and only the types that came or went are grouped again and only
  the chunks of their rank and suit listed again (all of them when a wild came or went: every meld
  with a wild depends on the wilds). Nothing trusts ``apply``: a hand set directly (as tests do)
  is compared the same way.
- chunk tables (:data:`SET_CHUNKS`, :data:`RUN_CHUNKS`): a chunk by the very cards it depends on,
  shared by every state and seat (a rank's naturals and the wilds recur all match long).
- :class:`SideMoves`, per side, kept while the side's melds are the same objects: each meld's
  :class:`~mazzo.games.burraco.tables.MeldMoves`, the ranks it may still lay a set of, and, per
  card, every attacca move that card makes onto any of the melds, each with its place in the
  listing's order (meld, then the card's place among the cards tried on it, then the option), so
  a listing looks each card of the hand up once and sorts what it found.

The order of every part is the plain listing's order (``tests/games/burraco/legal_reference.py``
is that listing, kept as the oracle): seeded bots and the golden playthroughs pick by position.
"""

from __future__ import annotations

from itertools import chain, compress
from typing import Final

from mazzo.cards import ACE, Card
from mazzo.engine.game import Action
from mazzo.games.burraco.actions import DECK_INDEX
from mazzo.games.burraco.melds import Meld
from mazzo.games.burraco.tables import (
    _KEPT,
    CALA,
    SET_PATTERNS,
    MeldMoves,
    meld_cards,
    meld_moves,
    run_patterns,
)

WILD_TYPES: Final = (12 * 16, 2, 16 + 2, 32 + 2, 48 + 2)  # jolly, then the 2 of each suit
_WILD_TYPE_SET: Final = frozenset(WILD_TYPES)
_SUIT_WEIGHTS: Final = ((0, 1), (16, 3), (32, 9), (48, 27))
_ACE_BITS: Final = 1 << 1 | 1 << 14  # an ace fills run positions 1 and 14
#: the chunks of a hand: 0..14 the sets of each rank (3..14 used), 15..18 the runs of each suit
_RUNS: Final = 15
_CHUNKS: Final = 19
#: more types changed than this: the hand is grouped again in one pass
_REGROUP_ALL: Final = 5
_ORDER: Final = DECK_INDEX.__getitem__

Chunk = tuple[Action, ...]
WildReps = list[tuple[int, list[Card]]]


class HandIndex:
    """One seat's hand as the listing reads it, kept between listings.

    - ``groups``: the cards of each type (suit + rank; twins share one, the jollies too) in deck
      order, but the restricted card (the single-card pile just taken) first in its group: the
      listing melds it and keeps its twin;
    - ``firsts``: each type's first card, types in the deck order of their lowest card (the
      order of the discards and of the cards tried on a meld);
    - ``wild_reps``: (type, group) of the wild types held, jolly first, then the 2s by suit;
      ``wilds``: the first card of each;
    - ``slots``: per suit, the groups as tuples at their rank (the keys of the chunks);
      ``masks``: per suit, the run positions it fills (a bit each; an ace fills 1 and 14);
    - ``chunks``: the new melds of three of each rank (sets) and suit (runs), see the module.
    """

    __slots__ = ("cards", "chunks", "firsts", "groups", "hand", "lowest", "masks", "restricted",
                 "slots", "wild_key", "wild_reps", "wilds")

    def __init__(self) -> None:
        self.hand: list[Card] = []
        #: the cards of ``hand`` (None: group the next hand from scratch)
        self.cards: set[Card] | None = set()
        self.restricted: Card | None = None
        self.groups: dict[int, list[Card]] = {}
        self.lowest: dict[int, int] = {}  # type -> deck index of its lowest card
        self.firsts: list[Card] = []
        self.wild_reps: WildReps = []
        self.wilds: tuple[Card, ...] = ()
        self.wild_key: tuple[tuple[Card, ...], ...] = ()
        self.slots: list[list[tuple[Card, ...]]] = [[()] * 15 for _ in range(4)]
        self.masks = [0, 0, 0, 0]
        self.chunks: list[Chunk] = [()] * _CHUNKS

    def update(self, hand: list[Card], restricted: Card | None) -> None:
        """Bring the index to ``hand`` (and the restricted card), regrouping only the types
        whose cards came or went since the hand it was made from."""
        if hand == self.hand and restricted == self.restricted:
            return
        new = set(hand)
        old = self.cards
        changed = new.symmetric_difference(old) if old is not None else new
        if old is None or len(changed) > _REGROUP_ALL or len(new) != len(hand):
            touched = self._group_all(hand)
        else:
            touched = self._regroup(new, changed)
        if restricted != self.restricted:  # its group's order changes
            for r in (self.restricted, restricted):
                if r is not None and (r & 0xFF) in self.groups:
                    touched.add(r & 0xFF)
                    self.groups[r & 0xFF].sort(key=_ORDER)
        if restricted is not None:
            group = self.groups.get(restricted & 0xFF)
            if group and restricted in group and group[0] != restricted:
                group.remove(restricted)
                group.insert(0, restricted)
        self.hand = list(hand)
        self.cards = new if len(new) == len(hand) else None  # twice the same card: no diffs
        self.restricted = restricted
        self._after(touched)

    def _group_all(self, hand: list[Card]) -> set[int]:
        """Group ``hand`` from scratch; every type is touched."""
        groups: dict[int, list[Card]] = {}
        lowest: dict[int, int] = {}
        for c in sorted(hand, key=_ORDER):
            t = c & 0xFF
            group = groups.get(t)
            if group is not None:
                group.append(c)
            else:
                groups[t] = [c]
                lowest[t] = _ORDER(c)
        touched = {*self.groups, *groups}
        self.groups, self.lowest = groups, lowest
        return touched

    def _regroup(self, new: set[Card], changed: set[Card]) -> set[int]:
        """Add the cards of ``changed`` that are in ``new`` to their groups, take the others
        out; the types touched."""
        groups, lowest = self.groups, self.lowest
        touched = set()
        for c in changed:
            t = c & 0xFF
            touched.add(t)
            group = groups.get(t)
            if c in new:
                if group is None:
                    groups[t] = [c]
                    lowest[t] = _ORDER(c)
                    continue
                group.append(c)
            else:
                group.remove(c)  # type: ignore[union-attr]  # c was in the hand: in its group
                if not group:
                    del groups[t], lowest[t]
                    continue
            group.sort(key=_ORDER)
            lowest[t] = _ORDER(group[0])
        return touched

    def _after(self, touched: set[int]) -> None:
        """Bring the slots, masks, firsts, wilds and chunks of the ``touched`` types up to
        date."""
        groups, slots, masks = self.groups, self.slots, self.masks
        for t in touched:
            if t < 64:
                group = groups.get(t)
                suit, p = t >> 4, t & 15
                slots[suit][p] = tuple(group) if group else ()
                bits = _ACE_BITS if p == ACE else 1 << p
                masks[suit] = masks[suit] | bits if group else masks[suit] & ~bits
        self.firsts = [groups[t][0] for t in sorted(groups, key=self.lowest.__getitem__)]
        if not _WILD_TYPE_SET.isdisjoint(touched):
            self.wild_reps = [(t, groups[t]) for t in WILD_TYPES if t in groups]
            self.wilds = tuple(group[0] for _, group in self.wild_reps)
            self.wild_key = tuple(tuple(group) for _, group in self.wild_reps)
            ranks: set[int] | range = range(3, 15)
            suits: set[int] | range = range(4)
        else:
            ranks = {t & 15 for t in touched}
            suits = {t >> 4 for t in touched if t < 64}
        chunks = self.chunks
        for rank in ranks:
            if rank >= 3:
                chunks[rank] = self._set_chunk(rank)
        for suit in suits:
            chunks[_RUNS + suit] = self._run_chunk(suit)

    def _set_chunk(self, rank: int) -> Chunk:
        slots = self.slots
        naturals = slots[0][rank] + slots[1][rank] + slots[2][rank] + slots[3][rank]
        if len(naturals) < 2:
            return ()
        key = (naturals, self.wilds)
        found = SET_CHUNKS.get(key)
        if found is None:
            if len(SET_CHUNKS) >= _KEPT:
                SET_CHUNKS.clear()
            found = SET_CHUNKS[key] = set_chunk(rank, self.groups, self.wilds)
        return found

    def _run_chunk(self, suit: int) -> Chunk:
        mask = self.masks[suit]
        need = 2 if self.wilds else 3
        # the suit's types (an ace fills two places), its own 2 counting double: fewer cannot
        # make a run of three
        if mask.bit_count() - (mask >> 14 & 1) + (mask >> 2 & 1) < need:
            return ()
        key = (tuple(self.slots[suit]), self.wild_key)
        found = RUN_CHUNKS.get(key)
        if found is None:
            if len(RUN_CHUNKS) >= _KEPT:
                RUN_CHUNKS.clear()
            found = RUN_CHUNKS[key] = run_chunk(suit, self.groups, mask, self.wild_reps)
        return found

    def calas(self, allowed: list[bool]) -> list[Action]:
        """Every new meld of three, sets by rank then runs by suit; ``allowed``: which chunks
        the side may lay (not the sets of a rank it has laid)."""
        return list(chain.from_iterable(compress(self.chunks, allowed)))


#: the set chunk of a rank by (its naturals in the hand, the first card of each wild type held)
SET_CHUNKS: Final[dict[tuple[tuple[Card, ...], tuple[Card, ...]], Chunk]] = {}
#: the run chunk of a suit by (its groups by rank, the groups of the wild types held)
RUN_CHUNKS: Final[dict[tuple[tuple[tuple[Card, ...], ...], ...], Chunk]] = {}


def set_chunk(rank: int, groups: dict[int, list[Card]], wilds: tuple[Card, ...]) -> Chunk:
    """The sets of three of ``rank``: natural ones, then a natural pair with each wild type
    (``wilds``: the first card of each), each once, in the plain listing's order."""
    naturals: list[Card] = []
    copies = 0  # how many of each suit, in base 3 (the index of the set patterns)
    for suit_base, weight in _SUIT_WEIGHTS:
        group = groups.get(suit_base + rank)
        if group:
            naturals += group
            copies += weight * len(group)
    trios, pairs = SET_PATTERNS[copies]
    found: dict[tuple[tuple[Card, ...], int], None] = {}
    for i, j, k in trios:
        found[(meld_cards(naturals[i], naturals[j], naturals[k]), 0)] = None
    for i, j in pairs:
        for w in wilds:
            found[(meld_cards(naturals[i], naturals[j], w), 0)] = None
    return tuple(map(CALA.__getitem__, found))


def run_chunk(suit: int, groups: dict[int, list[Card]], mask: int, wild_reps: WildReps) -> Chunk:
    """The runs of three of ``suit``: natural ones, then a natural pair with a wild; ``mask``:
    the run positions the suit fills (an ace fills 1 and 14)."""
    base = suit * 16
    at: list[Card] = [0] * 15  # type: ignore[list-item]  # the first card at each position
    for p in range(2, 15):
        group = groups.get(base + p)
        if group:
            at[p] = group[0]
    at[1] = at[14]
    starts, with_wild = run_patterns(mask)
    found: dict[tuple[tuple[Card, ...], int], None] = {}
    for p in starts:
        found[(meld_cards(at[p], at[p + 1], at[p + 2]), 0)] = None
    own_two = base + 2
    for p, q, spot in with_wild if wild_reps else ():
        a, b = at[p], at[q]
        for wtype, group in wild_reps:
            if wtype == own_two and spot == 2:
                continue  # a same-suit 2 at its own place is natural: the all-natural triple
            w = group[0]
            if w is a or w is b:  # its 2 already stands at 2 as a natural: its twin, if any
                if len(group) == 1:
                    continue
                w = group[1]
            found[(meld_cards(a, b, w), spot)] = None
    return tuple(map(CALA.__getitem__, found))


# --- a side's melds ------------------------------------------------------------------------------

#: an attacca move with its place in the listing: ((meld × 32 + card's place) × 16 + option)
Placed = tuple[int, Action]


class SideMoves:
    """What a side's melds offer a listing, kept while the melds are the same objects."""

    __slots__ = ("accept", "allowed", "melds", "moves")

    def __init__(self, melds: list[Meld]) -> None:
        self.melds = tuple(melds)
        self.moves: list[MeldMoves] = list(map(meld_moves, melds))
        laid = {m.key for m in melds if not m.run}  # one set per rank
        #: the hand's chunks the side may lay: not the sets of a rank it has laid
        self.allowed = [r not in laid for r in range(_RUNS)] + [True] * 4
        #: per card: its attacca moves onto any meld (see :meth:`accepts`)
        self.accept: dict[Card, tuple[Placed, ...]] = {}

    def accepts(self, c: Card) -> tuple[Placed, ...]:
        """Every attacca move of ``c`` onto the side's melds when every option is legal, each
        with its place in the listing: meld by meld, on a meld the cards in the order they are
        tried (its natural types, then the wild types), each card's options in order."""
        found = self.accept.get(c)
        if found is not None:
            return found
        t = c & 0xFF
        wild = t in _WILD_TYPE_SET
        placed: list[Placed] = []
        for i, moves in enumerate(self.moves):
            types = moves.types
            if t in types:
                at = (i * 32 + types.index(t)) * 16
                placed += ((at + k, a) for k, a in enumerate(moves.actions_of(c, i)))
            if wild and moves.takes_wild:
                at = (i * 32 + len(types) + WILD_TYPES.index(t)) * 16
                placed += ((at + k, a) for k, a in enumerate(moves.actions_of(c, i)))
        found = self.accept[c] = tuple(placed)
        return found

    def attaccas(self, firsts: list[Card]) -> list[Action]:
        """Every attacca move of the hand (``firsts``: each type's first card) when every
        option is legal (two cards or more stay in hand), in the listing's order."""
        accept = self.accept
        found: list[Placed] = []
        for c in firsts:
            placed = accept.get(c)
            if placed is None:
                placed = self.accepts(c)
            if placed:
                found += placed
        if not found:
            return []
        found.sort()
        return [a for _, a in found]
