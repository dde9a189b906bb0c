"""Watching a live ``mazzo serve`` (one server for the module, on every interface, logging JSON
at info level, with a metrics token): /metrics moves as acts are played and parses as the
Prometheus text format; only this machine, not through a proxy, reads it without the token;
/api/ready; and the log is one JSON object per line, uvicorn's lines included, with no
token or password in it."""

from __future__ import annotations

import asyncio
import base64
import json
import socket
from collections.abc import Iterator

import httpx
import pytest
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from live_server import LiveServer, Player, play_all

TOKEN = "metrics-Token-9f2c71"
PASSWORD = "Walrus-Topaz-4410!"
#: a table a person plays against a random bot (quick, and the bot pool thinks)
VS_BOT = {"game": "cribbage", "seats": ["human", "random"], "start": True}
ACTS = 20


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    home = tmp_path_factory.mktemp("watch")
    # bots in a thread: no worker process to start for a random bot
    live = LiveServer(home, "--host", "0.0.0.0", "--metrics-token", TOKEN, "--workers-bots", "0",
                      "--log-format", "json", "--log-level", "info").start()
    yield live
    live.stop()


def scrape(server: LiveServer) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics by (name, sorted labels) after checking the answer parses."""
    response = server.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == CONTENT_TYPE_LATEST
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text)
            for s in family.samples}


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples[(name, tuple(sorted({"process": "0", **labels}.items())))]


def test_metrics_move_as_acts_are_played(server: LiveServer) -> None:
    before = scrape(server)
    created = server.create(VS_BOT)
    player = Player(created["seats"][0]["ws"], stop_at_version=ACTS)
    with connect(created["spectate_ws"]) as spectator:  # a connection open while scraped
        spectator.recv(timeout=10)
        during = scrape(server)
    asyncio.run(play_all([player]))
    after = scrape(server)
    assert value(during, "mazzo_connections") >= 1
    assert value(during, "mazzo_tables", status="playing") >= 1
    moved = {by: value(after, "mazzo_acts_total", by=by)
             - value(before, "mazzo_acts_total", by=by) for by in ("person", "bot", "chance")}
    assert moved["person"] >= 1 and moved["bot"] >= 1 and moved["chance"] >= 1, moved
    assert sum(moved.values()) >= ACTS, moved
    acts = sum(moved.values())
    for histogram in ("mazzo_commit_seconds", "mazzo_broadcast_seconds"):
        count = value(after, f"{histogram}_count") - value(before, f"{histogram}_count")
        assert count == acts, histogram  # one observation per act
        assert value(after, f"{histogram}_sum") > value(before, f"{histogram}_sum")
        assert value(after, f"{histogram}_bucket", le="+Inf") == value(after,
                                                                       f"{histogram}_count")
    assert value(after, "mazzo_bot_think_seconds_count", kind="move") >= moved["bot"]
    assert value(after, "mazzo_bot_queue", kind="move") >= 0
    assert value(after, "mazzo_storage_errors_total", kind="unavailable") == 0
    assert value(after, "mazzo_storage_errors_total", kind="error") == 0
    assert value(after, "process_cpu_seconds_total") > 0


def test_only_this_machine_reads_the_metrics_without_the_token(server: LiveServer) -> None:
    for relayed in ({"X-Forwarded-For": "127.0.0.1"}, {"Forwarded": "for=127.0.0.1"},
                    {"X-Real-IP": "127.0.0.1"}):
        refused = httpx.get(f"{server.http}/metrics", headers=relayed, timeout=10)
        assert refused.status_code == 403, relayed
        assert refused.json()["error"] == "metrics_refused"
    shown = {"X-Forwarded-For": "203.0.113.9", "Authorization": f"Bearer {TOKEN}"}
    assert httpx.get(f"{server.http}/metrics", headers=shown, timeout=10).status_code == 200


def outward_address() -> str | None:
    """An address of this machine that is not loopback (None: it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_a_client_off_loopback_needs_the_token(server: LiveServer) -> None:
    address = outward_address()
    if address is None:
        pytest.skip("this machine has no address but loopback")
    url = f"http://{address}:{server.port}/metrics"
    assert httpx.get(url, timeout=10).status_code == 403
    # claiming to be loopback through a header is refused too
    assert httpx.get(url, headers={"X-Forwarded-For": "127.0.0.1"}, timeout=10
                     ).status_code == 403
    assert httpx.get(url, headers={"Authorization": "Bearer wrong"}, timeout=10
                     ).status_code == 403
    assert httpx.get(url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10
                     ).status_code == 200


def test_ready(server: LiveServer) -> None:
    answer = server.get("/api/ready")
    assert answer.status_code == 200 and answer.json()["ready"] is True


def test_the_log_is_json_lines_without_secrets(server: LiveServer) -> None:
    account = httpx.post(f"{server.http}/api/accounts", timeout=10,
                         json={"username": "watcher", "password": PASSWORD})
    assert account.status_code == 201, account.text
    created = server.create(VS_BOT)
    seat = created["seats"][0]
    with connect(seat["ws"]):
        pass  # a handshake, whose URL holds the seat's token
    server.get(f"/api/tables/{created['table']}?lang=it")
    log = server.log()
    entries = [json.loads(line) for line in log.splitlines()]  # each line parses
    assert all({"time", "level", "logger", "message", "process", "pid"} <= set(e)
               for e in entries)
    access = [e for e in entries if e["logger"] == "uvicorn.access"]
    assert any(e["path"] == f"/api/tables/{created['table']}?lang=it" and e["status"] == 200
               for e in access)
    handshakes = [e for e in entries if "WebSocket /ws/tables/" in e["message"]]
    assert any(f"/ws/tables/{created['table']}?token=[redacted]" in e["message"]
               for e in handshakes), handshakes
    secrets = [seat["token"], created["owner"], TOKEN, PASSWORD]
    for secret in secrets:
        raw = secret.encode()
        for form in (raw, base64.b64encode(raw), base64.urlsafe_b64encode(raw)):
            assert form not in log.encode(), secret

