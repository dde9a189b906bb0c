"""The end of a deal: pots won uncontested or at the showdown (side pots for the all-in), a
dead or void deal, and the end of the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from mazzo.cards import JACK, KING
from mazzo.engine.game import TERMINAL, tokens
from mazzo.games.poker_italiano.events import (
    DeadDeal,
    MatchOver,
    Mucked,
    PiattoDiParole,
    PotSplit,
    PotWon,
    Refund,
    Shown,
    VoidHand,
)
from mazzo.games.poker_italiano.scoring import (
    STRAIGHT_FLUSH,
    category_name,
    category_of,
    compare_values,
    key_function,
)

if TYPE_CHECKING:
    from mazzo.games.poker_italiano.state import PokerItalianoState


_AMOUNT = itemgetter(0)  # a pot's amount


def pay(state: PokerItalianoState, seat: int, amount: int, pot: int, shown: bool) -> None:
    state.chips[seat] += amount
    state.events.append(PotWon(seat, amount, pot, shown))



def award_uncontested(state: PokerItalianoState, seat: int) -> None:
    amount = state.pot
    state.contrib = [0] * state.n
    state.carried = 0
    pay(state, seat, amount, 0, False)
    state.last_result = {"winners": [seat], "pot": amount, "shown": {}, "end": "uncontested"}
    pot_won(state)



def pot_won(state: PokerItalianoState) -> None:
    state.min_pair = JACK
    state.parole = False
    end_hand(state)



def dead_deal(state: PokerItalianoState) -> None:
    state.carried = state.pot
    state.contrib = [0] * state.n
    state.events.append(DeadDeal(state.carried))
    if state.config.escalate_opening and not state.parole:
        state.min_pair = min(KING, state.min_pair + 1)
    state.last_result = {"winners": [], "pot": state.carried, "shown": {}, "end": "dead_deal"}
    end_hand(state)



def void_hand(state: PokerItalianoState) -> None:
    state.events.append(VoidHand(state.pot))
    for s in state.seats:
        if state.contrib[s]:
            state.chips[s] += state.contrib[s]
            state.events.append(Refund(s, state.contrib[s]))
    state.contrib = [0] * state.n
    state.last_result = {"winners": [], "pot": state.carried, "shown": {}, "end": "void"}
    end_hand(state)



def piatto_di_parole(state: PokerItalianoState) -> None:
    state.carried = state.pot
    state.contrib = [0] * state.n
    state.events.append(PiattoDiParole(state.carried))
    state.parole = True
    state.min_pair = KING
    state.last_result = {"winners": [], "pot": state.carried, "shown": {}, "end": "parole"}
    end_hand(state)



def side_pots(state: PokerItalianoState, live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """(amount, eligible seats) from the lowest level up; the carried pot is in the first."""
    contrib = state.contrib
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for lv in sorted({contrib[s] for s in live}):
        amount = 0  # what every seat put in between the previous level and this one
        for c in contrib:
            if c > prev:
                amount += (lv if c > lv else c) - prev
        pots.append((amount, [s for s in live if contrib[s] >= lv]))
        prev = lv
    extra = 0  # folded chips above every live level
    for c in contrib:
        if c > prev:
            extra += c - prev
    first_amount, first_seats = pots[0]
    pots[0] = (first_amount + state.carried, first_seats)
    last_amount, last_seats = pots[-1]
    pots[-1] = (last_amount + extra, last_seats)
    return pots



def showdown(state: PokerItalianoState, live: list[int]) -> None:
    keyf = key_function(state.deck_size, state.ranking)
    keys = {s: keyf(state.hands[s]) for s in live}
    pots = side_pots(state, live)
    # show order: the last bettor of the second round, else from the dealer's left
    first = state.last_aggressor if state.last_aggressor in live else live[0]
    start = state.seats.index(first)
    order = [s for s in state.seats[start:] + state.seats[:start] if s in keys]
    shown: dict[int, int] = {}
    names: dict[int, str] = {}
    for s in order:
        if not shown or beats(state, keys[s], s, pots, shown):
            shown[s] = keys[s]
            names[s] = cat = category_name(keys[s], state.deck_size)
            state.events.append(Shown(s, tuple(state.hands[s]), cat))
        else:
            state.events.append(Mucked(s))
    winners: list[int] = []
    for i, (amount, seats) in enumerate(pots):
        best = best_seat(state, seats, keys)
        pay(state, best, amount, i, True)
        winners.append(best)
    state.last_result = {
        "winners": winners,
        "pot": sum(map(_AMOUNT, pots)),
        "shown": {
            str(s): {"cards": tokens(state.hands[s]), "category": names[s]} for s in shown
        },
        "end": "showdown",
    }
    state.contrib = [0] * state.n
    state.carried = 0
    pot_won(state)



def beats(state: PokerItalianoState, key: int, seat: int, pots: list[tuple[int, list[int]]],
          shown: dict[int, int]) -> bool:
    """Does ``key`` beat every hand shown so far in some pot ``seat`` contests? (Loops, not
    generators: half a search's rollouts end in a showdown.)"""
    plain = not state.config.cyclic_straight_flush  # then the keys' plain order
    for _, seats in pots:
        if seat in seats:
            for o in seats:
                if o in shown and not (key > shown[o] if plain
                                       else better(state, key, shown[o])):
                    break
            else:
                return True
    return False



def better(state: PokerItalianoState, a: int, b: int) -> bool:
    if not state.config.cyclic_straight_flush:
        return a > b  # (compare_values is the plain order of the keys then)
    return compare_values(a, b, state.deck_size, True) > 0



def best_seat(state: PokerItalianoState, seats: list[int], keys: dict[int, int]) -> int:
    """Winner among ``seats``; the cyclic straight-flush rule only between exactly two."""
    if state.config.cyclic_straight_flush:
        sfs = [s for s in seats if category_of(keys[s]) == STRAIGHT_FLUSH]
        if len(sfs) == 2:
            a, b = sfs
            return a if better(state, keys[a], keys[b]) else b
    best = seats[0]  # (the first of the highest, as max() by the key, without its call)
    for s in seats:
        if keys[s] > keys[best]:
            best = s
    return best



def split_carried(state: PokerItalianoState, alive: list[int]) -> None:
    share, rest = divmod(state.carried, len(alive))
    start = state._next_alive(state.dealer)
    order = alive[alive.index(start):] + alive[:alive.index(start)]
    for i, s in enumerate(order):
        amount = share + (1 if i < rest else 0)
        if amount:
            state.chips[s] += amount
            state.events.append(PotSplit(s, amount))
    state.carried = 0



def end_hand(state: PokerItalianoState) -> None:
    state.last_result["hand"] = state.hand_number
    state.last_result["log"] = list(state.log)
    state._start_hand(rotate=True)



def finish(state: PokerItalianoState, reason: str) -> None:
    state.phase_name, state.current_player, state.over_reason = "over", TERMINAL, reason
    state.events.append(MatchOver(reason))
