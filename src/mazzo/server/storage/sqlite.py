"""SQLite storage: one file, WAL mode, ``synchronous=FULL`` so a committed action survives a
crash of the process and of the machine."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

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

#: schema migrations: (version, statements), applied in order, each in one transaction
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
            created REAL NOT NULL
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
)


class SQLiteStorage(Storage):
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {exc}") from exc

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One immediate (write-locked) transaction, committed on success, rolled back on error."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    # -- schema -------------------------------------------------------------------------------

    def schema_version(self) -> int:
        with self._lock:
            found = self._db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'"
            ).fetchone()
            if found is None:
                return 0
            row = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            return int(row[0] or 0)

    def migrate(self) -> int:
        with self._transaction() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY)")
        current = self.schema_version()
        for version, statements in MIGRATIONS:
            if version <= current:
                continue
            with self._transaction() as db:
                for sql in statements:
                    db.execute(sql)
                db.execute("INSERT INTO schema_version(version) VALUES (?)", (version,))
        return self.schema_version()

    # -- writes -------------------------------------------------------------------------------

    def create_table(self, table: TableRow) -> None:
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO game_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (table.id, table.game, dumps(table.config),
                     dumps([s.to_json() for s in table.seats]), table.owner_hash, table.status,
                     dumps(table.options), table.rematch, table.created),
                )
        except sqlite3.IntegrityError as exc:
            raise StorageError(f"table {table.id} already exists") from exc

    def append_action(self, table_id: str, row: ActionRow) -> None:
        try:
            with self._transaction() as db:
                self._require(db, table_id)
                (after_last,) = db.execute(
                    "SELECT COALESCE(MAX(version) + 1, 0) FROM actions WHERE table_id = ?",
                    (table_id,),
                ).fetchone()
                if row.version != after_last:
                    raise VersionConflict(
                        f"table {table_id}: action version {row.version} is not the next one "
                        f"({after_last})"
                    )
                db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, row.version, dumps(row.action), row.seed, row.commitment,
                     row.hand),
                )
        except sqlite3.IntegrityError as exc:
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

    # -- reads --------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable:
        with self._lock:
            row = self._db.execute("SELECT * FROM game_tables WHERE id = ?",
                                   (table_id,)).fetchone()
            if row is None:
                raise UnknownTable(f"no table {table_id}")
            actions = self._db.execute(
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
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM game_tables WHERE status != ? ORDER BY created, id", (OVER,)
            ).fetchall()
        return [r[0] for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @staticmethod
    def _require(db: sqlite3.Connection, table_id: str) -> None:
        if db.execute("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)).fetchone() is None:
            raise UnknownTable(f"no table {table_id}")

    @staticmethod
    def _seats(db: sqlite3.Connection, table_id: str) -> list[SeatRow]:
        row = db.execute("SELECT seats FROM game_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise UnknownTable(f"no table {table_id}")
        return [SeatRow.from_json(s) for s in json.loads(row[0])]
