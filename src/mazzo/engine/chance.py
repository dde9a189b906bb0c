"""Chance outcomes shared by the games: who deals first, and the order of the cards dealt.

Each game's ``state`` module says how it lays out a ``Deal`` (which cards go where).
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Action, quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class ChooseDealer(Action):
    """Chance: the first dealer, drawn by lot."""

    kind: ClassVar[str] = "choose_dealer"
    seat: int

    def __str__(self) -> str:
        return f"first dealer: seat {self.seat}"


@quick_init
@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the shuffled cards in the order the game deals them, top card first."""

    kind: ClassVar[str] = "deal"
    order: tuple[Card, ...]

    def __str__(self) -> str:
        return f"shuffle and deal {len(self.order)} cards"


def shuffled(cards: Sequence[Card], rng: random.Random) -> Deal:
    """A Deal of ``cards`` in random order."""
    order = list(cards)
    shuffle(order, rng)
    return Deal(tuple(order))


class CanonicalRandom(random.Random):
    """A Random whose ``shuffle`` and ``sample`` first sort what they are given.

    A game's ``determinize`` typically pools the cards the seat cannot see — in whatever order
    they really lie — and shuffles the pool. Sorting first makes the world drawn depend only on
    *which* cards are unseen (what the view tells) and the seed, never on where the hidden cards
    really are; so the search, fed only through ``determinize``, gives the same move for the same
    view and seed. Items that cannot be sorted are used in the order given.
    """

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        with contextlib.suppress(TypeError):
            x.sort()
        super().shuffle(x)

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        with contextlib.suppress(TypeError):
            population = sorted(population)
        return super().sample(population, k, counts=counts)


# --- the generator's own shuffle and sample, with the draws inlined -----------------------------
#
# A search draws a world (``determinize``) at every iteration, and the shuffle in it made a
# Python call to ``_randbelow`` per card: a tenth of a random-rollout search in some games. These
# give exactly what ``rng.shuffle`` / ``rng.sample`` give (the same result and generator state:
# one ``getrandbits(n.bit_length())`` per try below n, as ``_randbelow_with_getrandbits``) for a
# plain Random or a CanonicalRandom, and ask ``rng`` itself for anything else.

#: by generator class: 0 ask the generator, 1 Random's own draws, 2 CanonicalRandom's (sort first)
_DRAWS: dict[type, int] = {}
#: ``(i + 1).bit_length()`` by i, for the shuffle's draw below i + 1
_BITS: tuple[int, ...] = tuple((i + 1).bit_length() for i in range(512))


def _draws(rng: random.Random) -> int:
    """How ``rng``'s class shuffles and samples (see ``_DRAWS``)."""
    cls = type(rng)
    found = _DRAWS.get(cls)
    if found is None:
        standard = (cls.getrandbits is random.Random.getrandbits
                    and cls._randbelow is random.Random._randbelow_with_getrandbits)  # type: ignore[attr-defined]
        found = 0
        if standard and cls.shuffle is random.Random.shuffle and cls.sample is random.Random.sample:
            found = 1
        elif (standard and cls.shuffle is CanonicalRandom.shuffle
              and cls.sample is CanonicalRandom.sample):
            found = 2
        _DRAWS[cls] = found
    return found


def shuffle(x: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(x)``: the same order of ``x`` and the same draws, cheaper per card."""
    kind = _draws(rng)
    if kind == 0 or len(x) > len(_BITS):
        rng.shuffle(x)
        return
    if kind == 2:
        with contextlib.suppress(TypeError):
            x.sort()
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        k = bits[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(population: Sequence[Any], k: int, rng: random.Random) -> list[Any]:
    """``rng.sample(population, k)``: the same cards in the same order and the same draws,
    cheaper per card (Random's two ways: a pool for small populations, else a set of indices
    drawn again on a repeat)."""
    kind = _draws(rng)
    n = len(population)
    if (kind == 0 or not 0 <= k <= n or n > len(_BITS)
            or (kind == 1 and type(population) not in (list, tuple))):
        return rng.sample(population, k)  # its own errors, and populations of other types
    if kind == 2:
        with contextlib.suppress(TypeError):
            population = sorted(population)
    getrandbits = rng.getrandbits
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    result = []
    if n <= setsize:
        pool = list(population)
        table = _BITS  # (m - 1) -> m.bit_length() (n is within it)
        for m in range(n, n - k, -1):
            bits = table[m - 1]
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
        return result
    bits = n.bit_length()
    selected: set[int] = set()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in selected:
            j = getrandbits(bits)
        selected.add(j)
        result.append(population[j])
    return result


def take(x: list[Any], k: int, rng: random.Random) -> list[Any]:
    """Remove ``k`` items drawn uniformly at random without replacement from ``x`` and return
    them (a partial Fisher–Yates from the end: ``k`` draws, not one per item of ``x``).

    For a world that needs only a few of many unseen cards placed (the rest an unordered pile),
    this is the distribution a whole shuffle dealt from gives, at a fraction of the draws. The
    draws are ``rng.randrange(n)``, ``rng.randrange(n - 1)``, … (inlined for a plain Random and a
    CanonicalRandom); what is left in ``x`` is in no particular order. Sort ``x`` first where the
    result must depend only on which items it holds."""
    n = len(x)
    if not 0 <= k <= n:
        raise ValueError(f"cannot take {k} of {n} items")
    stop = n - 1 - k
    kind = _DRAWS.get(type(rng))  # (a world takes twice: the look-up without a call)
    if kind is None:
        kind = _draws(rng)
    if kind == 0 or n > len(_BITS):
        randrange = rng.randrange
        for i in range(n - 1, stop, -1):
            j = randrange(i + 1)
            x[i], x[j] = x[j], x[i]
    else:
        getrandbits = rng.getrandbits
        bits = _BITS
        for i in range(n - 1, stop, -1):
            b = bits[i]
            j = getrandbits(b)
            while j > i:
                j = getrandbits(b)
            x[i], x[j] = x[j], x[i]
    out = x[n - k:]
    del x[n - k:]
    return out
