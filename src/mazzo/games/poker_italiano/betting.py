"""The betting: the blinds and covers offered before the deal, the two rounds' bets, and the
amounts a seat may open, bet or raise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazzo.engine.game import CHANCE, Action
from mazzo.games.poker_italiano import draw, showdown
from mazzo.games.poker_italiano.actions import BLIND_NAMES, Blind, Cover
from mazzo.games.poker_italiano.basics import (
    M_CALL_ONLY,
    M_OPEN,
    M_RESPOND,
    M_SECOND,
    M_STAY,
    MADE_KEPT,
    SPOKEN,
    spoken,
)

if TYPE_CHECKING:
    from mazzo.games.poker_italiano.state import PokerItalianoState


#: pot-fraction menus by (lo, hi, pot, raise limit none); see menu
_MENUS: dict[tuple[int, int, int, bool], tuple[int, ...]] = {}


def menu(state: PokerItalianoState, lo: int, hi: int, pot: int) -> list[int]:
    """Exact amounts offered between ``lo`` and ``hi``: all, or a short pot-based menu."""
    if hi <= lo:
        return [lo]
    if state.config.bet_menu == "all" or hi - lo < 6:
        return list(range(lo, hi + 1))
    unlimited = state.config.raise_limit == "none"
    key = (lo, hi, pot, unlimited)
    menu = _MENUS.get(key)  # the same few (lo, hi, pot) come back move after move
    if menu is None:
        picks = {lo, hi, pot // 4, pot // 2, 3 * pot // 4, pot}
        if unlimited:
            picks.add(2 * pot)
        if len(_MENUS) >= MADE_KEPT:
            _MENUS.clear()
        menu = _MENUS[key] = tuple(sorted(a for a in picks if lo <= a <= hi))
    return list(menu)



def open_amounts(state: PokerItalianoState, seat: int) -> list[int]:
    return menu(state, *open_bounds(state, seat))



def bet_amounts(state: PokerItalianoState, seat: int) -> list[int]:
    return menu(state, *bet_bounds(state, seat))



def raise_amounts(state: PokerItalianoState, seat: int) -> list[int]:
    """Raises after the call: at least ``cip`` (less only all-in), at most the pot after the
    call; empty when raising is closed to this seat."""
    bounds = raise_bounds(state, seat)
    return [] if bounds is None else menu(state, *bounds)



def open_bounds(state: PokerItalianoState, seat: int) -> tuple[int, int, int]:
    """(lowest, highest, pot) of the opening bets: :func:`menu`'s arguments."""
    if state.config.open_exact_pot:
        chips, pot = state.chips[seat], state.pot
        exact = max(1, min(pot, chips))
        return exact, exact, pot
    return bet_bounds(state, seat)



def bet_bounds(state: PokerItalianoState, seat: int) -> tuple[int, int, int]:
    chips, pot = state.chips[seat], state.carried + sum(state.contrib)
    lo, hi = span(state, chips, pot)
    return lo, hi, pot



def raise_bounds(state: PokerItalianoState, seat: int) -> tuple[int, int, int] | None:
    """:func:`menu`'s arguments for the raises, None when raising is closed to ``seat``."""
    to_call = state.level - state.rbet[seat]
    remaining = state.chips[seat] - to_call
    if remaining <= 0 or state.acted_at[seat] == state.full_raises:
        return None
    folded, chips = state.folded, state.chips
    for o in state.seats:
        if o != seat and not folded[o] and chips[o] > 0:
            break
    else:
        return None  # everybody else is all-in: nothing to raise against
    pot_after = state.carried + sum(state.contrib) + to_call
    # (_span, inlined: this runs at almost every bet of a search's rollouts)
    cip = state.config.cip
    lo = cip if cip < remaining else remaining
    if pot_after < remaining and state.config.raise_limit == "pot":
        return lo, pot_after if pot_after > lo else lo, pot_after
    return lo, remaining, pot_after



def span(state: PokerItalianoState, chips: int, pot: int) -> tuple[int, int]:
    """The lowest and highest wager of ``chips`` at most: the cip (less only all-in), and
    with the pot limit at most ``pot`` (never below the lowest). As ``lo = min(cip, chips)``,
    ``hi = max(lo, min(cap, chips))`` with ``cap`` the pot or the chips, without the
    builtins' calls."""
    cip = state.config.cip
    lo = cip if cip < chips else chips
    if pot < chips and state.config.raise_limit == "pot":
        return lo, pot if pot > lo else lo
    return lo, chips



def blind_amount(state: PokerItalianoState, level: int) -> int:
    """buio 2·P₀, controbuio 4·P₀, over 8·P₀ (with blind_base 1: 1, 2, 4 × P₀)."""
    return state.config.blind_base * state.p0 << (level - 1)



def offer_blind(state: PokerItalianoState, level: int) -> None:
    """Offer the next blind level if the rules allow it, else go on to covers / the deal."""
    cfg, m = state.config, len(state.seats)
    # a level is allowed only if the seat after the new blind is not the dealer (k <= m - 2)
    if cfg.blinds and not state.parole and level <= 3 and level <= m - 2:
        seat = state.seats[level - 1]
        if state.chips[seat] >= blind_amount(state, level):
            ask(state, "blinds", seat, [("blind", level)])
            return
    offer_covers(state)



def offer_covers(state: PokerItalianoState) -> None:
    levels = len(state.blind_seats)
    offers: list[tuple[str, int]] = []
    if levels == 3:
        offers.append(("cover", 2))
    elif levels == 2:
        offers.append(("cover", 1))
    state.offers = offers
    next_offer(state)



def next_offer(state: PokerItalianoState) -> None:
    while state.offers:
        _, level = state.offers[0]
        seat = state.blind_seats[level - 1]
        if state.chips[seat] >= cover_cost(state, level):
            ask(state, "blinds", seat, state.offers)
            return
        state.offers.pop(0)
    state.phase_name, state.current_player = "deal", CHANCE



def cover_cost(state: PokerItalianoState, level: int) -> int:
    return state.blind_amounts[-1] - state.blind_amounts[level - 1]



def ask(state: PokerItalianoState, phase: str, seat: int, offers: list[tuple[str, int]]) -> None:
    state.phase_name, state.current_player, state.offers = phase, seat, offers



def answer_offer(state: PokerItalianoState, action: Action) -> None:
    what, level = state.offers.pop(0)
    s = state.current_player
    if what == "blind":
        if isinstance(action, Blind):
            amount = blind_amount(state, level)
            put(state, s, amount)
            state.blind_seats.append(s)
            state.blind_amounts.append(amount)
            state.covered.append(False)
            say(state, s, BLIND_NAMES[level], amount)
            offer_blind(state, level + 1)
        else:
            say(state, s, "no_blind", 0)
            offer_covers(state)
        return
    if isinstance(action, Cover):
        cost = cover_cost(state, level)
        put(state, s, cost)
        state.covered[level - 1] = True
        say(state, s, "cover", cost)
        if level == 2:  # with an over, the buio may cover once the controbuio did
            state.offers.append(("cover", 1))
    else:
        say(state, s, "no_cover", 0)
    next_offer(state)



def start_first_round(state: PokerItalianoState) -> None:
    state.level = max(state.rbet)
    if sum(1 for s in state.seats if state.can_bet(s)) <= 1 and not state.blind_seats:
        draw.start_draw(state)  # nobody to bet against: straight to the draw and showdown
        return
    if not state.blind_seats:
        state.queue = [(s, M_OPEN) for s in state.seats]
    else:
        state.queue = blind_queue(state)
    advance_queue(state)



def blind_queue(state: PokerItalianoState) -> list[tuple[int, str]]:
    """§4 step 3: (a) non-blinds, (b) uncovered blinds controbuio→buio, (c) covered blinds,
    (d) the last blind."""
    levels = len(state.blind_seats)
    last = state.blind_seats[-1]
    queue = [(s, M_CALL_ONLY) for s in state.seats[levels:]]
    earlier = list(range(levels - 1))
    queue += [(state.blind_seats[i], M_CALL_ONLY) for i in reversed(earlier)
              if not state.covered[i]]
    queue += [(state.blind_seats[i], M_STAY) for i in earlier if state.covered[i]]
    queue.append((last, M_STAY))
    return queue



def advance_queue(state: PokerItalianoState) -> None:
    """Give the turn to the next queue step that can act, or end the first round."""
    while state.queue:
        seat, mode = state.queue[0]
        if state.folded[seat] or state.chips[seat] == 0:
            state.queue.pop(0)
            continue
        if mode == M_STAY and not raise_amounts(state, seat) and state.level == state.rbet[seat]:
            state.queue.pop(0)  # nothing to decide: he has matched and may not raise
            continue
        state.mode, state.current_player = mode, seat
        state.phase_name = round_phase(state)
        return
    end_round(state)



def round_phase(state: PokerItalianoState) -> str:
    if state.mode == M_OPEN:
        return "opening"
    return "second_round" if state.drawers and state.draw_idx >= len(state.drawers) else "betting"



def put(state: PokerItalianoState, seat: int, amount: int) -> None:
    state.chips[seat] -= amount
    state.contrib[seat] += amount
    state.rbet[seat] += amount



def say(state: PokerItalianoState, seat: int, word: str, amount: int) -> None:
    all_in = amount > 0 and state.chips[seat] == 0
    key = (seat, word, amount, all_in)
    said = SPOKEN.get(key) or spoken(key)  # (made once and shared, as made's events)
    state.events.append(said[0])
    state.log.append(said[1])



def bet_action(state: PokerItalianoState, action: Action) -> None:
    s = state.current_player
    in_queue = bool(state.queue)
    if in_queue:
        state.queue.pop(0)
    kind = action.kind  # (every betting word is the move's kind)
    amount = 0
    if kind == "pass":
        if state.mode == M_SECOND:  # "passo" after the draw gives the hand up
            state.folded[s] = True
    elif kind == "fold":
        state.folded[s] = True
    elif kind == "call":
        rbet, chips = state.rbet, state.chips
        amount = state.level - rbet[s]
        if chips[s] < amount:  # (all-in for less; min() without its call)
            amount = chips[s]
        chips[s] -= amount  # (_put, inlined)
        state.contrib[s] += amount
        rbet[s] += amount
    elif kind not in ("parola", "stay"):
        amount = wager(state, s, kind, action.amount)  # type: ignore[attr-defined]
        in_queue = False  # (the blind queue is dropped)
    # (say, inlined: this runs at every bet)
    all_in = amount > 0 and state.chips[s] == 0
    key = (s, kind, amount, all_in)
    said = SPOKEN.get(key) or spoken(key)
    state.events.append(said[0])
    state.log.append(said[1])
    state.acted_at[s] = state.full_raises
    state.needs[s] = False
    folded = state.folded  # one seat left? (only seats dealt in are ever not folded)
    if folded.count(False) == 1 and not (state.mode == M_SECOND and not state.round2_bet):
        showdown.award_uncontested(state, folded.index(False))
    elif in_queue:
        advance_queue(state)
    else:
        next_to_speak(state, s)



def wager(state: PokerItalianoState, s: int, kind: str, amount: int) -> int:
    """An open, bet or raise of ``amount`` (a raise's on top of the call); returns the
    chips put in."""
    to_call = state.level - state.rbet[s] if kind == "raise" else 0
    put(state, s, to_call + amount)
    state.level = state.rbet[s]
    if kind == "open":
        state.opener = s
    elif kind == "bet":
        state.round2_bet = True
    if state.drawers:  # second round: the last bettor shows first
        state.last_aggressor = s
    if kind != "raise" or amount >= state.config.cip:
        state.full_raises += 1
    # everybody else still in and able to bet must answer; the blind queue is dropped
    state.queue = []
    needs, folded, chips = state.needs, state.folded, state.chips
    for o in state.seats:  # (can_bet, inlined: this runs at every bet and raise)
        needs[o] = o != s and not folded[o] and chips[o] > 0
    return to_call + amount



def next_to_speak(state: PokerItalianoState, after: int) -> None:
    n, needs = state.n, state.needs
    s = (after + 1) % n
    for _ in range(n):
        if needs[s]:
            state.current_player = s
            mode = state.mode
            if mode != M_SECOND or state.level > 0:
                state.mode = mode = M_RESPOND
            # (round_phase, inlined: this runs at every bet)
            drawers = state.drawers
            state.phase_name = ("opening" if mode == M_OPEN else "second_round"
                                if drawers and state.draw_idx >= len(drawers) else "betting")
            return
        s = (s + 1) % n
    end_round(state)



def end_round(state: PokerItalianoState) -> None:
    if state.mode == M_OPEN and state.opener < 0:
        showdown.dead_deal(state)
        return
    if state.drawers and state.draw_idx >= len(state.drawers):
        end_second_round(state)
    else:
        draw.start_draw(state)



def start_second_round(state: PokerItalianoState) -> None:
    state.rbet = [0] * state.n
    state.level = 0
    state.full_raises = 0
    state.acted_at = [-1] * state.n
    state.mode = M_SECOND
    state.phase_name = "second_round"
    bettors = [s for s in state.seats if state.can_bet(s)]
    if len(bettors) <= 1:
        end_second_round(state)  # nobody left to bet against: showdown
        return
    for s in bettors:
        state.needs[s] = True
    if state.blind_seats:
        start = state._next_seat(state.blind_seats[-1])
    else:
        start = state.opener if state.opener >= 0 else state.seats[0]
    next_to_speak(state, (start - 1) % state.n)



def end_second_round(state: PokerItalianoState) -> None:
    live = [s for s in state.seats if not state.folded[s]]
    all_in = not all(map(state.chips.__getitem__, live))  # somebody live has no chips
    if state.round2_bet or all_in:
        if len(live) == 1:
            showdown.award_uncontested(state, live[0])
        else:
            showdown.showdown(state, live)
    elif not live:
        showdown.void_hand(state)
    elif len(live) == 1:
        showdown.award_uncontested(state, live[0])
    else:
        showdown.piatto_di_parole(state)
