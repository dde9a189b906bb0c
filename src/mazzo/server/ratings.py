"""Ratings of people at rated tables, and the bots' reference ratings.

A rated table (``options["rated"]``, every seat a person with an account) is rated once, when
its match ends: the seats' sides (``Game.sides``: partners are one side) are ranked by their
final result, every side that holds a forfeited seat below all the others (a person away past
the grace period, whose seat the stand-in took: :func:`forfeit_seat`), and each account's
Weng–Lin rating in the game moves by :func:`mazzo.arena.ratings.rate_match`. The storage makes
it one transaction, once per table, whichever process or restart runs it again.

What a player sees is :func:`mazzo.arena.ratings.shown` (conservative, on an Elo-like scale)
with a provisional mark under ``PROVISIONAL_MATCHES`` matches; docs/ratings.md has the rules.
"""

from __future__ import annotations

import json
import logging
import time
from functools import cache
from importlib import resources
from typing import Final

from mazzo.arena.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    Skill,
    provisional,
    rate_match,
    shown,
)
from mazzo.engine.game import JSON, Game, State
from mazzo.server.storage.base import RatedResult, RatingRow, Storage, TableRow
from mazzo.server.table import HUMAN

log = logging.getLogger("mazzo.server")

#: the file in a game's folder holding its bot levels' reference ratings
#: (``python -m benchmarks bot-ratings --write``)
BOT_RATINGS_FILE: Final = "bot_ratings.json"


def rating_of(storage: Storage, account_id: str, game: str) -> tuple[float, float, int]:
    """(mu, sigma, rated matches) of the account in ``game``; a newcomer's before any."""
    row = storage.rating(account_id, game)
    if row is None:
        return (DEFAULT_MU, DEFAULT_SIGMA, 0)
    return (row.mu, row.sigma, row.matches)


def display(row: RatingRow | None) -> JSON:
    """The rating as players see it: the shown number, matches, wins and the provisional
    mark (a newcomer's figures for None)."""
    mu, sigma = (row.mu, row.sigma) if row else (DEFAULT_MU, DEFAULT_SIGMA)
    matches = row.matches if row else 0
    return {"rating": shown(mu, sigma), "matches": matches, "wins": row.wins if row else 0,
            "provisional": provisional(matches)}


def is_rated(row: TableRow) -> bool:
    """Whether the table is rated: asked for at creation, and every seat a person with an
    account (a guest or a bot at the table makes it unrated, whatever was asked)."""
    return bool(row.options.get("rated")) and all(
        s.kind == HUMAN and s.account is not None for s in row.seats) and len(
        {s.account for s in row.seats}) == len(row.seats)


def places(values: list[float], forfeited: list[bool]) -> list[int]:
    """Each side's place (0 = first, equal results share one): by result, best first, with
    every side that forfeited below every side that did not (tied among themselves)."""
    keys = [(f, -v) for v, f in zip(values, forfeited, strict=True)]
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


def settle(storage: Storage, row: TableRow, game: Game, state: State) -> bool:
    """Rate the finished match of a rated table (True), or nothing when it is not rated or
    was rated already (False). Runs in a worker thread; storage errors propagate."""
    if not is_rated(row) or not state.is_terminal:
        return False
    side_of = game.sides(state.config)
    sides = sorted(set(side_of))
    returns = state.returns()
    forfeits = storage.forfeits(row.id)
    members = [[str(s.account) for s in row.seats if side_of[s.seat] == side] for side in sides]
    values = [max(returns[s] for s in range(len(side_of)) if side_of[s] == side)
              for side in sides]
    lost = [any(side_of[s] == side for s in forfeits) for side in sides]
    ranks = places(values, lost)
    everyone_first = all(r == 0 for r in ranks)
    at = time.time()

    def rate(before: dict[str, RatingRow | None]) -> list[RatedResult]:
        skills = [[Skill(b.mu, b.sigma) if (b := before[a]) else Skill() for a in side]
                  for side in members]
        after = rate_match(skills, ranks)
        return [RatedResult(account, game.id, row.id, skill.mu, skill.sigma, rank,
                            rank == 0 and not everyone_first, at)
                for side, new, rank in zip(members, after, ranks, strict=True)
                for account, skill in zip(side, new, strict=True)]

    accounts = [a for side in members for a in side]
    done = storage.rate_table(row.id, accounts, rate)
    if done:
        log.info("mazzo: rated table %s (%s, places %s)", row.id, game.id, ranks,
                 extra={"table": row.id})
    return done


def forfeit_seat(storage: Storage, row: TableRow, seat: int) -> None:
    """Mark ``seat`` of a rated table as lost: its person left and the grace period ran out
    (the stand-in takes the seat). Coming back later does not undo it."""
    if is_rated(row):
        storage.record_forfeit(row.id, seat, time.time())


@cache
def reference_ratings(game: Game) -> dict[str, int]:
    """The game's bot levels' reference ratings (level -> shown number), from the game's
    ``bot_ratings.json``; empty when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        data = json.loads(resources.files(package).joinpath(BOT_RATINGS_FILE).read_text())
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return {level: int(entry["rating"]) for level, entry in data["levels"].items()}
