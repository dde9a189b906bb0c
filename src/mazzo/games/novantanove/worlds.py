"""Worlds for a search: every card a seat cannot see dealt again, within what the play has shown
(voids, counts, bids exposed): ``determinize`` and ``world_sampler``."""

from __future__ import annotations

import random
from bisect import bisect
from itertools import accumulate
from typing import TYPE_CHECKING, Generic, TypeVar

from mazzo.cards import Card
from mazzo.engine.chance import shuffle
from mazzo.games.novantanove.stages import SEATS_MOVE

if TYPE_CHECKING:
    from mazzo.games.novantanove.state import NovantanoveState

_S = TypeVar("_S", bound="NovantanoveState")


class _Worlds(Generic[_S]):
    """The worlds :meth:`NovantanoveState.determinize` draws for one seat, with what they all
    share worked out once (a search draws one per iteration from the same state): the places the
    seat cannot see (hands and bids, in hand order), their sizes, the pool of their cards, the
    places each card may go to (known voids) and a copy of the state with an empty history. Each
    world is that copy's clone with the places dealt again by :func:`redeal`'s draws. Valid while
    the state does not change."""

    __slots__ = ("allowed", "caps", "places", "pool", "proto")

    def __init__(self, state: _S, seat: int) -> None:
        self.proto = state.clone()
        self.proto.history = []
        #: (is a hand, index) of each place the seat cannot see, and its number of cards
        self.places: list[tuple[bool, int]] = []
        self.caps: list[int] = []
        voids: list[int] = []
        self.pool: list[Card] = []
        if state.stage in SEATS_MOVE:
            for h in range(state.nh):
                if not state.hand_visible(h, seat):
                    self.places.append((True, h))
                    self.caps.append(len(state.hands[h]))
                    voids.append(state.voids[h])
                    self.pool += state.hands[h]
                if not state.bid_visible(h, seat):
                    self.places.append((False, h))
                    self.caps.append(len(state.bids[h]))
                    voids.append(0)
                    self.pool += state.bids[h]
        self.allowed = _allowed_places(self.pool, voids, state.suit_of)

    def draw(self, rng: random.Random) -> _S:
        world = self.proto.clone()
        if not self.places:
            return world
        dealt = _deal(self.pool, self.caps, self.allowed, rng)
        hands, bids = world.hands, world.bids
        for (is_hand, h), cards in zip(self.places, dealt, strict=True):
            if is_hand:
                cards.sort()
                hands[h] = cards
            else:
                bids[h] = cards
        return world


def redeal(
    pool: list[Card], caps: list[int], voids: list[int], suit_of: list[int], rng: random.Random
) -> list[list[Card]]:
    """Deal ``pool`` at random into places of sizes ``caps``, never giving a place a card of a
    suit it is known to be void in (bit ``1 << suit`` of ``voids``).

    Cards go one by one (random order) to a random allowed place, weighted by its free room;
    when no allowed place has room an augmenting path moves earlier cards (bipartite matching),
    so a consistent deal is always found when one exists (the true deal is one).
    """
    return _deal(pool, caps, _allowed_places(pool, voids, suit_of), rng)


def _allowed_places(
    pool: list[Card], voids: list[int], suit_of: list[int]
) -> dict[Card, list[int]] | None:
    """The places (indexes of ``voids``) each card of ``pool`` may go to; None: all of them."""
    if not any(voids):
        return None
    # the places each suit may go to, made once per suit rather than once per card
    by_suit = {suit: [i for i, v in enumerate(voids) if not v >> suit & 1]
               for suit in set(map(suit_of.__getitem__, pool))}
    return {c: by_suit[suit_of[c]] for c in pool}


def _deal(
    pool: list[Card], caps: list[int], allowed: dict[Card, list[int]] | None, rng: random.Random
) -> list[list[Card]]:
    """:func:`redeal` with the places each card may go to worked out (None: anywhere)."""
    cards = list(pool)
    shuffle(cards, rng)  # rng.shuffle's order and draws, cheaper
    out: list[list[Card]] = [[] for _ in caps]
    if allowed is None:
        start = 0
        for i, cap in enumerate(caps):
            out[i] = cards[start : start + cap]
            start += cap
        return out
    if type(rng).choices is not random.Random.choices:
        return _deal_by_choices(cards, out, caps, allowed, rng)
    # rng.choices(free, weights)[0] inlined (Random's own: the same draw): one random() scaled
    # by the float total of the free rooms, bisected into their running sums. Places without
    # room are summed too, as zeros: no draw below the total ever lands on one
    room = list(caps)
    room_of = room.__getitem__
    draw = rng.random
    for c in cards:
        places = allowed[c]
        sums = list(accumulate(map(room_of, places)))
        total = sums[-1] if sums else 0
        if total:
            pick = places[bisect(sums, draw() * (total + 0.0), 0, len(places) - 1)]
            out[pick].append(c)
            room[pick] -= 1
        elif _augment(c, out, caps, allowed, set()):
            room = [cap - len(placed) for cap, placed in zip(caps, out, strict=True)]
            room_of = room.__getitem__
        else:
            raise RuntimeError("no deal is consistent with the known voids")
    return out


def _deal_by_choices(
    cards: list[Card], out: list[list[Card]], caps: list[int], allowed: dict[Card, list[int]],
    rng: random.Random,
) -> list[list[Card]]:
    """:func:`_deal`'s cards placed by the generator's own ``choices`` (a Random subclass)."""
    for c in cards:
        free = [i for i in allowed[c] if len(out[i]) < caps[i]]
        if free:
            out[rng.choices(free, [caps[i] - len(out[i]) for i in free])[0]].append(c)
        elif not _augment(c, out, caps, allowed, set()):
            raise RuntimeError("no deal is consistent with the known voids")
    return out


def _augment(
    card: Card,
    out: list[list[Card]],
    caps: list[int],
    allowed: dict[Card, list[int]],
    seen: set[int],
) -> bool:
    for i in allowed[card]:
        if i in seen:
            continue
        seen.add(i)
        if len(out[i]) < caps[i]:
            out[i].append(card)
            return True
        for j, other in enumerate(out[i]):
            if _augment(other, out, caps, allowed, seen):
                out[i][j] = card
                return True
    return False
