"""The fast legal listing (tables, interned actions, caches) equals the plain reference listing
exactly, actions and order, over thousands of states of random matches of every config."""

from __future__ import annotations

import pytest
from burraco_helpers import random_decisions
from legal_reference import reference_legal

from mazzo.games.burraco.config import BurracoConfig

#: thousands of states of random matches, fast listing against the reference
pytestmark = pytest.mark.soak

CONFIGS = [
    BurracoConfig(players=4, hands=1),
    BurracoConfig(players=2, hands=1, variant="fibur"),
    BurracoConfig(players=3, hands=2, clean_burraco_to_close=True),
    BurracoConfig(players=4, hands=1, clean_burraco_to_close=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.variant}")
def test_fast_listing_is_the_reference_listing(config: BurracoConfig) -> None:
    checked = 0
    for seed in range(6):
        for state, _ in random_decisions(config, seed):
            legal = state.legal_actions()
            assert legal == reference_legal(state), f"seed {seed}, step {len(state.history)}"
            assert state.clone().legal_actions() == legal  # a clone lists afresh
            checked += 1
    assert checked > 1000


def test_deck_order_is_id_order_but_for_the_first_jolly() -> None:
    """The listing sorts a hand by the cards' own numbers unless it holds the first jolly: that
    shortcut holds only while the deck order is the number order with that one card moved."""
    from mazzo.games.burraco.actions import DECK
    from mazzo.games.burraco.listing import _FIRST_JOLLY

    others = [c for c in DECK if c != _FIRST_JOLLY]
    assert others == sorted(others)
    assert sorted(DECK) != list(DECK)  # the first jolly is out of number order: keep the check
