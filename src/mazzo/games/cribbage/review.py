"""How the esperto's review values cribbage: pegs of the hand or the chance to win the game,
the discard exact.

A discard is valued by the exact discard analyzer (``scoring.discard_analysis``: the hand's
mean over every starter, the crib's from the shipped table, added when the crib is the seat's
side's), so its loss is the analyzer's difference between the best lay-away and the one made.
The play is valued by the generic search, each world played to the hand's end: in a two-player
game to 121 by the chance to win the game from the board it leaves (the board-position table,
:func:`board.win_chance`, made for that game only), elsewhere by the pegs of the rest of the
hand, the seat's side less the others'.
"""

from __future__ import annotations

from collections.abc import Sequence

from mazzo.engine.game import Action, State
from mazzo.engine.review import Measure, ReviewRules
from mazzo.games.cribbage.actions import Discard
from mazzo.games.cribbage.board import TARGET, win_chance
from mazzo.games.cribbage.scoring import discard_analysis
from mazzo.games.cribbage.state import CribbageState


def exact_discard(state: State, seat: int,
                  legal: Sequence[Action]) -> tuple[list[float], int] | None:
    """The analyzer's net points of every legal lay-away (None outside the discard), and the
    starters each mean is taken over."""
    if not isinstance(state, CribbageState) or state.phase != "discard":
        return None
    hand = state.hands[seat]
    ours = state.side[state.dealer] == state.side[seat]
    options = {frozenset(o.discard): o.net for o in discard_analysis(hand, ours)}
    values = [options[frozenset(a.cards)] for a in legal if isinstance(a, Discard)]
    if len(values) != len(legal):
        return None
    return values, 52 - len(hand)


def keeps(state: State, seat: int, action: Action, lang: str) -> str | None:
    """"keeps 5♥ 5♦" for a lay-away: the hand the esperto plays on."""
    if not isinstance(action, Discard) or not isinstance(state, CribbageState):
        return None
    kept = " ".join(str(c) for c in state.hands[seat] if c not in action.cards)
    return f"tiene {kept}" if lang == "it" else f"keeps {kept}"


def side(seat: int, players: int) -> tuple[int, ...]:
    """Four players play in partnerships, seats 0 and 2 against 1 and 3."""
    return (seat % 2, seat % 2 + 2) if players == 4 else (seat,)


def game_chance(state: State, world: State, seat: int) -> float:
    """``seat``'s chance to win the game once ``world``'s hand is over: 1 or 0 if the hand won
    a game (against the games won at the decision, ``state``), else the board table's from the
    new board with the next dealer to deal."""
    assert isinstance(state, CribbageState) and isinstance(world, CribbageState)
    for side, (now, then) in enumerate(zip(world.games_won, state.games_won, strict=True)):
        if now > then:
            return 1.0 if side == seat else 0.0
    mine, theirs = world.board[seat], world.board[1 - seat]
    return win_chance(mine, theirs) if world.dealer == seat else 1.0 - win_chance(theirs, mine)


#: a peg is worth some 1 to 2 points of win chance in the middle of a game (the table's
#: neighbours), so the classes in pegs become one, three and eight percentage points
WIN_CHANCE = Measure(game_chance, thresholds=(0.01, 0.03, 0.08), unit_en="win chance",
                     unit_it="probabilità di vittoria", percent=True)


def by_board(state: State, seat: int) -> Measure | None:
    """The play of a two-player game to 121 is valued by the chance to win the game (the only
    game the board table is made for); every other decision in pegs."""
    if (isinstance(state, CribbageState) and state.n == 2 and state.target == TARGET
            and state.phase == "pegging"):
        return WIN_CHANCE
    return None


#: losses in pegs of the hand: half a peg is good, a peg and a half an inaccuracy, four a mistake
RULES = ReviewRules(thresholds=(0.5, 1.5, 4.0), worlds=64, side=side, exact=exact_discard,
                    phrase=keeps, measure=by_board)
