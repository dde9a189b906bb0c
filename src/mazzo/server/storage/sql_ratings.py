"""The rating queries of the SQL backends (:class:`SQLRatings`, a part of ``SQLStorage``):
ratings per account and game, their history and the forfeits of rated tables, on the tables
of migration 7, with ``?`` placeholders for SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from mazzo.server.storage.base import (
    OVER,
    RatedResult,
    RateFunction,
    RatingRow,
    Storage,
)

if TYPE_CHECKING:
    from mazzo.server.storage.sql import Transaction

T = TypeVar("T")

#: the columns a RatingRow is read from, in its fields' order
RATING_COLUMNS: Final = "account_id, game, mu, sigma, matches, wins, updated"
#: the columns a RatedResult is read from, in its fields' order
RESULT_COLUMNS: Final = "account_id, game, table_id, mu, sigma, place, won, at"
#: how often a rating transaction that lost a race for a new rating row (PostgreSQL: two
#: tables of one newcomer ending at once in two processes) is tried again
RATE_ATTEMPTS: Final = 3


def _rating(row: Any) -> RatingRow:
    return RatingRow(str(row[0]), str(row[1]), float(row[2]), float(row[3]), int(row[4]),
                     int(row[5]), float(row[6]))


def _result(row: Any) -> RatedResult:
    return RatedResult(str(row[0]), str(row[1]), str(row[2]), float(row[3]), float(row[4]),
                       int(row[5]), bool(row[6]), float(row[7]))


class SQLRatings(Storage):
    """Ratings in SQL; the backend supplies ``_run`` (one transaction per call)."""

    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = ()
    FOR_UPDATE: ClassVar[str] = ""

    def _run(self, work: Callable[[Transaction], T], write: bool = True,
             in_doubt: Callable[[Transaction], T] | None = None) -> T:
        raise NotImplementedError  # SQLStorage's

    def rate_table(self, table_id: str, accounts: Sequence[str], rate: RateFunction) -> bool:
        def work(db: Transaction) -> bool:
            # the accounts' rows locked in one order (PostgreSQL): two tables of one player
            # ending at once in two processes are rated one after the other
            for account in sorted(set(accounts)):
                db.execute(f"SELECT 1 FROM accounts WHERE id = ?{self.FOR_UPDATE}", (account,))
            if db.execute("SELECT 1 FROM rating_history WHERE table_id = ? LIMIT 1",
                          (table_id,)).fetchone() is not None:
                return False  # rated already
            game = db.execute("SELECT game FROM game_tables WHERE id = ?",
                              (table_id,)).fetchone()[0]
            before = {a: self._rating_in(db, a, game) for a in accounts}
            for result in rate(before):
                self._store_result(db, result, before[result.account_id])
            return True

        for attempt in range(RATE_ATTEMPTS):
            try:
                return self._run(work)  # in doubt: run again, which finds the history
            except self.INTEGRITY_ERRORS:
                if attempt == RATE_ATTEMPTS - 1:
                    raise
        return False  # not reached

    @staticmethod
    def _rating_in(db: Transaction, account_id: str, game: str) -> RatingRow | None:
        row = db.execute(f"SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = ? AND "
                         "game = ?", (account_id, game)).fetchone()
        return None if row is None else _rating(row)

    @staticmethod
    def _store_result(db: Transaction, result: RatedResult, before: RatingRow | None) -> None:
        """One account's new rating and its history point, in the caller's transaction."""
        won = int(result.won)
        if before is None:
            db.execute(f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, 1, ?, ?)",
                       (result.account_id, result.game, result.mu, result.sigma, won,
                        result.at))
        else:
            db.execute("UPDATE ratings SET mu = ?, sigma = ?, matches = matches + 1, "
                       "wins = wins + ?, updated = ? WHERE account_id = ? AND game = ?",
                       (result.mu, result.sigma, won, result.at, result.account_id,
                        result.game))
        db.execute(f"INSERT INTO rating_history ({RESULT_COLUMNS}) VALUES "
                   "(?, ?, ?, ?, ?, ?, ?, ?)",
                   (result.account_id, result.game, result.table_id, result.mu, result.sigma,
                    result.place, won, result.at))

    def rating(self, account_id: str, game: str) -> RatingRow | None:
        return self._run(lambda db: self._rating_in(db, account_id, game), write=False)

    def account_ratings(self, account_id: str) -> list[RatingRow]:
        rows = self._run(lambda db: db.execute(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = ? ORDER BY game",
            (account_id,)).fetchall(), write=False)
        return [_rating(r) for r in rows]

    def rating_history(self, account_id: str, game: str, limit: int) -> list[RatedResult]:
        rows = self._run(lambda db: db.execute(
            f"SELECT {RESULT_COLUMNS} FROM rating_history WHERE account_id = ? AND game = ? "
            "ORDER BY at DESC, table_id LIMIT ?", (account_id, game, limit)).fetchall(),
            write=False)
        return [_result(r) for r in reversed(rows)]

    def leaderboard(self, game: str, limit: int, offset: int) -> list[tuple[str, RatingRow]]:
        rows = self._run(lambda db: db.execute(
            "SELECT a.username, r.account_id, r.game, r.mu, r.sigma, r.matches, r.wins, "
            "r.updated FROM ratings r JOIN accounts a ON a.id = r.account_id "
            "WHERE r.game = ? AND a.deleted IS NULL AND a.banned IS NULL "
            "ORDER BY r.mu - 3 * r.sigma DESC, a.username_key LIMIT ? OFFSET ?",
            (game, limit, offset)).fetchall(), write=False)
        return [(str(r[0]), _rating(r[1:])) for r in rows]

    def finished_tables(self, account_id: str, limit: int) -> list[tuple[str, str, float, int]]:
        rows = self._run(lambda db: db.execute(
            "SELECT t.id, t.game, t.created, s.seat FROM account_seats s "
            "JOIN game_tables t ON t.id = s.table_id WHERE s.account = ? AND t.status = ? "
            "ORDER BY t.created DESC, t.id, s.seat LIMIT ?",
            (account_id, OVER, limit)).fetchall(), write=False)
        return [(str(i), str(g), float(c), int(s)) for i, g, c, s in rows]

    def record_forfeit(self, table_id: str, seat: int, at: float) -> None:
        self._run(lambda db: db.execute(
            "INSERT INTO rated_forfeits (table_id, seat, at) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id, seat) DO NOTHING", (table_id, seat, at)))

    def forfeits(self, table_id: str) -> set[int]:
        rows = self._run(lambda db: db.execute(
            "SELECT seat FROM rated_forfeits WHERE table_id = ?", (table_id,)).fetchall(),
            write=False)
        return {int(r[0]) for r in rows}
