"""Connections against a live ``mazzo serve``, as an attacker on the internet would hold them:
half-sent requests are closed after the header timeout, one address cannot hold more than its
share, a flood from one address leaves room for everyone else, a process out of descriptors
logs the fact once per period (not once per failed accept), and the memory held by spectators
who never read is given back once they are gone (a closed websocket is freed at once, without
waiting for the cycle collector)."""

from __future__ import annotations

import asyncio
import base64
import gc
import logging
import os
import socket
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from mazzo.engine.game import JSON
from mazzo.server.transport import (
    AcceptErrorFilter,
    ConnectionCaps,
    client_key,
    default_max_connections,
    guarded_http_protocol,
    lean_websocket_protocol,
)

from live_server import LiveServer, Player, free_port

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
#: a second loopback address (Linux answers the whole of 127.0.0.0/8): another client
OTHER = "127.0.0.2"


def dial(port: int, source: str = "127.0.0.1", send: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    if send:
        sock.sendall(send)
    return sock


def closed_after(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server closed ``sock`` (reading whatever it answered), or None if it
    was still open after ``limit`` seconds."""
    start = time.monotonic()
    sock.settimeout(0.1)
    while time.monotonic() - start < limit:
        try:
            if not sock.recv(65536):
                return time.monotonic() - start
        except TimeoutError:
            continue
        except ConnectionResetError:
            return time.monotonic() - start
    return None


def health(server: LiveServer, source: str = "127.0.0.1") -> JSON:
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=5) as http:
        response = http.get(f"{server.http}/api/health")
    assert response.status_code == 200, response.text
    data: JSON = response.json()
    return data


def until(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.fixture
def tmp_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    started: list[LiveServer] = []

    def start(*args: str, open_files: int | None = None) -> LiveServer:
        live = LiveServer(tmp_path / str(len(started)), *args, open_files=open_files)
        started.append(live)
        return live.start()

    yield start
    for live in started:
        live.stop()


# -- in process ----------------------------------------------------------------------------------


def test_accept_errors_go_through_once_per_period_with_the_count_of_the_others() -> None:
    now = [0.0]
    accept_errors = AcceptErrorFilter(10, clock=lambda: now[0])

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, text, (), None)

    passed = []
    for tick in range(1000):  # 40 failed accepts a second for 25 s, and other errors among them
        now[0] = tick * 0.025
        failed = record("socket.accept() out of system resource\nsocket: <fd=7>")
        if accept_errors.filter(failed):
            passed.append(failed.getMessage())
        assert accept_errors.filter(record("Task exception was never retrieved"))
    assert len(passed) == 3  # at 0, 10 and 20 s
    assert "more like it" not in passed[0]
    assert all("(399 more like it in the last 10 s not logged)" in p for p in passed[1:])


def test_a_client_is_counted_by_its_address_and_an_ipv6_one_by_its_network() -> None:
    assert client_key(("203.0.113.7", 5000)) == "203.0.113.7"
    assert client_key(("::ffff:203.0.113.7", 5000, 0, 0)) == "203.0.113.7"
    assert client_key(("2001:db8:1:2::1", 5000, 0, 0)) == client_key(("2001:db8:1:2:ab::9", 1))
    assert client_key(("2001:db8:1:2::1", 1)) != client_key(("2001:db8:1:3::1", 1))
    assert client_key(("fe80::1%eth0", 5000, 0, 2)) == "fe80::/64"


class FakeTransport:
    def __init__(self, host: str) -> None:
        self.host = host

    def get_extra_info(self, name: str) -> object:
        return (self.host, 1234) if name == "peername" else None


def test_the_gate_caps_each_address_and_the_total() -> None:
    gate = ConnectionCaps(per_address=2, total=3)
    a1, a2, a3, b1, c1 = (FakeTransport(h) for h in ("10.0.0.1",) * 3 + ("10.0.0.2", "10.0.0.3"))
    assert gate.admit(a1) and gate.admit(a2)
    assert not gate.admit(a3)
    assert gate.admit(b1) and not gate.admit(c1)
    gate.release(a1)
    gate.release(a1)  # once more: counted out once
    assert gate.admit(a3) and gate.health() == {"sockets": 3, "refused": 2}
    assert ConnectionCaps(per_address=0, total=10).admit(a1)


def test_the_default_total_leaves_room_below_the_descriptor_limit() -> None:
    for limit in (128, 1024, 20000, 1 << 20):
        total = default_max_connections(limit)
        assert 0 < total < limit - min(128, limit // 4)


async def hold_until_gone(scope: Any, receive: Any, send: Any) -> None:
    """An ASGI app that accepts a websocket and waits for it to go."""
    assert scope["type"] == "websocket" and "mazzo.direct" in scope["extensions"]
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


def test_a_closed_websocket_is_freed_without_the_cycle_collector() -> None:
    import uvicorn
    from websockets.asyncio.client import connect as connect_async

    gate = ConnectionCaps(per_address=0)
    port = free_port()
    config = uvicorn.Config(hold_until_gone, port=port, lifespan="off", log_level="warning",
                            http=guarded_http_protocol(gate), ws=lean_websocket_protocol(gate))
    server = uvicorn.Server(config)

    async def scenario() -> list[weakref.ref[Any]]:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        async with connect_async(f"ws://127.0.0.1:{port}/") as ws:
            await ws.send("hello")
            (transport,) = gate.open
            protocol = transport.get_protocol()  # type: ignore[attr-defined]
            # the protocol, and websockets' connection in it (its parser held it in a cycle)
            refs = [weakref.ref(protocol), weakref.ref(protocol.conn)]
            del transport, protocol
        for _ in range(100):  # the server's side of the close, and the app's end
            if not gate.open and not server.server_state.tasks:
                break
            await asyncio.sleep(0.01)
        server.should_exit = True
        await serving
        return refs

    gc.disable()
    try:
        refs = asyncio.run(scenario())
        assert [ref() for ref in refs] == [None, None]
    finally:
        gc.enable()


# -- against a live server ----------------------------------------------------------------------


def test_a_request_whose_head_never_completes_is_closed(
        tmp_server: Callable[..., LiveServer]) -> None:
    live = tmp_server("--header-timeout", "1", "--idle-timeout", "30")
    half = dial(live.port, send=HALF_REQUEST)
    silent = dial(live.port)
    kept = dial(live.port, send=b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert kept.recv(65536).startswith(b"HTTP/1.1 200")
    kept.sendall(HALF_REQUEST)  # the next request on a kept-alive connection: half of it
    created = live.create({"game": "cribbage", "seats": ["human", "human"]})
    with connect(created["spectate_ws"]) as spectator:
        spectator.recv(timeout=10)
        slow = dial(live.port)  # a whole head, in pieces, within the timeout: served
        for piece in (b"GET /api/health HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"\r\n"):
            slow.sendall(piece)
            time.sleep(0.25)
        assert slow.recv(65536).startswith(b"HTTP/1.1 200")

        for sock in (half, silent, kept):
            took = closed_after(sock, 5)
            assert took is not None, "still open 5 s after a header timeout of 1 s"
            sock.close()
        # a websocket keeps no header timer: still open, and answering, after 3 timeouts
        time.sleep(2)
        spectator.send('{"type": "ping"}')
        assert '"pong"' in spectator.recv(timeout=5)
        assert closed_after(slow, 0.5) is None  # kept alive: the idle timeout is 30 s
    slow.close()


def test_connections_over_the_per_address_cap_are_refused(
        tmp_server: Callable[..., LiveServer]) -> None:
    live = tmp_server("--max-connections-per-address", "8", "--header-timeout", "60")
    created = live.create({"game": "cribbage", "seats": ["human", "human"]})
    held = [dial(live.port) for _ in range(7)]
    with connect(created["spectate_ws"]) as spectator:  # the eighth, upgraded to a websocket
        spectator.recv(timeout=10)
        extra = dial(live.port, send=b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = extra.recv(65536)  # answered at once, never read
        assert answer.startswith(b"HTTP/1.1 503") and b"too_many_connections" in answer
        assert closed_after(extra, 2) is not None
        extra.close()
        # another address is not held up by this one
        counts = health(live, source=OTHER)
        assert counts["sockets"] == 9 and counts["refused"] >= 1
    # the websocket went: its place is free again, as is one given back by a plain connection
    held.pop().close()
    until(lambda: health(live, source=OTHER)["sockets"] == 7, 5, "closed connections counted")
    assert live.get("/api/health").status_code == 200
    for sock in held:
        sock.close()
    until(lambda: health(live, source=OTHER)["sockets"] == 1, 5, "every connection counted out")


async def flood(port: int, count: int, source: str) -> list[asyncio.StreamWriter]:
    """``count`` connections from ``source``, each with half a request sent (those the server
    does not take within a few seconds are given up)."""

    async def one() -> asyncio.StreamWriter | None:
        try:
            _reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 3)
        except (OSError, TimeoutError):
            return None
        writer.write(HALF_REQUEST)
        return writer

    opened = await asyncio.gather(*(one() for _ in range(count)))
    return [writer for writer in opened if writer is not None]


def close_all(writers: list[asyncio.StreamWriter]) -> None:
    for writer in writers:
        writer.transport.abort()


def test_a_flood_from_one_address_leaves_room_for_the_others(
        tmp_server: Callable[..., LiveServer]) -> None:
    # 512 descriptors: more half-open connections than that once exhausted the server
    live = tmp_server(open_files=512)
    loop = asyncio.new_event_loop()
    try:
        writers = loop.run_until_complete(flood(live.port, 600, OTHER))
        time.sleep(0.5)
        start = time.monotonic()
        with httpx.Client(timeout=1) as http:
            response = http.get(f"{live.http}/api/health")
        took = time.monotonic() - start
        assert response.status_code == 200 and took < 1.0, took
        counts = response.json()
        # the flood holds its address's share, every connection over it was refused
        assert counts["sockets"] <= 64 + 1 and counts["refused"] >= len(writers) - 64, counts
        close_all(writers)
    finally:
        loop.close()
    lines = live.log().splitlines()
    assert len(lines) < 50, live.log_tail()
    assert sum("refused a connection" in line for line in lines) <= 2, live.log_tail()


def test_accept_errors_are_logged_once_per_period(
        tmp_server: Callable[..., LiveServer]) -> None:
    # caps lifted above the descriptor limit: accept() itself fails, as before the caps
    live = tmp_server("--max-connections", "100000", "--max-connections-per-address", "0",
                      open_files=128)
    loop = asyncio.new_event_loop()
    try:
        writers = loop.run_until_complete(flood(live.port, 300, OTHER))
        time.sleep(4)
        lines = live.log().splitlines()
        close_all(writers)
    finally:
        loop.close()
    failed = [line for line in lines if "out of system resource" in line]
    assert len(failed) == 1 and len(lines) < 50, "\n".join(lines[-60:])
    until(lambda: answers(live), 10, "the server answers again once the flood is gone")


def answers(server: LiveServer) -> bool:
    try:
        return httpx.get(f"{server.http}/api/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


class Spectator:
    """A websocket spectator that completes the handshake and never reads a frame."""

    def __init__(self, port: int, table: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode())

    def handshake(self) -> None:
        head = b""
        while b"\r\n\r\n" not in head:  # one byte at a time: not a byte of a frame more
            byte = self.sock.recv(1)
            assert byte, "closed during the handshake"
            head += byte
        assert head.startswith(b"HTTP/1.1 101"), head


def resident_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


SPECTATORS = 600
#: a person (a client acting at once) against a bot: frames keep flowing for the spectators
PLAYED_MATCH: JSON = {"game": "cribbage", "seats": ["human", "random"], "start": True,
                      "config": {"players": 2, "target": 121, "games_to_win": 5}}


def play_in_the_background(players: list[Player]) -> threading.Thread:
    async def play() -> None:
        await asyncio.gather(*(p.run() for p in players), return_exceptions=True)

    thread = threading.Thread(target=asyncio.run, args=(play(),), daemon=True)
    thread.start()
    return thread


def test_memory_of_spectators_that_never_read_is_given_back(
        tmp_server: Callable[..., LiveServer]) -> None:
    live = tmp_server("--max-connections-per-address", "0", "--bot-pause", "0.05",
                      "--rate", "1000", "--burst", "1000")
    assert live.process is not None
    pid = live.process.pid
    created = [live.create(dict(PLAYED_MATCH)) for _ in range(3)]
    players = play_in_the_background([Player(c["seats"][0]["ws"], seed=i)
                                      for i, c in enumerate(created)])
    time.sleep(1)
    before = resident_mb(pid)
    spectators = [Spectator(live.port, created[i % 3]["table"]) for i in range(SPECTATORS)]
    for spectator in spectators:
        spectator.handshake()
    peak, deadline = before, time.monotonic() + 8
    while time.monotonic() < deadline:  # their buffers and outboxes fill; they are hung up on
        peak = max(peak, resident_mb(pid))
        time.sleep(0.2)
    for spectator in spectators:
        spectator.sock.close()
    assert peak - before > 30, (before, peak)  # they did take memory (60 MB here)

    def given_back() -> bool:
        return resident_mb(pid) - before < (peak - before) / 2

    until(given_back, 15, f"RSS {resident_mb(pid):.0f} MB: {before:.0f} MB before "
                          f"{SPECTATORS} spectators, {peak:.0f} MB with them")
    assert health(live)["sockets"] <= 1 + len(created)  # this request and the players
    live.stop()
    players.join(10)
