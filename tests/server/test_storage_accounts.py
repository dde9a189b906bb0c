"""The account part of the storage contract, on every backend (SQLite and PostgreSQL)."""

from __future__ import annotations

import dataclasses

import pytest

from mazzo.server.storage.base import (
    DELETED_NAME,
    OWNER_OPTION,
    WAITING,
    AccountSeat,
    AdminLogRow,
    SeatRow,
    Storage,
    StorageError,
    TableRow,
    UsernameTaken,
)


def table(table_id: str, seats: tuple[SeatRow, ...], created: float = 1.0) -> TableRow:
    return TableRow(id=table_id, game="cribbage", config={"players": 2}, seats=seats,
                    owner_hash="owner", created=created)


def test_an_account_is_found_by_id_and_by_any_case_of_its_name(storage: Storage) -> None:
    ada = storage.create_account("Ada_L", "$argon2id$hash", 10.0)
    assert ada.username == "Ada_L" and ada.created == 10.0 and len(ada.id) >= 16
    assert storage.account_by_id(ada.id) == ada
    assert storage.account_by_username("ada_l") == ada
    assert storage.account_by_username("ＡＤＡ_L") == ada  # full-width letters: the same name
    assert storage.account_by_username("bea") is None
    assert storage.account_by_id("nope") is None
    assert storage.password_hash(ada.id) == "$argon2id$hash"


def test_a_username_is_taken_once_whatever_its_case(storage: Storage) -> None:
    storage.create_account("Ada", "h", 1.0)
    with pytest.raises(UsernameTaken, match="taken"):
        storage.create_account("ADA", "h", 2.0)


def test_the_password_hash_is_replaced(storage: Storage) -> None:
    ada = storage.create_account("ada", "old", 1.0)
    storage.set_password_hash(ada.id, "new")
    assert storage.password_hash(ada.id) == "new"
    with pytest.raises(StorageError):
        storage.set_password_hash("nope", "x")


def test_a_session_names_its_account_until_it_expires(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    storage.create_session("s1", ada.id, 100.0, 200.0)
    assert storage.session_account("s1", 150.0) == (ada, 200.0)
    assert storage.session_account("s1", 200.0) is None  # expired
    storage.refresh_session("s1", 300.0)
    assert storage.session_account("s1", 250.0) == (ada, 300.0)
    assert storage.session_account("other", 150.0) is None
    assert storage.delete_expired_sessions(300.0) == 1
    storage.refresh_session("s1", 999.0)
    assert storage.session_account("s1", 400.0) is None  # gone, not moved forward


def test_log_out_one_session_or_every_other(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    bea = storage.create_account("bea", "h", 1.0)
    for name in ("a1", "a2", "a3"):
        storage.create_session(name, ada.id, 1.0, 100.0)
    storage.create_session("b1", bea.id, 1.0, 100.0)
    storage.delete_session("a1")
    assert storage.session_account("a1", 2.0) is None
    assert storage.delete_sessions(ada.id, keep="a2") == 1
    assert storage.session_account("a2", 2.0) is not None
    assert storage.session_account("a3", 2.0) is None
    assert storage.delete_sessions(ada.id) == 1
    assert storage.session_account("b1", 2.0) is not None  # another account's: untouched


def test_a_ban_ends_the_sessions_and_a_mute_is_only_marked(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    storage.create_session("s1", ada.id, 1.0, 100.0)
    storage.set_account_flag(ada.id, "muted", 5.0)
    assert storage.account_by_id(ada.id).muted == 5.0  # type: ignore[union-attr]
    assert storage.session_account("s1", 2.0) is not None
    storage.set_account_flag(ada.id, "banned", 6.0)
    assert storage.account_by_id(ada.id).banned == 6.0  # type: ignore[union-attr]
    assert storage.session_account("s1", 2.0) is None
    storage.set_account_flag(ada.id, "banned", None)
    storage.set_account_flag(ada.id, "muted", None)
    lifted = storage.account_by_id(ada.id)
    assert lifted is not None and lifted.banned is None and lifted.muted is None
    with pytest.raises(StorageError):
        storage.set_account_flag(ada.id, "deleted", 1.0)
    with pytest.raises(StorageError):
        storage.set_account_flag("nope", "banned", 1.0)


def test_the_seats_an_account_holds_newest_table_first(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    storage.create_table(table("old", (SeatRow(0, "human", "ada", "h0", ada.id),
                                       SeatRow(1, "medio", "bot")), created=1.0))
    storage.create_table(table("new", (SeatRow(0, "human", "guest", "h0"),
                                       SeatRow(1, "human", "x", "h1")), created=2.0))
    old = AccountSeat("old", 0, "cribbage", WAITING, 1.0)
    assert storage.account_tables(ada.id, 10) == [old]
    storage.set_seat("new", SeatRow(1, "human", "ada", "h1", ada.id))  # a guest's seat handed over
    new = AccountSeat("new", 1, "cribbage", WAITING, 2.0)
    assert storage.account_tables(ada.id, 10) == [new, old]
    assert storage.account_tables(ada.id, 1) == [new]
    assert storage.load_table("new").table.seats[1].account == ada.id
    storage.set_seat("new", SeatRow(1, "human", "x", "h1"))  # and given back
    assert storage.account_tables(ada.id, 10) == [old]


def test_the_account_that_made_a_table_owns_it(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    bea = storage.create_account("bea", "h", 1.0)
    storage.create_table(dataclasses.replace(
        table("t", (SeatRow(0, "human", "ada", "h0", ada.id), SeatRow(1, "human", "bea", "h1",
                                                                       bea.id))),
        options={OWNER_OPTION: ada.id}))
    assert [s.owner for s in storage.account_tables(ada.id, 10)] == [True]
    assert [s.owner for s in storage.account_tables(bea.id, 10)] == [False]


def test_an_expired_waiting_table_leaves_no_account_seat(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    storage.create_table(table("t", (SeatRow(0, "human", "ada", "h0", ada.id),
                                     SeatRow(1, "medio", "bot"))))
    assert storage.delete_waiting("t")
    assert storage.account_tables(ada.id, 10) == []


def test_a_rematch_keeps_the_accounts_of_its_seats(storage: Storage) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    seats = (SeatRow(0, "human", "ada", "h0", ada.id), SeatRow(1, "medio", "bot"))
    storage.create_table(table("t", seats))
    assert storage.create_rematch("t", table("r", seats, created=2.0)) == "r"
    assert [(s.table, s.seat) for s in storage.account_tables(ada.id, 10)] == [("r", 0),
                                                                                ("t", 0)]


def test_a_deleted_account_keeps_its_seats_under_deleted_player(storage: Storage) -> None:
    ada = storage.create_account("Ada", "h", 1.0)
    storage.create_session("s1", ada.id, 1.0, 100.0)
    storage.create_table(table("t", (SeatRow(0, "human", "Ada", "h0", ada.id),
                                     SeatRow(1, "human", "Bea", "h1"))))
    storage.delete_account(ada.id, 50.0)
    gone = storage.account_by_id(ada.id)
    assert gone is not None and gone.deleted == 50.0
    assert gone.username == DELETED_NAME["en"] and gone.name("it") == "giocatore eliminato"
    assert storage.password_hash(ada.id) is None
    assert storage.session_account("s1", 2.0) is None
    assert storage.account_by_username("ada") is None
    seats = storage.load_table("t").table.seats
    assert seats[0] == SeatRow(0, "human", "deleted player", "h0", ada.id)
    assert seats[1].name == "Bea"
    again = storage.create_account("ada", "h2", 60.0)  # the name is free again
    assert again.id != ada.id
    storage.delete_account(ada.id, 70.0)  # again: nothing more to remove
    assert storage.account_by_id(ada.id).deleted == 50.0  # type: ignore[union-attr]


def test_the_admin_log_newest_first(storage: Storage) -> None:
    storage.log_admin(AdminLogRow(1.0, "root", "ban", "a1", "spam"))
    storage.log_admin(AdminLogRow(2.0, "root", "unban", "a1", ""))
    storage.log_admin(AdminLogRow(3.0, "ops", "reset-password", None, "bea"))
    assert [r.action for r in storage.admin_log(10)] == ["reset-password", "unban", "ban"]
    assert storage.admin_log(1) == [AdminLogRow(3.0, "ops", "reset-password", None, "bea")]


def test_a_seat_without_an_account_reads_back_from_old_json() -> None:
    assert SeatRow.from_json({"seat": 0, "kind": "human", "name": "x"}).account is None
    seat = SeatRow(1, "human", "ada", "h", "acc")
    assert SeatRow.from_json(seat.to_json()) == seat
