"""A live ``mazzo serve`` process for the server tests, and websocket clients that play."""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from pg_server import PostgresCluster
from websockets.asyncio.client import ClientConnection, connect

from mazzo.engine.game import JSON

SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``mazzo serve`` in a subprocess on a free port with its own MAZZO_HOME. What it writes
    to stderr goes to ``serve.log`` there (restarts add to it), not to a pipe: a pipe nobody
    reads while the server runs would stop the server once it held 64 KiB. The tests create
    many tables from one address, so the server's limit on that is lifted (``--create-rate
    0``) unless ``args`` set it again."""

    def __init__(self, home: Path, *args: str, open_files: int | None = None) -> None:
        self.home = home
        self.args = args
        #: the server's descriptor limit (``ulimit -n``), if not the test process's own
        self.open_files = open_files
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = home / "serve.log"

    def log(self) -> str:
        """Everything the server has written to stderr so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log().splitlines()[-lines:]) or "(nothing)"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        env = dict(os.environ, MAZZO_HOME=str(self.home), PYTHONPATH=str(SRC))
        # one bot worker unless a test asks for more: a test server's bots are few, and each
        # worker is a process to start (the default is one per core)
        workers = [] if "--workers-bots" in self.args else ["--workers-bots", "1"]
        command = [sys.executable, "-m", "mazzo.cli.main", "serve", "--port", str(self.port),
                   "--bot-pause", "0", "--create-rate", "0", *workers, *self.args]
        self.home.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:  # the child keeps its own copy of the file
            self.process = subprocess.Popen(
                command, env=env, stdout=subprocess.DEVNULL, stderr=log,
                preexec_fn=None if self.open_files is None else self._limit_files)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mazzo serve exited: {self.log_tail()}")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("mazzo serve did not become ready in 30 s")

    def _limit_files(self) -> None:
        assert self.open_files is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def create(self, body: JSON) -> JSON:
        response = httpx.post(f"{self.http}/api/tables", json=body, timeout=10)
        assert response.status_code == 201, response.text
        data: JSON = response.json()
        return data

    def summary(self, table: str, wait: float = 15) -> JSON:
        """The table's summary as this process serves it, waiting while it is not serving it
        yet (503 while the lock of a process that died is being freed, 307 while another
        process owns it: both end when this one takes the table over)."""
        deadline = time.monotonic() + wait
        while True:
            response = self.get(f"/api/tables/{table}")
            if response.status_code == 200:
                data: JSON = response.json()
                return data
            assert response.status_code in (307, 503), response.text
            assert time.monotonic() < deadline, f"table {table} not served here in {wait} s"
            time.sleep(0.1)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.http}{path}", timeout=10)

    def post(self, path: str, body: JSON | bytes) -> httpx.Response:
        """POST ``body`` as JSON, or as it is when it is bytes (a body that is not JSON)."""
        if isinstance(body, bytes):
            return httpx.post(f"{self.http}{path}", content=body, timeout=10)
        return httpx.post(f"{self.http}{path}", json=body, timeout=10)


@dataclass
class Player:
    """A websocket client for one seat (or a spectator) that keeps every frame it receives."""

    url: str
    seed: int = 0
    frames: list[JSON] = field(default_factory=list)
    stop_at_version: int | None = None
    acts: bool = True
    #: error codes that may come (e.g. storage_unavailable while the database is away): kept
    #: in ``errors``; the move was not acknowledged, so it is made again at the next frame
    tolerate: tuple[str, ...] = ()
    errors: list[JSON] = field(default_factory=list)

    async def run(self, ready: asyncio.Event | None = None) -> None:
        rng = random.Random(self.seed)
        async with connect(self.url, max_size=None) as ws:
            if ready is not None:
                ready.set()
            await self.play(ws, rng)

    async def play(self, ws: ClientConnection, rng: random.Random) -> None:
        acted = -1  # a frame is resent when only who is connected changed: act once per version
        while True:
            frame = json.loads(await ws.recv())
            if frame["type"] == "error":
                if frame["code"] not in self.tolerate:
                    raise AssertionError(f"unexpected error frame {frame}")
                self.errors.append(frame)
                acted = -1
                continue
            self.frames.append(frame)
            if frame["status"] == "over":
                return
            if self.stop_at_version is not None and frame["version"] >= self.stop_at_version:
                return
            if self.acts and frame["legal"] and frame["version"] != acted:
                acted = frame["version"]
                choice = frame["legal"][rng.randrange(len(frame["legal"]))]
                await ws.send(json.dumps({"type": "act", "version": frame["version"],
                                          "index": choice["index"]}))


async def play_all(players: list[Player], start: Any = None, timeout: float = 120) -> None:
    """Connect every player, then (once all are in) call ``start``, then play to the end."""
    events = [asyncio.Event() for _ in players]
    tasks = [asyncio.create_task(p.run(e)) for p, e in zip(players, events, strict=True)]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), 30)
    await asyncio.sleep(0.05)
    if start is not None:
        await asyncio.to_thread(start)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout)


#: the backends a live ``mazzo serve`` runs on in the live tests
LIVE_BACKENDS = ("sqlite", "postgresql")


def serve_db_args(request: pytest.FixtureRequest, backend: str) -> list[str]:
    """``mazzo serve`` arguments for a fresh database of ``backend`` (SQLite: the default file
    in the server's MAZZO_HOME)."""
    if backend == "sqlite":
        return []
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return ["--db", cluster.new_database()]
