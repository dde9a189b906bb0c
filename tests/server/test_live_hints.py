"""Hints and bots on a live server that someone attacks: a flood of hints cannot stop the bots
of people's tables, a pending hint holds up neither its own client's moves nor its pings, a
hint whose asker went is never computed, and no table is played by bots alone unless the
operator allows it."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON

from live_server import LiveServer, Player

SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}
#: a table where the person moves first and the esperto's search for a hint takes seconds
BURRACO: JSON = {"game": "burraco", "config": {"players": 2}, "seats": ["human", "esperto"],
                 "start": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("hints"), "--workers-bots", "2",
                      "--rate", "50", "--burst", "60").start()
    yield live
    live.stop()


def my_turn(ws: ClientConnection) -> JSON:
    """The first frame in which this seat has moves to make (the deal and any bot move first)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        frame: JSON = json.loads(ws.recv(timeout=60))
        if frame["type"] == "state" and frame["legal"]:
            return frame
    raise AssertionError("the seat's turn never came")


def test_a_table_of_bots_only_is_refused(server: LiveServer, tmp_path: Path) -> None:
    body = {"game": "cribbage", "config": SHORT_CRIBBAGE, "seats": ["esperto", "esperto"]}
    refused = httpx.post(f"{server.http}/api/tables?lang=it", json=body, timeout=10)
    assert refused.status_code == 422
    assert refused.json()["field"] == "seats"
    assert "almeno un posto" in refused.json()["message"]
    # the operator may allow them
    allowing = LiveServer(tmp_path, "--allow-bot-tables").start()
    try:
        assert allowing.create(body)["status"] == "waiting"
    finally:
        allowing.stop()


def test_a_pending_hint_holds_up_neither_moves_nor_pings(server: LiveServer) -> None:
    created = server.create(BURRACO)
    with connect(created["seats"][0]["ws"], max_size=None) as ws:
        frame = my_turn(ws)
        ws.send(json.dumps({"type": "hint"}))
        asked = time.monotonic()
        ws.send(json.dumps({"type": "ping"}))
        answer = json.loads(ws.recv(timeout=30))
        assert answer["type"] == "pong", answer  # before the hint's answer, not after it
        assert time.monotonic() - asked < 1.0
        ws.send(json.dumps({"type": "hint"}))  # one at a time per seat
        refused = json.loads(ws.recv(timeout=30))
        assert refused["type"] == "error" and refused["code"] == "hint_pending", refused
        move = frame["legal"][0]
        ws.send(json.dumps({"type": "act", "version": frame["version"], "index": move["index"]}))
        after = json.loads(ws.recv(timeout=30))
        assert after["type"] == "state" and after["version"] == frame["version"] + 1, after
        assert time.monotonic() - asked < 1.5  # the move did not wait for the search


def _bot_table_pace(server: LiveServer, moves: int, timeout: float) -> float:
    """Seconds a cribbage table of a person (a client that plays at once) and a medio bot
    takes for its next ``moves`` versions."""
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["human", "medio"], "start": True})
    player = Player(created["seats"][0]["ws"], seed=5, stop_at_version=moves)
    begun = time.monotonic()
    asyncio.run(asyncio.wait_for(player.run(), timeout))
    return time.monotonic() - begun


def test_a_hint_flood_does_not_stall_the_bots_of_other_tables(server: LiveServer) -> None:
    """Six seats at their turn each ask for hints as fast as the message limit allows: an
    esperto search of Burraco each, seconds of a worker. Before, every hint queued on the
    bot workers ahead of the bot moves of people's tables, which stood still for minutes."""
    quiet = _bot_table_pace(server, 40, 60)
    with ExitStack() as stack:
        flooders = [stack.enter_context(connect(server.create(BURRACO)["seats"][0]["ws"],
                                                max_size=None)) for _ in range(6)]
        for ws in flooders:
            my_turn(ws)
        for _ in range(30):
            for ws in flooders:
                ws.send(json.dumps({"type": "hint"}))
            time.sleep(0.05)
        flooded = _bot_table_pace(server, 40, 60)
        bots = server.get("/api/health").json()["bots"]
        assert bots["queued_hints"] <= len(flooders)  # one per seat, not one per message
        assert bots["running_hints"] <= 1  # half of the two workers at most
        codes = set()
        for ws in flooders:
            while True:
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    break
                if message["type"] == "error":
                    codes.add(message["code"])
        assert codes <= {"hint_pending", "hint_cooldown", "rate_limited"}
        assert "hint_pending" in codes
    assert flooded < max(10 * quiet, 8.0), (quiet, flooded)


def test_a_hint_whose_asker_went_is_never_computed(server: LiveServer) -> None:
    """Askers who leave before their hint started: their searches are dropped from the queue,
    not computed for nobody."""
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(server.create(BURRACO)["seats"][0]["ws"],
                                               max_size=None)) for _ in range(5)]
        for ws in sockets:
            my_turn(ws)
        for ws in sockets:
            ws.send(json.dumps({"type": "hint"}))
        deadline = time.monotonic() + 10
        while server.get("/api/health").json()["bots"]["queued_hints"] < 3:
            assert time.monotonic() < deadline, server.get("/api/health").json()
            time.sleep(0.05)
    deadline = time.monotonic() + 10  # every asker has gone
    while server.get("/api/health").json()["bots"]["queued_hints"]:
        assert time.monotonic() < deadline, server.get("/api/health").json()
        time.sleep(0.05)


def test_the_server_stops_at_once_while_a_search_runs(tmp_path: Path) -> None:
    """Stopping waited for every running bot search to end (40 s for a Burraco hint) and then
    reported the pool's semaphores leaked; a running search is abandoned now."""
    live = LiveServer(tmp_path, "--workers-bots", "2").start()
    try:
        created = live.create(BURRACO)
        with connect(created["seats"][0]["ws"], max_size=None) as ws:
            my_turn(ws)
            ws.send(json.dumps({"type": "hint"}))
            deadline = time.monotonic() + 10
            while not live.get("/api/health").json()["bots"]["running_hints"]:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            assert live.process is not None
            asked = time.monotonic()
            live.process.send_signal(signal.SIGINT)
            live.process.wait(30)
            assert time.monotonic() - asked < 5
    finally:
        live.stop()
    assert live.process.returncode == 0
    assert "leaked" not in live.log(), live.log_tail()
