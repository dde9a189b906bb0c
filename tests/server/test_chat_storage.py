"""The chat and reports of the storage contract, on every backend (see conftest.BACKENDS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazzo.server.chat import chat_frame
from mazzo.server.storage.base import (
    PLAYERS,
    SPECTATORS,
    ChatRow,
    ReportRow,
    SeatRow,
    Storage,
    TableRow,
    UnknownTable,
    open_storage,
)


def table(table_id: str = "t1") -> TableRow:
    return TableRow(id=table_id, game="cribbage", config={"players": 2},
                    seats=(SeatRow(0, "human", "Ada", "h0"), SeatRow(1, "human", "Bea", "h1")),
                    owner_hash="owner", created=1.0)


def message(n: int, channel: str = PLAYERS, seat: int | None = 0) -> ChatRow:
    return ChatRow(f"m{n}", float(n), seat, channel, "Ada" if seat is not None else "#a1",
                   None, f"hello {n}" if n % 2 else None, None if n % 2 else "thanks")


def test_chat_comes_back_by_channel_last_messages_oldest_first(storage: Storage) -> None:
    storage.create_table(table())
    for n in range(1, 8):
        storage.add_chat("t1", message(n))
    storage.add_chat("t1", message(20, SPECTATORS, seat=None))
    assert storage.chat_log("t1", PLAYERS, 3) == [message(5), message(6), message(7)]
    assert storage.chat_log("t1", SPECTATORS, 10) == [message(20, SPECTATORS, seat=None)]
    assert storage.chat_log("t1", PLAYERS, 100)[0] == message(1)


def test_user_text_is_stored_as_it_is(storage: Storage) -> None:
    storage.create_table(table())
    nasty = "<img src=x onerror=alert(1)> '; DROP TABLE chat; -- ♥ ☃"
    row = ChatRow("x", 1.0, 1, PLAYERS, nasty, "acc", nasty, None)
    storage.add_chat("t1", row)
    assert storage.chat_log("t1", PLAYERS, 5) == [row]


def test_chat_needs_its_table(storage: Storage) -> None:
    with pytest.raises(UnknownTable):
        storage.add_chat("nope", message(1))


def test_a_deleted_waiting_table_takes_its_chat_with_it(storage: Storage) -> None:
    storage.create_table(table())
    storage.add_chat("t1", message(1, SPECTATORS, seat=None))
    assert storage.claim("t1", "http://here")
    assert storage.delete_waiting("t1")
    storage.create_table(table())
    assert storage.chat_log("t1", SPECTATORS, 5) == []


def test_a_deleted_account_leaves_its_chat_and_reports_nameless(storage: Storage) -> None:
    storage.create_table(table())
    cleo = storage.create_account("Cleo", "$argon2id$h", 1.0)
    said = ChatRow("c1", 2.0, None, SPECTATORS, "Cleo", cleo.id, "hello", None)
    storage.add_chat("t1", said)
    storage.add_report(ReportRow("r1", "t1", 0, "Cleo", cleo.id, "seat 1", "rude", 3.0))
    storage.delete_account(cleo.id, 4.0)
    (kept,) = storage.chat_log("t1", SPECTATORS, 5)
    assert (kept.name, kept.text, kept.account) == ("deleted player", "hello", cleo.id)
    assert chat_frame(kept, "it", [])["from"] == "giocatore eliminato"
    assert storage.list_reports(5)[0].name == "deleted player"


def report(n: int, reporter: str = "seat 1", seat: int = 0) -> ReportRow:
    return ReportRow(f"r{n}", "t1", seat, "Ada", None, reporter, f"reason {n}", float(n))


def test_reports_are_listed_newest_first_once_per_reporter_and_seat(storage: Storage) -> None:
    assert storage.add_report(report(1))
    assert not storage.add_report(report(2))  # the same reporter, the same seat: once
    assert storage.add_report(report(3, reporter="account abc"))
    assert storage.add_report(report(4, seat=1))
    assert storage.list_reports(10) == [report(4, seat=1), report(3, reporter="account abc"),
                                        report(1)]
    assert storage.list_reports(1) == [report(4, seat=1)]


def test_mazzo_admin_lists_the_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    from mazzo.cli.main import main

    db = f"sqlite:///{tmp_path / 'admin.db'}"
    stored = open_storage(db)
    stored.add_report(report(1, reporter="seat 1"))
    stored.add_report(report(2, reporter="account abc", seat=1))
    stored.close()
    assert main(["admin", "--db", db, "reports"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "reason 2" in lines[0] and "reporter=seat 1" in lines[1]
