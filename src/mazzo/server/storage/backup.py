"""``mazzo backup`` and ``mazzo restore`` for a SQLite database, with SQLite's online backup
API (``sqlite3.Connection.backup``).

A backup is safe while the server serves: the copy is made in one read transaction, which in
WAL mode sees one consistent snapshot (every acknowledged move committed before it began) and
does not stop the server writing meanwhile. A restore is not: the server keeps its tables in
memory, so the database it holds must not change under it; restore refuses a database that
another process has open. Either writes a temporary file in the target's folder and renames
it over the target, so a reader never sees half a copy; a restore keeps the database it
replaces beside it. PostgreSQL has its own tools (``pg_dump -Fc``, ``pg_restore``): these
commands name them. Documented in docs/server.md ("Operations").
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from mazzo.server.storage.base import Storage, StorageError, default_db_url

#: what a PostgreSQL operator runs instead, per command (docs/server.md, "Operations")
POSTGRES_TOOLS: Final = {
    "backup": "pg_dump -Fc --dbname=URL --file=PATH",
    "restore": "pg_restore --clean --if-exists --dbname=URL PATH",
}
#: how long a backup waits for the server's write lock to let it start its read
BUSY_TIMEOUT_MS: Final = 5000
#: the files beside a WAL-mode database that belong to it
SIDE_FILES: Final = ("-wal", "-shm")


class DatabaseInUse(StorageError):
    """Another process has the database open (a running ``mazzo serve``)."""


def sqlite_file(url: str | None, command: str) -> Path:
    """The file of a ``--db`` URL (default ``~/.mazzo/mazzo.db``); a PostgreSQL URL is
    refused with the tool to use instead."""
    url = url or default_db_url()
    if url.startswith(("postgresql://", "postgres://")):
        tool = POSTGRES_TOOLS[command]
        raise StorageError(
            f"mazzo {command} copies SQLite databases; for PostgreSQL use {tool} "
            "(see docs/server.md, Operations)",
            italian=f"mazzo {command} copia database SQLite; per PostgreSQL usa {tool} "
                    "(vedi docs/server.md, Operations)")
    if not url.startswith("sqlite:///"):
        raise StorageError(f"--db: {url!r} is not sqlite:///PATH or postgresql://...",
                           italian=f"--db: {url!r} non è sqlite:///PERCORSO né "
                                   "postgresql://...")
    return Path(url.removeprefix("sqlite:///")).expanduser()


def backup(source: Path, target: Path, folder: bool = False) -> Path:
    """Copy the database ``source`` to ``target`` (a folder, if it is one or ``folder`` says
    so: a new file named for the time in it), while a server may be using it; return the file
    written."""
    if folder or target.is_dir():
        target = target / f"mazzo-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}.db"
    _refuse_same(source, target)
    with _open(source) as db:
        db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _schema_version(db, source)
        if target.exists():  # overwriting a copy is fine; a database being served is not
            _refuse_in_use(target)
        _copy_atomically(db, target)
    return target


def restore(copy: Path, target: Path) -> Path | None:
    """Replace the database ``target`` by the backup ``copy``, when no process has ``target``
    open; return where the replaced database was kept (None: there was none)."""
    _refuse_same(copy, target)
    with _open(copy, read_only=True) as db:
        version = _schema_version(db, copy)
        if version > Storage.SCHEMA_VERSION:
            raise StorageError(
                f"{copy} has schema version {version}, newer than this mazzo's "
                f"({Storage.SCHEMA_VERSION}): restore it with the mazzo that made it",
                italian=f"{copy} ha lo schema versione {version}, più nuovo di quello di "
                        f"questo mazzo ({Storage.SCHEMA_VERSION}): ripristinalo con il mazzo "
                        "che l'ha creato")
        kept = None
        if target.exists():
            _refuse_in_use(target)
            kept = target.with_name(
                f"{target.name}.replaced-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}")
            with _open(target) as old:
                _copy_atomically(old, kept)
        _copy_atomically(db, target)
    for suffix in SIDE_FILES:  # the replaced database's, if any: never the new one's
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    return kept


@contextlib.contextmanager
def _open(path: Path, read_only: bool = False) -> Iterator[sqlite3.Connection]:
    """A connection to an existing database file (never creating one)."""
    if not path.is_file():
        raise StorageError(f"no database at {path}", italian=f"nessun database in {path}")
    mode = "ro" if read_only else "rw"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True,
                             isolation_level=None)
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    try:
        yield db
    except sqlite3.DatabaseError as exc:
        raise _unreadable(path, exc) from exc
    finally:
        db.close()


def _schema_version(db: sqlite3.Connection, path: Path) -> int:
    """The mazzo schema version of ``db``; refused if it is not a mazzo database."""
    found = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND "
                       "name = 'schema_version'").fetchone()[0]
    if not found:
        raise StorageError(f"{path} is not a mazzo database (it has no schema_version table)",
                           italian=f"{path} non è un database di mazzo (non ha la tabella "
                                   "schema_version)")
    return int(db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] or 0)


def _copy_atomically(source: sqlite3.Connection, target: Path) -> None:
    """The whole of ``source`` in one step (one snapshot) into a temporary file beside
    ``target``, checked, made a self-contained file (no WAL beside it), synced, renamed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        copy = sqlite3.connect(tmp, isolation_level=None)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
            check = copy.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise StorageError(f"the copy for {target} does not check out: {check}",
                                   italian=f"la copia per {target} non supera il controllo: "
                                           f"{check}")
        finally:
            copy.close()
        with tmp.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, target)
        _sync_folder(target.parent)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _refuse_in_use(path: Path) -> None:
    """Refuse ``path`` if another process has it open: SQLite's exclusive lock, asked for
    without waiting, is refused while any other connection holds the database (a server's
    connection holds it for as long as the server runs)."""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True,
                             isolation_level=None, timeout=0)
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from exc
    try:
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE")
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        db.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc) and "busy" not in str(exc):
            raise _unreadable(path, exc) from exc
        raise DatabaseInUse(
            f"{path} is open in another process (a running mazzo serve?): stop it first",
            italian=f"{path} è aperto da un altro processo (un mazzo serve acceso?): "
                    "fermalo prima") from exc
    except sqlite3.DatabaseError as exc:
        raise _unreadable(path, exc) from exc
    finally:
        db.close()


def _refuse_same(source: Path, target: Path) -> None:
    if target.exists() and source.exists() and os.path.samefile(source, target):
        raise StorageError(f"{target} is the database itself: give another file",
                           italian=f"{target} è il database stesso: indica un altro file")


def _unreadable(path: Path, exc: Exception) -> StorageError:
    return StorageError(f"cannot use {path} as a SQLite database: {exc}",
                        italian=f"impossibile usare {path} come database SQLite: {exc}")


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (its entry is written with the folder)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
