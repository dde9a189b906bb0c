"""Helpers to set up exact poker_italiano situations: a chosen dealer and a rigged deck."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from mazzo.cards import Card, parse_cards
from mazzo.engine import CHANCE, TERMINAL
from mazzo.engine.game import Action
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.actions import ChooseDealer, Deal
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.games.poker_italiano.state import PokerItalianoState
from playout import random_move


def start(dealer: int = 0, **fields: Any) -> PokerItalianoState:
    """A new match with ``dealer`` dealing the first hand (blinds off unless asked)."""
    fields.setdefault("blinds", False)
    config = PokerItalianoConfig(**fields)
    config.validate()
    state = GAME.new_match(config)
    state.apply(ChooseDealer(dealer))
    return state


def deal(state: PokerItalianoState, hands: dict[int, str], stock: str = "") -> None:
    """Apply a Deal giving each seat its cards; ``stock`` lists the top of the stock first."""
    seats = state.seats
    wanted = {s: parse_cards(t) for s, t in hands.items()}
    top = parse_cards(stock)
    used = {c for cs in wanted.values() for c in cs} | set(top)
    rest = [c for c in sorted(state.undealt) if c not in used]
    filler = iter(rest)
    order: list[Card] = []
    for i in range(5 * len(seats)):
        seat = seats[i % len(seats)]
        order.append(wanted[seat][i // len(seats)] if seat in wanted else next(filler))
    order += top + list(filler)
    assert state.current_player == CHANCE and state.phase == "deal", state.phase
    state.apply(Deal(tuple(order)))


def play(state: PokerItalianoState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def random_hands(state: PokerItalianoState, rng: random.Random, hands: int) -> int:
    """Play random actions until ``hands`` more deals started or the match ended; chips checked."""
    total = state.total_chips()
    target = state.hand_number + hands
    while state.current_player != TERMINAL and state.hand_number < target:
        state.apply(random_move(state, rng))
        assert state.total_chips() == total
    return state.hand_number


@pytest.fixture
def pi() -> SimpleNamespace:
    return SimpleNamespace(start=start, deal=deal, play=play, random_hands=random_hands)
