"""The storage contract, run against every backend (see conftest.BACKENDS)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    WAITING,
    ActionRow,
    SeatRow,
    Storage,
    StorageError,
    TableRow,
    UnknownTable,
    VersionConflict,
    open_storage,
)
from mazzo.server.storage.sqlite import SQLiteStorage


def table(table_id: str = "t1", created: float = 1.0) -> TableRow:
    return TableRow(
        id=table_id, game="nebraska", config={"players": 2},
        seats=(SeatRow(0, "human", "Ada", "h0"), SeatRow(1, "medio", "bot")),
        owner_hash="owner", options={"grace_s": 60}, created=created,
    )


def test_migrate_records_the_schema_version_and_is_idempotent(fresh_storage: Storage) -> None:
    assert fresh_storage.schema_version() == 0
    assert fresh_storage.migrate() == Storage.SCHEMA_VERSION
    assert fresh_storage.migrate() == Storage.SCHEMA_VERSION
    assert fresh_storage.schema_version() == Storage.SCHEMA_VERSION


def test_a_table_round_trips(storage: Storage) -> None:
    storage.create_table(table())
    loaded = storage.load_table("t1")
    assert loaded.table == table()
    assert loaded.actions == ()


def test_a_table_id_is_created_once(storage: Storage) -> None:
    storage.create_table(table())
    with pytest.raises(StorageError):
        storage.create_table(table())


def test_actions_come_back_in_order_with_seeds(storage: Storage) -> None:
    storage.create_table(table())
    rows = [
        ActionRow(0, {"type": "choose_dealer", "seat": 1}, "ab" * 32, "cd" * 32, 0),
        ActionRow(1, {"type": "deal", "order": ["A♥"]}, "ef" * 32, "01" * 32, 1),
        ActionRow(2, {"type": "bid", "card": "A♥"}, None, None, 1,
                  {"type": "timeout", "seat": 0, "level": "medio"}),
    ]
    for row in rows:
        storage.append_action("t1", row)
    assert storage.load_table("t1").actions == tuple(rows)


def test_a_second_append_at_a_version_fails_and_changes_nothing(storage: Storage) -> None:
    storage.create_table(table())
    storage.append_action("t1", ActionRow(0, {"type": "a"}))
    with pytest.raises(VersionConflict):
        storage.append_action("t1", ActionRow(0, {"type": "b"}))
    with pytest.raises(VersionConflict):
        storage.append_action("t1", ActionRow(2, {"type": "gap"}))
    assert [a.action for a in storage.load_table("t1").actions] == [{"type": "a"}]


def test_concurrent_appends_at_one_version_let_exactly_one_through(storage: Storage) -> None:
    storage.create_table(table())
    outcomes: list[str] = []

    def append(name: str) -> None:
        try:
            storage.append_action("t1", ActionRow(0, {"type": name}))
            outcomes.append("ok")
        except VersionConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=append, args=(f"w{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict"] * 7 + ["ok"]
    assert len(storage.load_table("t1").actions) == 1


def test_a_group_of_appends_stores_each_good_row_and_refuses_only_the_bad(
    storage: Storage,
) -> None:
    storage.create_table(table("t1"))
    storage.create_table(table("t2"))
    storage.append_action("t1", ActionRow(0, {"type": "a"}))
    results = storage.append_actions([
        ("t1", ActionRow(1, {"type": "b"})),
        ("t2", ActionRow(0, {"type": "c"})),
        ("t1", ActionRow(1, {"type": "taken"})),  # the version the first row just took
        ("nope", ActionRow(0, {"type": "lost"})),
        ("t2", ActionRow(1, {"type": "d"})),
    ])
    assert results[0] is None and results[1] is None and results[4] is None
    assert isinstance(results[2], VersionConflict)
    assert isinstance(results[3], UnknownTable)
    assert [a.action for a in storage.load_table("t1").actions] == [{"type": "a"}, {"type": "b"}]
    assert [a.action for a in storage.load_table("t2").actions] == [{"type": "c"}, {"type": "d"}]
    assert storage.append_actions([]) == []


def test_a_review_is_kept_once_per_seat(storage: Storage) -> None:
    storage.create_table(table())
    assert storage.load_review("t1", 0) is None
    storage.save_review("t1", 0, {"seat": 0, "decisions": [{"class": "best"}]})
    storage.save_review("t1", 0, {"seat": 0, "decisions": []})  # computed once: the first stays
    assert storage.load_review("t1", 0) == {"seat": 0, "decisions": [{"class": "best"}]}
    assert storage.load_review("t1", 1) is None


def test_unknown_tables_are_named(storage: Storage) -> None:
    with pytest.raises(UnknownTable, match="nope"):
        storage.load_table("nope")
    with pytest.raises(UnknownTable):
        storage.append_action("nope", ActionRow(0, {"type": "a"}))
    with pytest.raises(UnknownTable):
        storage.set_status("nope", PLAYING)


def test_status_seat_and_rematch_changes(storage: Storage) -> None:
    storage.create_table(table())
    storage.set_status("t1", PLAYING)
    storage.set_seat("t1", SeatRow(1, "human", "Bea", "h1"))
    storage.set_rematch("t1", "t2")
    loaded = storage.load_table("t1").table
    assert loaded.status == PLAYING
    assert loaded.seats[1] == SeatRow(1, "human", "Bea", "h1")
    assert loaded.seats[0] == table().seats[0]
    assert loaded.rematch == "t2"
    with pytest.raises(StorageError):
        storage.set_status("t1", "lost")
    with pytest.raises(StorageError):
        storage.set_seat("t1", SeatRow(5, "human", "X"))


def test_unfinished_tables_oldest_first(storage: Storage) -> None:
    storage.create_table(table("b", created=2.0))
    storage.create_table(table("a", created=3.0))
    storage.create_table(table("c", created=1.0))
    storage.set_status("c", OVER)
    storage.set_status("a", WAITING)
    assert storage.unfinished_tables() == ["b", "a"]
    storage.set_status("b", PLAYING)
    assert storage.playing_tables() == ["b"]  # what the server loads at start


def test_waiting_tables_nobody_joined_are_found_and_deleted_with_their_traces(
        storage: Storage) -> None:
    for name, created in (("old", 1.0), ("joined", 2.0), ("playing", 3.0), ("new", 50.0)):
        storage.create_table(table(name, created=created))
    storage.mark_joined("joined", 10.0)
    storage.mark_joined("joined", 20.0)  # the first time is kept
    storage.set_status("playing", PLAYING)
    assert storage.load_table("joined").table.joined == 10.0
    assert storage.load_table("old").table.joined is None
    assert storage.unjoined_waiting(before=40.0, limit=10) == ["old"]
    assert storage.unjoined_waiting(before=60.0, limit=1) == ["old"]
    storage.append_action("old", ActionRow(0, {"type": "deal"}, "ab" * 32, "cd" * 32, 1))
    storage.set_rematch("joined", "old")  # a rematch offered, never joined
    assert storage.claim("old", "http://here")
    assert storage.delete_waiting("old")
    with pytest.raises(UnknownTable):
        storage.load_table("old")
    assert storage.load_table("joined").table.rematch is None  # the offer is withdrawn
    assert storage.owner_url("old") is None
    for kept in ("joined", "playing"):  # not tables nobody joined: nothing deleted
        assert not storage.delete_waiting(kept)
        assert storage.load_table(kept).table.id == kept
    assert not storage.delete_waiting("old")
    assert storage.unjoined_waiting(before=60.0, limit=10) == ["new"]


def test_sqlite_is_in_wal_mode_and_survives_reopening(tmp_path: Path) -> None:
    first = SQLiteStorage(tmp_path / "x.db")
    first.migrate()
    first.create_table(table())
    first.append_action("t1", ActionRow(0, {"type": "a"}, "00" * 32, "11" * 32))
    first.close()
    again = open_storage(f"sqlite:///{tmp_path / 'x.db'}")
    assert again.load_table("t1").actions[0].seed == "00" * 32
    assert isinstance(again, SQLiteStorage)
    assert again._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again.close()


def test_default_database_lives_in_mazzo_home(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAZZO_HOME", str(tmp_path / "home"))
    storage = open_storage()
    assert (tmp_path / "home" / "mazzo.db").exists()
    storage.close()


def test_bad_urls_are_refused() -> None:
    with pytest.raises(StorageError, match="--db"):
        open_storage("mysql://x")


def test_a_file_in_the_way_of_the_database_folder_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "home").write_text("a file, not a folder")
    with pytest.raises(StorageError, match=r"^cannot open the database .*home/mazzo\.db: a file "
                                           r"is in the way of its folder$"):
        open_storage(f"sqlite:///{tmp_path}/home/mazzo.db")  # was FileExistsError
    assert (tmp_path / "home").read_text() == "a file, not a folder"


def test_a_version_1_database_is_migrated_to_the_current_schema(tmp_path: Path) -> None:
    from mazzo.server.storage.sql import MIGRATIONS

    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY)")
    for sql in MIGRATIONS[0][1]:
        old.execute(sql)
    old.execute("INSERT INTO schema_version VALUES (1)")
    old.commit()
    old.close()
    storage = open_storage(f"sqlite:///{path}")
    assert storage.schema_version() == Storage.SCHEMA_VERSION == MIGRATIONS[-1][0]
    storage.create_table(table())
    assert isinstance(storage, SQLiteStorage)
    storage._set_owner_url("t1", "http://a")
    assert storage.owner_url("t1") == "http://a"
    storage.close()


def test_a_single_process_backend_owns_every_table(tmp_path: Path) -> None:
    storage = open_storage(f"sqlite:///{tmp_path / 'one.db'}")
    storage.create_table(table())
    assert storage.claim("t1", "http://a") and storage.claim("t1", "http://b")
    storage.close()


# -- PostgreSQL: several processes on one database ---------------------------------------------


@pytest.fixture
def two_processes(postgres_url: str) -> Iterator[tuple[Storage, Storage]]:
    """Two storages on one fresh PostgreSQL database, as two server processes hold them."""
    first, second = open_storage(postgres_url), open_storage(postgres_url)
    yield first, second
    first.close()
    second.close()


def test_postgres_describes_itself_without_the_password() -> None:
    from mazzo.server.storage.postgres import _where

    assert "secret" not in _where("postgresql://ada:secret@db.example/mazzo")
    assert "db.example" in _where("postgresql://ada:secret@db.example/mazzo")


def test_one_process_owns_a_table_until_it_releases_it(
        two_processes: tuple[Storage, Storage]) -> None:
    first, second = two_processes
    first.create_table(table())
    assert first.claim("t1", "http://first")
    assert first.claim("t1", "http://first")  # again: still ours, taken once
    assert not second.claim("t1", "http://second")
    assert second.owner_url("t1") == "http://first"
    first.release("t1")
    assert second.claim("t1", "http://second")
    assert first.owner_url("t1") == "http://second"
    assert not first.claim("t1", "http://first")


def test_a_dead_owner_frees_its_tables(postgres_url: str) -> None:
    first, second = open_storage(postgres_url), open_storage(postgres_url)
    try:
        first.create_table(table())
        assert first.claim("t1", "http://first")
        assert not second.claim("t1", "http://second")
        first.close()  # as when the process dies: the session and its locks end
        deadline = time.monotonic() + 10  # the server ends the session a moment later
        while not second.claim("t1", "http://second"):
            assert time.monotonic() < deadline, "the lock outlived its session"
            time.sleep(0.02)
    finally:
        second.close()


def test_the_owner_lock_key_is_stable_and_signed_64_bit() -> None:
    from mazzo.server.storage.postgres import table_lock_key

    assert table_lock_key("abc") == table_lock_key("abc") != table_lock_key("abd")
    assert all(-(2**63) <= table_lock_key(str(i)) < 2**63 for i in range(100))


def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    from mazzo.server.storage.postgres import PostgresStorage

    storages = [PostgresStorage(postgres_url) for _ in range(4)]
    versions: list[int] = []
    threads = [threading.Thread(target=lambda s=s: versions.append(s.migrate()))
               for s in storages]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert versions == [Storage.SCHEMA_VERSION] * 4
    for s in storages:
        s.close()


# -- rematches: exactly one, however many ask at once -------------------------------------------


def race_rematches(storages: list[Storage]) -> list[str]:
    """Every storage offers its own rematch of t1 at the same moment; the ids they got."""
    got: list[str] = []
    barrier = threading.Barrier(len(storages))

    def offer(i: int, storage: Storage) -> None:
        barrier.wait()
        got.append(storage.create_rematch("t1", table(f"r{i}", created=2.0)))

    threads = [threading.Thread(target=offer, args=(i, s)) for i, s in enumerate(storages)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return got


def assert_one_rematch(storage: Storage, got: list[str], callers: int) -> None:
    assert len(got) == callers and len(set(got)) == 1
    assert storage.load_table("t1").table.rematch == got[0]
    made = [f"r{i}" for i in range(callers) if _exists(storage, f"r{i}")]
    assert made == [got[0]]  # the losers inserted nothing


def _exists(storage: Storage, table_id: str) -> bool:
    try:
        storage.load_table(table_id)
    except UnknownTable:
        return False
    return True


def test_a_rematch_is_made_once_and_returned_to_every_caller(storage: Storage) -> None:
    storage.create_table(table())
    storage.set_status("t1", OVER)
    assert storage.create_rematch("t1", table("r0", created=2.0)) == "r0"
    assert storage.create_rematch("t1", table("r1", created=2.0)) == "r0"
    assert_one_rematch(storage, ["r0", "r0"], 2)
    with pytest.raises(UnknownTable):
        storage.create_rematch("nope", table("r2"))


def test_concurrent_rematches_on_sqlite_make_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    storages = [open_storage(url) for _ in range(6)]  # six connections to one file
    storages[0].create_table(table())
    got = race_rematches(storages)
    assert_one_rematch(storages[0], got, 6)
    for s in storages:
        s.close()


def test_concurrent_rematches_from_several_processes_make_one(postgres_url: str) -> None:
    storages = [open_storage(postgres_url) for _ in range(6)]  # as six server processes
    storages[0].create_table(table())
    got = race_rematches(storages)
    assert_one_rematch(storages[0], got, 6)
    for s in storages:
        s.close()
