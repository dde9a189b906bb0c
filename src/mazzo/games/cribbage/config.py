"""Cribbage configuration (defaults follow docs/rules/cribbage.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.engine.game import Config, check_choice, check_range

MATCH_SCORING = ("acc", "long", "free", "free_triple")

#: match points by scheme: (normal win, skunk, double skunk, triple skunk); -1 = wins the match
SCHEME_POINTS: dict[str, tuple[int, int, int, int]] = {
    "acc": (2, 3, 3, 3),
    "long": (3, 4, 4, 4),
    "free": (1, 2, 3, 3),
    "free_triple": (1, 2, 4, -1),
}


@dataclass(frozen=True)
class CribbageConfig(Config):
    """``players`` 2, 3 or 4 (4 = two partnerships, seats 0+2 against 1+3); ``target`` 121 or 61
    (short game); a match is won by the first side to win ``games_to_win`` games, each scored in
    match points by ``match_scoring``; ``muggins`` makes players announce their own scores."""

    game_id: ClassVar[str] = "cribbage"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    italian_docs: ClassVar[dict[str, str]] = {
        "target": "i punti che vincono una partita: 121, o 61 per la partita corta",
        "games_to_win": "le partite che una parte deve vincere per vincere l'incontro",
        "match_scoring": "i punti d'incontro per una partita vinta, uno skunk e un doppio skunk",
        "muggins": "ognuno dichiara i propri punti; quelli che sfuggono vanno all'avversario",
    }
    # the target is a choice of two, with no 0 among them
    field_labels: ClassVar[dict[str, tuple[str, str]]] = {"target": ("traguardo", "target")}

    players: int = 2
    #: points that win a game: 121, or 61 for the short game
    target: int = 121
    #: games a side must win to win the match
    games_to_win: int = 2
    #: match points for a game won, a skunk and a double skunk
    match_scoring: str = "acc"
    #: players announce their own scores; points someone misses go to the opponent
    muggins: bool = False

    def validate(self) -> None:
        super().validate()
        check_choice("target", self.target, (61, 121))
        check_range("games_to_win", self.games_to_win, 1, 99)
        check_choice("match_scoring", self.match_scoring, MATCH_SCORING)
