"""``quick_init``: the same dataclass, made faster, still frozen."""

from __future__ import annotations

import dataclasses
import inspect
from typing import ClassVar

import pytest

from mazzo.engine.game import Event, quick_init
from mazzo.games.cribbage.events import Counted, Laid


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    cards: tuple[int, ...]


def test_same_signature_values_equality_and_json() -> None:
    assert list(inspect.signature(Moved).parameters) == ["seat", "cards"]
    made = Moved(1, (2, 3))
    assert made == Moved(seat=1, cards=(2, 3)) and hash(made) == hash(Moved(1, (2, 3)))
    assert (made.seat, made.cards) == (1, (2, 3))
    assert made.to_json() == {"type": "moved", "seat": 1, "cards": [2, 3]}
    assert repr(made) == "Moved(seat=1, cards=(2, 3))"
    with pytest.raises(TypeError):
        Moved(1)  # type: ignore[call-arg]


def test_still_frozen() -> None:
    made = Laid(0, 5, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seat = 1  # type: ignore[misc]
    assert Counted.__init__.__qualname__ == "Counted.__init__"


@quick_init
@dataclasses.dataclass(frozen=True, slots=True)
class Placed(Event):
    kind: ClassVar[str] = "placed"
    card: int
    wild: int = 0


def test_defaults_as_the_dataclass_gives_them() -> None:
    signature = inspect.signature(Placed)
    assert list(signature.parameters) == ["card", "wild"]
    assert signature.parameters["wild"].default == 0
    assert Placed(5) == Placed(5, 0) == Placed(card=5, wild=0) != Placed(5, 2)
    assert Placed(5, wild=2).wild == 2


def test_refuses_default_factory_and_post_init() -> None:
    with pytest.raises(TypeError, match="no default_factory"):

        @quick_init
        @dataclasses.dataclass(frozen=True, slots=True)
        class WithFactory(Event):
            seats: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    with pytest.raises(TypeError, match="no __post_init__"):

        @quick_init
        @dataclasses.dataclass(frozen=True, slots=True)
        class WithPostInit(Event):
            seat: int

            def __post_init__(self) -> None:
                pass
