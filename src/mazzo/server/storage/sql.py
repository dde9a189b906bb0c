"""What the SQL backends share: the schema migrations and every query. A backend (SQLite,
PostgreSQL) supplies only its connection, its transactions and the few words its dialect spells
differently; the queries are written once here with ``?`` placeholders."""

from __future__ import annotations

import json
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
    SeatRow,
    Storage,
    StorageError,
    StoredTable,
    TableRow,
    UnknownTable,
    VersionConflict,
    dumps,
)

T = TypeVar("T")

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
    # the esperto's review of a seat of a finished match, computed once
    (10, (
        """CREATE TABLE reviews (
            table_id TEXT NOT NULL REFERENCES game_tables(id),
            seat INTEGER NOT NULL,
            review TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
    )),
)


class Cursor(Protocol):
    """The part of a DB-API cursor the queries use (sqlite3's and psycopg's both fit)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Transaction(Protocol):
    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor: ...


class SQLStorage(Storage):
    """The storage contract in SQL. Subclasses open the connection and provide
    :meth:`_transaction`; every write happens inside one, committed when it exits."""

    #: exceptions the driver raises for a broken unique or foreign key constraint
    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = ()
    #: a query giving one row whose first column is true when table ``?`` exists
    TABLE_EXISTS: ClassVar[str] = ""
    #: appended to the query reading a table's row before changing it: lock it (PostgreSQL)
    FOR_UPDATE: ClassVar[str] = ""
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
            "options, rematch, created, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.game, dumps(table.config),
             dumps([s.to_json() for s in table.seats]), table.owner_hash, table.status,
             dumps(table.options), table.rematch, table.created, rematch_of),
        )

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
        if status not in STATUSES:
            raise StorageError(f"status {status!r} is not one of {', '.join(STATUSES)}")
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
            db.execute("DELETE FROM table_owners WHERE table_id = ?", (table_id,))
            db.execute("UPDATE game_tables SET rematch = NULL WHERE rematch = ?", (table_id,))
            db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
            return True

        try:
            return self._run(delete)  # run again after a broken COMMIT: finds nothing, False
        finally:
            self.release(table_id)

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
            row = db.execute(
                "SELECT id, game, config, seats, owner_hash, status, options, rematch, created, "
                "joined FROM game_tables WHERE id = ?", (table_id,),
            ).fetchone()
            if row is None:
                raise UnknownTable(f"no table {table_id}")
            actions = db.execute(
                "SELECT version, action, seed, commitment, hand, note FROM actions "
                "WHERE table_id = ? ORDER BY version", (table_id,),
            ).fetchall()
            return row, actions

        row, actions = self._run(read, write=False)
        table = TableRow(
            id=row[0], game=row[1], config=json.loads(row[2]),
            seats=tuple(SeatRow.from_json(s) for s in json.loads(row[3])),
            owner_hash=row[4], status=row[5], options=json.loads(row[6]), rematch=row[7],
            created=row[8], joined=row[9],
        )
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

    def _seats(self, db: Transaction, table_id: str) -> list[SeatRow]:
        row = db.execute(f"SELECT seats FROM game_tables WHERE id = ?{self.FOR_UPDATE}",
                         (table_id,)).fetchone()
        if row is None:
            raise UnknownTable(f"no table {table_id}")
        return [SeatRow.from_json(s) for s in json.loads(row[0])]


def _note_text(note: JSON | None) -> str | None:
    return None if note is None else dumps(note)
