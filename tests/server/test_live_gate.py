"""Who may create tables, and from where, against a live ``mazzo serve``: a request sent to a
name the server does not serve (DNS rebinding) is refused, and so is a POST or a websocket from
a page of another site (a cross-site ``text/plain`` POST made tables); one address creates only
so many tables a minute; a table never started that nobody joined is deleted after a while,
from memory and from the database; ``/openapi.json`` is served only when asked for."""

from __future__ import annotations

import base64
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from mazzo.cli.main import build_parser
from mazzo.engine.game import JSON, MazzoError
from mazzo.server.app import check_serve_options

from live_server import LIVE_BACKENDS, LiveServer, serve_db_args

TABLE: JSON = {"game": "cribbage", "seats": ["human", "medio"]}
EVIL = "http://evil.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("gate"), "--allowed-hosts", "mazzo.example",
                      "--allowed-origins", "https://friend.example").start()
    yield live
    live.stop()


def tables(server: LiveServer) -> int:
    count: int = server.get("/api/health").json()["tables"]
    return count


def post(server: LiveServer, headers: dict[str, str], body: bytes = b'{"game": "cribbage"}',
         path: str = "/api/tables") -> httpx.Response:
    return httpx.post(f"{server.http}{path}", content=body, headers=headers, timeout=10)


def handshake(port: int, path: str, headers: dict[str, str]) -> int:
    """The HTTP status a websocket handshake with ``headers`` gets (101: accepted)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
             *(f"{k}: {v}" for k, v in headers.items())]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n" not in head:
            chunk = sock.recv(1024)
            if not chunk:
                break
            head += chunk
    return int(head.split()[1])


# -- Host ------------------------------------------------------------------------------------


def test_a_request_for_a_name_the_server_does_not_serve_is_refused(server: LiveServer) -> None:
    response = httpx.get(f"{server.http}/api/health", headers={"Host": "evil.example"},
                         timeout=10)
    assert response.status_code == 400
    assert response.json()["error"] == "bad_host"
    assert "evil.example" in response.json()["message"]
    italian = httpx.get(f"{server.http}/?lang=it", headers={"Host": "evil.example:80"},
                        timeout=10)
    assert italian.status_code == 400 and "non serve" in italian.json()["message"]
    before = tables(server)
    created = httpx.post(f"{server.http}/api/tables", json=TABLE,
                         headers={"Host": "evil.example"}, timeout=10)
    assert created.status_code == 400 and tables(server) == before


def test_the_served_names_pass(server: LiveServer) -> None:
    for host in (f"127.0.0.1:{server.port}", "localhost", f"localhost:{server.port}",
                 "mazzo.example", "MAZZO.example:443"):
        response = httpx.get(f"{server.http}/api/health", headers={"Host": host}, timeout=10)
        assert response.status_code == 200, host


def test_a_websocket_for_a_foreign_name_is_refused(server: LiveServer) -> None:
    table = server.create(TABLE)["table"]
    path = f"/ws/tables/{table}"
    assert handshake(server.port, path, {"Host": "evil.example"}) == 403
    assert handshake(server.port, path, {"Host": f"127.0.0.1:{server.port}"}) == 101


# -- Origin ----------------------------------------------------------------------------------


def test_a_cross_site_text_post_makes_no_table(server: LiveServer) -> None:
    before = tables(server)
    response = post(server, {"Origin": EVIL, "Content-Type": "text/plain"})
    assert response.status_code == 403
    assert response.json()["error"] == "foreign_origin"
    assert EVIL in response.json()["message"]
    response = post(server, {"Origin": EVIL, "Content-Type": "application/json"})
    assert response.status_code == 403
    assert tables(server) == before


def test_a_form_body_is_refused_even_without_an_origin(server: LiveServer) -> None:
    for kind in ("text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=x"):
        response = post(server, {"Content-Type": kind})
        assert response.status_code == 415, kind
        assert response.json()["error"] == "form_body"


def test_an_owner_command_from_another_site_is_refused(server: LiveServer) -> None:
    created = server.create(TABLE)
    response = post(server, {"Origin": EVIL, "Content-Type": "application/json"},
                    f'{{"owner": "{created["owner"]}"}}'.encode(),
                    f"/api/tables/{created['table']}/start")
    assert response.status_code == 403
    assert server.get(f"/api/tables/{created['table']}").json()["status"] == "waiting"


def test_the_page_s_own_origin_and_the_allowed_ones_pass(server: LiveServer) -> None:
    for origin in (server.http, "https://friend.example"):
        response = post(server, {"Origin": origin, "Content-Type": "application/json"})
        assert response.status_code == 201, (origin, response.text)
    assert server.get("/api/games").status_code == 200  # a GET is never refused for Origin


def test_a_websocket_from_another_site_is_refused(server: LiveServer) -> None:
    table = server.create(TABLE)["table"]
    path = f"/ws/tables/{table}"
    host = f"127.0.0.1:{server.port}"
    assert handshake(server.port, path, {"Host": host, "Origin": EVIL}) == 403
    assert handshake(server.port, path, {"Host": host, "Origin": server.http}) == 101
    with connect(f"{server.ws}{path}", origin=server.http) as ws:  # type: ignore[arg-type]
        assert '"state"' in str(ws.recv(timeout=10))


# -- creating ----------------------------------------------------------------------------------


def test_one_address_creates_only_so_many_tables(tmp_path: Path) -> None:
    live = LiveServer(tmp_path, "--create-rate", "6", "--create-burst", "3").start()
    try:
        for _ in range(3):
            live.create(TABLE)
        response = httpx.post(f"{live.http}/api/tables?lang=it", json=TABLE, timeout=10)
        assert response.status_code == 429
        assert response.json()["error"] == "too_many_tables"
        assert "Troppi tavoli" in response.json()["message"]
        assert 1 <= int(response.headers["Retry-After"]) <= 10  # one table every 10 s
        assert live.get("/api/health").json()["tables"] == 3
    finally:
        live.stop()


def test_a_flood_of_creations_is_held_to_the_default_limit(tmp_path: Path) -> None:
    # LiveServer lifts the limit for the other tests; here it is the default again
    live = LiveServer(tmp_path, "--create-rate", "30").start()
    try:
        with httpx.Client(base_url=live.http, timeout=10) as client:
            codes = [client.post("/api/tables", json=TABLE).status_code for _ in range(100)]
        assert codes.count(201) <= 32 and codes.count(429) >= 68
    finally:
        live.stop()


def test_the_openapi_schema_only_when_asked_for(server: LiveServer, tmp_path: Path) -> None:
    assert server.get("/openapi.json").status_code == 404
    live = LiveServer(tmp_path, "--api-docs").start()
    try:
        assert "/api/tables" in live.get("/openapi.json").json()["paths"]
    finally:
        live.stop()


# -- expiry ----------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", LIVE_BACKENDS)
def test_a_waiting_table_nobody_joined_expires(request: pytest.FixtureRequest, tmp_path: Path,
                                               backend: str) -> None:
    live = LiveServer(tmp_path, "--waiting-expiry", "1",
                      *serve_db_args(request, backend)).start()
    try:
        lonely = live.create(TABLE)
        watched = live.create(TABLE)
        joined = live.create(TABLE)
        started = live.create({**TABLE, "seats": ["human", "medio"], "start": True})
        with connect(f"{live.ws}/ws/tables/{joined['table']}?token="
                     f"{joined['seats'][0]['token']}") as ws:
            ws.recv(timeout=10)
        with connect(f"{live.ws}/ws/tables/{watched['table']}") as ws:  # a spectator
            ws.recv(timeout=10)
        deadline = time.monotonic() + 15
        # each expires a second after it was made: on a busy machine the sweep may come between
        # the two, so each is waited for (a spectator must not keep the second one alive)
        for table in (lonely, watched):
            while live.get(f"/api/tables/{table['table']}").status_code != 404:
                assert time.monotonic() < deadline, f"a table nobody joined stays: {table}"
                time.sleep(0.2)
        gone = live.get(f"/api/tables/{watched['table']}?lang=it")
        assert gone.status_code == 404 and gone.json()["code"] == "unknown_table"
        with connect(f"{live.ws}/ws/tables/{lonely['table']}?token="
                     f"{lonely['seats'][0]['token']}") as ws:
            assert '"unknown_table"' in str(ws.recv(timeout=10))
        time.sleep(1.5)  # another sweep or more
        assert live.get(f"/api/tables/{joined['table']}").status_code == 200
        assert live.get(f"/api/tables/{started['table']}").status_code == 200
    finally:
        live.stop()
    # deleted from the database too: a restarted server does not know them
    again = LiveServer(tmp_path, "--waiting-expiry", "0", *live.args[2:]).start()
    try:
        assert again.get(f"/api/tables/{lonely['table']}").status_code == 404
        assert again.get(f"/api/tables/{joined['table']}").status_code == 200
    finally:
        again.stop()


def test_the_flags_and_their_checks() -> None:
    parser = build_parser()
    defaults = parser.parse_args(["serve"])
    assert (defaults.create_rate, defaults.create_burst, defaults.waiting_expiry) == (
        30.0, 30, 86_400.0)
    assert (defaults.allowed_hosts, defaults.allowed_origins, defaults.api_docs) == ([], [], False)
    given = parser.parse_args(["serve", "--allowed-hosts", "a.example, b.example:8443",
                               "--allowed-origins", "https://a.example", "--api-docs"])
    assert given.allowed_hosts == ["a.example", "b.example:8443"]
    assert given.allowed_origins == ["https://a.example"] and given.api_docs
    for options, flag in (({"create_rate": -1.0}, "--create-rate"),
                          ({"create_rate": float("nan")}, "--create-rate"),
                          ({"create_burst": 0}, "--create-burst")):
        with pytest.raises(MazzoError, match=flag):
            check_serve_options(8000, 1, options)
