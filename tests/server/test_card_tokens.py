"""The event filter's card scan: ``cards_in`` finds exactly the strings that read back as a
card (``as_card``), now by looking them up in the set of every card token."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from mazzo.engine.game import card_token
from mazzo.engine.registry import all_games
from mazzo.server.protocol import as_card, card_tokens, cards_in, is_card_token
from playout import steps


def test_every_card_of_every_game_is_a_card_token() -> None:
    for game in all_games():
        state = game.new_match(game.config_class())
        rng = random.Random(7)
        seen: set[str] = set()
        for _ in steps(state, rng, limit=40):  # deal, and play a little: views then name many cards
            for seat in (None, *range(state.config.players)):
                seen |= {s for s in _strings(state.view(seat)) if as_card(s) is not None}
        assert seen and seen <= card_tokens(), game.id
        assert cards_in(state.view(None)) == {s for s in _strings(state.view(None))
                                              if as_card(s) is not None}


def test_the_token_set_is_exactly_what_reads_back_as_a_card() -> None:
    assert all(as_card(t) is not None and card_token(as_card(t)) == t  # type: ignore[arg-type]
               for t in card_tokens())


@given(st.text(max_size=12) | st.sampled_from(["A♥", "10♦", "7♥'", "J★''", "7 giallo",
                                               "7 giallo'", "5H", " A♥", "a♥", "J★''''"]))
def test_any_string_is_a_token_exactly_when_it_reads_back_as_one(text: str) -> None:
    assert is_card_token(text) == (as_card(text) is not None)
    assert cards_in({"k": [text, (text,)]}) == ({text} if as_card(text) is not None else set())


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list | tuple):
        return [s for v in data for s in _strings(v)]
    return []
