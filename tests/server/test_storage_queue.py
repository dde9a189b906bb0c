"""Public tables and the quick match queue in storage, on every backend: the list, a ticket's
life (polled, placed, left, expired), and matching that never puts one ticket in two tables,
however many connections (processes) match at once."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    WAITING,
    QueueMatch,
    QueueTicket,
    SeatRow,
    Storage,
    TableRow,
)
from mazzo.server.storage.sqlite import SQLiteStorage


def table(table_id: str, public: bool, status: str = WAITING, created: float = 1.0) -> TableRow:
    return TableRow(id=table_id, game="cribbage", config={"players": 2},
                    seats=(SeatRow(0, "human", "Ada", "h0", "acc-ada"),
                           SeatRow(1, "human", "player 2")),
                    owner_hash="owner", status=status,
                    options={"public": public, "rated": False}, created=created)


def ticket(ticket_id: str, created: float, game: str = "cribbage", players: int = 2,
           account: str | None = None) -> QueueTicket:
    return QueueTicket(ticket_id, game, players, account, ticket_id.title(), 25.0, None,
                       created, created)


def pair_all(tickets: list[QueueTicket]) -> list[QueueMatch]:
    """Seat the waiting tickets two by two, oldest first."""
    formed = []
    for i in range(0, len(tickets) - 1, 2):
        a, b = tickets[i], tickets[i + 1]
        row = table(f"m-{a.ticket}-{b.ticket}", public=False, status=PLAYING)
        formed.append(QueueMatch(row, {a.ticket: (0, f"tok-{a.ticket}"),
                                       b.ticket: (1, f"tok-{b.ticket}")}))
    return formed


def test_only_public_tables_of_the_status_asked_are_listed(storage: Storage) -> None:
    storage.create_table(table("private", public=False))
    for i, status in enumerate((WAITING, PLAYING, OVER, WAITING)):
        storage.create_table(table(f"p{i}", public=True, status=status, created=10.0 - i))
    assert [t.id for t in storage.public_tables(WAITING, 10, 0)] == ["p3", "p0"]
    assert [t.id for t in storage.public_tables(PLAYING, 10, 0)] == ["p1"]
    assert [t.id for t in storage.public_tables(WAITING, 1, 1)] == ["p0"]
    assert storage.public_tables(WAITING, 10, 0)[0].seats[0].account == "acc-ada"


def test_a_ticket_is_placed_polled_left_and_expired(storage: Storage) -> None:
    for i, name in enumerate(("ada", "bea", "cleo")):
        storage.enqueue(ticket(name, created=float(i)))
    storage.enqueue(ticket("other", created=0.0, game="nebraska", players=3))
    found = storage.poll_ticket("cleo", now=50.0)
    assert found is not None
    assert found[1] == 3 and found[0].polled == 50.0 and found[0].table_id is None
    assert storage.poll_ticket("nope", now=50.0) is None
    assert sorted(storage.waiting_queues()) == [("cribbage", 2), ("nebraska", 3)]
    assert storage.leave_queue("ada") and not storage.leave_queue("ada")
    assert storage.poll_ticket("cleo", now=51.0) == (
        dataclasses.replace(ticket("cleo", 2.0), polled=51.0), 2)
    # bea and other were last polled when made (1.0, 0.0); cleo at 51
    assert storage.expire_tickets(waiting_before=10.0, matched_before=0.0) == 2
    assert storage.waiting_queues() == [("cribbage", 2)]


def test_a_match_stores_the_table_and_seats_its_tickets(storage: Storage) -> None:
    for i, name in enumerate(("ada", "bea", "cleo")):
        storage.enqueue(ticket(name, created=float(i)))
    seen: list[list[str]] = []

    def choose(tickets: list[QueueTicket]) -> list[QueueMatch]:
        seen.append([t.ticket for t in tickets])
        return pair_all(tickets)

    assert storage.match_queue("cribbage", 2, choose) == ["m-ada-bea"]
    assert seen == [["ada", "bea", "cleo"]]
    assert storage.load_table("m-ada-bea").table.status == PLAYING
    found = storage.poll_ticket("bea", now=5.0)
    assert found is not None
    assert (found[0].table_id, found[0].seat, found[0].token, found[1]) == (
        "m-ada-bea", 1, "tok-bea", 0)
    assert not storage.leave_queue("bea")  # matched: it cannot leave any more
    assert storage.match_queue("cribbage", 2, choose) == []  # cleo alone
    assert seen[-1] == ["cleo"]
    # a matched ticket is kept until it is old, then deleted with its token
    assert storage.expire_tickets(waiting_before=0.0, matched_before=100.0) == 2
    assert storage.poll_ticket("bea", now=6.0) is None


def second_connection(storage: Storage) -> Storage:
    """Another connection to the same database: another server process."""
    if isinstance(storage, SQLiteStorage):
        return SQLiteStorage(storage.path)
    from mazzo.server.storage.postgres import PostgresStorage

    assert isinstance(storage, PostgresStorage)
    return PostgresStorage(storage.url)


def test_matchers_racing_on_several_connections_seat_each_ticket_once(
        storage: Storage) -> None:
    others = [second_connection(storage) for _ in range(3)]
    try:
        for i in range(24):
            storage.enqueue(ticket(f"t{i:02d}", created=float(i)))
        made: list[str] = []
        barrier = threading.Barrier(len(others))

        def matcher(conn: Storage) -> Callable[[], None]:
            def run() -> None:
                barrier.wait()
                for _ in range(6):
                    made.extend(conn.match_queue("cribbage", 2, pair_all))
            return run

        threads = [threading.Thread(target=matcher(conn)) for conn in others]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        made.extend(storage.match_queue("cribbage", 2, pair_all))  # what the race left
        seated = []
        for i in range(24):
            found = storage.poll_ticket(f"t{i:02d}", now=100.0)
            assert found is not None
            seated.append((found[0].table_id, found[0].seat))
        assert all(table_id is not None for table_id, _ in seated)
        assert len(set(seated)) == 24  # no seat given twice
        assert len(made) == len(set(made)) == 12  # every table once, two tickets each
        for table_id in made:
            assert sorted(seat for t, seat in seated if t == table_id) == [0, 1]
    finally:
        for conn in others:
            conn.close()
