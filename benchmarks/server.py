"""``make bench-server``: latency and throughput of one ``mazzo serve`` process under load.

For each level (100, 500 and 1,000 concurrent tables by default) a fresh server is started on a
free loopback port with its own temporary ``MAZZO_HOME`` (SQLite, ``--bot-pause 0``, a rate limit
too high to matter, a grace period too long for a stand-in to play). The load generator creates
that many 2-player cribbage tables with both seats human, started at once, and opens one
websocket per seat. Each client acts as soon as it is to move, with a random legal index
("bot-speed"). A table whose match ends is replaced by a new one, so the count stays constant.

Measured, after a warm-up, over a bounded window:

- latency of each ``act``: from just before it is sent to the arrival of the ``state`` frame
  that answers it (the first frame for that seat whose version is the act's version + 1);
- acts/s, and messages/s = every frame the server sent (all clients' frames) per second;
- the CPU used by the server process and by each load-generator process, as a share of one
  core, so a saturated load generator (which would make the numbers its own) shows.

``python -m benchmarks.server [--tables 100,500,1000] [--seconds 25] [--warmup 5]
[--clients-procs 1] [--think MS | --bot-pace] [--profile DIR]``. ``--think`` makes each client
wait 0.5 to 1.5 times MS before acting, a person's pace instead of bot speed; ``--bot-pace``
makes it wait exactly the server's default bot pause (``mazzo serve --bot-pause``, 0.6 s: the
pace of a table of server-side bots). Latency is always measured from the moment the act is
sent, so the pause is not part of it. ``--profile DIR`` runs the server under cProfile and
writes ``DIR/server-<tables>.prof`` (and the top functions on stdout) for each level.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any

from mazzo.server.tables import OPTIONS

SRC = Path(__file__).resolve().parents[1] / "src"
#: the pause a server-side bot takes before each move, by default (``--bot-pace``)
BOT_PAUSE_S = OPTIONS["bot_pause_s"][0]
HOST = "127.0.0.1"  # only ever loopback
GAME_BODY = {"game": "cribbage", "seats": ["human", "human"], "start": True}
PROGRESS_EVERY_S = 5.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


# -- the server -------------------------------------------------------------------------------


@dataclass
class Server:
    """One ``mazzo serve`` subprocess on a free loopback port with a temporary MAZZO_HOME."""

    home: Path
    profile: Path | None = None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        import httpx

        env = dict(os.environ, MAZZO_HOME=str(self.home), PYTHONPATH=str(SRC))
        runner = [sys.executable]
        if self.profile is not None:
            runner += ["-m", "cProfile", "-o", str(self.profile)]
        command = [*runner, "-m", "mazzo.cli.main", "serve", "--host", HOST,
                   "--port", str(self.port), "--bot-pause", "0", "--grace", "86400",
                   "--rate", "1000000", "--burst", "1000000"]
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mazzo serve exited with {self.process.returncode}")
            try:
                if httpx.get(f"http://{HOST}:{self.port}/api/health", timeout=1).is_success:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("mazzo serve did not become ready in 60 s")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (all its threads)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def cpu_wait_seconds(self) -> float:
        """Seconds the server's main thread was ready to run but waited for a CPU (other work
        on the machine: a shared machine shows here)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/schedstat").read_text().split()
        return int(fields[1]) / 1e9

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
                      exact: bool) -> None:
    """A load-generator process: its share of the tables, its tally put on ``results``."""
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

    def row(self) -> str:
        lat = sorted(self.latencies_ms) or [float("nan")]
        p50, p99 = percentile(lat, 0.50), percentile(lat, 0.99)
        clients = "+".join(f"{c:.0%}" for c in self.client_cpu)
        return (f"| {self.tables:,} | {p50:.1f} | {p99:.1f} | {lat[-1]:.1f} "
                f"| {self.acts / self.seconds:,.0f} | {self.frames / self.seconds:,.0f} "
                f"| {self.matches} | {self.server_cpu:.0%} "
                f"| {self.server_cpu * self.seconds * 1000 / max(self.acts, 1):.2f} "
                f"| {self.server_wait:.0%} "
                f"| {clients} |")


TABLE_HEAD = ("| tables | p50 ms | p99 ms | max ms | acts/s | messages/s | matches ended "
              "| server CPU | server CPU ms/act | server CPU wait | load-generator CPU |\n"
              "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def percentile(ordered: list[float], q: float) -> float:
    """The q-quantile of an ascending list (nearest rank)."""
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def run_level(tables: int, seconds: float, warmup: float, procs: int,
              profile_dir: Path | None, think_s: float = 0.0, exact: bool = False) -> Level:
    """Start a fresh server, load it with ``tables`` tables, measure, stop it."""
    with tempfile.TemporaryDirectory(prefix="mazzo-bench-") as home:
        profile = profile_dir / f"server-{tables}.prof" if profile_dir else None
        server = Server(Path(home), profile).start()
        try:
            return _measure(server, tables, seconds, warmup, procs, think_s, exact)
        finally:
            server.stop()
            if profile is not None and profile.exists():
                print_profile(profile)


def _measure(server: Server, tables: int, seconds: float, warmup: float, procs: int,
             think_s: float, exact: bool) -> Level:
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
                  exact)))
    for worker in workers:
        worker.start()
    started = time.monotonic()
    while ready.value < 2 * tables:
        if time.monotonic() - started > 300:
            raise RuntimeError(f"only {ready.value} of {2 * tables} clients connected in 300 s")
        if any(w.exitcode for w in workers):
            raise RuntimeError("a load-generator process failed (see above)")
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server", description=__doc__)
    parser.add_argument("--tables", default="100,500,1000",
                        help="comma list of concurrent table counts")
    parser.add_argument("--seconds", type=float, default=25.0, help="measured seconds per level")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--clients-procs", type=int, default=1,
                        help="load-generator processes (tables are split among them)")
    pace = parser.add_mutually_exclusive_group()
    pace.add_argument("--think", type=float, default=0.0, metavar="MS",
                      help="mean pause before each act (0: bot speed, the default)")
    pace.add_argument("--bot-pace", action="store_true",
                      help=f"pause exactly {BOT_PAUSE_S} s before each act, as the server's "
                           "bots do by default")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the server under cProfile, writing DIR/server-N.prof")
    args = parser.parse_args(argv)
    levels = [int(n) for n in args.tables.split(",")]
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    think_s = BOT_PAUSE_S if args.bot_pace else args.think / 1000
    pace = (f"bot pace ({BOT_PAUSE_S} s before each act)" if args.bot_pace else
            f"{args.think:.0f} ms mean think time" if args.think else "bot speed")
    print(f"mazzo server benchmark: cribbage, 2 human seats per table, {os.cpu_count()} cores, "
          f"{args.clients_procs} load-generator process(es), {args.seconds:.0f} s per level "
          f"after {args.warmup:.0f} s warm-up, {pace}", flush=True)
    rows = []
    for tables in levels:
        load = os.getloadavg()[0]
        level = run_level(tables, args.seconds, args.warmup, args.clients_procs, args.profile,
                          think_s, exact=args.bot_pace)
        print(f"  machine load average (1 min): {load:.1f} before, {os.getloadavg()[0]:.1f} "
              f"after", flush=True)
        if level.errors:
            print(f"  warning: {level.errors} error frames", flush=True)
        rows.append(level.row())
        print(TABLE_HEAD, *rows, sep="\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
