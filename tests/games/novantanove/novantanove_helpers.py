"""Helpers for the Novantanove tests: build a deal with chosen hands."""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.cards import Card, parse_cards
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.actions import BidCard, ChooseDealer, Deal, deck_for
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.state import NovantanoveState


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def deal_order(
    config: NovantanoveConfig, dealer: int, hands: Sequence[str], turn_up: str | None = None
) -> tuple[Card, ...]:
    """The pack order that deals ``hands[h]`` (in dealing order) to hand ``h``.

    With 2 players hand 2 is the dummy, whose first three cards become its bid.
    """
    n = config.players
    targets = [1 - dealer, dealer, 2] if n == 2 else [(dealer + 1 + i) % n for i in range(n)]
    parsed = [cards(h) for h in hands]
    size = config.hand_size
    assert all(len(h) == size for h in parsed), [len(h) for h in parsed]
    nh = len(parsed)
    order = [parsed[targets[i % nh]][i // nh] for i in range(size * nh)]
    if turn_up is not None:
        order += cards(turn_up)
    assert sorted(order) == sorted(deck_for(config)), "hands must use the whole pack"
    return tuple(order)


def new_deal(
    config: NovantanoveConfig, dealer: int, hands: Sequence[str], turn_up: str | None = None
) -> NovantanoveState:
    state = GAME.new_match(config)
    assert isinstance(state, NovantanoveState)
    state.apply(ChooseDealer(dealer))
    state.apply(Deal(deal_order(config, dealer, hands, turn_up)))
    return state


def lay_bids(state: NovantanoveState, bids: dict[int, str]) -> None:
    """Every live player lays the given three bid cards, in turn order."""
    while state.phase == "bid":
        seat = state.current_player
        for c in cards(bids[seat]):
            state.apply(BidCard(c))
