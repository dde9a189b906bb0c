"""A player's hand as the Burraco listing reads it, kept up to date by the moves.

Every move changes a hand by a card or a few (a draw, a discard, a meld of three, one card
attached, a pile taken), so a seat's index is made once, from the whole hand, and then patched
card by card, instead of a sort and a Python pass over the hand (often 20 cards and more) at
every listing. The listing checks that the index was made from the very list it lists (a hand
replaced whole, by a deal, a pozzetto, a clone or a test, makes a fresh index).
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from mazzo.cards import ACE, Card
from mazzo.games.burraco.actions import Cala

#: an ace fills run positions 1 and 14
ACE_BITS: Final = 1 << 1 | 1 << 14
_NO_ACE: Final = ~ACE_BITS
#: the wild types: the jolly (192) and the 2 of each suit (``16 suit + 2``)
_WILD_TYPES: Final = frozenset((192, 2, 18, 34, 50))


class HandIndex:
    """The hand by type, as the listing reads it, with the ranks held twice kept per suit
    (``dups``: a type leaving one copy clears its own suit's bit only).

    - ``reps``: the cards by type, each type's cards in deck order (the cards' own order within
      a type), the restricted card (the single-card pile taken) moved first; the dict's own
      order means nothing (the discard listing sorts);
    - ``at``: the same lists at ``16 suit + rank`` and an ace's also at ``16 suit + 1``;
    - ``masks``: the run positions each suit fills, a bit each;
    - ``runs``: per suit, the new runs of three it offers (the listing's), or None till the
      listing asks; ``sets``: the same per rank, for the sets. A card in or out clears its own
      suit's runs and rank's sets, a wild card in or out (it joins any of them) all of them;
    - ``wilds``: the wild types held, each with its cards (the lists of ``reps``), in the
      listing's order, or None till the listing asks (cleared by a wild card in or out), and
      ``wild_firsts``, the first card of each, made with it.
    """

    __slots__ = ("at", "dups", "hand", "masks", "reps", "runs", "sets", "wild_firsts", "wilds")

    def __init__(self, hand: list[Card], restricted: Card | None) -> None:
        self.hand = hand  # the list this index follows: the listing compares it by identity
        reps: dict[int, list[Card]] = {}
        at: list[list[Card] | None] = [None] * 64
        masks = [0, 0, 0, 0]
        dups = [0, 0, 0, 0]
        for c in sorted(hand):
            t = c & 0xFF
            group = reps.get(t)
            if group is not None:
                group.append(c)
                if t < 64:
                    dups[t >> 4] |= 1 << (t & 15)
            else:
                group = reps[t] = [c]
                if t < 64:  # the four suits
                    at[t] = group
                    if t & 15 == ACE:
                        at[t - 13] = group
                        masks[t >> 4] |= ACE_BITS
                    else:
                        masks[t >> 4] |= 1 << (t & 15)
        self.reps, self.at, self.masks, self.dups = reps, at, masks, dups
        self.runs: list[tuple[Cala, ...] | None] = [None, None, None, None]
        self.sets: dict[int, tuple[Cala, ...]] = {}
        self.wilds: list[tuple[int, list[Card]]] | None = None
        self.wild_firsts: tuple[Card, ...] = ()  # their first cards, made with ``wilds``
        if restricted is not None:
            group = reps.get(restricted & 0xFF)
            if group and restricted in group and group[0] != restricted:
                group.remove(restricted)  # in place: ``at`` holds the same list
                group.insert(0, restricted)

    def _changed(self, t: int) -> None:
        """A card of type ``t`` came or went: the runs and sets it may be part of are stale."""
        if t in _WILD_TYPES:
            self.runs = [None, None, None, None]
            self.sets = {}
            self.wilds = None
        else:
            self.runs[t >> 4] = None
            self.sets.pop(t & 15, None)

    def add(self, c: Card) -> None:
        """A card joins the hand (drawn, or from a pile of two or more)."""
        t = c & 0xFF
        if t in _WILD_TYPES:  # it joins any run or set: all are stale (inline: hot)
            self.runs = [None, None, None, None]
            self.sets = {}
            self.wilds = None
        else:
            self.runs[t >> 4] = None
            self.sets.pop(t & 15, None)
        group = self.reps.get(t)
        if group is None:
            self._new_type(t, [c])
        elif t < 64:  # a natural or a 2: two copies at most
            if c < group[0]:
                group.insert(0, c)
            else:
                group.append(c)
            self.dups[t >> 4] |= 1 << (t & 15)
        else:
            insort(group, c)  # the jollies: four copies

    def add_first(self, c: Card) -> None:
        """The single card of a pile joins the hand: restricted, so first in its type."""
        t = c & 0xFF
        self._changed(t)  # once a turn at most: not inlined as in add and remove
        group = self.reps.get(t)
        if group is None:
            self._new_type(t, [c])
            return
        group.insert(0, c)
        if t < 64:
            self.dups[t >> 4] |= 1 << (t & 15)

    def _new_type(self, t: int, group: list[Card]) -> None:
        self.reps[t] = group
        if t < 64:
            self.at[t] = group
            if t & 15 == ACE:
                self.at[t - 13] = group
                self.masks[t >> 4] |= ACE_BITS
            else:
                self.masks[t >> 4] |= 1 << (t & 15)

    def remove(self, c: Card) -> None:
        """A card leaves the hand (discarded, melded, attached)."""
        t = c & 0xFF
        if t in _WILD_TYPES:  # it joins any run or set: all are stale (inline: hot)
            self.runs = [None, None, None, None]
            self.sets = {}
            self.wilds = None
        else:
            self.runs[t >> 4] = None
            self.sets.pop(t & 15, None)
        group = self.reps[t]
        if len(group) > 1:
            group.remove(c)  # in place: the rest keeps its order (the restricted card first)
            if t < 64 and len(group) == 1:
                self.dups[t >> 4] &= ~(1 << (t & 15))
            return
        del self.reps[t]
        if t < 64:
            self.at[t] = None
            if t & 15 == ACE:
                self.at[t - 13] = None
                self.masks[t >> 4] &= _NO_ACE
            else:
                self.masks[t >> 4] &= ~(1 << (t & 15))

    def unrestrict(self, r: Card) -> None:
        """The turn that took ``r`` ends: its type goes back to deck order."""
        group = self.reps.get(r & 0xFF)
        if group is not None and len(group) > 1 and group[0] == r:
            group.sort()
            self._changed(r & 0xFF)

    def pairs_bits(self) -> int:
        """The ranks (a bit each) holding two naturals or more: a type held twice, or the rank
        in two suits (bit by bit, once per listing rather than a count per card)."""
        m0, m1, m2, m3 = self.masks
        d0, d1, d2, d3 = self.dups
        return d0 | d1 | d2 | d3 | m0 & (m1 | m2 | m3) | m1 & (m2 | m3) | m2 & m3
