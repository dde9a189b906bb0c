"""Nebraska's table text: the replacement card named to its owner only, what counts now, the
tie-break when it decides a hand."""

from __future__ import annotations

import json
import random

import pytest

from mazzo.engine import get_game
from mazzo.engine.game import card_token
from mazzo.games.nebraska.actions import DECK, REJECT, ChooseDealer, Deal
from mazzo.games.nebraska.config import NebraskaConfig
from mazzo.games.nebraska.state import NebraskaState
from mazzo.games.nebraska.text import render

GAME = get_game("nebraska")


def new_hand(players: int, seed: int = 0, **options: object) -> NebraskaState:
    state = GAME.new_match(NebraskaConfig(players=players, **options))  # type: ignore[arg-type]
    state.apply(ChooseDealer(0))
    order = list(DECK)
    random.Random(seed).shuffle(order)
    state.apply(Deal(tuple(order)))
    assert isinstance(state, NebraskaState)
    return state


def reject_first_candidate(state: NebraskaState) -> list[str]:
    """Everyone bids, the decider rejects; returns every event's JSON text of the round."""
    said = []
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
        said += [json.dumps(e.to_json(), ensure_ascii=False) for e in state.events]
    state.apply(REJECT)
    said += [json.dumps(e.to_json(), ensure_ascii=False) for e in state.events]
    return said


@pytest.mark.parametrize(("lang", "words"), [("it", "Hai ricevuto"), ("en", "You received")])
def test_replacement_card_is_named_to_its_owner_only(lang: str, words: str) -> None:
    state = new_hand(3, seed=4)
    said = reject_first_candidate(state)
    assert state.phase == "bid"  # the hand goes on: a new candidate is up
    for seat in range(3):
        (card,) = state.received[seat]
        token = card_token(card)
        view = state.view(seat)
        assert view["received"] == [token] and token in view["hand"]
        shown = render(view, lang)
        assert f"{words} {card.name(lang)}" in shown
        for other in [s for s in range(3) if s != seat] + [None]:
            other_view = state.view(other)
            assert f'"{token}"' not in json.dumps(other_view, ensure_ascii=False)
            assert f"{words} {card.name(lang)}" not in render(other_view, lang)
        assert not any(f'"{token}"' in event for event in said)
    assert state.view(None)["received"] is None


def test_replacement_is_forgotten_at_the_next_decision() -> None:
    state = new_hand(3, seed=4)
    reject_first_candidate(state)
    assert all(state.view(s)["received"] for s in range(3))
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
    assert all(state.view(s)["received"] for s in range(3))  # still this election round
    state.apply(state.legal_actions()[0])  # promote
    assert all(state.view(s)["received"] == [] for s in range(3))
    assert "Hai ricevuto" not in render(state.view(0), "it")


def test_sampled_worlds_do_not_carry_what_others_received() -> None:
    state = new_hand(4, seed=2)
    reject_first_candidate(state)
    sample = state.determinize(1, random.Random(5))
    assert sample.view(1) == state.view(1)
    assert [sample.received[s] for s in (0, 2, 3)] == [[], [], []]
