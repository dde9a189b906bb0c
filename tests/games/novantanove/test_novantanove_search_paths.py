"""The search's shortcuts in novantanove draw what their plain definitions draw: ``redeal``'s
inlined weighted draw is ``Random.choices``'s. (A seat's worlds, ``world_sampler`` and
``determinize``, are held to the code before them and to each other in
``tests/games/test_determinize_same_worlds.py``; the rollouts' ``random_moves`` to the engine's
loop in ``tests/games/test_random_moves.py``.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from mazzo.cards import Card
from mazzo.games.novantanove import worlds as novantanove_worlds
from mazzo.games.novantanove.actions import deck_for
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.worlds import redeal

SUIT_OF = [(i >> 4) & 15 for i in range(256)]


class _OwnChoices(random.Random):
    """A generator whose ``choices`` is its own (the same draws): ``redeal`` then calls it."""

    def choices(self, *args: Any, **kwargs: Any) -> list[Any]:
        return super().choices(*args, **kwargs)


def _places(rng: random.Random, pack: Sequence[Card]) -> tuple[list[Card], list[int], list[int]]:
    """A pool dealt into random places, each void in a random set of suits it holds none of (so
    a consistent deal exists: the true one), often so many that cards must be moved back."""
    pool = rng.sample(list(pack), rng.randint(2, 26))
    caps: list[int] = []
    left = len(pool)
    while left:
        caps.append(min(left, rng.randint(1, 9)))
        left -= caps[-1]
    voids: list[int] = []
    start = 0
    for cap in caps:
        held = {SUIT_OF[c] for c in pool[start:start + cap]}
        voids.append(sum(1 << s for s in range(4) if s not in held and rng.random() < 0.8))
        start += cap
    return pool, caps, voids


def test_redeal_draws_as_random_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    augmented = []
    plain_augment = novantanove_worlds._augment

    def counted(*args: Any) -> bool:
        augmented.append(1)
        return plain_augment(*args)

    monkeypatch.setattr(novantanove_worlds, "_augment", counted)
    pack = deck_for(NovantanoveConfig(players=4))
    rng = random.Random(5)
    for seed in range(3000):
        pool, caps, voids = _places(rng, pack)
        ours = redeal(pool, caps, voids, SUIT_OF, random.Random(seed))
        assert ours == redeal(pool, caps, voids, SUIT_OF, _OwnChoices(seed))
        assert [len(cards) for cards in ours] == caps
        assert sorted(c for cards in ours for c in cards) == sorted(pool)
        for cards, void in zip(ours, voids, strict=True):
            assert not any(void >> SUIT_OF[c] & 1 for c in cards)
    assert len(augmented) > 50  # the inlined draw's room counts are made again after a move back
