"""Cribbage events: what an action caused, JSON-ready, translated by ``text``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event, quick_init

# --- events ------------------------------------------------------------------------------------


@quick_init
@dataclass(frozen=True, slots=True)
class CutForDealt(Event):
    """Each player's cut for the first deal; ``dealer`` -1 means equal lowest cards: cut again."""

    kind: ClassVar[str] = "cut_for_deal"
    cards: tuple[Card, ...]
    dealer: int


@quick_init
@dataclass(frozen=True, slots=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    dealer: int
    hand_number: int
    game_number: int


@quick_init
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class StarterCut(Event):
    kind: ClassVar[str] = "starter"
    seat: int  # who cut
    card: Card


@quick_init
@dataclass(frozen=True, slots=True)
class Laid(Event):
    kind: ClassVar[str] = "laid"
    seat: int
    card: Card
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class Go(Event):
    kind: ClassVar[str] = "go"
    seat: int
    count: int


@quick_init
@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count goes back to 0; ``seat`` leads the next series."""

    kind: ClassVar[str] = "reset"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Scored(Event):
    """Points pegged during the deal or the play. Reasons: his_heels, fifteen, thirty_one, pair,
    pair_royal, double_pair_royal, run, go, last_card. (With muggins, see ``Announced``.)"""

    kind: ClassVar[str] = "scored"
    seat: int
    points: int
    reason: str
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class Counted(Event):
    """One hand or crib counted in the show, by category, so the count can be followed.

    ``announced`` is -1 when scored automatically (the points are pegged now, ``total`` is the
    side's new score); with muggins it is what the owner announced (points already pegged).
    """

    kind: ClassVar[str] = "counted"
    seat: int
    what: str  # "hand" or "crib"
    cards: tuple[Card, ...]
    starter: Card
    fifteens: int
    pairs: int
    run_length: int
    runs: int
    flush: int
    nobs: int
    points: int
    announced: int
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class PegWorth(Event):
    """Muggins: what a card laid was really worth, once the claim window closed."""

    kind: ClassVar[str] = "peg_worth"
    seat: int
    reasons: tuple[str, ...]
    points: tuple[int, ...]
    announced: int


@quick_init
@dataclass(frozen=True, slots=True)
class Announced(Event):
    kind: ClassVar[str] = "announced"
    seat: int
    what: str  # "peg", "hand" or "crib"
    claimed: int  # what the owner said
    points: int  # what was pegged: the claim, corrected down to the true score
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class Claimed(Event):
    kind: ClassVar[str] = "muggins"
    seat: int
    owner: int
    points: int
    total: int


@quick_init
@dataclass(frozen=True, slots=True)
class Declined(Event):
    kind: ClassVar[str] = "declined"
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """``seat`` (of the winning side) won the game; ``skunk`` 0 none, 1 skunk/lurch, 2 double,
    3 triple; ``match_points`` earned by this game."""

    kind: ClassVar[str] = "game_won"
    seat: int
    players: int
    game_number: int
    scores: tuple[int, ...]
    skunk: int
    match_points: int


@quick_init
@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    kind: ClassVar[str] = "match_won"
    seat: int  # the winning side's first seat
    players: int
    games_won: tuple[int, ...]
    match_points: tuple[int, ...]


