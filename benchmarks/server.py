"""``make bench-server``: latency and throughput of one ``mazzo serve`` process under load.

For each level (100, 500 and 1,000 concurrent tables by default) a fresh server is started on a
free loopback port with its own temporary ``MAZZO_HOME`` (SQLite, ``--bot-pause 0``, a rate limit
too high to matter, a grace period too long for a stand-in to play, no cap on connections per
address: every client is on 127.0.0.1). The load generator creates
that many 2-player cribbage tables with both seats human, started at once, and opens one
websocket per seat. Each client acts as soon as it is to move, with a random legal index
("bot-speed"). A table whose match ends is replaced by a new one, so the count stays constant.

Measured, after a warm-up, over a bounded window:

- latency of each ``act``: from just before it is sent to the arrival of the ``state`` frame
  that answers it (the first frame for that seat whose version is the act's version + 1);
- acts/s, and messages/s = every frame the server sent (all clients' frames) per second;
- the CPU used by the server process and by each load-generator process, as a share of one
  core, so a saturated load generator (which would make the numbers its own) shows.

``python -m benchmarks server [--tables 100,500,1000] [--seconds 25] [--warmup 5]
[--clients-procs 1] [--think MS | --person-pace | --bot-pace] [--processes N[,N...]] [--db URL]
[--server-cores LIST] [--client-cores LIST] [--profile DIR] [--servers mazzo,echo]
[--repeat N]``. ``--think`` makes each client
wait 0.5 to 1.5 times MS before acting, a person's pace instead of bot speed (``--person-pace``:
3 s, a move every few seconds per table); ``--bot-pace``
makes it wait exactly the server's default bot pause (``mazzo serve --bot-pause``, 0.6 s: the
pace of a table of server-side bots). Latency is always measured from the moment the act is
sent, so the pause is not part of it. ``--profile DIR`` runs the server under cProfile and
writes ``DIR/server-<tables>.prof`` (and the top functions on stdout) for each level.

``--processes 1,2`` measures ``mazzo serve --processes N`` for each N, on PostgreSQL: a fresh
database per level on the server ``--db`` names, or on a throwaway one started here (the
tests' ``pg_server``: fsync off, a unix socket). The server CPU is then that of every server
process (not the bot workers, as with one process). ``--server-cores`` and ``--client-cores``
pin the server (with its bots) and the load generator to CPUs of their own, so the load
generator's work does not take the server's cores.

``--servers mazzo,echo`` measures, with the same load generator, a peer next to ``mazzo serve``:
the **echo peer**, the floor of the stack. It is the same web stack (uvicorn, the websocket
protocol class ``mazzo serve`` uses, the same uvicorn settings and garbage-collector tuning, a
bare ASGI app) with no game and no storage: it answers each act with exactly the frames the
real server sent for that act in a real match (recorded once at the start of the run from a
``mazzo serve`` process: the same number of frames, to the same seats, byte for byte), and
parses each act's JSON as any server must. Levels are run for each server in turn, ``--repeat``
times, alternating which goes first; the summary gives mazzo's acts/s and p99 as ratios to the
echo peer's (medians).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import pstats
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from mazzo.server.tables import OPTIONS

SRC = Path(__file__).resolve().parents[1] / "src"
#: the pause a server-side bot takes before each move, by default (``--bot-pace``)
BOT_PAUSE_S = OPTIONS["bot_pause_s"][0]
HOST = "127.0.0.1"  # only ever loopback
GAME_BODY = {"game": "cribbage", "seats": ["human", "human"], "start": True}
PROGRESS_EVERY_S = 5.0


#: the mean think time of ``--person-pace``: a move every few seconds per table, as people play
PERSON_THINK_MS = 3000.0
#: the line each child of ``mazzo serve --processes`` logs with its private address
CHILD_URL = re.compile(r"server process \d+ \(pid \d+\) is reached by the others at (\S+)")


def _ready(url: str) -> bool:
    import httpx

    try:
        return httpx.get(f"{url}/api/health", timeout=1).is_success
    except httpx.HTTPError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


# -- the server -------------------------------------------------------------------------------


@dataclass
class Server:
    """One ``mazzo serve`` subprocess on a free loopback port with a temporary MAZZO_HOME: on
    SQLite there, or on the PostgreSQL database ``db`` with ``processes`` server processes
    (``mazzo serve --processes``), on the CPUs ``cores`` only if given."""

    home: Path
    profile: Path | None = None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    db: str | None = None
    processes: int = 1
    cores: set[int] | None = None

    def command(self) -> list[str]:
        shared = [] if self.db is None else ["--db", self.db, "--processes", str(self.processes)]
        return ["-m", "mazzo.cli.main", "serve", "--host", HOST, "--port", str(self.port),
                "--bot-pause", "0", "--grace", "86400", "--rate", "1000000",
                "--burst", "1000000", "--create-rate", "0",
                "--max-connections-per-address", "0", *shared]

    def start(self) -> Server:

        root = str(Path(__file__).resolve().parents[1])
        env = dict(os.environ, MAZZO_HOME=str(self.home), PYTHONPATH=f"{SRC}{os.pathsep}{root}")
        runner = [sys.executable]
        if self.profile is not None:
            runner += ["-m", "cProfile", "-o", str(self.profile)]
        cores = self.cores
        log = (self.home / "serve.log").open("ab")
        with log:  # the server keeps its own copy: the supervisor's children are read there
            self.process = subprocess.Popen(
                [*runner, *self.command()], env=env, stdout=subprocess.DEVNULL, stderr=log,
                preexec_fn=None if cores is None else lambda: os.sched_setaffinity(0, cores))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mazzo serve exited with {self.process.returncode}: "
                                   f"{self.log()[-2000:]}")
            if all(_ready(url) for url in self.urls()):
                return self
            time.sleep(0.2)
        raise RuntimeError("mazzo serve did not become ready in 120 s")

    def log(self) -> str:
        path = self.home / "serve.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def urls(self) -> list[str]:
        """Where each server process answers: the port, or with several processes each
        one's private address (once every one has logged it)."""
        if self.processes == 1 or self.db is None:
            return [f"http://{HOST}:{self.port}"]
        found = CHILD_URL.findall(self.log())
        return found if len(found) >= self.processes else ["http://0.0.0.0:0"]

    def pids(self) -> list[int]:
        """The server's processes: this one, and with several processes its children (not
        the bot workers: the single process's own are not counted either)."""
        assert self.process is not None
        pid = self.process.pid
        if self.processes == 1 or self.db is None:
            return [pid]
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [pid, *map(int, children)]

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server's processes so far (all their threads)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for pid in self.pids():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        return total

    def cpu_wait_seconds(self) -> float:
        """Seconds the server processes' main threads were ready to run but waited for a CPU
        (other work on the machine: a shared machine shows here), over their number."""
        pids = self.pids()
        waits = [int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
                 for pid in pids[-self.processes:]]
        return sum(waits) / len(waits)

    def stop(self) -> None:
        """SIGINT, so uvicorn shuts down cleanly and cProfile writes its file."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


# -- the echo peer: the same stack, no game, no storage ----------------------------------------


@dataclass
class Script:
    """What a real ``mazzo serve`` sent in one match of :data:`GAME_BODY`: each seat's first
    frame on connecting (``hello``) and the frame the other seats got then (``presence``),
    the version play starts at, and for each version at which a seat acted, every frame the
    server sent until the next seat had to act, as (seat, text) in the order received."""

    hello: list[str]
    presence: list[str]
    start: int
    answers: dict[int, list[tuple[int, str]]]

    def to_json(self) -> dict[str, Any]:
        return {"hello": self.hello, "presence": self.presence, "start": self.start,
                "answers": {str(v): a for v, a in self.answers.items()}}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Script:
        return Script(data["hello"], data["presence"], data["start"],
                      {int(v): [(s, t) for s, t in a] for v, a in data["answers"].items()})

    def frames_per_act(self) -> float:
        return sum(map(len, self.answers.values())) / max(len(self.answers), 1)


async def _record_match(port: int, seed: int = 7) -> Script:
    """Play one match against a real server (both seats random, at once) and keep every frame."""
    import httpx
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=60) as http:
        created = (await http.post("/api/tables", json=GAME_BODY)).json()
    rng = random.Random(seed)
    urls = [seat["ws"] for seat in created["seats"]]
    received: list[tuple[int, int, str]] = []  # (seat, version, text), in arrival order
    async with connect(urls[0], max_size=None) as first, connect(urls[1], max_size=None) as second:
        sockets = [first, second]
        hello = [str(await first.recv()), ""]
        # seat 0 hears that seat 1 came (seat 1, had it come first, would have heard its
        # own view again: the echo peer sends it its first frame then, near enough)
        presence = [str(await first.recv()), ""]
        hello[1] = str(await second.recv())
        start = json.loads(hello[0])["version"]
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()

        async def read(seat: int) -> None:
            async for raw in sockets[seat]:
                await queue.put((seat, str(raw)))

        readers = [asyncio.create_task(read(0)), asyncio.create_task(read(1))]
        frames = [json.loads(hello[0]), json.loads(hello[1])]
        acted = -1
        over = [False, False]
        while not all(over):
            # a seat's last frame may be older than the other's: act once per version, on
            # the newest
            mover = next((i for i, f in enumerate(frames) if f["legal"]), None)
            if mover is not None and frames[mover]["version"] > acted:
                acted = frames[mover]["version"]
                legal = frames[mover]["legal"]
                await sockets[mover].send(json.dumps({
                    "type": "act", "version": acted,
                    "index": legal[rng.randrange(len(legal))]["index"]}))
            seat, raw = await asyncio.wait_for(queue.get(), 30)
            frame = json.loads(raw)
            if frame["type"] != "state":
                raise RuntimeError(f"recording a match: {frame}")
            frames[seat] = frame
            over[seat] = frames[seat]["status"] == "over"
            received.append((seat, frames[seat]["version"], raw))
        for reader in readers:
            reader.cancel()
    decisions = sorted({start} | {json.loads(raw)["version"] for _, _, raw in received
                                  if json.loads(raw)["legal"]})
    answers: dict[int, list[tuple[int, str]]] = {}
    for at, following in itertools.pairwise([*decisions, 1 << 30]):
        answers[at] = [(seat, raw) for seat, version, raw in received if at < version <= following]
    return Script(hello, presence, start, answers)


def record_script(home: Path) -> Script:
    """One match of :data:`GAME_BODY` against a fresh ``mazzo serve``, recorded."""
    server = Server(home).start()
    try:
        script = asyncio.run(_record_match(server.port))
    finally:
        server.stop()
    print(f"  echo peer: recorded a real match, {len(script.answers)} acts, "
          f"{script.frames_per_act():.2f} frames per act, "
          f"{statistics.mean(len(t) for a in script.answers.values() for _, t in a):,.0f} "
          "bytes per frame", flush=True)
    return script


@dataclass
class EchoServer(Server):
    """The echo peer in a subprocess (``python -m benchmarks server --echo-serve``)."""

    script_file: Path | None = None

    def command(self) -> list[str]:
        assert self.script_file is not None
        return ["-m", "benchmarks", "server", "--echo-serve", str(self.port),
                "--echo-script", str(self.script_file)]


class EchoTable:
    """A table of the echo peer: where it is in the script, and who is connected."""

    def __init__(self, script: Script) -> None:
        self.version = script.start
        self.sends: dict[int, Any] = {}  # seat -> its connection's ASGI send


def echo_app(script: Script) -> Any:
    """The echo peer: a bare ASGI app. POST /api/tables makes a table (two seats), a websocket
    ``/ws/tables/{id}?token={seat}`` plays a seat: on connecting it gets the recorded first
    frame (and the other seat the recorded presence frame), and an act at the table's version
    is answered with the recorded frames of that act, sent to the seats they went to."""
    tables: dict[str, EchoTable] = {}
    counter = itertools.count()
    # the version each act leads to (the last frame of its answer), read once here
    leads_to = {at: json.loads(a[-1][1])["version"] for at, a in script.answers.items() if a}

    async def http(scope: Any, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        if scope["method"] == "POST" and scope["path"] == "/api/tables":
            table_id = str(next(counter))
            tables[table_id] = EchoTable(script)
            base = f"ws://{HOST}:{scope['server'][1]}/ws/tables/{table_id}"
            body: Any = {"table": table_id, "seats": [
                {"seat": seat, "kind": "human", "ws": f"{base}?token={seat}"} for seat in (0, 1)
            ]}
            status = 201
        else:
            body, status = {"ok": True}, 200
        data = json.dumps(body).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})

    async def websocket(scope: Any, receive: Any, send: Any) -> None:
        table = tables[scope["path"].rsplit("/", 1)[1]]
        seat = int(dict(parse_qsl(scope["query_string"].decode()))["token"])
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        table.sends[seat] = send
        await send({"type": "websocket.send", "text": script.hello[seat]})
        for other, other_send in list(table.sends.items()):
            if other != seat:
                text = script.presence[other] or script.hello[other]
                await other_send({"type": "websocket.send", "text": text})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                table.sends.pop(seat, None)
                if not table.sends:
                    tables.pop(scope["path"].rsplit("/", 1)[1], None)
                return
            act = json.loads(message["text"])  # any server parses what it gets
            version = act["version"]
            if version != table.version or version not in leads_to:
                continue  # not the move awaited: nothing happens
            table.version = leads_to[version]
            for to, text in script.answers[version]:
                target = table.sends.get(to)
                if target is not None:
                    await target({"type": "websocket.send", "text": text})

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await http(scope, receive, send)
        elif scope["type"] == "websocket":
            await websocket(scope, receive, send)
        elif scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})

    return app


def echo_serve(port: int, script_file: Path) -> int:
    """Run the echo peer exactly as ``mazzo serve`` runs (uvicorn settings, websocket protocol
    class, garbage-collector tuning)."""
    import uvicorn

    from mazzo.server.app import WS_MAX_BYTES, tune_gc
    from mazzo.server.transport import (
        ConnectionCaps,
        backlog,
        descriptor_limit,
        guarded_http_protocol,
        lean_websocket_protocol,
    )

    script = Script.from_json(json.loads(script_file.read_text()))
    tune_gc()
    gate = ConnectionCaps(per_address=0)  # every client of the load generator is on one address
    uvicorn.run(echo_app(script), host=HOST, port=port, log_level="warning",
                ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False,
                backlog=backlog(descriptor_limit()), http=guarded_http_protocol(gate),
                ws=lean_websocket_protocol(gate), lifespan="on")
    return 0


# -- the load generator -----------------------------------------------------------------------


#: the window's start until the parent sets it: far in the future
NOT_YET = 1e12


class Window:
    """The measuring window in wall-clock seconds, shared by every load-generator process. Once
    every client is connected the parent sets its start to the end of the warm-up; clients start
    acting then (so tables connected early do not slow the creation of the others down)."""

    def __init__(self, start: Synchronized[float], seconds: float) -> None:
        self._start = start
        self.seconds = seconds

    @property
    def start(self) -> float:
        return float(self._start.value)

    @property
    def end(self) -> float:
        return self.start + self.seconds

    def holds(self, t: float) -> bool:
        return self.start <= t < self.end

    async def wait_for_go(self) -> None:
        while self.start >= NOT_YET:
            await asyncio.sleep(0.05)


@dataclass
class Tally:
    """What one load-generator process measured inside the window."""

    latencies_ms: list[float] = field(default_factory=list)
    acts: int = 0
    frames: int = 0
    matches: int = 0
    errors: int = 0
    cpu_s: float = 0.0
    wall_s: float = 0.0


class Generator:
    """Keeps ``tables`` tables busy with bot-speed clients until the window ends."""

    def __init__(self, port: int, tables: int, window: Window, counters: Any, slot: int,
                 seed: int, think_s: float = 0.0, exact: bool = False) -> None:
        self.port = port
        self.think_s = think_s
        self.exact = exact  # wait exactly think_s (a bot's pause), not 0.5 to 1.5 times it
        self.tables = tables
        self.window = window
        self.counters = counters  # shared [acts, frames] per process, for the progress line
        self.slot = slot
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.connected = 0

    async def run(self, ready: Synchronized[int]) -> Tally:
        import httpx

        # no keep-alive: uvicorn closes idle connections after 5 s, and a request racing that
        # close fails; a fresh connection per table costs nothing that is measured
        limits = httpx.Limits(max_connections=50, max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=f"http://{HOST}:{self.port}", limits=limits,
                                     timeout=60) as http:
            loops = [asyncio.create_task(self._table_loop(http, ready))
                     for _ in range(self.tables)]
            reporter = asyncio.create_task(self._report())
            stopper = asyncio.create_task(self._stop_at_window_end(loops))
            results = await asyncio.gather(*loops, return_exceptions=True)
            reporter.cancel()
            stopper.cancel()
        failures = [r for r in results if isinstance(r, BaseException)
                    and not isinstance(r, asyncio.CancelledError)]
        if failures:
            raise failures[0]
        return self.tally

    async def _stop_at_window_end(self, loops: list[asyncio.Task[None]]) -> None:
        """Cancel every client when the window ends: one timer for all of them, rather than a
        timeout around every ``recv`` (a timer and a task per frame, which made the load
        generator itself a source of latency)."""
        await self.window.wait_for_go()
        await asyncio.sleep(max(self.window.end - time.time(), 0.0))
        for loop in loops:
            loop.cancel()

    async def _report(self) -> None:
        """Publish the running counts about once a second (the parent prints the progress)."""
        while True:
            await asyncio.sleep(1)
            self.counters[2 * self.slot] = self.tally.acts
            self.counters[2 * self.slot + 1] = self.tally.frames

    async def _table_loop(self, http: Any, ready: Synchronized[int]) -> None:
        """One table after another until the window ends, always one at a time."""
        first = True
        while time.time() < self.window.end:
            response = await http.post("/api/tables", json=GAME_BODY)
            response.raise_for_status()
            seats = response.json()["seats"]
            over = await asyncio.gather(*(self._client(s["ws"], ready if first else None)
                                          for s in seats))
            first = False
            if all(over) and self.window.holds(time.time()):
                self.tally.matches += 1

    async def _client(self, url: str, ready: Synchronized[int] | None) -> bool:
        """One seat; True once the match is over (cancelled when the window ends)."""
        from websockets.asyncio.client import connect

        tally, window = self.tally, self.window
        async with connect(url, max_size=None, open_timeout=120) as ws:
            if ready is not None:
                with ready.get_lock():
                    ready.value += 1
            await window.wait_for_go()
            acted = -1  # a frame is resent when only who is connected changed: act once
            waiting: tuple[int, float] | None = None  # (version awaited, when the act was sent)
            while True:
                raw = await ws.recv()
                now = time.time()
                frame = json.loads(raw)
                if window.holds(now):
                    tally.frames += 1
                if frame["type"] != "state":
                    tally.errors += 1
                    continue
                version = frame["version"]
                if waiting is not None and version >= waiting[0]:
                    if version == waiting[0] and window.holds(waiting[1]):
                        tally.latencies_ms.append((now - waiting[1]) * 1000)
                        tally.acts += 1
                    waiting = None
                if frame["status"] == "over":
                    return True
                legal = frame["legal"]
                if legal and version != acted:
                    acted = version
                    if self.think_s:  # a person's pace: 0.5 to 1.5 times the think time
                        await asyncio.sleep(self.think_s if self.exact else
                                            self.think_s * (0.5 + self.rng.random()))
                    index = legal[self.rng.randrange(len(legal))]["index"]
                    waiting = (version + 1, time.time())
                    await ws.send(json.dumps({"type": "act", "version": version,
                                              "index": index}))


def generator_process(port: int, tables: int, window: Window, counters: Any, slot: int,
                      ready: Synchronized[int], results: Any, think_s: float,
                      exact: bool, cores: set[int] | None = None) -> None:
    """A load-generator process (on the CPUs ``cores`` if given): its share of the tables,
    its tally put on ``results``."""
    if cores is not None:
        os.sched_setaffinity(0, cores)
    cpu0, wall0 = time.process_time(), time.time()
    generator = Generator(port, tables, window, counters, slot, seed=slot, think_s=think_s,
                          exact=exact)
    tally = asyncio.run(generator.run(ready))
    # CPU share over the whole run (connect, warm-up and window): an upper bound is what matters
    tally.cpu_s, tally.wall_s = time.process_time() - cpu0, time.time() - wall0
    results.put(tally)


# -- a level ----------------------------------------------------------------------------------


@dataclass
class Level:
    tables: int
    seconds: float
    latencies_ms: list[float]
    acts: int
    frames: int
    matches: int
    errors: int
    server_cpu: float  # share of one core inside the window
    server_wait: float  # share of the window the server's main thread waited for a CPU
    client_cpu: list[float]  # share of one core per load-generator process, whole run
    server: str = "mazzo"  # or "echo", the peer
    processes: int = 1  # server processes (mazzo serve --processes)
    database: str = "SQLite"

    @property
    def acts_per_s(self) -> float:
        return self.acts / self.seconds

    @property
    def p99_ms(self) -> float:
        return percentile(sorted(self.latencies_ms) or [float("nan")], 0.99)

    def row(self) -> str:
        lat = sorted(self.latencies_ms) or [float("nan")]
        p50, p99 = percentile(lat, 0.50), percentile(lat, 0.99)
        clients = "+".join(f"{c:.0%}" for c in self.client_cpu)
        return (f"| {self.server} | {self.database} | {self.processes} | {self.tables:,} "
                f"| {p50:.1f} | {p99:.1f} | {lat[-1]:.1f} "
                f"| {self.acts / self.seconds:,.0f} | {self.frames / self.seconds:,.0f} "
                f"| {self.matches} | {self.server_cpu:.0%} "
                f"| {self.server_cpu * self.seconds * 1000 / max(self.acts, 1):.2f} "
                f"| {self.server_wait:.0%} "
                f"| {clients} |")


TABLE_HEAD = ("| server | database | processes | tables | p50 ms | p99 ms | max ms | acts/s "
              "| messages/s | matches ended | server CPU | server CPU ms/act | server CPU wait "
              "| load-generator CPU |\n"
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def percentile(ordered: list[float], q: float) -> float:
    """The q-quantile of an ascending list (nearest rank)."""
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


@dataclass
class Placement:
    """Where the server runs: its database (None: SQLite in its home; else a fresh
    PostgreSQL database from this callable), its processes, and the CPUs of the server and
    of the load generator (None: any)."""

    new_database: Callable[[], str] | None = None
    processes: int = 1
    server_cores: set[int] | None = None
    client_cores: set[int] | None = None


def run_level(tables: int, seconds: float, warmup: float, procs: int,
              profile_dir: Path | None, think_s: float = 0.0, exact: bool = False,
              script_file: Path | None = None, place: Placement | None = None) -> Level:
    """Start a fresh server (the echo peer with ``script_file``) as ``place`` says, load it
    with ``tables`` tables, measure, stop it."""
    place = place or Placement()
    with tempfile.TemporaryDirectory(prefix="mazzo-bench-") as home:
        name = "echo" if script_file is not None else "mazzo"
        profile = profile_dir / f"{name}-{tables}.prof" if profile_dir else None
        db = place.new_database() if place.new_database and script_file is None else None
        server = (EchoServer(Path(home), profile, script_file=script_file)
                  if script_file is not None else
                  Server(Path(home), profile, db=db, processes=place.processes,
                         cores=place.server_cores)).start()
        try:
            level = _measure(server, tables, seconds, warmup, procs, think_s, exact,
                             place.client_cores)
            level.server = name
            level.processes = server.processes
            level.database = "SQLite" if server.db is None else "PostgreSQL"
            return level
        finally:
            server.stop()
            if profile is not None and profile.exists():
                print_profile(profile)


def _measure(server: Server, tables: int, seconds: float, warmup: float, procs: int,
             think_s: float, exact: bool, cores: set[int] | None = None) -> Level:
    context = multiprocessing.get_context("spawn")
    counters = context.Array("d", 2 * procs, lock=False)
    ready = context.Value("i", 0)
    results = context.Queue()
    window_start = context.Value("d", NOT_YET)
    shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    workers = []
    for slot, share in enumerate(shares):
        window = Window(window_start, seconds)
        workers.append(context.Process(
            target=generator_process,
            args=(server.port, share, window, counters, slot, ready, results, think_s,
                  exact, cores)))
    for worker in workers:
        worker.start()
    started = time.monotonic()
    while ready.value < 2 * tables:
        failed = (f"only {ready.value} of {2 * tables} clients connected in 300 s"
                  if time.monotonic() - started > 300 else
                  "a load-generator process failed (see above)"
                  if any(w.exitcode for w in workers) else None)
        if failed is not None:
            for worker in workers:  # or the benchmark would wait for them at its exit
                worker.terminate()
            raise RuntimeError(failed)
        time.sleep(0.2)
    print(f"  {tables:,} tables: {ready.value:,} clients connected in "
          f"{time.monotonic() - started:.1f} s; warm-up {warmup:.0f} s", flush=True)
    opens = time.time() + warmup
    window_start.value = opens  # go: clients act from now on, the window opens after the warm-up
    time.sleep(max(opens - time.time(), 0.0))
    cpu0, wait0, t0 = server.cpu_seconds(), server.cpu_wait_seconds(), time.time()
    last = (0.0, 0.0, t0)
    while time.time() < t0 + seconds:
        time.sleep(min(PROGRESS_EVERY_S, max(t0 + seconds - time.time(), 0.05)))
        acts, frames = sum(counters[0::2]), sum(counters[1::2])
        now = time.time()
        span = max(now - last[2], 1e-9)
        print(f"  {tables:,} tables, {now - t0:4.0f}/{seconds:.0f} s: "
              f"{(acts - last[0]) / span:,.0f} acts/s, {(frames - last[1]) / span:,.0f} "
              f"messages/s", flush=True)
        last = (acts, frames, now)
    elapsed = time.time() - t0
    server_cpu = (server.cpu_seconds() - cpu0) / elapsed
    server_wait = (server.cpu_wait_seconds() - wait0) / elapsed
    tallies = [results.get(timeout=180) for _ in workers]
    for worker in workers:
        worker.join(30)
    return Level(
        tables=tables, seconds=seconds,
        latencies_ms=[x for t in tallies for x in t.latencies_ms],
        acts=sum(t.acts for t in tallies), frames=sum(t.frames for t in tallies),
        matches=sum(t.matches for t in tallies), errors=sum(t.errors for t in tallies),
        server_cpu=server_cpu, server_wait=server_wait,
        client_cpu=[t.cpu_s / max(t.wall_s, 1e-9) for t in tallies],
    )


def print_profile(path: Path, top: int = 25) -> None:
    print(f"  profile {path} (server main thread, by own time):")
    stats = pstats.Stats(str(path))
    stats.sort_stats("tottime")
    stats.print_stats(top)


def _cores(text: str) -> set[int]:
    """A CPU list as taskset writes it: 0-3,8."""
    cores: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        cores.update(range(int(low), int(high or low) + 1))
    return cores


def build_parser() -> argparse.ArgumentParser:
    from benchmarks import flood  # it builds on this module's Server

    parser = argparse.ArgumentParser(prog="python -m benchmarks server", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="100,500,1000",
                        help="comma list of concurrent table counts")
    parser.add_argument("--seconds", type=float, default=25.0, help="measured seconds per level")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--clients-procs", type=int, default=1,
                        help="load-generator processes (tables are split among them)")
    pace = parser.add_mutually_exclusive_group()
    pace.add_argument("--think", type=float, default=0.0, metavar="MS",
                      help="mean pause before each act (0: bot speed, the default)")
    pace.add_argument("--person-pace", action="store_true",
                      help=f"a person's pace: {PERSON_THINK_MS / 1000:g} s mean think time, a "
                           "move every few seconds per table (= --think "
                           f"{PERSON_THINK_MS:.0f})")
    pace.add_argument("--bot-pace", action="store_true",
                      help=f"pause exactly {BOT_PAUSE_S} s before each act, as the server's "
                           "bots do by default")
    parser.add_argument("--processes", default=None, metavar="N[,N...]",
                        help="server processes (mazzo serve --processes), a comma list to "
                             "measure each; on PostgreSQL (--db, or a throwaway server "
                             "started here). Default: one process on SQLite")
    parser.add_argument("--db", default=None, metavar="URL",
                        help="a PostgreSQL server (postgresql://...) to create each level's "
                             "database on, instead of a throwaway one")
    parser.add_argument("--server-cores", type=_cores, default=None, metavar="LIST",
                        help="CPUs of the server and its bots (e.g. 0-7)")
    parser.add_argument("--client-cores", type=_cores, default=None, metavar="LIST",
                        help="CPUs of the load generator (e.g. 8-15)")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the server under cProfile, writing DIR/<server>-N.prof")
    parser.add_argument("--servers", default="mazzo",
                        help="comma list of servers to measure: mazzo, echo (the echo peer: "
                             "the same stack answering with recorded frames, no game)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each level per server, alternating which goes first")
    parser.add_argument("--echo-serve", type=int, default=None, metavar="PORT",
                        help=argparse.SUPPRESS)  # the echo peer's own process
    parser.add_argument("--echo-script", type=Path, default=None, help=argparse.SUPPRESS)
    flood.add_arguments(parser)
    return parser


def main(argv: list[str]) -> int:
    from benchmarks import flood

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.echo_serve is not None:
        return echo_serve(args.echo_serve, args.echo_script)
    if args.flood:
        return flood.main_flood(args)
    levels = [int(n) for n in args.tables.split(",")]
    servers = [name.strip() for name in args.servers.split(",")]
    if not set(servers) <= {"mazzo", "echo"}:
        parser.error("--servers: mazzo and/or echo")
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    think_ms = PERSON_THINK_MS if args.person_pace else args.think
    think_s = BOT_PAUSE_S if args.bot_pace else think_ms / 1000
    pace = (f"bot pace ({BOT_PAUSE_S} s before each act)" if args.bot_pace else
            f"{think_ms:.0f} ms mean think time" if think_ms else "bot speed")
    counts = [int(n) for n in (args.processes or "1").split(",")]
    shared = args.processes is not None or args.db is not None
    cores = (f"server on CPUs {_cpu_list(args.server_cores)}, " if args.server_cores else "") + (
        f"load generator on CPUs {_cpu_list(args.client_cores)}, " if args.client_cores else "")
    print(f"mazzo server benchmark: cribbage, 2 human seats per table, {os.cpu_count()} cores, "
          f"{cores}{args.clients_procs} load-generator process(es), {args.seconds:.0f} s per "
          f"level after {args.warmup:.0f} s warm-up, {pace}", flush=True)
    with postgres(args.db if shared else "") as new_database:
        for processes in counts:
            place = Placement(new_database, processes, args.server_cores, args.client_cores)
            run_levels(args, servers, levels, think_s, place)
    return 0


@contextmanager
def postgres(url: str | None) -> Iterator[Callable[[], str] | None]:
    """Fresh PostgreSQL databases: on the server at ``url``, or with None on a throwaway one
    started here (the tests' ``pg_server``: fsync off, on a unix socket); "" for none (SQLite)."""
    if url == "":
        yield None
        return
    if url is not None:
        yield lambda: _create_database(url)
        return
    from tests.server.pg_server import PostgresCluster

    cluster = PostgresCluster(free_port()).start()
    print(f"  PostgreSQL: a throwaway server (fsync off) in {cluster.root}", flush=True)
    try:
        yield cluster.new_database
    finally:
        cluster.stop()


def _create_database(url: str) -> str:
    """A fresh database on the server at ``url``; its URL."""
    import uuid

    import psycopg

    name = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return urlsplit(url)._replace(path=f"/{name}").geturl()


def _cpu_list(cores: set[int]) -> str:
    return ",".join(map(str, sorted(cores)))


def run_levels(args: argparse.Namespace, servers: list[str], levels: list[int], think_s: float,
               place: Placement) -> None:
    """Every level for every server, ``--repeat`` times, with the table of results so far
    after each."""
    with tempfile.TemporaryDirectory(prefix="mazzo-echo-") as scratch:
        script_file = None
        if "echo" in servers:
            script_file = Path(scratch) / "script.json"
            script_file.write_text(json.dumps(record_script(Path(scratch)).to_json()))
        results: list[Level] = []
        rows = []
        for tables in levels:
            for run in range(args.repeat):
                order = servers if run % 2 == 0 else servers[::-1]
                for name in order:
                    load = os.getloadavg()[0]
                    level = run_level(tables, args.seconds, args.warmup, args.clients_procs,
                                      args.profile, think_s, exact=args.bot_pace,
                                      script_file=script_file if name == "echo" else None,
                                      place=place)
                    print(f"  {name}: machine load average (1 min): {load:.1f} before, "
                          f"{os.getloadavg()[0]:.1f} after", flush=True)
                    if level.errors:
                        print(f"  warning: {level.errors} error frames", flush=True)
                    results.append(level)
                    rows.append(level.row())
                    print(TABLE_HEAD, *rows, sep="\n", flush=True)
    if len(servers) == 2:
        print_ratios(results, levels)


def print_ratios(results: list[Level], levels: list[int]) -> None:
    """mazzo against the echo peer, per level: medians of the runs and their ratios."""
    print("\n| tables | mazzo acts/s | echo acts/s | acts/s ratio | mazzo p99 ms | echo p99 ms "
          "| p99 ratio | runs |\n|---:|---:|---:|---:|---:|---:|---:|---:|")
    for tables in levels:
        mine = [r for r in results if r.tables == tables and r.server == "mazzo"]
        peer = [r for r in results if r.tables == tables and r.server == "echo"]
        acts = [statistics.median(r.acts_per_s for r in group) for group in (mine, peer)]
        p99 = [statistics.median(r.p99_ms for r in group) for group in (mine, peer)]
        print(f"| {tables:,} | {acts[0]:,.0f} | {acts[1]:,.0f} | {acts[0] / acts[1]:.2f} "
              f"| {p99[0]:,.1f} | {p99[1]:,.1f} | {p99[0] / p99[1]:.2f} | {len(mine)} |",
              flush=True)

