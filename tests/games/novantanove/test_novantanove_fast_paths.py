"""Novantanove's view shortcuts agree with their plain definitions (the views as a whole are
held against views from scratch in ``tests/games/test_view_caches.py``)."""

from __future__ import annotations

import random

from mazzo.cards import TOKEN, french_deck, joker
from mazzo.engine.frozen import FrozenList
from mazzo.games.novantanove.views import _tokens


def test_tokens_by_id_are_the_card_tokens_of_every_pack() -> None:
    pack = [*french_deck(), joker()]  # every card of the 36-, 48- and 52-card packs, and the joker
    rng = random.Random(17)
    for _ in range(5_000):
        cards = sorted(rng.sample(pack, rng.randint(0, 13)))
        made = _tokens(cards)
        assert isinstance(made, FrozenList)
        assert made == [TOKEN[c] for c in cards]
