"""What a game tells the generic review (``mazzo.coach.review``) about itself.

A game declares, through ``Game.review_rules``, the unit a decision's loss is counted in, the
losses that separate the classes of a move, how a hand's points are read off the state and,
where it has them, exact values for some decisions (cribbage's discard analyzer) or a better
measure than the hand's points for others (two-player cribbage's chance of winning the game),
so the review never names a game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mazzo.engine.game import Action, State

#: exact values of every legal move of a decision, from the deciding seat's view only: ``(state,
#: seat, legal) -> (values in the order of legal, the worlds each value averages over)``, or
#: None where the game has no exact answer for this decision and the search values it
ExactValues = Callable[["State", int, "Sequence[Action]"], "tuple[list[float], int] | None"]
#: how the review says the best move in words, where the action's own description reads badly
#: after "esperto" (``(state, seat, action, lang) -> words``, e.g. "keeps 5♥ 5♦"); None: the
#: game's ``describe_action``
Phrase = Callable[["State", int, "Action", str], "str | None"]
#: the value to a seat of a hand played out, in a :class:`Measure`'s unit: ``(state at the
#: decision, the world at the hand's end, seat) -> value``
EndValue = Callable[["State", "State", int], float]


@dataclasses.dataclass(frozen=True)
class Measure:
    """A unit some decisions are valued in instead of the hand's points: where a game knows what
    a score is worth (two-player cribbage's chance to win the game from any board), each world is
    played to the hand's end as usual and the end is valued by ``value``.

    ``thresholds`` are the class limits in this unit, as :class:`ReviewRules`' are in points.
    ``percent``: a value is a chance, said in the reasons as a percentage and a loss as
    percentage points (the JSON keeps the chance itself, 0 to 1).
    """

    value: EndValue
    thresholds: tuple[float, float, float]
    unit_en: str
    unit_it: str
    percent: bool = False

    def unit(self, lang: str) -> str:
        return self.unit_it if lang == "it" else self.unit_en


#: the measure of one decision: ``(state, seat) -> Measure``, or None where the hand's points
#: value it
Measures = Callable[["State", int], "Measure | None"]


@dataclasses.dataclass(frozen=True)
class ReviewRules:
    """How the review values and classes one game's decisions.

    ``thresholds``: the largest loss, in ``unit``, of a good move, an inaccuracy and a mistake
    (a larger loss is a blunder). ``relative``: the hand's points of a seat are its gain minus
    the mean gain of the seats not on its side (a race, as cribbage's pegs); False where the
    gains already sum to zero (poker's chips), so that the seat's own gain is the loss it
    suffers. ``worlds``: the worlds behind each value at the default depth, measured to keep a
    seat's review within minutes (docs/review.md). ``measure``: the decisions valued in a unit
    other than the hand's points, and how.
    """

    thresholds: tuple[float, float, float] = (0.5, 2.0, 5.0)
    unit_en: str = "points"
    unit_it: str = "punti"
    #: "expected" agreeing with ``unit_it`` ("punti attesi", "fiches attese")
    expected_it: str = "attesi"
    relative: bool = True
    worlds: int = 24
    #: the moves valued at full depth where a decision has more (the played one always too)
    candidates: int = 6
    #: the seats playing for the same side as a seat (itself included); None: itself alone
    side: Callable[[int, int], Sequence[int]] | None = None
    exact: ExactValues | None = None
    phrase: Phrase | None = None
    measure: Measures | None = None

    def unit(self, lang: str) -> str:
        return self.unit_it if lang == "it" else self.unit_en

    def partners(self, seat: int, players: int) -> Sequence[int]:
        """``seat`` and the seats that score with it."""
        return (seat,) if self.side is None else self.side(seat, players)
