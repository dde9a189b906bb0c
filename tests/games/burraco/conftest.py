"""Helpers for the Burraco tests: cards from text, states set up by hand."""

from __future__ import annotations

from mazzo.cards import Card, parse_cards


def cards(text: str) -> list[Card]:
    """``"7H 8H 2D JK"``: parse with the engine's parser (``JK`` or ``J★`` for a jolly)."""
    return parse_cards(text)
