"""Finished tables are forgotten: a table that is over and that nobody has used for
``forget_after`` seconds is dropped from the server's memory, and everything still works when it
is asked for again (loaded from storage, not driven again). Unfinished tables and tables with a
client are kept, and a client joining at the moment of the sweep ends up at the table the
server serves. In process (a TableManager on SQLite) and against a live ``mazzo serve``."""

from __future__ import annotations

import asyncio
import gc
import json
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import pytest
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON
from mazzo.engine.record import replay
from mazzo.server.bots import BotPool
from mazzo.server.storage.base import OVER
from mazzo.server.storage.sqlite import SQLiteStorage
from mazzo.server.tables import TableManager

from live_server import LiveServer

T = TypeVar("T")
SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}
BOT_TABLE: JSON = {"game": "cribbage", "config": SHORT_CRIBBAGE, "seats": ["random", "random"],
                   "start": True}
PEOPLE_TABLE: JSON = {"game": "cribbage", "config": SHORT_CRIBBAGE, "seats": ["human", "human"]}


class FakeClient:
    """A connection as the table manager sees it, keeping every frame sent to it."""

    def __init__(self, seat: int | None = None, lang: str = "en") -> None:
        self.seat = seat
        self.lang = lang
        self.frames: list[JSON] = []

    def send(self, frame: JSON | str) -> None:
        self.frames.append(json.loads(frame) if isinstance(frame, str) else frame)

    def close(self, code: int) -> None:
        pass


@asynccontextmanager
async def manager_on(path: Path, forget_after: float) -> AsyncIterator[TableManager]:
    storage = SQLiteStorage(path / "mazzo.db")
    storage.migrate()
    pool = BotPool(0)  # bot moves in a thread: random bots are quick
    manager = TableManager(storage, pool, bot_pause=0.0, forget_after=forget_after)
    try:
        yield manager
    finally:
        await manager.close()
        pool.close()
        storage.close()


def run(make: Callable[[], Awaitable[T]], timeout: float = 30) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(make(), timeout)
    return asyncio.run(bounded())


async def until(check: Callable[[], bool], timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.02)


async def finished(manager: TableManager) -> str:
    """The id of a new table two random bots have played to the end."""
    table, _, _ = await manager.create(dict(BOT_TABLE))
    await until(lambda: table.status == OVER)
    return table.id


def test_a_finished_table_is_forgotten_after_the_time_and_loads_again_as_it_was(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.3) as manager:
            sweeping = asyncio.create_task(manager.forget_finished())  # the server's own loop
            table_id = await finished(manager)
            table = manager.tables[table_id]
            summary, record = table.summary("it"), table.record()
            manager.logs.get(table_id, table.game, table.state.config, None, 0)  # a log kept
            await until(lambda: table_id not in manager.tables, timeout=10)
            assert time.monotonic() - table.idle_since >= 0.3  # not before its time
            assert table.forgotten and manager.forgotten == 1
            assert table.driver is None and table.timer is None
            assert not [key for key in manager.logs._logs if key[0] == table_id]
            gone = weakref.ref(table)
            del table
            gc.disable()  # freed by reference counting alone: nothing of it lingers in a cycle
            try:
                assert gone() is None
            finally:
                gc.enable()
            again = await manager.get(table_id)  # from storage
            assert again.summary("it") == summary and again.record() == record
            assert again.status == OVER and again.driver is None  # read, not driven again
            assert manager.tables[table_id] is again
            sweeping.cancel()

    run(scenario)


def test_unfinished_tables_and_tables_with_a_client_are_kept(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            waiting, _, _ = await manager.create(dict(PEOPLE_TABLE))
            playing, _, _ = await manager.create({**PEOPLE_TABLE, "start": True})
            watched = manager.tables[await finished(manager)]
            watcher = FakeClient()
            assert await manager.join(watched, watcher) is watched
            for _ in range(3):
                assert await manager.sweep() == 0
            assert {waiting.id, playing.id, watched.id} <= set(manager.tables)
            await manager.leave(watched, watcher)
            assert await manager.sweep() == 1  # the last client gone: only the finished one
            assert watched.id not in manager.tables
            assert {waiting.id, playing.id} <= set(manager.tables)

    run(scenario)


@pytest.mark.parametrize("race", ["sweep first", "sweep while joining", "join while sweeping",
                                  "at once"])
def test_a_client_joining_as_the_table_is_forgotten_gets_the_table_served(
        tmp_path: Path, race: str) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            table_id = await finished(manager)
            copy = await manager.get(table_id)  # what a websocket handler holds ...
            client = FakeClient(seat=0)
            if race == "sweep first":  # ... while the sweep forgets it
                assert await manager.sweep() == 1
                joined = await manager.join(copy, client)
            elif race == "sweep while joining":  # the sweep takes the lock between the join's
                async with copy.lock:  # reading of the log and its seating the client
                    joining = asyncio.create_task(manager.join(copy, client))
                    await asyncio.sleep(0)  # the join waits for the lock
                    sweeping = asyncio.create_task(manager.sweep())
                    await asyncio.sleep(0)  # and the sweep behind it
                joined, dropped = await asyncio.gather(joining, sweeping)
                assert dropped == 1 and joined is not copy
            elif race == "join while sweeping":  # the sweep found the table idle, but the
                async with copy.lock:  # client is seated before the sweep has its lock
                    sweeping = asyncio.create_task(manager.sweep())
                    await asyncio.sleep(0)  # the sweep has listed it and waits for the lock
                    log = manager.logs.get(table_id, copy.game, copy.state.config, 0,
                                           copy.version)
                    log.advance(copy.state.history, {})
                    await manager._seat_client(copy, client, log)  # what join does there
                assert await sweeping == 0
                joined = copy
            else:  # whichever comes first
                joined, dropped = await asyncio.gather(manager.join(copy, client),
                                                       manager.sweep())
                assert dropped == (1 if joined is not copy else 0)
            served = manager.tables[table_id]
            assert joined is served and client in served.clients
            assert (joined is not copy) == copy.forgotten
            if joined is not copy:
                assert not copy.clients  # nobody waits at a copy no frame will ever reach
            frame = client.frames[-1]
            assert frame["status"] == "over" and frame["version"] == served.version
            assert frame["log"]["version"] == served.version
            assert await manager.sweep() == 0  # it has a client now

    run(scenario)


def test_a_rematch_offered_on_a_forgotten_copy_reaches_the_table_served(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            table_id = await finished(manager)
            copy = await manager.get(table_id)
            assert await manager.sweep() == 1
            rematch = await manager.rematch(copy)
            assert manager.tables[table_id].row.rematch == rematch.id
            assert await manager.sweep() == 1  # forgotten again: the rematch is stored
            assert (await manager.get(table_id)).row.rematch == rematch.id
            assert (await manager.rematch(manager.tables[table_id])) is rematch
            assert rematch.id in manager.tables  # playing: never forgotten

    run(scenario)


def test_forget_after_must_be_seconds() -> None:
    from mazzo.cli.main import build_parser

    parser = build_parser()
    assert parser.parse_args(["serve"]).forget_after == 600.0
    assert parser.parse_args(["serve", "--forget-after", "0.5"]).forget_after == 0.5
    for bad in ("-1", "nan", "soon"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--forget-after", bad])


# -- a live server -----------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path, "--forget-after", "0.5").start()
    yield live
    live.stop()


def in_memory(server: LiveServer) -> int:
    tables: int = server.get("/api/health").json()["tables"]
    return tables


def settles_at(server: LiveServer, tables: int, timeout: float = 8) -> None:
    deadline = time.monotonic() + timeout
    while in_memory(server) != tables:
        assert time.monotonic() < deadline, f"{in_memory(server)} tables in memory, not {tables}"
        time.sleep(0.05)


def watch_to_the_end(ws: ClientConnection) -> JSON:
    """Read a spectator's frames until the match is over (the connection stays open)."""
    frame: JSON = json.loads(ws.recv(timeout=10))
    while frame["status"] != "over":
        frame = json.loads(ws.recv(timeout=10))
    return frame


def test_a_live_server_forgets_a_finished_table_and_serves_it_again(server: LiveServer) -> None:
    waiting = server.create(dict(PEOPLE_TABLE))["table"]
    kept = server.create(dict(BOT_TABLE))
    created = server.create(dict(BOT_TABLE))
    table = created["table"]
    with connect(kept["spectate_ws"], max_size=None) as kept_ws:  # a client stays connected
        watch_to_the_end(kept_ws)
        with connect(created["spectate_ws"], max_size=None) as ws:
            last = watch_to_the_end(ws)
            summary = server.get(f"/api/tables/{table}").json()
            record = server.get(f"/api/tables/{table}/record").json()
        settles_at(server, 2)  # the finished table nobody watches is gone
        time.sleep(1.0)
        assert in_memory(server) == 2  # the waiting one and the watched one stay
    settles_at(server, 1)
    assert server.get(f"/api/tables/{waiting}").json()["status"] == "waiting"
    assert in_memory(server) == 1  # the waiting table was in memory all along
    assert server.get("/api/health").json()["forgotten"] == 2

    # everything about the forgotten table works as before, loaded from storage
    assert server.get(f"/api/tables/{table}").json() == summary
    assert server.get(f"/api/tables/{table}/record").json() == record
    assert replay(record).is_terminal
    version = last["version"]
    moment = server.get(f"/api/tables/{table}/replay?version={version}&seat=0")
    assert moment.status_code == 200 and moment.json()["total"] == version
    settles_at(server, 1)  # forgotten again
    with connect(created["spectate_ws"], max_size=None) as again:
        frame = json.loads(again.recv(timeout=10))
        assert frame["status"] == "over" and frame["version"] == version
        assert frame["view"] == last["view"] and frame["log"]["version"] == version
    settles_at(server, 1)
    answer = server.post(f"/api/tables/{table}/rematch", {"owner": created["owner"]})
    assert answer.status_code == 200, answer.text
    rematch = answer.json()["table"]
    assert rematch != table
    assert server.get(f"/api/tables/{table}").json()["rematch"] == rematch
