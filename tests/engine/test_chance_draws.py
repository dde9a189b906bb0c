"""``chance.shuffle`` and ``chance.sample`` are exactly the generator's own ``shuffle`` and
``sample`` (the same result and the same generator state afterwards) for Random and
CanonicalRandom, and hand any other generator to its own methods."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mazzo.engine.chance import CanonicalRandom, sample, shuffle


class _Odd(random.Random):
    """A generator with draws of its own: the helpers must ask it."""

    def random(self) -> float:
        return super().random() ** 2


@pytest.mark.parametrize("cls", [random.Random, CanonicalRandom, _Odd])
def test_shuffle_is_the_generators_own(cls: type[random.Random]) -> None:
    for seed in range(300):
        size = seed % 110
        items = [(seed * 7919 + i * 104729) % 1000 for i in range(size)]  # unsorted, repeats
        mine, theirs = cls(seed), cls(seed)
        a, b = list(items), list(items)
        shuffle(a, mine)
        theirs.shuffle(b)
        assert a == b
        assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("cls", [random.Random, CanonicalRandom, _Odd])
def test_sample_is_the_generators_own(cls: type[random.Random]) -> None:
    for seed in range(900):
        size = seed % 80 + 1 if seed < 800 else 500 + seed  # and beyond the helpers' table
        population: Any = [(seed * 31 + i * 7) % 97 for i in range(size)]
        if seed % 3 == 0:
            population = tuple(population)
        k = seed % (size + 1) if seed % 2 else min(size, 5)
        mine, theirs = cls(seed), cls(seed)
        assert sample(population, k, mine) == theirs.sample(population, k)
        assert mine.getstate() == theirs.getstate()


def test_sample_keeps_the_generators_errors() -> None:
    with pytest.raises(ValueError):
        sample([1, 2], 3, random.Random(1))
    with pytest.raises(TypeError):
        sample({1, 2, 3}, 2, random.Random(1))  # type: ignore[arg-type]
    assert sample({3, 1, 2}, 2, CanonicalRandom(1)) == CanonicalRandom(1).sample({3, 1, 2}, 2)
