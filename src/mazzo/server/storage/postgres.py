"""PostgreSQL storage (psycopg 3), shareable by several ``mazzo serve`` processes.

The queries and migrations are :mod:`.sql`'s. Ownership of a table is a session advisory lock
(``pg_try_advisory_lock``) taken on a connection used for nothing else, held while this process
serves the table: it is released when the match is over or when the process dies (PostgreSQL
ends the session with the connection), so another process can take the table over.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Final

import psycopg

from mazzo.server.storage.base import StorageError
from mazzo.server.storage.sql import Cursor, SQLStorage, Transaction

#: the advisory lock key that serialises migrations across processes
MIGRATION_LOCK: Final = 0x6D617A7A6F  # "mazzo"


def table_lock_key(table_id: str) -> int:
    """The advisory lock key of a table: the first 8 bytes of SHA-256("mazzo-table:" + id),
    as a signed 64-bit integer (PostgreSQL's bigint)."""
    digest = hashlib.sha256(f"mazzo-table:{table_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class _Placeholders:
    """A psycopg connection taking the shared queries' ``?`` placeholders."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        return self.connection.execute(sql.replace("?", "%s"), tuple(params))


class PostgresStorage(SQLStorage):
    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = (psycopg.IntegrityError,)
    TABLE_EXISTS: ClassVar[str] = "SELECT to_regclass(?) IS NOT NULL"
    FOR_UPDATE: ClassVar[str] = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._owner_lock = threading.Lock()
        self._owned: set[str] = set()
        try:
            self._db = psycopg.connect(url, autocommit=True)
            # ownership locks live on their own session: a transaction never holds them up
            self._locks = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL ({_where(url)}): {exc}") from exc

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Transaction]:
        """One transaction (READ COMMITTED; appends lock the table's row), committed on
        success, rolled back on error."""
        with self._lock:
            try:
                with self._db.transaction():
                    yield _Placeholders(self._db)
            except psycopg.IntegrityError:
                raise
            except psycopg.Error as exc:
                raise StorageError(f"PostgreSQL: {exc}") from exc

    def _lock_migrations(self, db: Transaction) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def describe(self) -> str:
        return f"PostgreSQL {_where(self.url)}"

    # -- ownership ----------------------------------------------------------------------------

    def claim(self, table_id: str, url: str) -> bool:
        with self._owner_lock:
            if table_id in self._owned:
                return True  # the session lock is re-entrant: take it once only
            row = self._locks.execute("SELECT pg_try_advisory_lock(%s)",
                                      (table_lock_key(table_id),)).fetchone()
            if row is None or not row[0]:
                return False
            self._owned.add(table_id)
        self._set_owner_url(table_id, url)
        return True

    def release(self, table_id: str) -> None:
        with self._owner_lock:
            if table_id in self._owned:
                self._owned.discard(table_id)
                self._locks.execute("SELECT pg_advisory_unlock(%s)",
                                    (table_lock_key(table_id),))

    def close(self) -> None:
        with self._lock, self._owner_lock:
            self._owned.clear()
            self._locks.close()  # every advisory lock of this process goes with its session
            self._db.close()


def _where(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "the --db URL"
    info.pop("password", None)
    return " ".join(f"{k}={v}" for k, v in sorted(info.items()))
