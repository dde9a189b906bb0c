"""Helpers to build cribbage positions from chosen cards."""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.cards import Card, parse_card, parse_cards
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import Cut, CutForDeal, Deal, Discard, Play
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.state import CribbageState


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def one(text: str) -> Card:
    return parse_card(text)


#: a cut for deal that makes seat ``d`` the first dealer (its ace is the only lowest card)
def cut_for(players: int, dealer: int) -> CutForDeal:
    high = cards("KS KH KD KC")
    picks = [high[s] for s in range(players)]
    picks[dealer] = one("AS")
    return CutForDeal(tuple(picks))


def deal_order(players: int, dealer: int, hands: dict[int, str], crib_card: str = "") -> Deal:
    """The Deal action giving each seat its cards (one at a time from the dealer's left)."""
    per = 6 if players == 2 else 5
    parsed = {s: cards(t) for s, t in hands.items()}
    order: list[Card] = []
    for k in range(per):
        for j in range(players):
            order.append(parsed[(dealer + 1 + j) % players][k])
    if players == 3:
        order.append(one(crib_card))
    return Deal(tuple(order))


def new_hand(
    config: CribbageConfig,
    dealer: int,
    hands: dict[int, str],
    discards: dict[int, str],
    starter: str | None = None,
    crib_card: str = "",
) -> CribbageState:
    """A match whose first hand is dealt with these cards, the discards made and (if given)
    the starter cut."""
    state = GAME.new_match(config)
    state.apply(cut_for(config.players, dealer))
    state.apply(deal_order(config.players, dealer, hands, crib_card))
    n = config.players
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        state.apply(Discard(tuple(sorted(cards(discards[seat])))))
    if starter is not None:
        state.apply(Cut(one(starter)))
    return state


def play(state: CribbageState, seq: Sequence[str]) -> None:
    """Lay these cards in turn order (each must belong to the player whose turn it is)."""
    for text in seq:
        c = one(text)
        assert c in state.hands[state.current_player], (text, state.current_player)
        state.apply(Play(c))


def go_state() -> CribbageState:
    """Two players, dealer seat 0: the pone (seat 1) says go at 27 holding 5 and 9 (go_min 5)
    and the dealer plays on."""
    state = new_hand(CribbageConfig(games_to_win=1), 0,
                     {1: "KC 2S 5H 9C AD AH", 0: "7D 8H 4D 6S 2D 2H"},
                     {1: "AD AH", 0: "2D 2H"}, starter="QS")
    play(state, ["KC", "7D", "2S", "8H"])
    return state
