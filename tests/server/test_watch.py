"""/metrics and /api/ready on the app in this process (no server to start: they need no
lifespan): who may read the metrics, by the client's address, the proxy's headers and the
token; the readiness answer when the schema is not the code's; and what the storage counts as
its errors."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families

from mazzo.engine.game import MazzoError
from mazzo.server.app import check_serve_options, create_app
from mazzo.server.storage.base import Storage, StorageError, TableRow
from mazzo.server.storage.sqlite import SQLiteStorage
from mazzo.server.watch import Metrics, may_read_metrics, process_label

T = TypeVar("T")
TOKEN = "s3cret-metrics-token"


@pytest.fixture
def storage(sqlite_storage: SQLiteStorage) -> SQLiteStorage:
    return sqlite_storage


def on_app(storage: Storage, work: Callable[[httpx.AsyncClient], Awaitable[T]],
           client: tuple[str, int] = ("127.0.0.1", 40000), **flags: Any) -> T:
    """``work(http)`` against an app on ``storage`` made with ``flags``, its requests coming
    from ``client`` (address, port) as the server's socket would see them."""
    app = create_app(storage, bot_workers=0, **flags)

    async def run() -> T:
        transport = httpx.ASGITransport(app=app, client=client)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            return await work(http)

    try:
        return asyncio.run(run())
    finally:
        app.state.bots.close()


def get(path: str, headers: dict[str, str] | None = None
        ) -> Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]:
    async def work(http: httpx.AsyncClient) -> httpx.Response:
        return await http.get(path, headers=headers)
    return work


# -- who may read /metrics ----------------------------------------------------------------------


@pytest.mark.parametrize(("client", "headers", "allowed"), [
    ("127.0.0.1", {}, True),
    ("::1", {}, True),
    ("127.0.0.5", {}, True),
    ("203.0.113.9", {}, False),
    ("192.168.1.4", {}, False),
    ("testclient", {}, False),  # not an address at all
    # a proxy on this machine relays others' requests: its headers give it away, whatever
    # address uvicorn took from them
    ("127.0.0.1", {"X-Forwarded-For": "127.0.0.1"}, False),
    ("127.0.0.1", {"X-Forwarded-For": "203.0.113.9"}, False),
    ("127.0.0.1", {"Forwarded": "for=127.0.0.1"}, False),
    ("127.0.0.1", {"X-Real-IP": "127.0.0.1"}, False),
    # the token opens it from anywhere, through a proxy too; a wrong one does not
    ("203.0.113.9", {"Authorization": f"Bearer {TOKEN}"}, True),
    ("203.0.113.9", {"Authorization": f"bearer {TOKEN}"}, True),
    ("127.0.0.1", {"Authorization": f"Bearer {TOKEN}", "X-Forwarded-For": "203.0.113.9"}, True),
    ("203.0.113.9", {"Authorization": "Bearer wrong"}, False),
    ("203.0.113.9", {"Authorization": f"Basic {TOKEN}"}, False),
    ("203.0.113.9", {"Authorization": f"Bearer {TOKEN}x"}, False),
])
def test_who_may_read_the_metrics(client: str, headers: dict[str, str], allowed: bool) -> None:
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    assert may_read_metrics(client, raw, TOKEN) is allowed


def test_without_a_token_none_opens_the_metrics() -> None:
    shown = [(b"authorization", b"Bearer ")]
    assert not may_read_metrics("203.0.113.9", shown, None)
    assert not may_read_metrics("203.0.113.9", shown, "")


def test_the_route_refuses_a_client_off_this_machine(storage: SQLiteStorage) -> None:
    refused = on_app(storage, get("/metrics?lang=it"), client=("203.0.113.9", 5000))
    assert refused.status_code == 403 and refused.json()["error"] == "metrics_refused"
    assert "--metrics-token" in refused.json()["message"]
    assert "macchina" in refused.json()["message"]  # ?lang=it
    shown = on_app(storage, get("/metrics", {"Authorization": f"Bearer {TOKEN}"}),
                   client=("203.0.113.9", 5000), metrics_token=TOKEN)
    assert shown.status_code == 200
    assert shown.headers["content-type"] == CONTENT_TYPE_LATEST


def test_every_metric_carries_the_process_label(storage: SQLiteStorage,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAZZO_PROCESS_INDEX", "3")
    assert process_label() == "3"
    text = on_app(storage, get("/metrics")).text
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name in ("mazzo_acts", "mazzo_commit_seconds", "mazzo_broadcast_seconds",
                 "mazzo_bot_think_seconds", "mazzo_tables", "mazzo_connections",
                 "mazzo_bot_queue", "mazzo_bot_running", "mazzo_storage_errors",
                 "process_cpu_seconds"):
        assert name in families, name
    samples = [s for f in families.values() for s in f.samples]
    assert samples and all(s.labels.get("process") == "3" for s in samples)
    tables = {s.labels["status"]: s.value for s in families["mazzo_tables"].samples}
    assert tables == {"waiting": 0, "playing": 0, "over": 0}
    monkeypatch.delenv("MAZZO_PROCESS_INDEX")
    assert process_label() == "0"


def test_each_app_has_a_registry_of_its_own() -> None:
    first, second = Metrics("0"), Metrics("0")
    first.acted("person", 0.001, 0.0002)
    assert b'mazzo_acts_total{by="person",process="0"} 1.0' in first.exposition()
    assert b'mazzo_acts_total{by="person",process="0"} 0.0' in second.exposition()


# -- /api/ready ---------------------------------------------------------------------------------


def test_ready_when_the_schema_is_the_codes(storage: SQLiteStorage) -> None:
    answer = on_app(storage, get("/api/ready"))
    assert answer.status_code == 200
    assert answer.json() == {"ready": True, "schema": Storage.SCHEMA_VERSION}


def test_not_ready_before_the_migrations(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "empty.db")  # never migrated
    try:
        answer = on_app(storage, get("/api/ready"))
    finally:
        storage.close()
    assert answer.status_code == 503 and answer.headers["retry-after"] == "1"
    body = answer.json()
    assert body["ready"] is False and body["error"] == "schema_behind"
    assert (body["found"], body["expected"]) == (0, Storage.SCHEMA_VERSION)
    assert "migrations" in body["message"]


def test_not_ready_on_a_database_a_newer_mazzo_migrated(storage: SQLiteStorage) -> None:
    storage._run(lambda db: db.execute("INSERT INTO schema_version(version) VALUES (?)",
                                       (Storage.SCHEMA_VERSION + 1,)))
    answer = on_app(storage, get("/api/ready?lang=it"))
    assert answer.status_code == 503 and answer.json()["error"] == "schema_ahead"
    assert "più nuova" in answer.json()["message"]


# -- storage errors -----------------------------------------------------------------------------


def test_sqlite_counts_its_own_errors_not_the_callers(storage: SQLiteStorage) -> None:
    row = TableRow("t1", "cribbage", {}, (), "owner-hash")
    storage.create_table(row)
    with pytest.raises(StorageError):
        storage.create_table(row)  # a broken constraint: the caller's mistake
    assert (storage.error_failures, storage.unavailable_failures) == (0, 0)
    with pytest.raises(sqlite3.OperationalError):
        storage._run(lambda db: db.execute("SELECT * FROM no_such_table"))
    assert storage.error_failures == 1


@pytest.mark.parametrize(("key", "flag"), [("log_format", "--log-format"),
                                           ("log_level", "--log-level")])
def test_the_log_flags_are_checked(key: str, flag: str) -> None:
    with pytest.raises(MazzoError, match=flag):
        check_serve_options(8000, 1, {key: "loud"})
    check_serve_options(8000, 1, {"log_format": "json", "log_level": "info"})


def test_the_serve_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    from mazzo.cli.main import build_parser

    monkeypatch.delenv("MAZZO_METRICS_TOKEN", raising=False)
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.log_format, defaults.log_level, defaults.metrics_token) == (
        "text", "warning", None)
    monkeypatch.setenv("MAZZO_METRICS_TOKEN", TOKEN)  # kept out of ps
    assert build_parser().parse_args(["serve"]).metrics_token == TOKEN
    given = build_parser().parse_args(["serve", "--log-format", "json", "--log-level", "info",
                                       "--metrics-token", "other"])
    assert (given.log_format, given.log_level, given.metrics_token) == ("json", "info", "other")
