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
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
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


class UsernameTaken(StorageError):
    """An account with that username (compared case-insensitively) exists."""


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
    """One seat: ``kind`` is ``human`` or a bot level; tokens are stored only as SHA-256 hashes.
    ``account`` is the id of the account that holds the seat (None: a guest, or a bot)."""

    seat: int
    kind: str
    name: str
    token_hash: str | None = None
    account: str | None = None

    def to_json(self) -> JSON:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRow:
        return cls(int(data["seat"]), str(data["kind"]), str(data["name"]), data.get("token_hash"),
                   data.get("account"))


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


#: the table option naming the account that made the table (it may act as the table's owner
#: from any device, by its session cookie, without the owner link)
OWNER_OPTION: Final = "owner_account"
#: what a deleted account's name reads as, in each language (its username is gone)
DELETED_NAME: Final = {"en": "deleted player", "it": "giocatore eliminato"}


@dataclasses.dataclass(frozen=True)
class AccountRow:
    """A registered player, without its password hash (only login reads that, through
    :meth:`Storage.password_hash`). Times are wall-clock seconds; ``deleted``, ``banned`` and
    ``muted`` say since when (None: not). A deleted account's ``username`` is
    ``DELETED_NAME["en"]``: the name itself is gone with the rest of its personal data."""

    id: str
    username: str
    created: float
    deleted: float | None = None
    banned: float | None = None
    muted: float | None = None

    def name(self, lang: str = "en") -> str:
        """The name others see: the username, or "deleted player" in ``lang``."""
        return DELETED_NAME.get(lang, DELETED_NAME["en"]) if self.deleted else self.username


@dataclasses.dataclass(frozen=True)
class AccountSeat:
    """A seat an account holds ("My tables"): the table, the seat, and what the list shows."""

    table: str
    seat: int
    game: str
    status: str
    created: float
    #: whether the account also owns the table (made it while logged in)
    owner: bool = False


@dataclasses.dataclass(frozen=True)
class AdminLogRow:
    """One admin action (``mazzo admin``): who (the OS user) did what to which account."""

    at: float
    actor: str
    action: str
    account: str | None
    detail: str

#: the chat channels of a table: the players' (every seat's person) and the spectators'
PLAYERS: Final = "players"
SPECTATORS: Final = "spectators"
CHANNELS: Final = (PLAYERS, SPECTATORS)


@dataclasses.dataclass(frozen=True)
class ChatRow:
    """One chat message of a table. ``seat`` is the sender's seat (None: a spectator);
    ``name`` the sender's name when no seat names them (an account's username, or a guest
    spectator's tag); exactly one of ``text`` (what the sender typed) and ``phrase`` (a quick
    phrase's key, shown in each reader's language) is set."""

    id: str
    at: float
    seat: int | None
    channel: str
    name: str
    account: str | None = None
    text: str | None = None
    phrase: str | None = None


@dataclasses.dataclass(frozen=True)
class ReportRow:
    """A player reported by someone at the table: the seat reported (with its name and account
    then), who reported (``reporter``: ``seat N`` or ``account ID``), why, and when."""

    id: str
    table_id: str
    seat: int
    name: str
    account: str | None
    reporter: str
    reason: str
    at: float


@dataclasses.dataclass(frozen=True)
class RatingRow:
    """One account's rating in one game (Weng–Lin mu and sigma, :mod:`mazzo.server.ratings`),
    with its rated matches and wins; ``updated``: wall clock of the last rated match."""

    account_id: str
    game: str
    mu: float
    sigma: float
    matches: int
    wins: int
    updated: float


@dataclasses.dataclass(frozen=True)
class RatedResult:
    """One account's rating after one rated match (a point of its rating history): ``place``
    0 is first (ties share), ``won``: its side was first alone or with others."""

    account_id: str
    game: str
    table_id: str
    mu: float
    sigma: float
    place: int
    won: bool
    at: float


#: what a rating update computes from the accounts' ratings before the match (None: a
#: newcomer's): every account's result (:meth:`Storage.rate_table`)
RateFunction = Callable[[dict[str, "RatingRow | None"]], list[RatedResult]]


@dataclasses.dataclass(frozen=True)
class QueueTicket:
    """A person waiting in the quick match queue of one game and player count. ``rating`` is
    the person's mean (the rating model's mu) when they joined; ``bots_after_s`` how long they
    wait before bots fill the empty seats (None: never). Once matched, ``table_id``, ``seat``
    and ``token`` say where they sit; the token is kept (as the ticket is, a secret) until the
    ticket expires, so a second device or a reconnect can read it again."""

    ticket: str
    game: str
    players: int
    account: str | None
    name: str
    rating: float
    bots_after_s: float | None
    created: float
    polled: float
    table_id: str | None = None
    seat: int | None = None
    token: str | None = None


@dataclasses.dataclass(frozen=True)
class QueueMatch:
    """A table the matchmaker forms from waiting tickets: its row (stored, status
    ``playing``) and, for each ticket it takes, the seat and the seat's token."""

    table: TableRow
    seats: dict[str, tuple[int, str]]


@dataclasses.dataclass(frozen=True)
class StoredTable:
    table: TableRow
    actions: tuple[ActionRow, ...]


class Storage(ABC):
    """Where tables and their action logs live. Methods are synchronous and thread-safe; the
    server calls them from a worker thread so the event loop never waits on the disk."""

    #: the schema version this code writes; :meth:`migrate` brings a database up to it
    SCHEMA_VERSION: Final = 11
    #: whether several server processes can share this database (then a process may have to
    #: take over the tables of one that stopped)
    shared: ClassVar[bool] = False
    #: calls that failed since the start because the database could not be reached
    #: (:class:`StorageUnavailable`), and because it answered with an error of its own (a
    #: driver error that is not a broken constraint): /metrics counts them. A backend counts
    #: each failed call once, where it sees why
    unavailable_failures: int = 0
    error_failures: int = 0

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

    # -- keeping the database small (``mazzo admin prune`` and ``export``) -----------------------

    @abstractmethod
    def finished_before(self, before: float, limit: int, after: str = "") -> list[str]:
        """Ids of finished tables whose match ended before ``before`` (wall-clock seconds;
        a table with no end time stored goes by its creation), in id order, at most
        ``limit``, each greater than ``after`` (the last id of the previous page)."""

    @abstractmethod
    def unfinished_before(self, before: float) -> int:
        """How many tables created before ``before`` are not over (prune never removes them)."""

    @abstractmethod
    def prune_tables(self, table_ids: Sequence[str]) -> int:
        """Remove these tables, each with its log, chat and reviews, in one transaction; a
        table that is not over is left as it is. Returns how many were removed."""

    # -- public tables and the quick match queue (docs/server.md, "Open tables and quick match")

    @abstractmethod
    def public_tables(self, status: str, limit: int, offset: int) -> list[TableRow]:
        """At most ``limit`` public tables of ``status`` (``waiting`` or ``playing``), oldest
        first, skipping the first ``offset``."""

    @abstractmethod
    def enqueue(self, ticket: QueueTicket) -> None:
        """Put a new ticket in its queue."""

    @abstractmethod
    def poll_ticket(self, ticket_id: str, now: float) -> tuple[QueueTicket, int] | None:
        """The ticket (its ``polled`` time set to ``now``, so it does not expire) and its
        place in its queue (1: the longest waiting; 0 once matched); None if there is none."""

    @abstractmethod
    def leave_queue(self, ticket_id: str) -> bool:
        """Take a waiting ticket out of its queue; False if there is none waiting (matched
        already, or unknown)."""

    @abstractmethod
    def waiting_queues(self) -> list[tuple[str, int]]:
        """Every (game, players) with a ticket waiting."""

    @abstractmethod
    def match_queue(self, game: str, players: int,
                    choose: Callable[[list[QueueTicket]], list[QueueMatch]]) -> list[str]:
        """In one transaction: the waiting tickets of the queue, oldest first, locked against
        every other process matching at once (PostgreSQL: ``FOR UPDATE SKIP LOCKED``, so one
        process never waits for another; SQLite: the file's write lock), given to ``choose``;
        each table it forms is stored and its tickets marked matched. Returns the new tables'
        ids. A ticket ends in one table at most, whatever runs at once."""

    @abstractmethod
    def expire_tickets(self, waiting_before: float, matched_before: float) -> int:
        """Delete the waiting tickets last polled before ``waiting_before`` and the matched
        ones made before ``matched_before``; returns how many."""
    # -- accounts and their sessions (see mazzo.server.accounts) ----------------------------------

    @abstractmethod
    def create_account(self, username: str, password_hash: str, created: float) -> AccountRow:
        """A new account with a fresh random id; :class:`UsernameTaken` if the username's
        casefolded key is taken. The caller checks the username's form and hashes the
        password."""

    @abstractmethod
    def account_by_username(self, username: str) -> AccountRow | None:
        """The account with that username (case-insensitive); None if none (a deleted
        account's name is free again, so it is never found by name)."""

    @abstractmethod
    def account_by_id(self, account_id: str) -> AccountRow | None:
        """The account with that id, deleted ones included (named "deleted player")."""

    @abstractmethod
    def password_hash(self, account_id: str) -> str | None:
        """The stored password hash (Argon2id) of a live account; None if deleted or absent."""

    @abstractmethod
    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """Replace the password hash (a change, a reset, or a rehash with new parameters)."""

    @abstractmethod
    def delete_account(self, account_id: str, when: float) -> None:
        """Remove the account's personal data in one transaction: its username (freed), its
        password hash and its sessions; the seats it held keep its id and read "deleted
        player". The row stays (finished records name its id)."""

    @abstractmethod
    def set_account_flag(self, account_id: str, flag: str, when: float | None) -> None:
        """Set ``banned`` or ``muted`` to ``when`` (None: lift it); a ban also ends every
        session of the account."""

    @abstractmethod
    def create_session(self, token_hash: str, account_id: str, created: float,
                       expires: float) -> None:
        """Store a session by the SHA-256 of its token (never the token)."""

    @abstractmethod
    def session_account(self, token_hash: str, now: float) -> tuple[AccountRow, float] | None:
        """The account of a session that has not expired at ``now``, and when it expires;
        None for an unknown or expired session, or one of a deleted account."""

    @abstractmethod
    def refresh_session(self, token_hash: str, expires: float) -> None:
        """Move a session's expiry to ``expires``."""

    @abstractmethod
    def delete_session(self, token_hash: str) -> None:
        """End one session (log out)."""

    @abstractmethod
    def delete_sessions(self, account_id: str, keep: str | None = None) -> int:
        """End every session of an account but ``keep`` (a token hash); how many ended."""

    @abstractmethod
    def delete_expired_sessions(self, now: float) -> int:
        """Forget every session expired at ``now``; how many."""

    @abstractmethod
    def account_tables(self, account_id: str, limit: int) -> list[AccountSeat]:
        """The seats the account holds, newest table first, at most ``limit``."""

    @abstractmethod
    def log_admin(self, row: AdminLogRow) -> None:
        """Append one admin action to the admin log."""

    @abstractmethod
    def admin_log(self, limit: int) -> list[AdminLogRow]:
        """The last ``limit`` admin actions, newest first."""

    # -- ratings of rated tables (see mazzo.server.ratings) -------------------------------------

    @abstractmethod
    def rate_table(self, table_id: str, accounts: Sequence[str], rate: RateFunction) -> bool:
        """Rate a finished table once, in one transaction: read the ``accounts``' ratings in
        the table's game, store what ``rate`` makes of them (ratings, matches, wins and a
        history point each). False, with nothing written, when the table was rated already
        (by this process before a restart, or by another one)."""

    @abstractmethod
    def rating(self, account_id: str, game: str) -> RatingRow | None:
        """The account's rating in ``game``; None before its first rated match there."""

    @abstractmethod
    def account_ratings(self, account_id: str) -> list[RatingRow]:
        """The account's rating in every game it played rated, by game id."""

    @abstractmethod
    def rating_history(self, account_id: str, game: str, limit: int) -> list[RatedResult]:
        """The account's last ``limit`` rated results in ``game``, oldest first."""

    @abstractmethod
    def leaderboard(self, game: str, limit: int, offset: int) -> list[tuple[str, RatingRow]]:
        """(username, rating) of live, unbanned accounts in ``game``, by the conservative
        mu − 3·sigma, best first; ``offset`` rows skipped."""

    @abstractmethod
    def finished_tables(self, account_id: str, limit: int) -> list[tuple[str, str, float, int]]:
        """(table id, game, created, seat) of the finished tables where the account held a
        seat, newest first, at most ``limit``."""

    @abstractmethod
    def record_forfeit(self, table_id: str, seat: int, at: float) -> None:
        """Mark ``seat`` of a rated table as forfeited (its person away past the grace
        period); marking it again changes nothing."""

    @abstractmethod
    def forfeits(self, table_id: str) -> set[int]:
        """The seats of the table marked forfeited."""

    # -- chat and reports ----------------------------------------------------------------------

    @abstractmethod
    def add_chat(self, table_id: str, row: ChatRow) -> None:
        """Store one chat message of a table (committed when this returns: it is sent only
        then); :class:`UnknownTable` if there is no such table."""

    @abstractmethod
    def chat_log(self, table_id: str, channel: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` messages of one channel of a table, oldest first."""

    @abstractmethod
    def add_report(self, row: ReportRow) -> bool:
        """Store a report; False (nothing stored) if that reporter reported that seat of that
        table already."""

    @abstractmethod
    def list_reports(self, limit: int) -> list[ReportRow]:
        """The last ``limit`` reports, newest first (``mazzo admin reports``)."""

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


def username_key(username: str) -> str:
    """What makes two usernames the same one: NFKC-normalised and casefolded, so "Ada",
    "ADA" and "ａｄａ" cannot be three accounts."""
    return unicodedata.normalize("NFKC", username).casefold()


def dumps(data: Any) -> str:
    """Compact, stable JSON for the database."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
