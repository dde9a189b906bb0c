"""The shared plural helper: only exactly one is singular, in both languages."""

from __future__ import annotations

import pytest

from mazzo.text import counted, noun, plural


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


@pytest.mark.parametrize(
    ("key", "lang", "one", "two"),
    [
        ("card", "it", "1 carta", "2 carte"),
        ("card", "en", "1 card", "2 cards"),
        ("point", "it", "1 punto", "2 punti"),
        ("pt", "it", "1 punto", "2 punti"),
        ("pt", "en", "1 pt", "2 pts"),
        ("trick", "it", "1 presa", "2 prese"),
        ("chip", "it", "1 fiche", "2 fiches"),
        ("chip", "en", "1 chip", "2 chips"),
        ("game", "it", "1 partita", "2 partite"),
        ("match", "en", "1 match", "2 matches"),
        ("move", "it", "1 mossa", "2 mosse"),
        ("action", "it", "1 azione", "2 azioni"),
        ("action", "en", "1 action", "2 actions"),
    ],
)
def test_counted_shared_nouns(key: str, lang: str, one: str, two: str) -> None:
    assert counted(1, key, lang) == one
    assert counted(2, key, lang) == two


def test_counted_falls_back_to_english() -> None:
    assert counted(2, "card", "fr") == "2 cards"
