"""Two ``mazzo serve`` processes on one PostgreSQL: a table is owned by one of them, clients of
the other are relayed to it, and when the owner is killed the other takes the table over and
the match finishes there with no acknowledged action lost."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest
from websockets.asyncio.client import connect

from mazzo.engine.game import JSON
from mazzo.engine.record import replay

from live_server import LiveServer, Player, play_all

SHORT_CRIBBAGE = {"players": 2, "target": 61, "games_to_win": 1}
#: a game to 121 cannot end within the first 40 actions (a game to 61 can end before 50):
#: the owner must die mid-match
LONG_CRIBBAGE = {"players": 2, "target": 121, "games_to_win": 1}


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    args = ("--db", postgres_url, "--rate", "10000", "--burst", "10000", "--takeover", "0.3",
            "--allow-bot-tables")
    first = LiveServer(tmp_path / "a", *args).start()
    second = LiveServer(tmp_path / "b", *args).start()
    yield first, second
    first.stop()
    second.stop()


def on(server: LiveServer, ws_url: str) -> str:
    """The same websocket URL on another server process."""
    path = ws_url.split("/", 3)[3]
    return f"{server.ws}/{path}"


def test_clients_of_both_processes_play_and_the_match_survives_the_owner(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    owner, other = two_servers
    created = owner.create({"game": "cribbage", "config": LONG_CRIBBAGE,
                            "seats": ["human", "human"], "start": True})
    table = created["table"]
    # the other process sends HTTP requests for the table to its owner
    moved = other.get(f"/api/tables/{table}")
    assert moved.status_code == 307
    assert moved.headers["location"] == f"{owner.http}/api/tables/{table}"
    assert httpx.get(f"{other.http}/api/tables/{table}", follow_redirects=True,
                     timeout=10).json()["table"] == table
    # seat 0 on the owner, seat 1 and a spectator on the other process (relayed)
    ada = Player(created["seats"][0]["ws"], seed=1, stop_at_version=40)
    bea = Player(on(other, created["seats"][1]["ws"]), seed=2, stop_at_version=40)
    watcher = Player(on(other, created["spectate_ws"]), acts=False, stop_at_version=40)
    asyncio.run(play_all([ada, bea, watcher]))
    assert bea.frames[-1]["version"] >= 40 and watcher.frames[-1]["version"] >= 40
    assert bea.frames[0]["seat"] == 1 and watcher.frames[0]["seat"] is None
    acknowledged = max(f["version"] for f in ada.frames + bea.frames)

    assert other.get("/api/health").json()["tables"] == 0  # it only relayed, never loaded
    owner.kill9()
    # nobody reconnects or asks yet: the other process adopts the orphaned table by itself
    deadline = time.monotonic() + 15
    while other.get("/api/health").json()["tables"] != 1:
        assert time.monotonic() < deadline, "the orphaned table was not taken over"
        time.sleep(0.1)
    assert other.summary(table)["version"] >= acknowledged
    ada_again = Player(on(other, created["seats"][0]["ws"]), seed=3)
    bea_again = Player(on(other, created["seats"][1]["ws"]), seed=4)
    asyncio.run(play_all([ada_again, bea_again]))
    assert ada_again.frames[0]["version"] >= acknowledged
    record = other.get(f"/api/tables/{table}/record").json()
    assert replay(record).is_terminal
    for seat, frames in ((0, ada.frames + ada_again.frames), (1, bea.frames + bea_again.frames)):
        for frame in frames:  # every frame either process sent is the record's view
            assert replay(record, upto=frame["version"]).view(seat) == frame["view"]
    for frame in watcher.frames:
        assert replay(record, upto=frame["version"]).view(None) == frame["view"]


def test_a_relayed_client_is_asked_to_reconnect_when_the_owner_dies(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    owner, other = two_servers
    created = owner.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                            "seats": ["human", "human"], "start": True})

    async def relayed_then_reconnect() -> tuple[int | None, int]:
        async with connect(on(other, created["seats"][1]["ws"])) as ws:
            await ws.recv()  # the state, through the relay
            owner.kill9()
            try:
                while True:
                    await ws.recv()
            except Exception:
                code = ws.close_code
        async with connect(on(other, created["seats"][1]["ws"])) as ws:
            frame = json.loads(await ws.recv())
        return code, frame["seat"]

    code, seat = asyncio.run(asyncio.wait_for(relayed_then_reconnect(), 30))
    assert code == 1012  # "service restart": reconnect
    assert seat == 1  # served again, now by the process that took the table over


def test_a_finished_table_is_readable_from_any_process(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    owner, other = two_servers
    created = owner.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                            "seats": ["human", "random"], "start": True})
    asyncio.run(play_all([Player(created["seats"][0]["ws"], seed=5)]))
    table = created["table"]
    here = other.get(f"/api/tables/{table}/record")
    assert here.status_code == 200  # served by the other process itself, no redirect
    assert here.json() == owner.get(f"/api/tables/{table}/record").json()


def test_owners_asking_both_processes_for_a_rematch_at_once_get_one_table(
        two_servers: tuple[LiveServer, LiveServer], postgres_url: str) -> None:
    owner, other = two_servers
    created = owner.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                            "seats": ["random", "random"], "start": True})
    table = created["table"]
    asyncio.run(play_all([Player(created["spectate_ws"], acts=False)]))

    def rematch(server: LiveServer) -> JSON:
        response = httpx.post(f"{server.http}/api/tables/{table}/rematch",
                              json={"owner": created["owner"]}, follow_redirects=True,
                              timeout=15)
        assert response.status_code == 200, response.text
        answer: JSON = response.json()
        return answer

    with ThreadPoolExecutor(8) as pool:  # four clicks on each process, all at once
        answers = list(pool.map(rematch, [owner, other] * 4))
    made = {a["table"] for a in answers}
    assert len(made) == 1 and table not in made
    # started at once (two random bots without a pause may even have finished it already)
    assert all(a["status"] in ("playing", "over") for a in answers)
    assert {owner.get(f"/api/tables/{table}").json()["rematch"],
            other.get(f"/api/tables/{table}").json()["rematch"]} == made
    with psycopg.connect(postgres_url) as db:
        rows = db.execute("SELECT id FROM game_tables WHERE rematch_of = %s",
                          (table,)).fetchall()
    assert [r[0] for r in rows] == list(made)


def test_quick_match_tickets_posted_to_both_processes_end_in_one_table(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    body = {"game": "cribbage", "players": 2, "bots_after_s": None}
    ada = httpx.post(f"{first.http}/api/quickmatch", json={**body, "name": "Ada"},
                     timeout=10).json()
    bea = httpx.post(f"{second.http}/api/quickmatch", json={**body, "name": "Bea"},
                     timeout=10).json()
    assert bea["status"] == "matched", bea  # the queue is the database's: one for both
    # each ticket reads the same from either process
    for ticket in (ada["ticket"], bea["ticket"]):
        answers = [httpx.get(f"{server.http}/api/quickmatch/{ticket}", timeout=10).json()
                   for server in (first, second)]
        assert answers[0]["table"] == answers[1]["table"] == bea["table"]
    ada_seat = httpx.get(f"{first.http}/api/quickmatch/{ada['ticket']}", timeout=10).json()
    assert {ada_seat["seat"]["seat"], bea["seat"]["seat"]} == {0, 1}
    # the table is served by the process that formed it; both seats play there
    players = [Player(on(second, ada_seat["seat"]["ws"]), seed=1, stop_at_version=20),
               Player(on(first, bea["seat"]["ws"]), seed=2, stop_at_version=20)]
    asyncio.run(play_all(players))
    assert all(p.frames[-1]["version"] >= 20 for p in players)
