"""What the SQL backends share: the schema migrations and every query. A backend (SQLite,
PostgreSQL) supplies only its connection, its transactions and the few words its dialect spells
differently; the queries are written once here with ``?`` placeholders."""

from __future__ import annotations

import dataclasses
import json
import time
from abc import abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Final, Protocol, TypeVar

from mazzo.engine.game import JSON
from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    STATUSES,
    WAITING,
    ActionRow,
    ChatRow,
    QueueMatch,
    QueueTicket,
    ReportRow,
    SeatRow,
    Storage,
    StorageError,
    StoredTable,
    TableRow,
    UnknownTable,
    VersionConflict,
    dumps,
)
from mazzo.server.storage.sql_accounts import SQLAccounts
from mazzo.server.storage.sql_ratings import SQLRatings

T = TypeVar("T")

#: the columns of game_tables a :class:`TableRow` is read from, in its order
TABLE_COLUMNS: Final = ("id, game, config, seats, owner_hash, status, options, rematch, created, "
                        "joined")
#: the columns of quickmatch a :class:`QueueTicket` is read from, in its order
TICKET_COLUMNS: Final = ("ticket, game, players, account_id, name, rating, bots_after_s, "
                         "created, polled, table_id, seat, token")

#: schema migrations: (version, statements), applied in order, each in one transaction. The
#: SQL is the same for every backend (``DOUBLE PRECISION`` has REAL affinity in SQLite).
MIGRATIONS: Final[Sequence[tuple[int, Sequence[str]]]] = (
    (1, (
        """CREATE TABLE game_tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            config TEXT NOT NULL,
            seats TEXT NOT NULL,
            owner_hash TEXT NOT NULL,
            status TEXT NOT NULL,
            options TEXT NOT NULL,
            rematch TEXT,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES game_tables(id),
            version INTEGER NOT NULL,
            action TEXT NOT NULL,
            seed TEXT,
            commitment TEXT,
            hand INTEGER NOT NULL,
            PRIMARY KEY (table_id, version)
        )""",
        "CREATE INDEX game_tables_status ON game_tables(status)",
    )),
    # where the process serving a table can be reached (several processes on one database)
    (2, (
        """CREATE TABLE table_owners (
            table_id TEXT PRIMARY KEY REFERENCES game_tables(id),
            url TEXT NOT NULL
        )""",
    )),
    # at most one rematch per table, whoever asks and wherever: a second rematch table naming
    # the same original cannot be inserted (the conditional UPDATE in create_rematch is the
    # first line, this index the last)
    (3, (
        "ALTER TABLE game_tables ADD COLUMN rematch_of TEXT",
        "CREATE UNIQUE INDEX game_tables_rematch_of ON game_tables(rematch_of)",
    )),
    # the notice told with an action (a turn's time-out), so logs survive a restart
    (4, (
        "ALTER TABLE actions ADD COLUMN note TEXT",
    )),
    # when a player or the owner first connected: a waiting table nobody joined expires
    (5, (
        "ALTER TABLE game_tables ADD COLUMN joined DOUBLE PRECISION",
    )),
    # accounts (username_key: the casefolded username, unique), their sessions (by the SHA-256
    # of the token), the seats each holds (the index of "My tables"; the seat itself, in
    # game_tables.seats, names its account too) and the log of admin actions
    (6, (
        """CREATE TABLE accounts (
            id TEXT PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            deleted DOUBLE PRECISION,
            banned DOUBLE PRECISION,
            muted DOUBLE PRECISION
        )""",
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            account TEXT NOT NULL REFERENCES accounts(id),
            created DOUBLE PRECISION NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX sessions_account ON sessions(account)",
        "CREATE INDEX sessions_expires ON sessions(expires)",
        """CREATE TABLE account_seats (
            account TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES game_tables(id),
            seat INTEGER NOT NULL,
            PRIMARY KEY (account, table_id, seat)
        )""",
        "CREATE INDEX account_seats_table ON account_seats(table_id)",
        """CREATE TABLE admin_log (
            id TEXT PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            account TEXT,
            detail TEXT NOT NULL
        )""",
        "CREATE INDEX admin_log_at ON admin_log(at)",
    )),
    # ratings of rated tables: one per account and game, a history point per account and rated
    # table (its primary key makes rating a table twice impossible), and the seats of rated
    # tables forfeited by a person away past the grace period (ranked last when rated)
    (7, (
        """CREATE TABLE ratings (
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            matches INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account_id, game)
        )""",
        "CREATE INDEX ratings_game ON ratings(game)",
        """CREATE TABLE rating_history (
            account_id TEXT NOT NULL REFERENCES accounts(id),
            game TEXT NOT NULL,
            table_id TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            place INTEGER NOT NULL,
            won INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (account_id, table_id)
        )""",
        "CREATE INDEX rating_history_table ON rating_history(table_id)",
        "CREATE INDEX rating_history_account ON rating_history(account_id, game, at)",
        """CREATE TABLE rated_forfeits (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
    )),
    # finding a game: public tables are listed (the flag is a column, so the lobby's list is
    # an indexed query, not a scan of every table's options), and the quick match queue,
    # in the database so that every process on one PostgreSQL serves the same queue
    (8, (
        "ALTER TABLE game_tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX game_tables_public ON game_tables(public, status, created)",
        """CREATE TABLE quickmatch (
            ticket TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            account_id TEXT,
            name TEXT NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            bots_after_s DOUBLE PRECISION,
            created DOUBLE PRECISION NOT NULL,
            polled DOUBLE PRECISION NOT NULL,
            table_id TEXT,
            seat INTEGER,
            token TEXT
        )""",
        "CREATE INDEX quickmatch_queue ON quickmatch(game, players, table_id, created)",
    )),
    # a table's chat, read back by channel, newest last; and the reports of players, one per
    # reporter and seat of a table (a second click cannot file it twice)
    (9, (
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES game_tables(id),
            id TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            seat INTEGER,
            channel TEXT NOT NULL,
            name TEXT NOT NULL,
            account TEXT,
            text TEXT,
            phrase TEXT,
            PRIMARY KEY (table_id, id)
        )""",
        "CREATE INDEX chat_by_channel ON chat(table_id, channel, at)",
        """CREATE TABLE reports (
            id TEXT PRIMARY KEY,
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            account TEXT,
            reporter TEXT NOT NULL,
            reason TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            UNIQUE (table_id, seat, reporter)
        )""",
        "CREATE INDEX reports_by_time ON reports(at)",
    )),
    # the esperto's review of a seat of a finished match, computed once
    (10, (
        """CREATE TABLE reviews (
            table_id TEXT NOT NULL REFERENCES game_tables(id),
            seat INTEGER NOT NULL,
            review TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
    )),
    # when a table's match ended, so that old finished tables can be pruned by that date
    # (tables finished before this column existed have none: their creation time stands in)
    (11, (
        "ALTER TABLE game_tables ADD COLUMN finished DOUBLE PRECISION",
        "CREATE INDEX game_tables_finished ON game_tables(status, finished)",
    )),
)

#: what goes with a pruned table: its log, chat, reviews, seats' index, owner, forfeits and
#: quick match tickets. The accounts' ratings and their history stay (a rating is the sum of
#: its history: dropping points would leave a curve that no longer leads to it), and so do
#: players' reports (the admin's record of what was reported, and about whom)
PRUNED_WITH_TABLE: Final = ("actions", "chat", "reviews", "account_seats", "table_owners",
                            "rated_forfeits", "quickmatch")


class Cursor(Protocol):
    """The part of a DB-API cursor the queries use (sqlite3's and psycopg's both fit)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Transaction(Protocol):
    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor: ...


class SQLStorage(SQLAccounts, SQLRatings, Storage):
    """The storage contract in SQL. Subclasses open the connection and provide
    :meth:`_transaction`; every write happens inside one, committed when it exits. The account
    queries are :class:`SQLAccounts`'s, the rating ones :class:`SQLRatings`'s."""

    #: exceptions the driver raises for a broken unique or foreign key constraint
    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = ()
    #: a query giving one row whose first column is true when table ``?`` exists
    TABLE_EXISTS: ClassVar[str] = ""
    #: appended to the query reading a table's row before changing it: lock it (PostgreSQL)
    FOR_UPDATE: ClassVar[str] = ""
    #: appended to the query reading a quick match queue: lock its rows, skipping those
    #: another process's matcher holds (PostgreSQL); SQLite's write lock serialises matchers
    SKIP_LOCKED: ClassVar[str] = ""
    #: whether a group commit wraps each row in a savepoint: PostgreSQL must (a failed
    #: statement aborts its whole transaction); SQLite need not (a failed statement is undone
    #: alone, and a refused row fails before writing anything)
    SAVEPOINT_PER_ROW: ClassVar[bool] = True

    @abstractmethod
    def _transaction(self, write: bool = True) -> AbstractContextManager[Transaction]:
        """One transaction (serialised with the other callers of this object)."""

    def _run(self, work: Callable[[Transaction], T], write: bool = True,
             in_doubt: Callable[[Transaction], T] | None = None) -> T:
        """``work`` in one transaction, committed when it returns. A backend whose connection
        can break (PostgreSQL) runs ``work`` again on a new connection when the transaction
        surely did not commit, and ``in_doubt`` (default: ``work`` again, for writes that are
        idempotent) when the connection broke during the COMMIT itself."""
        with self._transaction(write) as db:
            return work(db)

    def _lock_migrations(self, db: Transaction) -> None:
        """Keep two processes from migrating at once (PostgreSQL; SQLite's write lock does)."""
        return None

    # -- schema -------------------------------------------------------------------------------

    def schema_version(self) -> int:
        return self._run(self._version, write=False)

    def _version(self, db: Transaction) -> int:
        if not db.execute(self.TABLE_EXISTS, ("schema_version",)).fetchone()[0]:
            return 0
        return int(db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] or 0)

    def migrate(self) -> int:
        for version, statements in MIGRATIONS:
            def apply(db: Transaction, version: int = version,
                      statements: Sequence[str] = statements) -> None:
                self._lock_migrations(db)
                db.execute("CREATE TABLE IF NOT EXISTS schema_version "
                           "(version INTEGER PRIMARY KEY)")
                if self._version(db) >= version:
                    return
                for sql in statements:
                    db.execute(sql)
                db.execute("INSERT INTO schema_version(version) VALUES (?)", (version,))

            self._run(apply)  # idempotent: run again after a broken connection
        return self.schema_version()

    # -- writes -------------------------------------------------------------------------------

    def create_table(self, table: TableRow) -> None:
        def insert(db: Transaction) -> None:
            self._insert_table(db, table)

        def insert_unless_there(db: Transaction) -> None:
            """The COMMIT's outcome is unknown: the row is ours if it is there now (the id is
            a fresh random one and the owner hash a fresh secret's)."""
            found = db.execute("SELECT owner_hash FROM game_tables WHERE id = ?",
                               (table.id,)).fetchone()
            if found is None:
                self._insert_table(db, table)
            elif found[0] != table.owner_hash:
                raise StorageError(f"table {table.id} already exists")

        try:
            self._run(insert, in_doubt=insert_unless_there)
        except self.INTEGRITY_ERRORS as exc:
            raise StorageError(f"table {table.id} already exists") from exc

    def _insert_table(self, db: Transaction, table: TableRow, rematch_of: str | None = None
                      ) -> None:
        db.execute(
            "INSERT INTO game_tables (id, game, config, seats, owner_hash, status, "
            "options, rematch, created, rematch_of, public) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.game, dumps(table.config),
             dumps([s.to_json() for s in table.seats]), table.owner_hash, table.status,
             dumps(table.options), table.rematch, table.created, rematch_of,
             1 if table.options.get("public") else 0),
        )
        self._write_account_seats(db, table.id, list(table.seats))

    def create_rematch(self, table_id: str, rematch: TableRow) -> str:
        """Atomically: if ``table_id`` has no rematch yet, insert ``rematch`` and record it as
        the rematch, in one transaction; either way return the id of the one rematch table.
        The conditional UPDATE takes the original's row lock (PostgreSQL) or the file's write
        lock (SQLite), so of two callers racing, the second waits, finds the rematch set and
        inserts nothing; the unique index on ``rematch_of`` backs this up."""
        def offer(db: Transaction) -> str:
            taken = db.execute(
                "UPDATE game_tables SET rematch = ? WHERE id = ? AND rematch IS NULL",
                (rematch.id, table_id),
            ).rowcount
            if taken == 1:
                self._insert_table(db, rematch, rematch_of=table_id)
                return rematch.id
            row = db.execute("SELECT rematch FROM game_tables WHERE id = ?",
                             (table_id,)).fetchone()
            if row is None:
                raise UnknownTable(f"no table {table_id}")
            return str(row[0])

        try:
            return self._run(offer)  # run again after a broken COMMIT: it finds its own row
        except self.INTEGRITY_ERRORS:
            # another writer inserted a rematch between our UPDATE's snapshot and the insert
            # (only possible without row locks): that one is the rematch
            return self._run(lambda db: str(db.execute(
                "SELECT id FROM game_tables WHERE rematch_of = ?", (table_id,)).fetchone()[0]),
                write=False)

    def append_action(self, table_id: str, row: ActionRow) -> None:
        result = self.append_actions([(table_id, row)])[0]
        if result is not None:
            raise result

    def append_actions(self, rows: Sequence[tuple[str, ActionRow]]) -> list[Exception | None]:
        """Group commit: every row in one transaction (one fsync), each row inside its own
        savepoint so a refused row (VersionConflict, UnknownTable) leaves no trace and does not
        affect the others. Rows are written in table order (a stable sort, so one table's rows
        keep theirs), so two writers lock tables in the same order. An error of the transaction
        itself (disk full, commit failed) is raised: then nothing was stored."""
        if not rows:
            return []
        return self._run(lambda db: self._append_group(db, rows),
                         in_doubt=lambda db: self._append_group(db, rows, in_doubt=True))

    def _append_group(self, db: Transaction, rows: Sequence[tuple[str, ActionRow]],
                      in_doubt: bool = False) -> list[Exception | None]:
        """The rows in the caller's transaction, each in its own savepoint. ``in_doubt``: a
        previous attempt's COMMIT may have stored some of them; a row found stored exactly as
        given is one of those (its result is None), the others are appended as usual."""
        results: list[Exception | None] = [None] * len(rows)
        order = sorted(range(len(rows)), key=lambda i: rows[i][0])
        savepoints = self.SAVEPOINT_PER_ROW
        for i in order:
            table_id, row = rows[i]
            if in_doubt and self._stored_as(db, table_id, row):
                continue
            if savepoints:
                db.execute("SAVEPOINT one_action")
            try:
                self._append(db, table_id, row)
            except StorageError as exc:
                if savepoints:
                    db.execute("ROLLBACK TO SAVEPOINT one_action")
                results[i] = exc
            if savepoints:
                db.execute("RELEASE SAVEPOINT one_action")
        return results

    def _stored_as(self, db: Transaction, table_id: str, row: ActionRow) -> bool:
        """Whether the log holds exactly ``row`` at its version."""
        found = db.execute(
            "SELECT action, seed, commitment, hand, note FROM actions "
            "WHERE table_id = ? AND version = ?", (table_id, row.version),
        ).fetchone()
        return found is not None and tuple(found) == (
            dumps(row.action), row.seed, row.commitment, row.hand, _note_text(row.note))

    def _append(self, db: Transaction, table_id: str, row: ActionRow) -> None:
        """Insert one action inside the caller's transaction, if it is the next version."""
        self._check_owned(table_id)
        if db.execute(f"SELECT 1 FROM game_tables WHERE id = ?{self.FOR_UPDATE}",
                      (table_id,)).fetchone() is None:  # and the row locked on PostgreSQL
            raise UnknownTable(f"no table {table_id}")
        (after_last,) = db.execute(
            "SELECT COALESCE(MAX(version) + 1, 0) FROM actions WHERE table_id = ?",
            (table_id,),
        ).fetchone()
        if row.version != after_last:
            raise VersionConflict(
                f"table {table_id}: action version {row.version} is not the next one "
                f"({after_last})"
            )
        try:
            db.execute(
                "INSERT INTO actions (table_id, version, action, seed, commitment, hand, note) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, row.version, dumps(row.action), row.seed, row.commitment, row.hand,
                 _note_text(row.note)),
            )
        except self.INTEGRITY_ERRORS as exc:
            raise VersionConflict(f"table {table_id}: version {row.version} is taken") from exc

    def set_status(self, table_id: str, status: str) -> None:
        """Set the status; the first time it is over, stamp the time (what prune goes by)."""
        if status not in STATUSES:
            raise StorageError(f"status {status!r} is not one of {', '.join(STATUSES)}")
        if status == OVER:
            self._update(table_id, "status = ?, finished = COALESCE(finished, ?)",
                         (status, time.time()))
        else:
            self._update(table_id, "status = ?", (status,))

    def _check_owned(self, table_id: str) -> None:
        """Refuse to write for a table this process lost (PostgreSQL: NotOwner)."""
        return None

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        def replace(db: Transaction) -> None:
            seats = self._seats(db, table_id)
            if not 0 <= seat.seat < len(seats):
                raise StorageError(f"table {table_id} has no seat {seat.seat}")
            seats[seat.seat] = seat
            db.execute("UPDATE game_tables SET seats = ? WHERE id = ?",
                       (dumps([s.to_json() for s in seats]), table_id))
            self._write_account_seats(db, table_id, [seat])

        self._run(replace)

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        self._update(table_id, "rematch = ?", (rematch_id,))

    def _update(self, table_id: str, assignment: str, values: tuple[object, ...]) -> None:
        def update(db: Transaction) -> None:
            cursor = db.execute(f"UPDATE game_tables SET {assignment} WHERE id = ?",
                                (*values, table_id))
            if cursor.rowcount == 0:
                raise UnknownTable(f"no table {table_id}")

        self._run(update)  # idempotent

    def mark_joined(self, table_id: str, when: float) -> None:
        self._run(lambda db: db.execute(
            "UPDATE game_tables SET joined = ? WHERE id = ? AND joined IS NULL",
            (when, table_id)))  # idempotent

    def unjoined_waiting(self, before: float, limit: int) -> list[str]:
        rows = self._run(lambda db: db.execute(
            "SELECT id FROM game_tables WHERE status = ? AND joined IS NULL AND created < ? "
            "ORDER BY created, id LIMIT ?", (WAITING, before, limit)).fetchall(), write=False)
        return [r[0] for r in rows]

    def delete_waiting(self, table_id: str) -> bool:
        def delete(db: Transaction) -> bool:
            found = db.execute(
                f"SELECT 1 FROM game_tables WHERE id = ? AND status = ? AND joined IS NULL"
                f"{self.FOR_UPDATE}", (table_id, WAITING)).fetchone()
            if found is None:
                return False
            db.execute("DELETE FROM actions WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM chat WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM table_owners WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM account_seats WHERE table_id = ?", (table_id,))
            db.execute("UPDATE game_tables SET rematch = NULL WHERE rematch = ?", (table_id,))
            db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
            return True

        try:
            return self._run(delete)  # run again after a broken COMMIT: finds nothing, False
        finally:
            self.release(table_id)

    # -- chat and reports -------------------------------------------------------------------

    def add_chat(self, table_id: str, row: ChatRow) -> None:
        def insert(db: Transaction) -> None:
            if db.execute("SELECT 1 FROM game_tables WHERE id = ?",
                          (table_id,)).fetchone() is None:
                raise UnknownTable(f"no table {table_id}")
            db.execute(
                "INSERT INTO chat (table_id, id, at, seat, channel, name, account, text, phrase) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, row.id, row.at, row.seat, row.channel, row.name, row.account,
                 row.text, row.phrase))

        def insert_unless_there(db: Transaction) -> None:
            """The COMMIT's outcome is unknown: the message's id is a fresh random one."""
            if db.execute("SELECT 1 FROM chat WHERE table_id = ? AND id = ?",
                          (table_id, row.id)).fetchone() is None:
                insert(db)

        self._check_owned(table_id)
        self._run(insert, in_doubt=insert_unless_there)

    def chat_log(self, table_id: str, channel: str, limit: int) -> list[ChatRow]:
        rows = self._run(lambda db: db.execute(
            "SELECT id, at, seat, channel, name, account, text, phrase FROM chat "
            "WHERE table_id = ? AND channel = ? ORDER BY at DESC, id DESC LIMIT ?",
            (table_id, channel, limit)).fetchall(), write=False)
        return [ChatRow(*row) for row in reversed(rows)]

    def add_report(self, row: ReportRow) -> bool:
        def insert(db: Transaction) -> bool:
            if db.execute("SELECT 1 FROM reports WHERE table_id = ? AND seat = ? AND "
                          "reporter = ?", (row.table_id, row.seat, row.reporter)
                          ).fetchone() is not None:
                return False
            db.execute(
                "INSERT INTO reports (id, table_id, seat, name, account, reporter, reason, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.table_id, row.seat, row.name, row.account, row.reporter,
                 row.reason, row.at))
            return True

        try:
            return self._run(insert, in_doubt=lambda db: insert(db) or self._reported(db, row))
        except self.INTEGRITY_ERRORS:  # the same report, filed at the same moment elsewhere
            return False

    @staticmethod
    def _reported(db: Transaction, row: ReportRow) -> bool:
        """Whether ``row`` itself (its id) is stored: a COMMIT in doubt that went through."""
        return db.execute("SELECT 1 FROM reports WHERE id = ?", (row.id,)).fetchone() is not None

    def list_reports(self, limit: int) -> list[ReportRow]:
        rows = self._run(lambda db: db.execute(
            "SELECT id, table_id, seat, name, account, reporter, reason, at FROM reports "
            "ORDER BY at DESC, id DESC LIMIT ?", (limit,)).fetchall(), write=False)
        return [ReportRow(*row) for row in rows]

    def _set_owner_url(self, table_id: str, url: str) -> None:
        self._run(lambda db: db.execute(
            "INSERT INTO table_owners (table_id, url) VALUES (?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET url = excluded.url", (table_id, url)))

    def owner_url(self, table_id: str) -> str | None:
        row = self._run(lambda db: db.execute(
            "SELECT url FROM table_owners WHERE table_id = ?", (table_id,)).fetchone(),
            write=False)
        return None if row is None else str(row[0])

    # -- reads --------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable:
        def read(db: Transaction) -> tuple[Any, list[Any]]:
            row = db.execute(f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE id = ?",
                             (table_id,)).fetchone()
            if row is None:
                raise UnknownTable(f"no table {table_id}")
            actions = db.execute(
                "SELECT version, action, seed, commitment, hand, note FROM actions "
                "WHERE table_id = ? ORDER BY version", (table_id,),
            ).fetchall()
            return row, actions

        row, actions = self._run(read, write=False)
        table = _table_row(row)
        log = tuple(ActionRow(v, json.loads(a), s, c, h, json.loads(n) if n else None)
                    for v, a, s, c, h, n in actions)
        return StoredTable(table, log)

    def save_review(self, table_id: str, seat: int, review: JSON) -> None:
        def insert(db: Transaction) -> None:
            if db.execute("SELECT 1 FROM reviews WHERE table_id = ? AND seat = ?",
                          (table_id, seat)).fetchone() is None:
                db.execute("INSERT INTO reviews(table_id, seat, review) VALUES (?, ?, ?)",
                           (table_id, seat, dumps(review)))

        self._run(insert)  # idempotent: the first review stored stays

    def load_review(self, table_id: str, seat: int) -> JSON | None:
        row = self._run(lambda db: db.execute(
            "SELECT review FROM reviews WHERE table_id = ? AND seat = ?", (table_id, seat)
        ).fetchone(), write=False)
        return None if row is None else dict(json.loads(row[0]))

    def unfinished_tables(self) -> list[str]:
        rows = self._run(lambda db: db.execute(
            "SELECT id FROM game_tables WHERE status != ? ORDER BY created, id", (OVER,)
        ).fetchall(), write=False)
        return [r[0] for r in rows]

    def playing_tables(self) -> list[str]:
        rows = self._run(lambda db: db.execute(
            "SELECT id FROM game_tables WHERE status = ? ORDER BY created, id", (PLAYING,)
        ).fetchall(), write=False)
        return [r[0] for r in rows]

    # -- keeping the database small (mazzo admin prune / export) ------------------------------

    def finished_before(self, before: float, limit: int, after: str = "") -> list[str]:
        rows = self._run(lambda db: db.execute(
            "SELECT id FROM game_tables WHERE status = ? AND COALESCE(finished, created) < ? "
            "AND id > ? ORDER BY id LIMIT ?", (OVER, before, after, limit)).fetchall(),
            write=False)
        return [r[0] for r in rows]

    def unfinished_before(self, before: float) -> int:
        row = self._run(lambda db: db.execute(
            "SELECT COUNT(*) FROM game_tables WHERE status != ? AND created < ?",
            (OVER, before)).fetchone(), write=False)
        return int(row[0])

    def prune_tables(self, table_ids: Sequence[str]) -> int:
        def prune(db: Transaction) -> int:
            removed = 0
            for table_id in table_ids:
                found = db.execute(f"SELECT 1 FROM game_tables WHERE id = ? AND status = ?"
                                   f"{self.FOR_UPDATE}", (table_id, OVER)).fetchone()
                if found is None:  # not over (or gone already): never removed
                    continue
                for child in PRUNED_WITH_TABLE:
                    db.execute(f"DELETE FROM {child} WHERE table_id = ?", (table_id,))
                db.execute("UPDATE game_tables SET rematch = NULL WHERE rematch = ?",
                           (table_id,))
                db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
                removed += 1
            return removed

        return self._run(prune)  # run again after a broken COMMIT: finds nothing removed twice

    # -- public tables and the quick match queue -----------------------------------------------

    def public_tables(self, status: str, limit: int, offset: int) -> list[TableRow]:
        rows = self._run(lambda db: db.execute(
            f"SELECT {TABLE_COLUMNS} FROM game_tables WHERE public = 1 AND status = ? "
            "ORDER BY created, id LIMIT ? OFFSET ?", (status, limit, offset)).fetchall(),
            write=False)
        return [_table_row(r) for r in rows]

    def enqueue(self, ticket: QueueTicket) -> None:
        def insert(db: Transaction) -> None:
            if db.execute("SELECT 1 FROM quickmatch WHERE ticket = ?",
                          (ticket.ticket,)).fetchone() is None:  # in doubt: ours if there
                db.execute(f"INSERT INTO quickmatch ({TICKET_COLUMNS}) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           dataclasses.astuple(ticket))

        self._run(insert)

    def poll_ticket(self, ticket_id: str, now: float) -> tuple[QueueTicket, int] | None:
        def poll(db: Transaction) -> tuple[QueueTicket, int] | None:
            db.execute("UPDATE quickmatch SET polled = ? WHERE ticket = ?", (now, ticket_id))
            row = db.execute(f"SELECT {TICKET_COLUMNS} FROM quickmatch WHERE ticket = ?",
                             (ticket_id,)).fetchone()
            if row is None:
                return None
            ticket = _ticket(row)
            if ticket.table_id is not None:
                return ticket, 0
            (ahead,) = db.execute(
                "SELECT COUNT(*) FROM quickmatch WHERE game = ? AND players = ? AND "
                "table_id IS NULL AND (created < ? OR (created = ? AND ticket < ?))",
                (ticket.game, ticket.players, ticket.created, ticket.created,
                 ticket.ticket)).fetchone()
            return ticket, int(ahead) + 1

        return self._run(poll)  # idempotent

    def leave_queue(self, ticket_id: str) -> bool:
        return self._run(lambda db: db.execute(
            "DELETE FROM quickmatch WHERE ticket = ? AND table_id IS NULL",
            (ticket_id,)).rowcount == 1)

    def waiting_queues(self) -> list[tuple[str, int]]:
        rows = self._run(lambda db: db.execute(
            "SELECT DISTINCT game, players FROM quickmatch WHERE table_id IS NULL "
            "ORDER BY game, players").fetchall(), write=False)
        return [(str(game), int(players)) for game, players in rows]

    def match_queue(self, game: str, players: int,
                    choose: Callable[[list[QueueTicket]], list[QueueMatch]]) -> list[str]:
        def match(db: Transaction) -> list[str]:
            rows = db.execute(
                f"SELECT {TICKET_COLUMNS} FROM quickmatch WHERE game = ? AND players = ? AND "
                f"table_id IS NULL ORDER BY created, ticket{self.SKIP_LOCKED}",
                (game, players)).fetchall()
            made = []
            for formed in choose([_ticket(r) for r in rows]) if rows else []:
                self._insert_table(db, formed.table)
                for ticket_id, (seat, token) in sorted(formed.seats.items()):
                    taken = db.execute(
                        "UPDATE quickmatch SET table_id = ?, seat = ?, token = ? "
                        "WHERE ticket = ? AND table_id IS NULL",
                        (formed.table.id, seat, token, ticket_id)).rowcount
                    if taken != 1:  # not one of the rows locked above: undo the whole match
                        raise StorageError(f"quick match ticket {ticket_id} is not waiting")
                made.append(formed.table.id)
            return made

        # run again after a broken COMMIT: a match that did commit left its tickets matched,
        # so nothing is chosen twice (its tables, status playing, are adopted by a process)
        return self._run(match)

    def expire_tickets(self, waiting_before: float, matched_before: float) -> int:
        return self._run(lambda db: db.execute(
            "DELETE FROM quickmatch WHERE (table_id IS NULL AND polled < ?) OR "
            "(table_id IS NOT NULL AND created < ?)", (waiting_before, matched_before)).rowcount)

    def _seats(self, db: Transaction, table_id: str) -> list[SeatRow]:
        row = db.execute(f"SELECT seats FROM game_tables WHERE id = ?{self.FOR_UPDATE}",
                         (table_id,)).fetchone()
        if row is None:
            raise UnknownTable(f"no table {table_id}")
        return [SeatRow.from_json(s) for s in json.loads(row[0])]


def _table_row(row: Sequence[Any]) -> TableRow:
    """A :class:`TableRow` from the columns of :data:`TABLE_COLUMNS`."""
    return TableRow(
        id=row[0], game=row[1], config=json.loads(row[2]),
        seats=tuple(SeatRow.from_json(s) for s in json.loads(row[3])),
        owner_hash=row[4], status=row[5], options=json.loads(row[6]), rematch=row[7],
        created=row[8], joined=row[9],
    )


def _ticket(row: Sequence[Any]) -> QueueTicket:
    """A :class:`QueueTicket` from the columns of :data:`TICKET_COLUMNS`."""
    return QueueTicket(row[0], row[1], int(row[2]), row[3], row[4], float(row[5]),
                       None if row[6] is None else float(row[6]), float(row[7]),
                       float(row[8]), row[9], None if row[10] is None else int(row[10]),
                       row[11])


def _note_text(note: JSON | None) -> str | None:
    return None if note is None else dumps(note)
