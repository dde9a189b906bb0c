"""Watching a server process: its metrics for Prometheus (``GET /metrics``) and whether it is
ready to serve (``GET /api/ready``). docs/server.md ("Watching it") names every metric.

Two kinds of metric. Those counted as things happen (acts, commit and broadcast latency, bot
think time) cost a few microseconds on the act's path. Those that say how things stand
(tables by status, connections, the bot queue, storage errors) are read from the server's own
state when Prometheus asks, so no count kept on the side can drift from what it counts. Every
metric carries ``process``, this process's label (:func:`process_label`), so that the
processes of one server read apart.

Who may read ``/metrics`` (:func:`may_read_metrics`): a client on this machine that no proxy
relayed (the club's Prometheus beside the server), or one that shows the ``--metrics-token``.
"""

from __future__ import annotations

import asyncio
import collections
import hmac
import ipaddress
import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram
from prometheus_client import generate_latest as exposition
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from mazzo.server.protocol import LANGS, error_frame
from mazzo.server.storage.base import STATUSES, Storage, StorageError

if TYPE_CHECKING:
    from mazzo.server.bots import BotPool
    from mazzo.server.sockets import Clients
    from mazzo.server.tables import TableManager

#: the environment variable naming this process among a server's processes (``mazzo serve
#: --processes`` sets it for each); its value is the ``process`` label of every metric and log
PROCESS_ENV: Final = "MAZZO_PROCESS_INDEX"
#: who made an act (the ``by`` label of ``mazzo_acts_total``)
PERSON: Final = "person"
BOT: Final = "bot"
CHANCE: Final = "chance"
#: the bot pool's two kinds of work (:data:`mazzo.server.bots.MOVE` and ``HINT``)
BOT_WORK: Final = ("move", "hint")
#: histogram buckets (seconds) of the act's path: a commit takes about a millisecond (an
#: fsync, a PostgreSQL round trip), a broadcast a tenth of one; the tail reaches seconds only
#: when something is wrong
LATENCY_BUCKETS: Final = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                          0.1, 0.25, 0.5, 1.0, 2.5)
#: histogram buckets (seconds) of a bot's think time: a random bot's pick takes a millisecond,
#: an esperto's search seconds, a Burraco hint tens of seconds
THINK_BUCKETS: Final = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
                        60.0)
#: headers a proxy adds to the request it relays: such a request came from elsewhere, even
#: when the proxy itself is on this machine
PROXY_HEADERS: Final = (b"x-forwarded-for", b"forwarded", b"x-real-ip")
#: seconds /api/ready waits for the database before it answers that it is not ready
READY_TIMEOUT_S: Final = 2.0
#: seconds /metrics waits for another process of the server (``--processes``) to answer: one
#: that does not is left out of that scrape
PEER_TIMEOUT_S: Final = 2.0

router = APIRouter()


def process_label() -> str:
    """This process's label among the server's processes: ``$MAZZO_PROCESS_INDEX``, else
    ``0`` (the one process of a plain ``mazzo serve``)."""
    return os.environ.get(PROCESS_ENV, "").strip() or "0"


class Metrics:
    """One server process's metrics, in a registry of their own (not the library's global one:
    a test process makes several apps). The act's path calls :meth:`acted`, the bot pool
    :meth:`thought`; :meth:`watch` adds what is read at scrape time."""

    def __init__(self, label: str | None = None) -> None:
        self.label = process_label() if label is None else label
        self.registry = CollectorRegistry()
        acts = Counter("mazzo_acts", "Actions stored (acknowledged), by who made them",
                       ["process", "by"], registry=self.registry)
        commit = Histogram("mazzo_commit_seconds",
                           "Seconds from an act handed to storage to its commit",
                           ["process"], registry=self.registry, buckets=LATENCY_BUCKETS)
        broadcast = Histogram("mazzo_broadcast_seconds",
                              "Seconds from an act stored to its frames handed to every "
                              "client's socket", ["process"], registry=self.registry,
                              buckets=LATENCY_BUCKETS)
        think = Histogram("mazzo_bot_think_seconds",
                          "Seconds a bot worker took over one job (a bot's move or a hint)",
                          ["process", "kind"], registry=self.registry, buckets=THINK_BUCKETS)
        # each labelled child is looked up once here, not on every act
        self._acts = {by: acts.labels(self.label, by) for by in (PERSON, BOT, CHANCE)}
        self._commit = commit.labels(self.label)
        self._broadcast = broadcast.labels(self.label)
        self._think = {kind: think.labels(self.label, kind) for kind in BOT_WORK}

    def acted(self, by: str, commit_s: float, broadcast_s: float) -> None:
        """One act stored and broadcast: who made it, how long each took."""
        self._acts[by].inc()
        self._commit.observe(commit_s)
        self._broadcast.observe(broadcast_s)

    def thought(self, kind: str, seconds: float) -> None:
        """A bot worker finished a job of ``kind`` (``move`` or ``hint``) in ``seconds``."""
        histogram = self._think.get(kind)
        if histogram is not None:
            histogram.observe(seconds)

    def watch(self, manager: TableManager, clients: Clients) -> None:
        """Add what is read when Prometheus asks: the server's state and the process's own
        (CPU, memory, open files)."""
        self.registry.register(ServerState(manager, clients, self.label))
        self.registry.register(Labelled(ProcessCollector(registry=None), self.label))

    def exposition(self) -> bytes:
        """The metrics in the Prometheus text format."""
        return exposition(self.registry)


class ServerState(Collector):
    """The gauges and counters read from the server's state at each scrape (in the event loop,
    where that state changes: /metrics is an ``async`` route)."""

    def __init__(self, manager: TableManager, clients: Clients, label: str) -> None:
        self.manager = manager
        self.clients = clients
        self.label = label

    def collect(self) -> Iterator[Metric]:
        label = self.label
        counts = collections.Counter(t.status for t in list(self.manager.tables.values()))
        tables = GaugeMetricFamily("mazzo_tables", "Tables in this process's memory, by status",
                                   labels=["process", "status"])
        for status in STATUSES:
            tables.add_metric([label, status], counts.get(status, 0))
        yield tables
        connections = GaugeMetricFamily("mazzo_connections", "Open table websockets",
                                        labels=["process"])
        connections.add_metric([label], len(self.clients.live))
        yield connections
        yield from self._bots(self.manager.bots)
        yield _storage_errors(self.manager.storage, label)

    def _bots(self, pool: BotPool) -> Iterator[Metric]:
        queued = GaugeMetricFamily("mazzo_bot_queue",
                                   "Bot jobs waiting for a worker, by kind (move or hint)",
                                   labels=["process", "kind"])
        running = GaugeMetricFamily("mazzo_bot_running", "Bot jobs being worked out, by kind",
                                    labels=["process", "kind"])
        for kind in BOT_WORK:
            queued.add_metric([self.label, kind], pool.schedule.waiting(kind))
            running.add_metric([self.label, kind], pool.running[kind])
        yield queued
        yield running


def _storage_errors(storage: Storage, label: str) -> Metric:
    errors = CounterMetricFamily("mazzo_storage_errors",
                                 "Storage calls that failed for the database's sake, by why: "
                                 "unavailable (it could not be reached) or error (it refused)",
                                 labels=["process", "kind"])
    errors.add_metric([label, "unavailable"], storage.unavailable_failures)
    errors.add_metric([label, "error"], storage.error_failures)
    return errors


class Labelled(Collector):
    """Another collector's metrics with the ``process`` label added (the library's process
    collector has no labels of its own)."""

    def __init__(self, inner: Collector, label: str) -> None:
        self.inner = inner
        self.label = label

    def collect(self) -> Iterable[Metric]:
        for family in self.inner.collect():
            family.samples = [s._replace(labels={**s.labels, "process": self.label})
                              for s in family.samples]
            yield family


# -- who may read the metrics ---------------------------------------------------------------------


def may_read_metrics(client: str | None, headers: Iterable[tuple[bytes, bytes]],
                     token: str | None) -> bool:
    """Whether a request may read /metrics: it shows ``token`` (``Authorization: Bearer
    TOKEN``), or it comes from this machine (a loopback address) and no proxy relayed it (a
    proxy's headers are absent). A proxy in front on this machine connects from loopback too,
    so its requests are told apart by the headers it adds, never by the address uvicorn may
    have rewritten from them."""
    relayed = False
    shown = None
    for name, value in headers:
        if name in PROXY_HEADERS:
            relayed = True
        elif name == b"authorization":
            shown = value.decode("latin-1")
    if token and shown is not None:
        scheme, _, credentials = shown.partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(credentials.strip().encode(),
                                                              token.encode()):
            return True
    return not relayed and _is_loopback(client)


def _is_loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:  # not an address (an ASGI test client's name)
        return False


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang")
    return lang if lang in LANGS else "en"


@router.get("/metrics", response_model=None)
async def metrics(request: Request) -> Response:
    """The metrics in the Prometheus text format, for the readers allowed
    (:func:`may_read_metrics`); 403 to anyone else. ``async``: collected in the event loop.
    A process of ``mazzo serve --processes N`` answers for all N (each asked at its private
    address, ``?process=self``), so one scrape of the shared port sees every process."""
    client = request.client.host if request.client else None
    if not may_read_metrics(client, request.scope.get("headers", ()),
                            request.app.state.metrics_token):
        frame = error_frame("metrics_refused", _lang(request))
        return JSONResponse({"error": "metrics_refused", "message": frame["message"]},
                            status_code=403)
    watched: Metrics = request.app.state.metrics
    peers: tuple[str, ...] = request.app.state.metric_peers
    if not peers or request.query_params.get("process") == "self":
        return Response(watched.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})
    own = watched.exposition().decode()  # read now, in the event loop, before any await
    theirs = await asyncio.gather(*(_peer_metrics(peer) for peer in peers))
    return Response(merged([own, *(text for text in theirs if text is not None)]),
                    headers={"Content-Type": CONTENT_TYPE_LATEST})


async def _peer_metrics(peer: str) -> str | None:
    """Another process's own metrics (from its private address, on this machine, so it lets
    this process read them); None when it does not answer (it is starting again)."""
    import httpx

    try:
        async with httpx.AsyncClient(timeout=PEER_TIMEOUT_S) as client:
            answer = await client.get(f"{peer}/metrics", params={"process": "self"})
    except httpx.HTTPError:
        return None
    return answer.text if answer.status_code == 200 else None


def merged(texts: Iterable[str]) -> bytes:
    """Several processes' metrics as one exposition: each family once, with every process's
    samples (their ``process`` label keeps them apart)."""
    families: dict[str, Metric] = {}
    for text in texts:
        for family in text_string_to_metric_families(text):
            kept = families.setdefault(family.name, family)
            if kept is not family:
                kept.samples.extend(family.samples)
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Families(list(families.values())))
    return exposition(registry)


class _Families(Collector):
    """Families already collected (parsed from the processes' expositions)."""

    def __init__(self, families: list[Metric]) -> None:
        self.families = families

    def collect(self) -> Iterable[Metric]:
        return self.families


# -- ready to serve -------------------------------------------------------------------------------


@router.get("/api/ready", response_model=None)
async def ready(request: Request) -> JSONResponse:
    """200 when the storage answers a cheap query (the schema version) within
    :data:`READY_TIMEOUT_S` and its schema is the one this code expects; else 503 with why
    (``storage_unavailable``, ``schema_behind``, ``schema_ahead``). /api/health says the
    process is alive; this says it can serve."""
    storage: Storage = request.app.state.manager.storage
    lang = _lang(request)
    expected = storage.SCHEMA_VERSION
    try:
        found = await asyncio.wait_for(asyncio.to_thread(storage.schema_version),
                                       READY_TIMEOUT_S)
    except (StorageError, TimeoutError, OSError):
        return _not_ready("storage_unavailable", lang)
    except Exception as exc:  # the driver's own error (sqlite3.Error): the database refused
        return _not_ready("storage_unavailable", lang, detail=type(exc).__name__)
    if found != expected:
        code = "schema_behind" if found < expected else "schema_ahead"
        return _not_ready(code, lang, found=found, expected=expected)
    return JSONResponse({"ready": True, "schema": found})


def _not_ready(code: str, lang: str, detail: str | None = None, **fields: Any) -> JSONResponse:
    frame = error_frame(code, lang, **fields)
    body: dict[str, Any] = {"ready": False, "error": code, "message": frame["message"],
                            **fields}
    if detail is not None:
        body["detail"] = detail
    return JSONResponse(body, status_code=503, headers={"Retry-After": "1"})

