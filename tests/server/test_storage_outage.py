"""The PostgreSQL backend when its connection breaks: what is retried, what is resolved by
reading the log back, how it reconnects (with back-off) and takes its tables' locks back, and
that it refuses to write for a table another process took meanwhile."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import psycopg
import pytest
from test_storage import table

from mazzo.server.storage.base import ActionRow, NotOwner, StorageUnavailable
from mazzo.server.storage.postgres import PostgresStorage, _Broken
from mazzo.server.storage.sql import Transaction

T = TypeVar("T")


class CutStorage(PostgresStorage):
    """PostgreSQL whose next transaction ends with its connection cut: ``cut`` is "after
    commit" (stored, but the caller cannot know), "at commit" (cut while committing: not
    stored) or "before commit"."""

    def __init__(self, url: str) -> None:
        self.cut: str | None = None
        self.connects = 0
        super().__init__(url)

    def _connect(self) -> psycopg.Connection[Any]:
        self.connects += 1
        return super()._connect()

    def _attempt(self, work: Callable[[Transaction], T]) -> T:
        cut, self.cut = self.cut, None
        if cut is None:
            return super()._attempt(work)
        if cut == "after commit":
            super()._attempt(work)
        self.terminate_own_session()
        error = psycopg.OperationalError("server closed the connection unexpectedly")
        raise _Broken(error, at_commit=cut != "before commit")

    def terminate_own_session(self) -> None:
        assert self._db is not None
        pid = self._db.info.backend_pid
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s",
                                (pid,)).fetchone():
                time.sleep(0.01)  # gone, and its locks with it
        self._db.close()


@pytest.fixture
def cut_storage(postgres_url: str) -> Iterator[CutStorage]:
    storage = CutStorage(postgres_url)
    storage.migrate()
    storage.create_table(table("t1"))
    storage.append_action("t1", ActionRow(0, {"type": "a"}))
    yield storage
    storage.close()


@pytest.mark.parametrize("cut", ["after commit", "at commit", "before commit"])
def test_a_cut_append_is_stored_exactly_once(cut_storage: CutStorage, cut: str) -> None:
    cut_storage.cut = cut
    rows = [("t1", ActionRow(1, {"type": "b"}, "ab" * 32, "cd" * 32, 1)),
            ("t1", ActionRow(2, {"type": "c"}))]
    results = cut_storage.append_actions(rows)
    assert results == [None, None]  # resolved by reading the log back: stored, once
    assert [a.action for a in cut_storage.load_table("t1").actions] == [
        {"type": "a"}, {"type": "b"}, {"type": "c"}]
    assert cut_storage.connects == 2  # the first connection and one new one


def test_an_in_doubt_row_someone_else_stored_is_a_conflict(cut_storage: CutStorage) -> None:
    cut_storage.append_action("t1", ActionRow(1, {"type": "mine"}))
    cut_storage.cut = "at commit"
    results = cut_storage.append_actions([("t1", ActionRow(1, {"type": "theirs"}))])
    assert len(results) == 1 and results[0] is not None  # not acknowledged: another row is
    assert [a.action for a in cut_storage.load_table("t1").actions] == [
        {"type": "a"}, {"type": "mine"}]


def test_a_table_created_across_a_cut_commit_is_created_once(cut_storage: CutStorage) -> None:
    cut_storage.cut = "after commit"
    cut_storage.create_table(table("t2"))
    assert cut_storage.load_table("t2").table == table("t2")
    cut_storage.cut = "after commit"
    assert cut_storage.create_rematch("t1", table("t3")) == "t3"
    assert cut_storage.create_rematch("t1", table("t4")) == "t3"


def test_reads_and_idle_cuts_are_retried_on_a_new_connection(cut_storage: CutStorage) -> None:
    cut_storage.terminate_own_session()  # as pg_terminate_backend or a restart would, idle
    assert len(cut_storage.load_table("t1").actions) == 1
    cut_storage.cut = "at commit"  # a read cut while "committing" is simply read again
    assert cut_storage.unfinished_tables() == ["t1"]


def test_while_the_database_is_away_calls_fail_at_once_with_back_off(
        cut_storage: CutStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    good = cut_storage.url
    cut_storage.terminate_own_session()
    monkeypatch.setattr(cut_storage, "url", good + "&dbname=no_such_database")  # "down"
    began = time.monotonic()
    for _ in range(5):
        with pytest.raises(StorageUnavailable):
            cut_storage.append_action("t1", ActionRow(1, {"type": "b"}))
    assert time.monotonic() - began < 2  # an error for the client, not a hang
    # one attempt at once, then (but for a slow machine) none inside the back-off
    assert 2 <= cut_storage.connects <= 3
    monkeypatch.setattr(cut_storage, "url", good)
    deadline = time.monotonic() + 5
    while True:
        try:
            cut_storage.check_connection()
            break
        except StorageUnavailable:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    cut_storage.append_action("t1", ActionRow(1, {"type": "b"}))
    assert len(cut_storage.load_table("t1").actions) == 2


def test_a_reconnect_takes_the_locks_back_or_gives_the_table_up(cut_storage: CutStorage,
                                                                  postgres_url: str) -> None:
    cut_storage.create_table(table("t2"))
    assert cut_storage.claim("t1", "http://first") and cut_storage.claim("t2", "http://first")
    other = PostgresStorage(postgres_url)
    try:
        cut_storage.terminate_own_session()  # its locks go with the session...
        assert other.claim("t2", "http://other")  # ...and another process takes t2
        cut_storage.check_connection()  # reconnects: t1 is taken back, t2 is lost
        assert not other.claim("t1", "http://other")
        assert cut_storage.lost_tables() == ["t2"]
        assert cut_storage.lost_tables() == []  # reported once
        with pytest.raises(NotOwner):
            cut_storage.append_action("t2", ActionRow(0, {"type": "x"}))
        cut_storage.append_action("t1", ActionRow(1, {"type": "b"}))
    finally:
        other.close()
