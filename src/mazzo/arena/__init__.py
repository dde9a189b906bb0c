"""Tournaments between bots for any registered game: ``run_tournament`` and ``mazzo arena``."""

from mazzo.arena.ratings import elo_ratings, weng_lin, wilson
from mazzo.arena.tournament import BACKENDS, lineups, play_task, run_tournament

__all__ = [
    "BACKENDS", "elo_ratings", "lineups", "play_task", "run_tournament", "weng_lin", "wilson",
]
