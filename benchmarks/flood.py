"""``python -m benchmarks server --flood``: does a people's table keep its pace while one client
attacks the server? (Not in CI: about a minute.)

A fresh ``mazzo serve`` runs with its defaults for everything an attacker meets (message rate,
hint cool-down, table creation limit, connection caps and timeouts, bot workers from the
cores); only ``--bot-pause 0`` is set, so the bots move as fast as the pool lets them and any
stall shows. The measured table is a 4-player cribbage match of one person (a client that
plays a tenth of a second after its turn comes) and three medio bots; it counts its actions
per second, quiet first and then while one attacker, from another loopback address
(127.0.0.2), does all of this at once:

- **hints**: ``--hint-seats`` Burraco seats at their turn each ask for a hint (an esperto
  search, seconds of a worker) as fast as the message limit lets it;
- **creations**: ``--creators`` loops POST new tables as fast as the server answers;
- **half-open connections**: up to ``--half-open`` sockets each send half a request's headers
  and then nothing.

The goal: the table keeps at least half its quiet pace. Printed: both paces, the ratio, what
the attacker got through (hints answered, tables created, refusals by kind) and the server's
health figures at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from benchmarks.server import HOST, Server

#: the attacker's own loopback address: a per-address limit it runs into is not the player's
ATTACKER = "127.0.0.2"
#: a long match (three games to 121), so the measured seat makes only a few tables in a run:
#: it is held to the same creation limit as anyone
TABLE_BODY = {"game": "cribbage", "config": {"players": 4, "games_to_win": 3},
              "seats": ["human", "medio", "medio", "medio"], "start": True}
HINT_BODY = {"game": "burraco", "config": {"players": 2}, "seats": ["human", "esperto"],
             "start": True}
GOAL = 0.5
#: the person's pause before each move: a quick player, inside the server's message limit (20 a
#: second), so the table's pace is its bots'
PERSON_PAUSE_S = 0.1


class FloodServer(Server):
    """``mazzo serve`` with its defaults, bots without a pause."""

    def command(self) -> list[str]:
        return ["-m", "mazzo.cli.main", "serve", "--host", HOST, "--port", str(self.port),
                "--bot-pause", "0"]


@dataclass
class Pace:
    """The measured table's actions, as their frames arrive."""

    versions: list[tuple[float, int]] = field(default_factory=list)

    def rate(self, start: float, end: float) -> float:
        inside = [v for t, v in self.versions if start <= t <= end]
        return (max(inside) - min(inside)) / (end - start) if len(inside) > 1 else 0.0


async def play_table(url: str, pace: Pace, stop: asyncio.Event) -> None:
    """The person's seat: a quick player (:data:`PERSON_PAUSE_S` before each move); a new match
    when one ends."""
    while not stop.is_set():
        async with httpx.AsyncClient() as http:
            response = await http.post(f"{url}/api/tables", json=TABLE_BODY)
        if response.status_code != 201:
            raise RuntimeError(f"the measured table was refused: {response.text}")
        created = response.json()
        offset = pace.versions[-1][1] if pace.versions else 0
        async with connect(created["seats"][0]["ws"], max_size=None) as ws:
            while not stop.is_set():
                frame = json.loads(await ws.recv())
                if frame.get("type") == "error":  # a move refused: ask for the state again
                    await asyncio.sleep(PERSON_PAUSE_S)
                    await ws.send(json.dumps({"type": "sync"}))
                if frame.get("type") != "state":
                    continue
                pace.versions.append((time.monotonic(), offset + frame["version"]))
                if frame["status"] == "over":
                    break
                if frame["legal"]:
                    await asyncio.sleep(PERSON_PAUSE_S)
                    await ws.send(json.dumps({"type": "act", "version": frame["version"],
                                              "index": frame["legal"][0]["index"]}))


@dataclass
class Attack:
    """What the attacker sent and what it got back."""

    got: Counter[str] = field(default_factory=Counter)
    half_open: int = 0


async def hint_seat(url: str, attack: Attack, stop: asyncio.Event, rate: float) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    async with httpx.AsyncClient(transport=transport) as http:
        response = await http.post(f"{url}/api/tables", json=HINT_BODY)
    if response.status_code != 201:
        attack.got[f"hint table refused {response.status_code}"] += 1
        return
    ws_url = response.json()["seats"][0]["ws"]
    async with connect(ws_url, max_size=None, local_addr=(ATTACKER, 0)) as ws:
        async def ask() -> None:
            with contextlib.suppress(ConnectionClosed):
                while not stop.is_set():
                    await ws.send(json.dumps({"type": "hint"}))
                    await asyncio.sleep(1 / rate)

        async def hear() -> None:
            with contextlib.suppress(ConnectionClosed):
                async for message in ws:
                    data = json.loads(message)
                    if data["type"] == "hint":
                        attack.got["hint answered"] += 1
                    elif data["type"] == "error":
                        attack.got[f"hint refused: {data['code']}"] += 1
            attack.got["hint seat closed"] += 1

        tasks = [asyncio.create_task(ask()), asyncio.create_task(hear())]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def create_loop(url: str, attack: Attack, stop: asyncio.Event) -> None:
    body = {"game": "cribbage", "seats": ["human", "medio"]}
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    async with httpx.AsyncClient(transport=transport, timeout=10) as http:
        while not stop.is_set():
            try:
                response = await http.post(f"{url}/api/tables", json=body)
                attack.got[f"create {response.status_code}"] += 1
            except Exception as exc:  # refused, reset, timed out: all count
                attack.got[f"create {type(exc).__name__}"] += 1
                await asyncio.sleep(0.01)


async def half_open(port: int, attack: Attack, stop: asyncio.Event, most: int) -> None:
    """Open sockets that send half a request each and never finish it."""
    held: list[socket.socket] = []
    loop = asyncio.get_running_loop()
    try:
        while not stop.is_set():
            if len(held) >= most:
                await asyncio.sleep(0.05)
                held = [s for s in held if _still_open(s)]
                continue
            sock = socket.socket()
            sock.setblocking(False)
            try:
                sock.bind((ATTACKER, 0))
                await asyncio.wait_for(loop.sock_connect(sock, (HOST, port)), 2)
                await loop.sock_sendall(sock, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-")
            except (OSError, TimeoutError):
                sock.close()
                attack.got["half-open refused"] += 1
                await asyncio.sleep(0.01)
                continue
            held.append(sock)
            attack.half_open = max(attack.half_open, len(held))
    finally:
        for sock in held:
            sock.close()


def _still_open(sock: socket.socket) -> bool:
    """False once the server has closed it (a read gives end of file or an error)."""
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


async def measure(server: Server, seconds: float, hint_seats: int, creators: int,
                  most_half_open: int) -> tuple[float, float, Attack, Any]:
    url = f"http://{HOST}:{server.port}"
    pace, attack = Pace(), Attack()
    stop_table, stop_attack = asyncio.Event(), asyncio.Event()
    table = asyncio.create_task(play_table(url, pace, stop_table))
    await asyncio.sleep(3)  # warm-up: workers started, first moves made
    quiet_start = time.monotonic()
    await asyncio.sleep(seconds)
    quiet = pace.rate(quiet_start, time.monotonic())
    print(f"  quiet: {quiet:.1f} actions/s", flush=True)
    attackers = [asyncio.create_task(hint_seat(url, attack, stop_attack, 20.0))
                 for _ in range(hint_seats)]
    attackers += [asyncio.create_task(create_loop(url, attack, stop_attack))
                  for _ in range(creators)]
    attackers.append(asyncio.create_task(half_open(server.port, attack, stop_attack,
                                                   most_half_open)))
    await asyncio.sleep(2)  # the attack under way
    flood_start = time.monotonic()
    await asyncio.sleep(seconds)
    flooded = pace.rate(flood_start, time.monotonic())
    async with httpx.AsyncClient(timeout=10) as http:
        health = (await http.get(f"{url}/api/health")).json()
    stop_attack.set()
    stop_table.set()
    if table.done() and not table.cancelled() and table.exception() is not None:
        print(f"  the measured table stopped: {table.exception()!r}", flush=True)
    for task in [table, *attackers]:
        task.cancel()
    await asyncio.gather(table, *attackers, return_exceptions=True)
    return quiet, flooded, attack, health


def run_flood(seconds: float, hint_seats: int, creators: int, most_half_open: int) -> int:
    print(f"mazzo flood benchmark: a 4-player cribbage table (1 person, 3 medio bots), "
          f"{seconds:.0f} s quiet then {seconds:.0f} s under attack from {ATTACKER}: "
          f"{hint_seats} hint seats, {creators} creation loops, up to {most_half_open} "
          "half-open connections", flush=True)
    with tempfile.TemporaryDirectory(prefix="mazzo-flood-") as home:
        server = FloodServer(Path(home)).start()
        try:
            quiet, flooded, attack, health = asyncio.run(
                measure(server, seconds, hint_seats, creators, most_half_open))
        finally:
            server.stop()
    ratio = flooded / quiet if quiet else 0.0
    print(f"  under attack: {flooded:.1f} actions/s")
    print(f"  ratio: {ratio:.2f} (goal: at least {GOAL}) -> "
          f"{'met' if ratio >= GOAL else 'NOT met'}")
    print(f"  half-open connections held at most: {attack.half_open}")
    for what, count in sorted(attack.got.items()):
        print(f"  attacker: {what}: {count}")
    print(f"  server health at the end: {json.dumps(health)}", flush=True)
    return 0 if ratio >= GOAL else 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    flood = parser.add_argument_group("--flood")
    flood.add_argument("--flood", action="store_true",
                       help="measure a table's pace while one client floods the server "
                            "(hints, creations, half-open connections) instead")
    flood.add_argument("--flood-seconds", type=float, default=20.0,
                       help="seconds measured quiet, and again under attack")
    flood.add_argument("--hint-seats", type=int, default=6, help="seats flooding hints")
    flood.add_argument("--creators", type=int, default=4, help="table-creation loops")
    flood.add_argument("--half-open", type=int, default=3000,
                       help="half-open connections the attacker tries to hold")


def main_flood(args: argparse.Namespace) -> int:
    with contextlib.suppress(KeyboardInterrupt):
        return run_flood(args.flood_seconds, args.hint_seats, args.creators, args.half_open)
    return 130
