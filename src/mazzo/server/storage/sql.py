"""What the SQL backends share: the schema migrations and every query. A backend (SQLite,
PostgreSQL) supplies only its connection, its transactions and the few words its dialect spells
differently; the queries are written once here with ``?`` placeholders."""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Final, Protocol

from mazzo.server.storage.base import (
    OVER,
    STATUSES,
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

    @abstractmethod
    def _transaction(self, write: bool = True) -> AbstractContextManager[Transaction]:
        """One transaction (serialised with the other callers of this object)."""

    def _lock_migrations(self, db: Transaction) -> None:
        """Keep two processes from migrating at once (PostgreSQL; SQLite's write lock does)."""
        return None

    # -- schema -------------------------------------------------------------------------------

    def schema_version(self) -> int:
        with self._transaction(write=False) as db:
            return self._version(db)

    def _version(self, db: Transaction) -> int:
        if not db.execute(self.TABLE_EXISTS, ("schema_version",)).fetchone()[0]:
            return 0
        return int(db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] or 0)

    def migrate(self) -> int:
        for version, statements in MIGRATIONS:
            with self._transaction() as db:
                self._lock_migrations(db)
                db.execute("CREATE TABLE IF NOT EXISTS schema_version "
                           "(version INTEGER PRIMARY KEY)")
                if self._version(db) >= version:
                    continue
                for sql in statements:
                    db.execute(sql)
                db.execute("INSERT INTO schema_version(version) VALUES (?)", (version,))
        return self.schema_version()

    # -- writes -------------------------------------------------------------------------------

    def create_table(self, table: TableRow) -> None:
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO game_tables (id, game, config, seats, owner_hash, status, "
                    "options, rematch, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (table.id, table.game, dumps(table.config),
                     dumps([s.to_json() for s in table.seats]), table.owner_hash, table.status,
                     dumps(table.options), table.rematch, table.created),
                )
        except self.INTEGRITY_ERRORS as exc:
            raise StorageError(f"table {table.id} already exists") from exc

    def append_action(self, table_id: str, row: ActionRow) -> None:
        with self._transaction() as db:
            self._append(db, table_id, row)

    def append_actions(self, rows: Sequence[tuple[str, ActionRow]]) -> list[Exception | None]:
        """Group commit: every row in one transaction (one fsync), each row inside its own
        savepoint so a refused row (VersionConflict, UnknownTable) leaves no trace and does not
        affect the others. Rows are written in table order (a stable sort, so one table's rows
        keep theirs), so two writers lock tables in the same order. An error of the transaction
        itself (disk full, commit failed) is raised: then nothing was stored."""
        results: list[Exception | None] = [None] * len(rows)
        order = sorted(range(len(rows)), key=lambda i: rows[i][0])
        with self._transaction() as db:
            for i in order:
                table_id, row = rows[i]
                db.execute("SAVEPOINT one_action")
                try:
                    self._append(db, table_id, row)
                except StorageError as exc:
                    db.execute("ROLLBACK TO SAVEPOINT one_action")
                    results[i] = exc
                db.execute("RELEASE SAVEPOINT one_action")
        return results

    def _append(self, db: Transaction, table_id: str, row: ActionRow) -> None:
        """Insert one action inside the caller's transaction, if it is the next version."""
        self._seats(db, table_id)  # UnknownTable, and the row locked on PostgreSQL
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
                "INSERT INTO actions (table_id, version, action, seed, commitment, hand) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, row.version, dumps(row.action), row.seed, row.commitment, row.hand),
            )
        except self.INTEGRITY_ERRORS as exc:
            raise VersionConflict(f"table {table_id}: version {row.version} is taken") from exc

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise StorageError(f"status {status!r} is not one of {', '.join(STATUSES)}")
        self._update(table_id, "status = ?", (status,))

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        with self._transaction() as db:
            seats = self._seats(db, table_id)
            if not 0 <= seat.seat < len(seats):
                raise StorageError(f"table {table_id} has no seat {seat.seat}")
            seats[seat.seat] = seat
            db.execute("UPDATE game_tables SET seats = ? WHERE id = ?",
                       (dumps([s.to_json() for s in seats]), table_id))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        self._update(table_id, "rematch = ?", (rematch_id,))

    def _update(self, table_id: str, assignment: str, values: tuple[object, ...]) -> None:
        with self._transaction() as db:
            cursor = db.execute(f"UPDATE game_tables SET {assignment} WHERE id = ?",
                                (*values, table_id))
            if cursor.rowcount == 0:
                raise UnknownTable(f"no table {table_id}")

    def _set_owner_url(self, table_id: str, url: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO table_owners (table_id, url) VALUES (?, ?) "
                       "ON CONFLICT (table_id) DO UPDATE SET url = excluded.url",
                       (table_id, url))

    def owner_url(self, table_id: str) -> str | None:
        with self._transaction(write=False) as db:
            row = db.execute("SELECT url FROM table_owners WHERE table_id = ?",
                             (table_id,)).fetchone()
        return None if row is None else str(row[0])

    # -- reads --------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable:
        with self._transaction(write=False) as db:
            row = db.execute(
                "SELECT id, game, config, seats, owner_hash, status, options, rematch, created "
                "FROM game_tables WHERE id = ?", (table_id,),
            ).fetchone()
            if row is None:
                raise UnknownTable(f"no table {table_id}")
            actions = db.execute(
                "SELECT version, action, seed, commitment, hand FROM actions "
                "WHERE table_id = ? ORDER BY version", (table_id,),
            ).fetchall()
        table = TableRow(
            id=row[0], game=row[1], config=json.loads(row[2]),
            seats=tuple(SeatRow.from_json(s) for s in json.loads(row[3])),
            owner_hash=row[4], status=row[5], options=json.loads(row[6]), rematch=row[7],
            created=row[8],
        )
        log = tuple(ActionRow(v, json.loads(a), s, c, h) for v, a, s, c, h in actions)
        return StoredTable(table, log)

    def unfinished_tables(self) -> list[str]:
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT id FROM game_tables WHERE status != ? ORDER BY created, id", (OVER,)
            ).fetchall()
        return [r[0] for r in rows]

    def _seats(self, db: Transaction, table_id: str) -> list[SeatRow]:
        row = db.execute(f"SELECT seats FROM game_tables WHERE id = ?{self.FOR_UPDATE}",
                         (table_id,)).fetchone()
        if row is None:
            raise UnknownTable(f"no table {table_id}")
        return [SeatRow.from_json(s) for s in json.loads(row[0])]

