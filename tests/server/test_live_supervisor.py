"""``mazzo serve --processes 2`` on PostgreSQL: two processes serve one port, a table is played
by clients of both, a process killed with -9 is started again while its table goes on with
every acknowledged move, and SIGTERM drains (clients told to reconnect with 1012, exit 0).
SQLite with more than one process is refused. The container's entry point (Containerfile,
compose.yaml) is run as it is, without a container, and its health check passes."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
import yaml
from pg_server import PostgresCluster
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect

from mazzo.cli.main import build_parser, main
from mazzo.engine.record import replay

from live_server import LiveServer, Player, play_all

ROOT = Path(__file__).resolve().parents[2]
#: a game to 121 cannot end within the first 40 actions: the kill comes mid-match
LONG_CRIBBAGE = {"players": 2, "target": 121, "games_to_win": 1}
CHILD_LINE = re.compile(r"server process (\d+) \(pid (\d+)\) is reached by the others at (\S+)")


def children(server: LiveServer, count: int = 2, wait: float = 30) -> dict[int, tuple[int, str]]:
    """Each child's pid and private URL, as its latest start logged them, once every one of
    them answers there."""
    deadline = time.monotonic() + wait
    while True:
        found = {int(i): (int(pid), url) for i, pid, url in CHILD_LINE.findall(server.log())}
        if len(found) == count and all(_healthy(url) for _pid, url in found.values()):
            return found
        assert time.monotonic() < deadline, f"children not up: {server.log_tail()}"
        time.sleep(0.1)


def _healthy(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def owners(db_url: str) -> dict[str, str]:
    """Table id -> the private URL of the process that owns it."""
    with psycopg.connect(db_url) as db:
        return dict(db.execute("SELECT table_id, url FROM table_owners").fetchall())


def supervised(cluster: PostgresCluster, home: Path) -> tuple[LiveServer, str]:
    db_url = cluster.new_database()
    server = LiveServer(home, "--db", db_url, "--processes", "2", "--takeover", "0.3",
                        "--rate", "10000", "--burst", "10000").start()
    return server, db_url


@pytest.fixture(scope="module")
def pair(postgres_cluster: PostgresCluster,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    server, db_url = supervised(postgres_cluster, tmp_path_factory.mktemp("supervised"))
    yield server, db_url
    server.stop()


def at(url: str, ws_url: str) -> str:
    """A websocket URL of the server, on the process at ``url`` instead."""
    return "ws" + url.removeprefix("http") + "/" + ws_url.split("/", 3)[3]


def test_two_processes_serve_one_port_and_share_a_table(pair: tuple[LiveServer, str]) -> None:
    server, db_url = pair
    found = children(server)
    urls = {url for _pid, url in found.values()}
    for index, (pid, _url) in found.items():  # each knows its number (the metrics' label)
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert f"MAZZO_PROCESS_INDEX={index}".encode() in environ
    made: dict[str, str] = {}
    for _ in range(40):  # new connections each: the two processes take them in turns
        created = server.create({"game": "cribbage", "config": LONG_CRIBBAGE,
                                 "seats": ["human", "human"]})
        made[created["table"]] = created
        if set(owners(db_url).values()) == urls:
            break
    table_owners = owners(db_url)
    assert set(table_owners.values()) == urls  # both took tables from the one port
    table = next(iter(made))
    owner = table_owners[table]
    other = next(url for url in urls if url != owner)
    # a request for the table sent to the other process is forwarded to the owner, body and all
    assert httpx.get(f"{other}/api/tables/{table}", timeout=10).json()["table"] == table
    started = httpx.post(f"{other}/api/tables/{table}/start",
                         json={"owner": made[table]["owner"]}, timeout=10)
    assert started.status_code == 200 and started.json()["status"] == "playing"
    # seat 0 on the owner, seat 1 relayed by the other: each sees the other's moves
    seats = made[table]["seats"]
    ada = Player(at(owner, seats[0]["ws"]), seed=1, stop_at_version=30)
    bea = Player(at(other, seats[1]["ws"]), seed=2, stop_at_version=30)
    asyncio.run(play_all([ada, bea]))
    assert ada.frames[-1]["version"] >= 30 and bea.frames[-1]["version"] >= 30
    moved = {0: ada.frames, 1: bea.frames}
    for seat, frames in moved.items():
        versions = [f["version"] for f in frames]
        assert versions == sorted(versions) and len(set(versions)) > 10, seat
    # one scrape of the shared port answers for both processes, each family once
    text = httpx.get(f"{server.http}/metrics", timeout=10).text
    families = {f.name: f for f in text_string_to_metric_families(text)}
    assert {s.labels["process"] for s in families["mazzo_connections"].samples} == {"0", "1"}
    acts = [s for s in families["mazzo_acts"].samples if s.name == "mazzo_acts_total"]
    assert sum(s.value for s in acts) >= 30  # the moves to version 30, chance too
    assert text.count("# TYPE mazzo_tables gauge") == 1


def test_a_killed_process_is_started_again_and_its_table_goes_on(
        pair: tuple[LiveServer, str]) -> None:
    server, db_url = pair
    before = children(server)
    created = server.create({"game": "cribbage", "config": LONG_CRIBBAGE,
                             "seats": ["human", "human"], "start": True})
    table, seats = created["table"], created["seats"]
    ada = Player(seats[0]["ws"], seed=3, stop_at_version=20)
    bea = Player(seats[1]["ws"], seed=4, stop_at_version=20)
    asyncio.run(play_all([ada, bea]))
    acknowledged = max(f["version"] for f in ada.frames + bea.frames)
    index = next(i for i, (_pid, url) in before.items() if url == owners(db_url)[table])

    os.kill(before[index][0], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while (after := children(server))[index][0] == before[index][0]:
        assert time.monotonic() < deadline, "the killed process was not started again"
        time.sleep(0.1)
    assert f"server process {index} ended (signal SIGKILL)" in server.log()
    assert server.summary(table, wait=20)["version"] >= acknowledged
    ada_again = Player(seats[0]["ws"], seed=5)
    bea_again = Player(seats[1]["ws"], seed=6)
    asyncio.run(play_all([ada_again, bea_again]))
    record = server.get(f"/api/tables/{table}/record").json()
    assert replay(record).is_terminal
    for seat, frames in ((0, ada.frames + ada_again.frames), (1, bea.frames + bea_again.frames)):
        for frame in frames:  # every move acknowledged before the kill is in the record
            assert replay(record, upto=frame["version"]).view(seat) == frame["view"]
    # a new process at the same private address: the supervisor keeps it across restarts, so
    # the others reach the new start where they reached the old one
    assert after[index][1] == before[index][1]


@pytest.fixture(scope="module")
def from_compose(postgres_cluster: PostgresCluster,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The container's server as compose.yaml runs it (ENTRYPOINT + compose's command, the
    defaults of its variables), on this test's port and database: no container runtime or
    base image can be had here (docs/deploy.md), so the entry point is run without it."""
    entrypoint = json.loads(runtime_stage()["ENTRYPOINT"][-1])
    assert entrypoint == ["mazzo", "serve"]
    command = compose_command()
    server = LiveServer(tmp_path_factory.mktemp("compose"))
    args = list(command)
    args[args.index("--port") + 1] = str(server.port)
    db = args.index("--db") + 1
    assert args[db].startswith("postgresql://") and "@db:5432/" in args[db]
    args[db] = postgres_cluster.new_database()
    server.args = tuple(args)
    yield server.start()
    server.stop()


def runtime_stage() -> dict[str, list[str]]:
    """The Containerfile's last stage: each instruction's arguments, continued lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Containerfile").read_text())
    stage: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.upper() == "FROM":
            stage = {}
        stage.setdefault(word.upper(), []).append(rest.strip())
    return stage


def compose_command() -> list[str]:
    """compose.yaml's command for the mazzo service, its variables at their defaults."""
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    assert {"db", "mazzo", "proxy"} <= set(services)
    assert services["mazzo"]["build"]["dockerfile"] == "Containerfile"

    def default(match: re.Match[str]) -> str:
        assert match.group(2) == ":-", f"{match.group(0)} has no default"
        return match.group(3)

    return [re.sub(r"\$\{(\w+)(:[-?])?([^}]*)\}", default, arg) if "@db:" not in arg
            else arg for arg in services["mazzo"]["command"]]


def test_the_container_command_serves_and_passes_its_health_check(
        from_compose: LiveServer) -> None:
    stage = runtime_stage()
    assert stage["USER"][-1] not in ("root", "0")
    command = [*json.loads(stage["ENTRYPOINT"][-1]), *compose_command()]
    build_parser("en").parse_args(command[1:])  # every flag is one mazzo serve has
    port = command[command.index("--port") + 1]
    assert "--processes" in command and stage["EXPOSE"] == [port]
    assert f"reverse_proxy mazzo:{port}" in (ROOT / "Caddyfile").read_text()
    assert len(children(from_compose)) == int(command[command.index("--processes") + 1])
    _options, _, check = stage["HEALTHCHECK"][-1].partition("CMD ")
    probe = json.loads(check)
    assert probe[0] == "python" and f"127.0.0.1:{port}/api/" in probe[2]
    probe = [sys.executable, probe[1], probe[2].replace(f":{port}/", f":{from_compose.port}/")]
    if from_compose.get("/api/ready").status_code == 404:
        # the readiness route is not in this tree yet: the same probe on the liveness one
        probe[2] = probe[2].replace("/api/ready", "/api/health")
    assert subprocess.run(probe, timeout=30).returncode == 0


def test_sigterm_tells_clients_to_reconnect_and_exits_0(from_compose: LiveServer) -> None:
    server = from_compose
    urls = [url for _pid, url in children(server).values()]
    created = server.create({"game": "cribbage", "config": LONG_CRIBBAGE,
                             "seats": ["human", "human"], "start": True})
    seats = created["seats"]

    async def close_codes() -> list[int | None]:
        # a client on each process: one serves the table, the other relays to it
        async with (connect(at(urls[0], seats[0]["ws"])) as first,
                    connect(at(urls[1], seats[1]["ws"])) as second):
            await first.recv()
            await second.recv()
            assert server.process is not None
            server.process.send_signal(signal.SIGTERM)
            for ws in (first, second):
                try:
                    while True:
                        await ws.recv()
                except Exception:
                    pass
            return [first.close_code, second.close_code]

    assert asyncio.run(asyncio.wait_for(close_codes(), 30)) == [1012, 1012]
    assert server.process is not None
    assert server.process.wait(30) == 0


def test_sqlite_with_several_processes_is_refused(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'mazzo.db'}"
    assert main(["serve", "--processes", "2", "--db", db]) == 2
    assert "--processes 2 needs PostgreSQL" in capsys.readouterr().err
    assert main(["--lang", "it", "serve", "--processes", "2", "--db", db]) == 2
    assert "vuole PostgreSQL" in capsys.readouterr().err
    assert main(["serve", "--processes", "0"]) == 2
    assert "give 1 process or more" in capsys.readouterr().err
    assert not (tmp_path / "mazzo.db").exists()  # refused before anything was opened
