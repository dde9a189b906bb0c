"""What the end of a deal is worth to a side in a match: the chance that its best seat finishes
on top. The esperto plays for the match, not the deal, because a match is what it must win.

The arena scores a two-level poker match by the final stack of each level's **best** seat (the
two levels sit in alternate seats, A B A B). Chips are the wrong currency for that rule: a pot
that doubles a seat already far ahead adds nothing, a loss that leaves the partner seat on top
costs nothing, and a side that trails late needs variance more than a mean. So a deal's end is
valued by :func:`win_probability`: every seat still in the match ends the match at its stack
now plus a normal swing of :data:`DEAL_SD` chips per deal still to play (independent seats, a
stack never below zero: a seat that goes broke stays at zero), and the side wins when its best
seat ends above the best of the others.

:data:`DEAL_SD` was measured on medio-only ten-deal matches (``scripts/poker_match_curve.py``:
a seat's net chips have a standard deviation of 101 over 10.07 deals, about 32 per deal).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

#: standard deviation of a seat's chips over one deal in medio play (101 over 10.07 deals)
DEAL_SD: Final = 32.0
#: points of the integration grid over the final stacks
GRID: Final = 48
#: the grid reaches this many standard deviations beyond the lowest and highest stack
REACH: Final = 4.0


def alternate_team(seat: int, players: int) -> tuple[int, ...]:
    """The seats of ``seat``'s side when two levels sit in alternate seats (A B A B): its
    parity with an even number of players, itself alone otherwise."""
    if players % 2:
        return (seat,)
    return tuple(s for s in range(players) if s % 2 == seat % 2)


def win_probability(stacks: Sequence[float], alive: Sequence[bool], team: Sequence[int],
                    deals_left: float, deal_sd: float = DEAL_SD) -> float:
    """P(the best stack among ``team`` ends above the best of the other seats), each live
    stack moving by N(0, deal_sd² · deals_left) clamped at zero, the others staying where they
    are. Level best stacks count half. With no deal left the stacks now decide."""
    mine = [float(stacks[s]) for s in team]
    theirs = [float(stacks[s]) for s in range(len(stacks)) if s not in team]
    if not theirs:
        return 1.0
    if deals_left <= 0:
        best, other = max(mine), max(theirs)
        return 1.0 if best > other else 0.5 if best == other else 0.0
    spread = deal_sd * math.sqrt(deals_left)
    live_mine = [alive[s] for s in team]
    live_theirs = [alive[s] for s in range(len(stacks)) if s not in team]
    low = max(0.0, min(stacks) - REACH * spread)
    high = max(stacks) + REACH * spread
    step = (high - low) / GRID
    # P(max mine > max theirs) = ∫ F_theirs(x) dF_mine(x), by the midpoint rule on the grid
    total = 0.0
    below = _joint_cdf(mine, live_mine, low, spread)
    for k in range(1, GRID + 1):
        x = low + k * step
        now = _joint_cdf(mine, live_mine, x, spread)
        if now > below:
            total += (now - below) * _joint_cdf(theirs, live_theirs, x - step / 2, spread)
        below = now
    # what lies below the grid (both sides broke) counts half, above it (never reached) nothing
    start = _joint_cdf(mine, live_mine, low, spread)
    return total + 0.5 * start * _joint_cdf(theirs, live_theirs, low, spread)


def _joint_cdf(stacks: Sequence[float], live: Sequence[bool], x: float, spread: float) -> float:
    """P(every one of these final stacks is at most ``x``)."""
    p = 1.0
    for stack, alive in zip(stacks, live, strict=True):
        if not alive:
            p *= 1.0 if stack <= x else 0.0
        elif x < 0:
            return 0.0
        else:  # clamped at zero: the mass below zero sits on zero, which x >= 0 covers
            p *= 0.5 * math.erfc((stack - x) / (spread * math.sqrt(2.0)))
        if p == 0.0:
            return 0.0
    return p
