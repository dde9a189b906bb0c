"""Cribbage's shown hands stay observed after the show, until the next show replaces them.

Without muggins the show is never a decision, so fields read from this hand's show alone would
be zero at every decision: the view's ``last_show`` keeps the last hand's hands and crib.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from mazzo.engine import get_game
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.rl.spaces import NO_PENDING, Field, spaces_for
from playout import decisions

GAME = get_game("cribbage")


def _field(fields: list[Field], name: str) -> Field:
    return next(f for f in fields if f.name == name)


def test_the_next_decision_sees_the_opponents_shown_hand_and_the_crib() -> None:
    config = CribbageConfig(players=2, target=121, games_to_win=1)
    spaces = spaces_for(GAME, config)
    fields = spaces.fields()
    shown, shown_cards, crib = (_field(fields, n) for n in ("shown", "shown_cards", "crib"))
    state = next(s for s in decisions(GAME.new_match(config), random.Random(4))
                 if s.view(None)["last_show"])
    seat = state.current_player
    other = 1 - seat
    view = state.view(seat)
    assert view["shown"] == [] and view["phase"] == "discard"  # a new hand, nothing shown yet
    seen = spaces.observe(view, NO_PENDING)
    table = {card: i for i, card in enumerate(_deck_tokens())}
    hand = next(s for s in view["last_show"] if s["seat"] == other and s["what"] == "hand")
    assert len(hand["cards"]) == 4
    for card in hand["cards"]:
        assert seen[shown_cards.start + table[card]] == 1.0
    assert seen[shown.start + 1 * 2 + 0] == 1.0  # slot 1 (the opponent), its hand
    the_crib = next(s for s in view["last_show"] if s["what"] == "crib")
    assert sorted(np.flatnonzero(seen[crib.start:crib.stop])) == sorted(
        table[c] for c in the_crib["cards"])
    owner = 0 if the_crib["seat"] == seat else 1
    assert seen[shown.start + owner * 2 + 1] == 1.0


def _deck_tokens() -> list[str]:
    from mazzo.cards import french_deck
    from mazzo.engine.game import card_token

    return [card_token(c) for c in french_deck()]


@pytest.mark.parametrize("config", GAME.test_configs(), ids=lambda c: c.dumps())
def test_the_show_fields_are_not_always_zero_at_decisions(config: CribbageConfig) -> None:
    spaces = spaces_for(GAME, config)
    names = ("crib", "shown", "shown_cards")
    fields = [_field(spaces.fields(), n) for n in names]
    lit = dict.fromkeys(names, False)
    rng = random.Random(11)
    for count, state in enumerate(decisions(GAME.new_match(config), rng)):
        seen = spaces.observe(state.view(state.current_player), NO_PENDING)
        for f in fields:
            lit[f.name] |= bool(seen[f.start:f.stop].any())
        if all(lit.values()) or count > 400:
            break
    assert all(lit.values()), lit
