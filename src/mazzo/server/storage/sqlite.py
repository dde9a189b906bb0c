"""SQLite storage: one file, WAL mode, ``synchronous=FULL`` so a committed action survives a
crash of the process and of the machine. One process serves every table of the file."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from mazzo.server.storage.base import StorageError
from mazzo.server.storage.sql import SQLStorage, Transaction
from mazzo.text import os_reason


class SQLiteStorage(SQLStorage):
    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = (sqlite3.IntegrityError,)
    TABLE_EXISTS: ClassVar[str] = (
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
    )
    SAVEPOINT_PER_ROW: ClassVar[bool] = False

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # a file in the way (FileExistsError), no permission...
            in_way = isinstance(exc, FileExistsError)
            why = "a file is in the way of its folder" if in_way else os_reason(exc, "en")
            why_it = ("un file è al posto della sua cartella" if in_way
                      else os_reason(exc, "it"))
            raise StorageError(f"cannot open the database {self.path}: {why}",
                               italian=f"impossibile aprire il database {self.path}: {why_it}"
                               ) from exc
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {self.path}: {exc}",
                               italian=f"impossibile aprire il database {self.path}: {exc}"
                               ) from exc

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Transaction]:
        """A transaction committed on success, rolled back on error; a write one takes the
        file's write lock at once (BEGIN IMMEDIATE), a read one sees one snapshot."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield db
                db.execute("COMMIT")
            except BaseException as exc:
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    self.error_failures += 1  # the file refused: locked, full, unreadable
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def describe(self) -> str:
        return str(self.path)

    def close(self) -> None:
        with self._lock:
            self._db.close()
