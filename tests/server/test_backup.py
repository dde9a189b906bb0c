"""``mazzo backup`` and ``mazzo restore`` on SQLite: a backup taken while a server serves a
match, restored under a new server, lets the match go on to the very end the original server
reached; restore never replaces a database a process has open, nor takes a file that is not a
mazzo database; PostgreSQL is pointed to its own tools."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from mazzo.cli.main import main
from mazzo.engine.game import JSON
from mazzo.server.storage.base import ActionRow, SeatRow, Storage, TableRow, open_storage
from mazzo.server.storage.sqlite import SQLiteStorage

from live_server import LiveServer, Player, play_all

#: one deal of Novantanove decides a match to 1 point (unless the lead is tied: then another
#: deal): after its two chance actions (the dealer, the deal) every move is the players', so
#: seeded players make the same moves twice
ONE_DEAL: JSON = {"players": 3, "target": 1}
#: where the match is cut for the backup: the deal is done, the tricks are under way
CUT = 20
#: every seat is a person's: no bot process to start (a thread would do), so each of the two
#: servers starts in a second or two
NO_BOT_PROCESS = ("--workers-bots", "0")


def url(path: Path) -> str:
    return f"sqlite:///{path}"


def seated(db: Path, count: int) -> None:
    storage = open_storage(url(db))
    try:
        for i in range(count):
            storage.create_table(TableRow(f"t{i}", "nebraska", {"players": 2},
                                          (SeatRow(0, "human", "Ada"), SeatRow(1, "medio", "b")),
                                          "owner", created=float(i)))
    finally:
        storage.close()


def table_ids(db: Path) -> list[str]:
    storage = open_storage(url(db))
    try:
        return storage.unfinished_tables()
    finally:
        storage.close()


def continue_match(server: LiveServer, created: JSON) -> JSON:
    """Connect the three seats to ``server`` and play the match to its end with players
    seeded 10, 11, 12; the record it ends with."""
    players = [Player(urlsplit(s["ws"])._replace(netloc=f"127.0.0.1:{server.port}").geturl(),
                      seed=10 + s["seat"]) for s in created["seats"]]
    asyncio.run(play_all(players))
    record: JSON = server.get(f"/api/tables/{created['table']}/record").json()
    return record


def test_a_backup_mid_match_restored_under_a_new_server_plays_to_the_same_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = LiveServer(tmp_path / "first", *NO_BOT_PROCESS).start()
    try:
        created = first.create({"game": "novantanove", "config": ONE_DEAL,
                                "seats": ["human"] * 3, "start": True})
        half = [Player(s["ws"], seed=s["seat"], stop_at_version=CUT) for s in created["seats"]]
        asyncio.run(play_all(half))
        copy = tmp_path / "backups" / "mid.db"
        assert main(["backup", str(copy), "--db", url(first.home / "mazzo.db")]) == 0
        assert capsys.readouterr().out.startswith("Backed up ")
        control = continue_match(first, created)  # the same server plays on: the control
    finally:
        first.stop()
    second = LiveServer(tmp_path / "second", *NO_BOT_PROCESS)
    assert main(["restore", str(copy), "--db", url(second.home / "mazzo.db")]) == 0
    second.start()
    try:
        assert second.summary(created["table"])["version"] == CUT
        assert main(["restore", str(copy), "--db", url(second.home / "mazzo.db")]) == 2
        assert "is open in another process (a running mazzo serve?)" in capsys.readouterr().err
        restored = continue_match(second, created)
    finally:
        second.stop()
    assert control["result"] is not None and len(control["history"]) > CUT
    redeals = [i for i, action in enumerate(control["history"])
               if i >= CUT and action["type"] == "deal"]
    if not redeals:  # the match ended with the deal the backup cut in two: the very same end
        assert restored == control
    else:  # a tie for the lead deals again ([D]), from a fresh server seed on each server
        assert restored["history"][:redeals[0]] == control["history"][:redeals[0]]
    storage = open_storage(url(second.home / "mazzo.db"))
    try:  # the server stamped the end of the match: what mazzo admin prune goes by
        assert storage.finished_before(time.time(), 10) == [created["table"]]
    finally:
        storage.close()


def test_a_backup_taken_while_another_writer_commits_is_a_consistent_copy(
        tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    storage = SQLiteStorage(db)
    storage.migrate()
    storage.create_table(TableRow("t", "nebraska", {"players": 2},
                                  (SeatRow(0, "human", "Ada"),), "owner"))
    stop = threading.Event()

    def write() -> None:
        version = 0
        while not stop.is_set():
            storage.append_action("t", ActionRow(version, {"type": "x", "n": version}))
            version += 1

    writer = threading.Thread(target=write)
    writer.start()
    try:
        copies = [tmp_path / f"copy{i}.db" for i in range(3)]
        for copy in copies:
            assert main(["backup", str(copy), "--db", url(db)]) == 0
    finally:
        stop.set()
        writer.join()
        storage.close()
    for copy in copies:
        assert not Path(f"{copy}-wal").exists()  # one self-contained file
        with sqlite3.connect(copy) as check:
            versions = [v for (v,) in check.execute(
                "SELECT version FROM actions ORDER BY version")]
        assert versions == list(range(len(versions)))  # a prefix of the log: no hole


def test_restore_keeps_the_database_it_replaces(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    seated(tmp_path / "a.db", 2)
    seated(tmp_path / "b.db", 5)
    assert main(["backup", str(tmp_path), "--db", url(tmp_path / "a.db")]) == 0  # a folder
    (copy,) = tmp_path.glob("mazzo-*.db")
    assert main(["backup", f"{tmp_path / 'new'}/", "--db", url(tmp_path / "a.db")]) == 0
    assert len(list((tmp_path / "new").glob("mazzo-*.db"))) == 1  # a folder to make
    assert main(["--lang", "it", "restore", str(copy), "--db", url(tmp_path / "b.db")]) == 0
    said = capsys.readouterr().out
    assert "Ripristinato " in said and "Il database sostituito è conservato in " in said
    (kept,) = tmp_path.glob("b.db.replaced-*")
    assert table_ids(tmp_path / "b.db") == ["t0", "t1"]
    assert table_ids(kept) == [f"t{i}" for i in range(5)]


def test_restore_refuses_what_is_not_a_mazzo_database(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    seated(tmp_path / "live.db", 1)
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    with sqlite3.connect(tmp_path / "other.db") as other:
        other.execute("CREATE TABLE t (x)")
    newer = tmp_path / "newer.db"
    seated(newer, 0)
    with sqlite3.connect(newer) as db:
        db.execute("INSERT INTO schema_version VALUES (?)", (Storage.SCHEMA_VERSION + 1,))
    for name, why in [("notes.txt", "as a SQLite database"),
                      ("other.db", "is not a mazzo database"),
                      ("newer.db", "newer than this mazzo's"),
                      ("missing.db", "no database at"),
                      ("live.db", "is the database itself")]:
        assert main(["restore", str(tmp_path / name), "--db", url(tmp_path / "live.db")]) == 2
        assert why in capsys.readouterr().err, name
    assert table_ids(tmp_path / "live.db") == ["t0"]  # untouched
    assert not list(tmp_path.glob("live.db.replaced-*"))


def test_postgresql_is_pointed_to_its_own_tools(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["backup", "x.dump", "--db", "postgresql://mazzo@db/mazzo"]) == 2
    assert "for PostgreSQL use pg_dump -Fc" in capsys.readouterr().err
    assert main(["--lang", "it", "restore", "x.dump", "--db", "postgresql://db/mazzo"]) == 2
    assert "per PostgreSQL usa pg_restore" in capsys.readouterr().err
