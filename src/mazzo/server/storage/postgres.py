"""PostgreSQL storage (psycopg 3), shareable by several ``mazzo serve`` processes.

The queries and migrations are :mod:`.sql`'s. Ownership of a table is a session advisory lock
(``pg_try_advisory_lock``), held while this process serves the table: it is released when the
match is over or when the process dies (PostgreSQL ends the session with the connection), so
another process can take the table over.

The locks live on the same session as the writes. A write can therefore only commit on a
session that still holds the table's lock: when the connection breaks (PostgreSQL restarted,
the backend terminated) the locks go with it, and the new connection takes them back before
anything else runs on it; a table another process took meanwhile is "lost" and every write for
it is refused (:class:`NotOwner`) until the server lets it go.

A broken connection is reopened at the next call, at once the first time and then with a
doubling back-off (at most :data:`RETRY_MAX_S` between attempts); calls made meanwhile raise
:class:`StorageUnavailable` at once instead of waiting. The outage is logged once when it
starts and once when it ends. A transaction cut before its COMMIT is run again on the new
connection; one cut during its COMMIT is "in doubt" and is resolved by reading the log back
(see ``SQLStorage._append_group``).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, ClassVar, Final, TypeVar

import psycopg

from mazzo.server.storage.base import NotOwner, StorageError, StorageUnavailable
from mazzo.server.storage.sql import Cursor, SQLStorage, Transaction

log = logging.getLogger("mazzo.server")
T = TypeVar("T")

#: the advisory lock key that serialises migrations across processes
MIGRATION_LOCK: Final = 0x6D617A7A6F  # "mazzo"
#: seconds before the second reconnection attempt of an outage; doubled after each failure
RETRY_FIRST_S: Final = 0.1
#: the longest wait between two reconnection attempts
RETRY_MAX_S: Final = 2.0
#: libpq options for every connection: give up connecting after 5 s, and have the kernel
#: notice a peer that vanished (no FIN) within about a minute instead of hours
CONNECT_OPTIONS: Final[dict[str, Any]] = {
    "connect_timeout": 5, "keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
    "keepalives_count": 3,
}


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


class _Outage:
    """A period without a working connection: when it began, and when to try again."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.next_try = self.began  # the first reconnection is tried at once
        self.delay = RETRY_FIRST_S
        self.attempts = 0

    def failed(self) -> None:
        self.attempts += 1
        self.next_try = time.monotonic() + self.delay
        self.delay = min(self.delay * 2, RETRY_MAX_S)


class _Broken(Exception):
    """The connection broke inside :meth:`PostgresStorage._attempt`; ``at_commit``: during the
    COMMIT, so whether the transaction was stored is unknown."""

    def __init__(self, cause: psycopg.Error, at_commit: bool) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.at_commit = at_commit


class PostgresStorage(SQLStorage):
    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = (psycopg.IntegrityError,)
    TABLE_EXISTS: ClassVar[str] = "SELECT to_regclass(?) IS NOT NULL"
    FOR_UPDATE: ClassVar[str] = " FOR UPDATE"
    SKIP_LOCKED: ClassVar[str] = " FOR UPDATE SKIP LOCKED"
    shared: ClassVar[bool] = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.RLock()
        #: tables this process holds the advisory lock of (taken back after a reconnect)
        self._owned: set[str] = set()
        #: tables whose lock another process took while our connection was down
        self._lost: set[str] = set()
        self._unreported: list[str] = []
        self._outage: _Outage | None = None
        try:
            self._db: psycopg.Connection[Any] | None = self._connect()
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL ({_where(url)}): {exc}",
                               italian=f"impossibile collegarsi a PostgreSQL ({_where(url)}): "
                                       f"{exc}") from exc

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, **CONNECT_OPTIONS)

    # -- the connection and its outages ---------------------------------------------------------

    def _connection(self) -> psycopg.Connection[Any]:
        """The open connection, reopened (with its locks taken back) if it broke; raises
        StorageUnavailable while the database cannot be reached. Call with ``_lock`` held."""
        if self._db is not None and not self._db.closed:
            return self._db
        outage = self._outage or self._begin_outage("the connection is closed")
        if time.monotonic() < outage.next_try:
            self.unavailable_failures += 1
            raise StorageUnavailable("PostgreSQL cannot be reached; retrying")
        try:
            db = self._connect()
            self._reclaim(db)
        except psycopg.Error as exc:
            outage.failed()
            self.unavailable_failures += 1
            raise StorageUnavailable(f"PostgreSQL cannot be reached: {exc}") from exc
        self._db, self._outage = db, None
        log.warning("mazzo: PostgreSQL connection restored after %.1f s (%d failed attempts); "
                    "%d tables kept, %d lost to another process",
                    time.monotonic() - outage.began, outage.attempts, len(self._owned),
                    len(self._lost))
        return db

    def _begin_outage(self, why: object) -> _Outage:
        """Note that the connection broke: logged once per outage, not once per failed call."""
        if self._db is not None:
            with suppress(psycopg.Error):
                self._db.close()
            self._db = None
        if self._outage is None:
            self._outage = _Outage()
            log.warning("mazzo: PostgreSQL connection lost (%s); reconnecting, and refusing "
                        "moves with storage_unavailable meanwhile", str(why).strip())
        return self._outage

    def _reclaim(self, db: psycopg.Connection[Any]) -> None:
        """On a new connection, before anything else: take back every table's lock. A table
        another process took meanwhile is lost: no write for it will be accepted."""
        for table_id in sorted(self._owned):
            row = db.execute("SELECT pg_try_advisory_lock(%s)",
                             (table_lock_key(table_id),)).fetchone()
            if row is None or not row[0]:
                self._owned.discard(table_id)
                self._lost.add(table_id)
                self._unreported.append(table_id)

    def _attempt(self, work: Callable[[Transaction], T]) -> T:
        """``work`` in one transaction on the current connection; :class:`_Broken` if the
        connection broke (before or during the COMMIT)."""
        db = self._connection()
        committing = False
        try:
            with db.transaction():
                result = work(_Placeholders(db))
                committing = True  # leaving the block sends COMMIT
            return result
        except psycopg.Error as exc:
            if not (db.closed or db.broken):
                raise  # an SQL error on a healthy connection: the caller's to judge
            raise _Broken(exc, at_commit=committing) from exc

    def _run(self, work: Callable[[Transaction], T], write: bool = True,
             in_doubt: Callable[[Transaction], T] | None = None) -> T:
        with self._lock:
            try:
                return self._guarded(work)
            except _Broken as first:
                self._begin_outage(first.cause)
                again = in_doubt if first.at_commit and write and in_doubt else work
                try:  # one more try on a new connection (at once: the server may be up)
                    return self._guarded(again)
                except _Broken as second:
                    self._begin_outage(second.cause)
                    self.unavailable_failures += 1
                    raise StorageUnavailable(f"PostgreSQL connection lost: {second}") \
                        from second.cause

    def _guarded(self, work: Callable[[Transaction], T]) -> T:
        try:
            return self._attempt(work)
        except (_Broken, StorageError, psycopg.IntegrityError):
            raise
        except psycopg.Error as exc:
            self.error_failures += 1
            raise StorageError(f"PostgreSQL: {exc}") from exc

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Transaction]:
        """One transaction (not retried: the shared queries go through :meth:`_run`)."""
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    yield _Placeholders(db)
            except psycopg.IntegrityError:
                raise
            except psycopg.Error as exc:
                if db.closed or db.broken:
                    self._begin_outage(exc)
                    self.unavailable_failures += 1
                    raise StorageUnavailable(f"PostgreSQL connection lost: {exc}") from exc
                self.error_failures += 1
                raise StorageError(f"PostgreSQL: {exc}") from exc

    def check_connection(self) -> None:
        with self._lock:
            try:
                self._run(lambda db: db.execute("SELECT 1"), write=False)
            except StorageUnavailable:
                raise
            except StorageError as exc:
                raise StorageUnavailable(str(exc)) from exc

    def lost_tables(self) -> list[str]:
        with self._lock:
            lost, self._unreported = self._unreported, []
        return lost

    def _check_owned(self, table_id: str) -> None:
        if table_id in self._lost:
            raise NotOwner(f"table {table_id} is served by another process now")

    def _lock_migrations(self, db: Transaction) -> None:
        db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))

    def describe(self) -> str:
        return f"PostgreSQL {_where(self.url)}"

    # -- ownership ----------------------------------------------------------------------------

    def claim(self, table_id: str, url: str) -> bool:
        with self._lock:
            if table_id not in self._owned:
                taken = self._run(lambda db: db.execute(
                    "SELECT pg_try_advisory_lock(?)", (table_lock_key(table_id),)
                ).fetchone()[0], write=False)
                if not taken:
                    return False
                # the session lock is re-entrant: take it once only. (A claim cut by a broken
                # connection is retried on the new one: the lock of the old went with it.)
                self._owned.add(table_id)
                self._lost.discard(table_id)
        self._set_owner_url(table_id, url)
        return True

    def release(self, table_id: str) -> None:
        with self._lock:
            if table_id in self._owned:
                self._owned.discard(table_id)
                # if the connection is down the lock went with it, and it is not taken back
                with suppress(StorageUnavailable):
                    self._run(lambda db: db.execute("SELECT pg_advisory_unlock(?)",
                                                    (table_lock_key(table_id),)), write=False)
            self._lost.discard(table_id)

    def close(self) -> None:
        with self._lock:
            self._owned.clear()
            if self._db is not None:
                self._db.close()  # every advisory lock of this process goes with its session
                self._db = None


def _where(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "the --db URL"
    info.pop("password", None)
    return " ".join(f"{k}={v}" for k, v in sorted(info.items()))
