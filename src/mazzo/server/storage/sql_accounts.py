"""The account queries of the SQL backends (:class:`SQLAccounts`, a part of ``SQLStorage``):
accounts, their sessions, the seats they hold and the admin log, on the tables of migration 6.
Like every other query they are written once with ``?`` placeholders for SQLite and
PostgreSQL alike."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from mazzo.server.storage.base import (
    DELETED_NAME,
    OWNER_OPTION,
    AccountRow,
    AccountSeat,
    AdminLogRow,
    SeatRow,
    Storage,
    StorageError,
    UsernameTaken,
    dumps,
    username_key,
)

if TYPE_CHECKING:
    from mazzo.server.storage.sql import Transaction

T = TypeVar("T")

#: the columns an AccountRow is read from, in its fields' order
ACCOUNT_COLUMNS: Final = "id, username, created, deleted, banned, muted"
#: the flags ``mazzo admin`` sets on an account
FLAGS: Final = ("banned", "muted")


def _account(row: Any) -> AccountRow:
    account = AccountRow(row[0], row[1], row[2], row[3], row[4], row[5])
    return account if account.deleted is None else AccountRow(
        account.id, DELETED_NAME["en"], account.created, account.deleted, account.banned,
        account.muted)


class SQLAccounts(Storage):
    """Accounts in SQL; the backend supplies ``_run`` (one transaction per call)."""

    INTEGRITY_ERRORS: ClassVar[tuple[type[Exception], ...]] = ()

    def _run(self, work: Callable[[Transaction], T], write: bool = True,
             in_doubt: Callable[[Transaction], T] | None = None) -> T:
        raise NotImplementedError  # SQLStorage's

    # -- accounts -----------------------------------------------------------------------------

    def create_account(self, username: str, password_hash: str, created: float) -> AccountRow:
        account = AccountRow(secrets.token_urlsafe(12), username, created)

        def insert(db: Transaction) -> None:
            db.execute("INSERT INTO accounts (id, username, username_key, password_hash, created)"
                       " VALUES (?, ?, ?, ?, ?)",
                       (account.id, username, username_key(username), password_hash, created))

        def insert_unless_there(db: Transaction) -> None:
            """The COMMIT's outcome is unknown: the row is ours if its fresh id is there."""
            if db.execute("SELECT 1 FROM accounts WHERE id = ?",
                          (account.id,)).fetchone() is None:
                insert(db)

        try:
            self._run(insert, in_doubt=insert_unless_there)
        except self.INTEGRITY_ERRORS as exc:
            raise UsernameTaken(f"the username {username!r} is taken",
                                italian=f"il nome utente {username!r} è già preso") from exc
        return account

    def account_by_username(self, username: str) -> AccountRow | None:
        row = self._run(lambda db: db.execute(
            f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE username_key = ? AND deleted IS NULL",
            (username_key(username),)).fetchone(), write=False)
        return None if row is None else _account(row)

    def account_by_id(self, account_id: str) -> AccountRow | None:
        row = self._run(lambda db: db.execute(
            f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?", (account_id,)).fetchone(),
            write=False)
        return None if row is None else _account(row)

    def password_hash(self, account_id: str) -> str | None:
        row = self._run(lambda db: db.execute(
            "SELECT password_hash FROM accounts WHERE id = ? AND deleted IS NULL",
            (account_id,)).fetchone(), write=False)
        return None if row is None else str(row[0])

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        def update(db: Transaction) -> None:
            if db.execute("UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted IS NULL",
                          (password_hash, account_id)).rowcount == 0:
                raise StorageError(f"no account {account_id}")

        self._run(update)  # idempotent

    def delete_account(self, account_id: str, when: float) -> None:
        def delete(db: Transaction) -> None:
            # the key '#'+id cannot be a username's (no '#' in one): the name is free again
            db.execute("UPDATE accounts SET username = '', username_key = ?, password_hash = '', "
                       "deleted = COALESCE(deleted, ?) WHERE id = ?",
                       (f"#{account_id}", when, account_id))
            db.execute("DELETE FROM sessions WHERE account = ?", (account_id,))
            tables = db.execute("SELECT DISTINCT table_id FROM account_seats WHERE account = ?",
                                (account_id,)).fetchall()
            for (table_id,) in tables:
                self._rename_seats(db, table_id, account_id, DELETED_NAME["en"])
            # what it wrote in chat stays with the tables, no longer under its name
            db.execute("UPDATE chat SET name = ? WHERE account = ?",
                       (DELETED_NAME["en"], account_id))
            db.execute("UPDATE reports SET name = ? WHERE account = ?",
                       (DELETED_NAME["en"], account_id))

        self._run(delete)  # idempotent

    def _rename_seats(self, db: Transaction, table_id: str, account_id: str, name: str) -> None:
        row = db.execute("SELECT seats FROM game_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return
        seats = [SeatRow.from_json(s) for s in json.loads(row[0])]
        renamed = [SeatRow(s.seat, s.kind, name, s.token_hash, s.account)
                   if s.account == account_id else s for s in seats]
        db.execute("UPDATE game_tables SET seats = ? WHERE id = ?",
                   (dumps([s.to_json() for s in renamed]), table_id))

    def set_account_flag(self, account_id: str, flag: str, when: float | None) -> None:
        if flag not in FLAGS:
            raise StorageError(f"flag {flag!r} is not one of {', '.join(FLAGS)}")

        def update(db: Transaction) -> None:
            if db.execute(f"UPDATE accounts SET {flag} = ? WHERE id = ?",
                          (when, account_id)).rowcount == 0:
                raise StorageError(f"no account {account_id}")
            if flag == "banned" and when is not None:
                db.execute("DELETE FROM sessions WHERE account = ?", (account_id,))

        self._run(update)  # idempotent

    # -- sessions -----------------------------------------------------------------------------

    def create_session(self, token_hash: str, account_id: str, created: float,
                       expires: float) -> None:
        def insert(db: Transaction) -> None:
            db.execute("INSERT INTO sessions (token_hash, account, created, expires) "
                       "VALUES (?, ?, ?, ?) ON CONFLICT (token_hash) DO NOTHING",
                       (token_hash, account_id, created, expires))

        self._run(insert)  # idempotent: the hash is of a fresh random token

    def session_account(self, token_hash: str, now: float) -> tuple[AccountRow, float] | None:
        row = self._run(lambda db: db.execute(
            "SELECT a.id, a.username, a.created, a.deleted, a.banned, a.muted, s.expires "
            "FROM sessions s JOIN accounts a ON a.id = s.account "
            "WHERE s.token_hash = ? AND s.expires > ? AND a.deleted IS NULL",
            (token_hash, now)).fetchone(), write=False)
        return None if row is None else (_account(row), float(row[6]))

    def refresh_session(self, token_hash: str, expires: float) -> None:
        self._run(lambda db: db.execute("UPDATE sessions SET expires = ? WHERE token_hash = ?",
                                        (expires, token_hash)))

    def delete_session(self, token_hash: str) -> None:
        self._run(lambda db: db.execute("DELETE FROM sessions WHERE token_hash = ?",
                                        (token_hash,)))

    def delete_sessions(self, account_id: str, keep: str | None = None) -> int:
        return self._run(lambda db: db.execute(
            "DELETE FROM sessions WHERE account = ? AND token_hash != ?",
            (account_id, keep or "")).rowcount)

    def delete_expired_sessions(self, now: float) -> int:
        return self._run(lambda db: db.execute("DELETE FROM sessions WHERE expires <= ?",
                                               (now,)).rowcount)

    # -- seats, admin log ---------------------------------------------------------------------

    def account_tables(self, account_id: str, limit: int) -> list[AccountSeat]:
        rows = self._run(lambda db: db.execute(
            "SELECT s.table_id, s.seat, t.game, t.status, t.created, t.options "
            "FROM account_seats s JOIN game_tables t ON t.id = s.table_id WHERE s.account = ? "
            "ORDER BY t.created DESC, s.table_id, s.seat LIMIT ?",
            (account_id, limit)).fetchall(), write=False)
        return [AccountSeat(str(t), int(s), str(g), str(st), float(c),
                            json.loads(o).get(OWNER_OPTION) == account_id)
                for t, s, g, st, c, o in rows]

    @staticmethod
    def _write_account_seats(db: Transaction, table_id: str, seats: list[SeatRow]) -> None:
        """Keep ``account_seats`` (the index "My tables" reads) in step with these seats of a
        table, inside the caller's transaction."""
        for seat in seats:
            db.execute("DELETE FROM account_seats WHERE table_id = ? AND seat = ?",
                       (table_id, seat.seat))
            if seat.account is not None:
                db.execute("INSERT INTO account_seats (account, table_id, seat) VALUES (?, ?, ?)",
                           (seat.account, table_id, seat.seat))

    def log_admin(self, row: AdminLogRow) -> None:
        entry_id = secrets.token_urlsafe(9)  # one id for every attempt: a retry cannot log twice
        self._run(lambda db: db.execute(
            "INSERT INTO admin_log (id, at, actor, action, account, detail) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            (entry_id, row.at, row.actor, row.action, row.account, row.detail)))

    def admin_log(self, limit: int) -> list[AdminLogRow]:
        rows = self._run(lambda db: db.execute(
            "SELECT at, actor, action, account, detail FROM admin_log "
            "ORDER BY at DESC, id LIMIT ?", (limit,)).fetchall(), write=False)
        return [AdminLogRow(float(a), str(w), str(x), c, str(d)) for a, w, x, c, d in rows]
