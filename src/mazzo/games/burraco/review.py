"""How the esperto's review values Burraco: the hand's points, partners as one side."""

from __future__ import annotations

from mazzo.engine.review import ReviewRules


def side(seat: int, players: int) -> tuple[int, ...]:
    """Four players play in partnerships, seats 0 and 2 against 1 and 3."""
    return (seat % 2, seat % 2 + 2) if players == 4 else (seat,)


#: losses in points of the hand (a hand swings by some 130 points): 10 good, 30 an inaccuracy,
#: 80 a mistake; fewer worlds and candidates than the other games, as a Burraco hand is long to
#: play out
RULES = ReviewRules(thresholds=(10.0, 30.0, 80.0), worlds=16, candidates=5, side=side)
