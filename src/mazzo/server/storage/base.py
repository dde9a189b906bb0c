"""The storage interface every backend implements (SQLite here, PostgreSQL beside it).

A table is one row of public data plus an append-only log of actions. ``version`` of an action is
its index in the match history (chance included), so ``(table_id, version)`` is unique: a second
append at the same version fails with :class:`VersionConflict` and changes nothing. Every write
is one transaction, committed before the method returns, so the server can acknowledge an action
only once it is durable.
"""

from __future__ import annotations

import dataclasses
import json
import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from mazzo.engine.game import JSON, MazzoError

#: statuses of a table
WAITING: Final = "waiting"
PLAYING: Final = "playing"
OVER: Final = "over"
STATUSES: Final = (WAITING, PLAYING, OVER)


class StorageError(MazzoError):
    """The database refused or could not do what was asked."""


class VersionConflict(StorageError):
    """An action was appended at a version that is already taken (a second writer)."""


class UnknownTable(StorageError):
    """No table with that id."""


class StorageUnavailable(StorageError):
    """The database cannot be reached now (PostgreSQL restarting, the connection cut). Nothing
    is known to have been stored by the call that raised it: its caller must not acknowledge
    anything, and must read the log back (once the database answers) before it tells anyone
    what happened. The backend reconnects by itself, with a bounded back-off."""


class NotOwner(StorageError):
    """This process lost the table to another one (its advisory lock went with a broken
    connection and another process took the table over): it must not write for it."""


@dataclasses.dataclass(frozen=True)
class SeatRow:
    """One seat: ``kind`` is ``human`` or a bot level; tokens are stored only as SHA-256 hashes."""

    seat: int
    kind: str
    name: str
    token_hash: str | None = None

    def to_json(self) -> JSON:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRow:
        return cls(int(data["seat"]), str(data["kind"]), str(data["name"]), data.get("token_hash"))


@dataclasses.dataclass(frozen=True)
class TableRow:
    """The public and configuration data of a table (everything but the action log)."""

    id: str
    game: str
    config: JSON
    seats: tuple[SeatRow, ...]
    owner_hash: str
    status: str = WAITING
    #: table options: grace_s (seconds before a stand-in plays a disconnected seat), bot_pause_s
    options: JSON = dataclasses.field(default_factory=dict)
    #: the id of the rematch table, once offered
    rematch: str | None = None
    created: float = 0.0
    #: when a player or the owner first connected (wall clock; None: nobody yet): a table
    #: never started that nobody joined is deleted after a while (``--waiting-expiry``)
    joined: float | None = None


@dataclasses.dataclass(frozen=True)
class ActionRow:
    """One accepted action. Chance actions carry their seed (hex) and its SHA-256 commitment."""

    version: int
    action: JSON
    seed: str | None = None
    commitment: str | None = None
    #: hand number of the state right after this action (the hand a chance seed belongs to)
    hand: int = 0
    #: a server notice told with this action, e.g. ``{"type": "timeout", "seat": 1, "level":
    #: "medio"}`` when the stand-in played it because the turn time ran out: stored with the
    #: action so that a restarted server's logs still tell it
    note: JSON | None = None


@dataclasses.dataclass(frozen=True)
class StoredTable:
    table: TableRow
    actions: tuple[ActionRow, ...]


class Storage(ABC):
    """Where tables and their action logs live. Methods are synchronous and thread-safe; the
    server calls them from a worker thread so the event loop never waits on the disk."""

    #: the schema version this code writes; :meth:`migrate` brings a database up to it
    SCHEMA_VERSION: Final = 10
    #: whether several server processes can share this database (then a process may have to
    #: take over the tables of one that stopped)
    shared: ClassVar[bool] = False

    @abstractmethod
    def migrate(self) -> int:
        """Apply every pending schema migration in order; return the version now in place."""

    @abstractmethod
    def schema_version(self) -> int:
        """The schema version recorded in the database (0 for an empty one)."""

    @abstractmethod
    def create_table(self, table: TableRow) -> None:
        """Insert a new table (its id must be new)."""

    @abstractmethod
    def append_action(self, table_id: str, row: ActionRow) -> None:
        """Append one action in one transaction; :class:`VersionConflict` if the version is taken
        or is not the next one."""

    def append_actions(self, rows: Sequence[tuple[str, ActionRow]]) -> list[Exception | None]:
        """Append several actions (of any tables), each as if by :meth:`append_action`: every
        one that succeeds is committed before this returns. One result per row, in order: None
        when it was stored, else why not (nothing of that row stored). A backend may commit
        them in one transaction (group commit), keeping each row all-or-nothing; this default
        commits them one by one."""
        results: list[Exception | None] = []
        for table_id, row in rows:
            try:
                self.append_action(table_id, row)
            except Exception as exc:
                results.append(exc)
            else:
                results.append(None)
        return results

    @abstractmethod
    def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status (``waiting``, ``playing``, ``over``)."""

    @abstractmethod
    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        """Replace one seat (its kind, name or token hash)."""

    @abstractmethod
    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Record the table offered as this one's rematch."""

    @abstractmethod
    def create_rematch(self, table_id: str, rematch: TableRow) -> str:
        """Offer ``rematch`` as the rematch of ``table_id`` unless it has one already, in one
        transaction; return the id of the table's one rematch (``rematch.id`` if this call
        made it). Concurrent callers, in any process, all get the same id."""

    @abstractmethod
    def mark_joined(self, table_id: str, when: float) -> None:
        """Record that a player or the owner connected to the table at ``when`` (the first
        time only)."""

    @abstractmethod
    def unjoined_waiting(self, before: float, limit: int) -> list[str]:
        """Ids of at most ``limit`` tables never started, made before ``before`` (wall clock),
        that nobody joined, oldest first."""

    @abstractmethod
    def delete_waiting(self, table_id: str) -> bool:
        """Delete a table never started that nobody joined, with everything stored for it, in
        one transaction (a rematch offer naming it is withdrawn); False if it is not such a
        table (any more). The caller must own it (:meth:`claim`); it owns it no longer."""

    @abstractmethod
    def load_table(self, table_id: str) -> StoredTable:
        """A table with its whole log in version order; :class:`UnknownTable` if absent."""

    @abstractmethod
    def save_review(self, table_id: str, seat: int, review: JSON) -> None:
        """Keep the esperto's review of ``seat`` of a finished table; a review already kept
        for that seat stays (a review is computed once)."""

    @abstractmethod
    def load_review(self, table_id: str, seat: int) -> JSON | None:
        """The review kept for ``seat`` of ``table_id``, or None."""

    @abstractmethod
    def unfinished_tables(self) -> list[str]:
        """Ids of every table not over (to rebuild by replay on start), oldest first."""

    @abstractmethod
    def playing_tables(self) -> list[str]:
        """Ids of every table being played (status ``playing``), oldest first: the ones with
        something to run (chance, bots, stand-ins, turn clocks), which the server loads at
        start. Waiting tables are loaded when someone asks for them."""

    @abstractmethod
    def describe(self) -> str:
        """Where the data lives, for people (never a password)."""

    @abstractmethod
    def close(self) -> None:
        """Release the connection(s)."""

    # -- several server processes on one database --------------------------------------------
    # A table is served by one process at a time. A backend for one process (SQLite) owns every
    # table; PostgreSQL holds an advisory lock per table (see docs/server.md).

    def claim(self, table_id: str, url: str) -> bool:
        """Try to become the process serving ``table_id``, reachable at ``url``; True when this
        process owns the table (now or already)."""
        return True

    def release(self, table_id: str) -> None:
        """Stop owning ``table_id`` (its match is over): another process may claim it."""
        return None  # a single-process backend has nothing to let go of

    def owner_url(self, table_id: str) -> str | None:
        """Where the process that claimed ``table_id`` last can be reached (None: unknown)."""
        return None

    def check_connection(self) -> None:
        """Make sure the database connection is alive, reconnecting (and taking back this
        process's tables) if it broke; :class:`StorageUnavailable` while it cannot. Called
        periodically so an outage is noticed, and ended, even when no one plays."""
        return None  # an embedded database has no connection to lose

    def lost_tables(self) -> list[str]:
        """Tables this process owned but could not take back after a reconnect (another
        process owns them now); each is reported once."""
        return []


def mazzo_home() -> Path:
    """The user's data folder: ``$MAZZO_HOME`` if set (tests), else ``~/.mazzo``."""
    home = os.environ.get("MAZZO_HOME")
    return Path(home) if home else Path.home() / ".mazzo"


def default_db_url() -> str:
    return f"sqlite:///{mazzo_home() / 'mazzo.db'}"


def open_storage(url: str | None = None) -> Storage:
    """A migrated storage for ``url``: ``sqlite:///path`` (default ``~/.mazzo/mazzo.db``) or
    ``postgresql://...`` (when that backend is installed)."""
    url = url or default_db_url()
    if url.startswith("sqlite:///"):
        from mazzo.server.storage.sqlite import SQLiteStorage

        storage: Storage = SQLiteStorage(url.removeprefix("sqlite:///"))
    elif url.startswith(("postgresql://", "postgres://")):
        try:
            from mazzo.server.storage.postgres import PostgresStorage
        except ImportError as exc:  # psycopg missing
            raise StorageError(f"PostgreSQL storage needs psycopg (the web extra): {exc}",
                               italian=f"l'archivio PostgreSQL vuole psycopg (l'extra web): "
                                       f"{exc}") from exc
        storage = PostgresStorage(url)
    else:
        raise StorageError(f"--db: {url!r} is not sqlite:///PATH or postgresql://...",
                           italian=f"--db: {url!r} non è sqlite:///PERCORSO né "
                                   "postgresql://...")
    storage.migrate()
    return storage


def dumps(data: Any) -> str:
    """Compact, stable JSON for the database."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
