"""Building blocks of the observation encoders: a field layout and fast writers.

An encoder declares its fields once (name, length, meaning) in a :class:`Layout`; the offsets
it gets back index a preallocated float32 vector. Seats are written relative to the observer
(slot 0 = the observing seat, then the next seats in turn order), so a policy is seat-agnostic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mazzo.cards import Card
from mazzo.engine.game import card_token
from mazzo.rl.spaces import Field, Observation


class Layout:
    """Fields appended one after another; ``add`` returns the field's start offset."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, length: int, meaning: str, low: float = 0.0,
            high: float = 1.0) -> int:
        start = self.size
        self.fields.append(Field(name, start, length, meaning, low, high))
        self.size += length
        return start


def card_table(deck: Sequence[Card]) -> dict[str, int]:
    """Card token (as in views) -> position in the deck (twins are distinct tokens)."""
    return {card_token(c): i for i, c in enumerate(deck)}


def put_cards(out: Observation, start: int, cards: Iterable[str] | None,
              table: dict[str, int]) -> None:
    """Set the one-hot slot of every card token (a ``None`` list sets nothing)."""
    if cards:
        for token in cards:
            out[start + table[token]] = 1.0


def put_one_hot(out: Observation, start: int, choices: Sequence[object], value: object) -> None:
    """One-hot of ``value`` among ``choices``; anything else lands in the slot after them."""
    try:
        out[start + choices.index(value)] = 1.0
    except ValueError:
        out[start + len(choices)] = 1.0


def relative(seat: int, other: int, players: int) -> int:
    """The slot of seat ``other`` as seen from ``seat`` (0 = itself)."""
    return (other - seat) % players


def put_seat(out: Observation, start: int, seat: int, other: int | None, players: int) -> None:
    """One-hot of a seat relative to the observer; a missing seat (None, -1...) sets nothing."""
    if other is not None and 0 <= other < players:
        out[start + relative(seat, other, players)] = 1.0


def put_per_seat(out: Observation, start: int, seat: int, values: Sequence[float],
                 scale: float) -> None:
    """A value per seat, observer first, divided by ``scale``."""
    players = len(values)
    for other, value in enumerate(values):
        out[start + relative(seat, other, players)] = float(value) / scale


def put_per_seat_squashed(out: Observation, start: int, seat: int, values: Sequence[float],
                          scale: float) -> None:
    """A value per seat, observer first: :func:`~mazzo.rl.spaces.squash` of it over ``scale``."""
    players = len(values)
    for other, value in enumerate(values):
        scaled = value / scale  # squash inlined: this runs for every seat of every observation
        out[start + (other - seat) % players] = scaled / (1.0 + abs(scaled))


# --- sparse writers: an encoder gathers the one-hot slots and the values, then sets them in one
# numpy assignment each (``out[ones] = 1.0``, ``out[at] = values``), far cheaper than one numpy
# store per slot. Slots written as values must not also be one-hot slots (fields never overlap).


def offset_table(table: dict[str, int], start: int) -> dict[str, int]:
    """Card token -> its slot in a card field starting at ``start``."""
    return {token: start + i for token, i in table.items()}


def put_sparse_seat(ones: list[int], start: int, seat: int, other: int | None,
                    players: int) -> None:
    """:func:`put_seat` into a list of one-hot slots."""
    if other is not None and 0 <= other < players:
        ones.append(start + (other - seat) % players)


