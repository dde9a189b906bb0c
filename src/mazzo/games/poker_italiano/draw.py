"""The draw: each seat in turn discards and is served from the stock, which the discards refill
when it runs short.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from mazzo.cards import Card
from mazzo.engine.game import CHANCE, Action, MazzoError
from mazzo.games.poker_italiano import betting
from mazzo.games.poker_italiano.basics import HAND_SIZE, MAX_DISCARD, SPOKEN, spoken
from mazzo.games.poker_italiano.events import Drew, Reshuffled

if TYPE_CHECKING:
    from mazzo.games.poker_italiano.state import PokerItalianoState


def draw_options(state: PokerItalianoState, hand: list[Card]) -> list[Action]:
    """Every discard of 0 to 4 cards (31 choices), cards in deck order."""
    key = sorted(hand)
    if len(key) != HAND_SIZE:  # never in play: every drawer holds five cards
        draw = state.codec.draw
        return [draw(c) for size in range(MAX_DISCARD + 1) for c in combinations(key, size)]
    return state.codec.draws_of(key)



def start_draw(state: PokerItalianoState) -> None:
    state.drawers = [s for s in state.seats if not state.folded[s]]
    state.draw_idx = 0
    state.phase_name, state.mode = "draw", ""
    next_drawer(state)



def next_drawer(state: PokerItalianoState) -> None:
    if state.draw_idx < len(state.drawers):
        state.current_player = state.drawers[state.draw_idx]
        state.phase_name = "draw"
        return
    while state.fourth:  # the 4th card of those who changed four, in draw order
        seat = state.fourth.pop(0)
        state.serving = [seat, 1]
        if not serve(state):
            return
    betting.start_second_round(state)



def draw(state: PokerItalianoState, cards: tuple[Card, ...]) -> None:
    s = state.current_player
    hand = state.hands[s]
    for c in cards:
        hand.remove(c)
        state.pool.append((c, s))
    state.discarded[s] = list(cards)
    state.draws[s] = len(cards)
    state.events.append(Drew(s, len(cards)))
    key = (s, "draw", len(cards), False)  # (the log's entry only: the event is Drew)
    state.log.append((SPOKEN.get(key) or spoken(key))[1])
    if len(cards) == MAX_DISCARD:
        state.fourth.append(s)
    state.serving = [s, 3 if len(cards) == MAX_DISCARD else len(cards)]
    state.draw_idx += 1
    if serve(state):
        next_drawer(state)



def serve(state: PokerItalianoState) -> bool:
    """Give the seat being served its cards; False if a reshuffle (chance) is needed first."""
    seat, owed = state.serving
    hand = state.hands[seat]
    while owed and state.stock:
        hand.append(state.stock.pop())
        owed -= 1
    state.serving[1] = owed
    if owed:
        if not reshuffle_cards(state):
            raise MazzoError("the stock and the usable discards ran out during the draw")
        state.phase_name, state.current_player = "reshuffle", CHANCE
        return False
    state.serving = []
    return True



def reshuffle_cards(state: PokerItalianoState) -> list[Card]:
    """Discards made so far in this draw, except those of the player being served."""
    seat = state.serving[0] if state.serving else -1
    return [c for c, owner in state.pool if owner != seat]



def reshuffle(state: PokerItalianoState, order: Sequence[Card]) -> None:
    seat = state.serving[0]
    state.pool = [(c, o) for c, o in state.pool if o == seat]
    state.stock = list(reversed(order))
    state.events.append(Reshuffled(len(order)))
    if serve(state):
        next_drawer(state)
