"""The shared plural helper: only exactly one is singular, in both languages."""

from __future__ import annotations

import pytest

from mazzo.text import noun, plural


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, "0 carte"), (1, "1 carta"), (2, "2 carte"), (11, "11 carte"), (21, "21 carte")],
)
def test_plural_italian(count: int, expected: str) -> None:
    assert plural(count, "carta", "carte") == expected


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 points"), (1, "1 point"), (2, "2 points"), (3, "3 points")]
)
def test_plural_english(count: int, expected: str) -> None:
    assert plural(count, "point", "points") == expected


def test_whole_float_counts_read_as_integers() -> None:
    assert plural(1.0, "fiche", "fiches") == "1 fiche"
    assert plural(40.0, "fiche", "fiches") == "40 fiches"
    assert plural(2.5, "fiche", "fiches") == "2.5 fiches"


def test_noun_alone() -> None:
    assert noun(1, "presa", "prese") == "presa"
    assert noun(3, "presa", "prese") == "prese"
