"""PostgreSQL going away under a live ``mazzo serve``: its backends terminated
(``pg_terminate_backend``) or the whole database server crashed and restarted, mid-match, with
clients playing over real websockets. The server reconnects by itself, clients get a clear
``storage_unavailable`` error while the database is down (not a hang), /api/ready says 503 then
and 200 again after, /metrics counts the failed calls, and the match goes on to the end with
every acknowledged action (every state frame a client got) in the final record."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from pg_server import PostgresCluster, running_cluster
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON
from mazzo.engine.record import replay

from live_server import LiveServer, Player, free_port

MATCH: JSON = {"game": "cribbage", "config": {"players": 2, "target": 121, "games_to_win": 1},
               "seats": ["human", "human"], "start": True}
LOST = "PostgreSQL connection lost"


def terminate_backends(url: str) -> int:
    """Cut every other session on the database of ``url`` (the server's); how many. If the
    server is between two connections (reconnecting after the previous cut), wait for it."""
    deadline = time.monotonic() + 5
    with psycopg.connect(url, autocommit=True) as admin:
        while True:
            rows = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchall()
            if rows or time.monotonic() > deadline:
                return len(rows)
            time.sleep(0.01)


def play_through(server: LiveServer, at_versions: list[int],
                 outage: Callable[[], None]) -> tuple[list[Player], JSON]:
    """Play a match with two clients; each time the table reaches a version of
    ``at_versions``, run ``outage`` (in a thread, while the clients keep playing)."""
    created = server.create(MATCH)
    players = [Player(s["ws"], seed=i, tolerate=("storage_unavailable",))
               for i, s in enumerate(created["seats"])]

    async def run() -> None:
        tasks = [asyncio.create_task(p.run()) for p in players]
        for version in at_versions:
            while max((f["version"] for p in players for f in p.frames), default=0) < version:
                assert not any(t.done() for t in tasks), "the match ended before the outage"
                await asyncio.sleep(0.01)
            await asyncio.to_thread(outage)
        await asyncio.wait_for(asyncio.gather(*tasks), 90)

    asyncio.run(run())
    record: JSON = server.get(f"/api/tables/{created['table']}/record").json()
    return players, record


def assert_nothing_acknowledged_was_lost(players: list[Player], record: JSON) -> None:
    assert replay(record).is_terminal
    for seat, player in enumerate(players):
        assert player.frames[-1]["status"] == "over"
        for frame in player.frames:  # every state a client was shown is in the record
            assert replay(record, upto=frame["version"]).view(seat) == frame["view"], \
                f"seat {seat} was shown version {frame['version']}, which the record lacks"


def unavailable_errors(metrics: str) -> float:
    """/metrics' count of storage calls that found the database away."""
    return next(s.value for f in text_string_to_metric_families(metrics) for s in f.samples
                if s.name == "mazzo_storage_errors_total" and s.labels["kind"] == "unavailable")


def server_log(server: LiveServer) -> str:
    server.stop()
    return server.log()


def test_terminated_backends_are_reconnected_mid_match(postgres_url: str,
                                                      tmp_path: Path) -> None:
    server = LiveServer(tmp_path, "--db", postgres_url, "--rate", "10000",
                        "--burst", "10000").start()
    kills: list[int] = []
    try:
        players, record = play_through(
            server, [15, 40, 70], lambda: kills.append(terminate_backends(postgres_url)))
        assert server.get("/api/health").status_code == 200
    finally:
        log = server_log(server)
    assert all(kills), (kills, log)
    assert_nothing_acknowledged_was_lost(players, record)
    assert 1 <= log.count(LOST) <= len(kills), log  # once per outage, not once per error
    assert "Traceback" not in log, log


@pytest.fixture
def own_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of its own (the test crashes and restarts it)."""
    with running_cluster(free_port()) as cluster:
        yield cluster


def recv(ws: ClientConnection, timeout: float = 10) -> JSON:
    frame: JSON = json.loads(ws.recv(timeout=timeout))
    return frame


def settled(ws: ClientConnection) -> JSON:
    """The last frame once the table is quiet (the deal done, the joins announced)."""
    frame = recv(ws)
    while True:
        try:
            frame = recv(ws, timeout=0.5)
        except TimeoutError:
            return frame


def test_a_database_crash_and_restart_mid_match(own_cluster: PostgresCluster,
                                                tmp_path: Path) -> None:
    url = own_cluster.new_database()
    server = LiveServer(tmp_path, "--db", url, "--rate", "10000", "--burst", "10000").start()
    quiet = server.create(MATCH)  # a second table, whose seat acts while the database is down
    seen: dict[str, JSON] = {}

    def crash_and_restart() -> None:
        with connect(quiet["seats"][0]["ws"]) as first, connect(quiet["seats"][1]["ws"]) as other:
            frames = settled(first), settled(other)
            ws, frame = (first, frames[0]) if frames[0]["legal"] else (other, frames[1])
            own_cluster.crash()
            act = json.dumps({"type": "act", "version": frame["version"], "index": 0})
            asked = time.monotonic()
            ws.send(act)
            seen["error"] = recv(ws)  # at once, not after a hang
            seen["error_after_s"] = time.monotonic() - asked
            refused = server.post("/api/tables", MATCH)
            seen["http"] = {"status": refused.status_code, **refused.json()}
            not_ready = server.get("/api/ready")
            seen["not_ready"] = {"status": not_ready.status_code, **not_ready.json()}
            time.sleep(1.0)  # the other table's clients keep acting meanwhile
            own_cluster.start_server()
            seen["state"] = recv(ws)  # what is stored, once the database answers
            ws.send(act)  # the move was not stored: it can be made now
            seen["acknowledged"] = recv(ws)
            seen["ready"] = server.get("/api/ready").status_code  # the database answered
            seen["metrics"] = server.get("/metrics").text

    try:
        players, record = play_through(server, [30], crash_and_restart)
        assert server.create(MATCH)["table"]  # and it serves new tables again
    finally:
        log = server_log(server)
    assert_nothing_acknowledged_was_lost(players, record)
    assert seen["error"]["code"] == "storage_unavailable" and seen["error_after_s"] < 3
    assert seen["http"]["status"] == 503 and seen["http"]["code"] == "storage_unavailable"
    assert seen["not_ready"]["status"] == 503, seen["not_ready"]
    assert seen["not_ready"]["error"] == "storage_unavailable" and seen["ready"] == 200
    assert unavailable_errors(seen["metrics"]) >= 1
    version = seen["state"]["version"]
    assert seen["state"]["type"] == "state" and seen["acknowledged"]["version"] == version + 1
    assert all(e["code"] == "storage_unavailable" for p in players for e in p.errors)
    assert log.count(LOST) == 1, log
    assert "connection restored" in log
    assert "Traceback" not in log, log
