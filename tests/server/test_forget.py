"""Idle tables are forgotten: a table that nobody has used for ``forget_after`` seconds and that
has nothing running (finished, never started, ...) is dropped from the server's memory, and
everything still works when it is asked for again (loaded from storage; a finished one is not
driven again, a waiting one can be joined, started and played). Tables with something to run
(bots, a grace period or turn clock pending) and tables with a client are kept, and a client
joining (or an owner starting) at the moment of the sweep ends up at the table the server
serves. In process (a TableManager on SQLite) and against a live ``mazzo serve``."""

from __future__ import annotations

import asyncio
import gc
import json
import time
import tracemalloc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON
from mazzo.engine.record import replay
from mazzo.server.protocol import ProtocolError
from mazzo.server.storage.base import OVER
from mazzo.server.tables import TableManager

from in_process import manager_on, run, until
from live_server import LiveServer, Player, play_all

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


async def finished(manager: TableManager) -> str:
    """The id of a new table two random bots have played to the end."""
    table, _, _ = await manager.create(dict(BOT_TABLE))
    await until(lambda: table.status == OVER)
    return table.id


def test_a_finished_table_is_forgotten_after_the_time_and_loads_again_as_it_was(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.3) as manager:
            sweeping = asyncio.create_task(manager.forget_idle())  # the server's own loop
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


def test_tables_with_something_to_run_or_a_client_are_kept(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            waiting, _, _ = await manager.create(dict(PEOPLE_TABLE))
            # people to move and away: their grace period is pending (a stand-in will play)
            playing, _, _ = await manager.create({**PEOPLE_TABLE, "start": True})
            await until(lambda: playing.timer is not None)
            watched = manager.tables[await finished(manager)]
            watcher = FakeClient()
            assert await manager.join(watched, watcher) is watched
            assert await manager.sweep() == 1  # the waiting table nobody joined
            assert waiting.forgotten and waiting.id not in manager.tables
            for _ in range(3):
                assert await manager.sweep() == 0
            assert {playing.id, watched.id} <= set(manager.tables)
            await manager.leave(watched, watcher)
            assert await manager.sweep() == 1  # the last client gone: the finished one
            assert watched.id not in manager.tables and playing.id in manager.tables

    run(scenario)


def test_a_forgotten_waiting_table_is_joined_started_and_played(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            table, _, tokens = await manager.create(dict(PEOPLE_TABLE))
            assert await manager.sweep() == 1 and table.forgotten
            again = await manager.get(table.id)  # from storage
            assert again is not table and again.status == "waiting" and again.version == 0
            assert manager.role(again, tokens[1]) == (1, False)  # the links still work
            people = [FakeClient(seat=0), FakeClient(seat=1)]
            for person in people:
                assert await manager.join(again, person) is again
            await manager.start(again)
            while again.status != OVER:  # both people play at once, always the first move
                await until(lambda: again.state.is_terminal or (
                    not again.state.is_chance and again.state.current_player in (0, 1)))
                if again.state.is_terminal:
                    break
                mover = people[again.state.current_player]
                try:
                    await manager.act(again, mover, {"version": again.version, "index": 0})
                except ProtocolError as exc:
                    assert exc.code == "stale_version"  # chance moved meanwhile: again
            await until(lambda: again.status == OVER)
            assert people[0].frames[-1]["status"] == "over"
            assert (await manager.get(table.id)) is again

    run(scenario, timeout=60)


def test_at_start_only_tables_being_played_are_loaded(tmp_path: Path) -> None:
    async def scenario() -> tuple[str, str]:
        async with manager_on(tmp_path, forget_after=600) as manager:
            waiting, _, _ = await manager.create(dict(PEOPLE_TABLE))
            playing, _, _ = await manager.create({**PEOPLE_TABLE, "start": True})
            return waiting.id, playing.id

    waiting, playing = run(scenario)

    async def restart() -> None:  # a new process on the same database
        async with manager_on(tmp_path, forget_after=600) as manager:
            assert await manager.restore() == 1
            assert set(manager.tables) == {playing}
            assert (await manager.get(waiting)).status == "waiting"  # when asked for

    run(restart)


def test_an_owner_starting_a_forgotten_copy_starts_the_table_served(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            table, _, _ = await manager.create(dict(PEOPLE_TABLE))
            copy = await manager.get(table.id)  # what the HTTP handler holds ...
            starting = asyncio.create_task(manager.start(copy))
            assert await manager.sweep() == 1  # ... while the sweep forgets it
            await starting
            served = manager.tables[table.id]
            assert served is not copy and served.status == "playing"
            assert copy.status == "waiting" and copy.forgotten
            with pytest.raises(ProtocolError, match="already_started"):
                await manager.start(copy)

    run(scenario)


def test_memory_held_by_idle_tables_returns_to_the_baseline(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            for _ in range(5):  # one-off caches (games, configs, labels) made before measuring
                await manager.create(dict(PEOPLE_TABLE))
            await manager.sweep()
            gc.collect()
            tracemalloc.start()
            try:
                baseline = tracemalloc.get_traced_memory()[0]
                for _ in range(200):
                    await manager.create(dict(PEOPLE_TABLE))
                await asyncio.sleep(0.05)  # their driver tasks have found nothing to do
                held = tracemalloc.get_traced_memory()[0] - baseline
                assert await manager.sweep() == 200 and not manager.tables
                await asyncio.sleep(0)
                gc.collect()
                left = tracemalloc.get_traced_memory()[0] - baseline
            finally:
                tracemalloc.stop()
            assert held > 200 * 2_000, held  # each waiting table held kilobytes ...
            assert left < held / 20, (held, left)  # ... and they are all given back

    run(scenario)


@pytest.mark.parametrize("race", ["sweep first", "sweep while joining", "join while sweeping",
                                  "at once"])
@pytest.mark.parametrize("status", ["over", "waiting"])
def test_a_client_joining_as_the_table_is_forgotten_gets_the_table_served(
        tmp_path: Path, race: str, status: str) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path, forget_after=0.0) as manager:
            if status == "over":
                table_id = await finished(manager)
            else:
                table_id = (await manager.create(dict(PEOPLE_TABLE)))[0].id
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
            assert frame["status"] == status and frame["version"] == served.version
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
    # random players answer every frame at machine speed, faster than any person: the
    # per-connection rate limit (tested in test_live_protocol) is lifted here
    live = LiveServer(tmp_path, "--allow-bot-tables", "--forget-after", "0.5",
                      "--rate", "10000", "--burst", "10000").start()
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
        # the finished table nobody watches and the waiting table nobody joined are gone
        settles_at(server, 1)
        time.sleep(1.0)
        assert in_memory(server) == 1  # the watched one stays
    settles_at(server, 0)
    assert server.get("/api/health").json()["forgotten"] == 3
    assert server.get(f"/api/tables/{waiting}").json()["status"] == "waiting"
    assert in_memory(server) == 1  # loaded to answer

    # everything about the forgotten table works as before, loaded from storage
    assert server.get(f"/api/tables/{table}").json() == summary
    assert server.get(f"/api/tables/{table}/record").json() == record
    assert replay(record).is_terminal
    version = last["version"]
    moment = server.get(f"/api/tables/{table}/replay?version={version}&seat=0")
    assert moment.status_code == 200 and moment.json()["total"] == version
    settles_at(server, 0)  # forgotten again
    with connect(created["spectate_ws"], max_size=None) as again:
        frame = json.loads(again.recv(timeout=10))
        assert frame["status"] == "over" and frame["version"] == version
        assert frame["view"] == last["view"] and frame["log"]["version"] == version
    settles_at(server, 0)
    answer = server.post(f"/api/tables/{table}/rematch", {"owner": created["owner"]})
    assert answer.status_code == 200, answer.text
    rematch = answer.json()["table"]
    assert rematch != table
    assert server.get(f"/api/tables/{table}").json()["rematch"] == rematch


def test_a_live_server_forgets_a_waiting_table_and_it_is_joined_and_played_later(
        server: LiveServer) -> None:
    created = server.create({**PEOPLE_TABLE, "names": ["Ada", "Bea"]})
    table = created["table"]
    settles_at(server, 0)  # nobody came: forgotten
    players = [Player(seat["ws"], seed=seat["seat"]) for seat in created["seats"]]
    spectator = Player(created["spectate_ws"], acts=False)
    asyncio.run(play_all([*players, spectator], start=lambda: server.post(
        f"/api/tables/{table}/start", {"owner": created["owner"]}), timeout=60))
    final = players[0].frames[-1]
    assert final["status"] == "over" and spectator.frames[-1]["version"] == final["version"]
    assert [s["name"] for s in final["seats"]] == ["Ada", "Bea"]
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["status"] == "over" and summary["version"] == final["version"]
