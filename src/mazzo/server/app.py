"""The FastAPI app: ``create_app(storage)`` wires the table manager, the bot pool, the HTTP
routes (:mod:`~mazzo.server.api`, :mod:`~mazzo.server.pages`) and the table websocket
(:mod:`~mazzo.server.table_socket`); ``serve`` runs it under uvicorn (``mazzo serve``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import socket
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Final

from fastapi import FastAPI

from mazzo.engine.game import MazzoError
from mazzo.server import api, lessons, ratings_api
from mazzo.server.account_api import AccountSettings
from mazzo.server.account_api import accounts as account_routes
from mazzo.server.bots import BotPool, default_workers
from mazzo.server.finding import finding
from mazzo.server.gate import WILDCARD_BINDS, CreationLimit, Gate, served_hosts
from mazzo.server.log_format import FORMATS as LOG_FORMATS
from mazzo.server.log_format import LEVELS as LOG_LEVELS
from mazzo.server.log_format import announce, configure
from mazzo.server.pages import install as install_pages
from mazzo.server.protocol import MAX_MESSAGE_BYTES, encode_frame, error_frame
from mazzo.server.quickmatch import Matchmaker, quickmatch
from mazzo.server.reports import reports
from mazzo.server.review import reviews
from mazzo.server.sockets import OUTBOX_FRAMES, SEND_TIMEOUT_S, WS_MAX_BYTES, Clients, TableSockets
from mazzo.server.storage.base import Storage, open_storage
from mazzo.server.table_socket import table_socket_handler
from mazzo.server.tables import (
    FORGET_AFTER_S,
    HINT_COOLDOWN_S,
    OPTIONS,
    WAITING_EXPIRY_S,
    TableManager,
)
from mazzo.server.transport import (
    CONNECTIONS_PER_ADDRESS,
    HEADER_TIMEOUT_S,
    IDLE_TIMEOUT_S,
    ConnectionCaps,
    backlog,
    default_max_connections,
    descriptor_limit,
    guarded_http_protocol,
    install_accept_error_filter,
    lean_websocket_protocol,
)
from mazzo.server.watch import Metrics
from mazzo.server.watch import router as watch_routes
from mazzo.text import plural

log = logging.getLogger("mazzo.server")

#: the garbage collector's thresholds once serving (see tune_gc)
GC_THRESHOLDS: Final = (20_000, 20, 100)
#: tables one client address may create per minute, and at once (``mazzo serve --create-rate``,
#: ``--create-burst``): far more than a person makes, far fewer than a flood (238 a second)
CREATE_PER_MINUTE: Final = 30.0
CREATE_BURST: Final = 30


def tune_gc() -> None:
    """Keep the garbage collector from pausing the server. With the default thresholds it
    examined the whole heap (every table's state) several times a minute under load, each
    full collection a pause of 0.2-0.7 s and a tenth of a second of CPU (make bench-server,
    500 tables); almost everything is freed by reference counting anyway. So: collect once,
    freeze what start-up made (modules, restored tables: never examined again), and collect
    the young generation every 20,000 new objects instead of 700 (a few ms each), the older
    ones far more rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(storage: Storage, *, bot_workers: int | None = 1, bot_pause: float = 0.6,
               grace: float = 60.0, rate: float = 20.0, burst: int = 40, url: str = "",
               takeover: float = 5.0, forget_after: float = FORGET_AFTER_S,
               outbox: int = OUTBOX_FRAMES, send_timeout: float = SEND_TIMEOUT_S,
               hint_cooldown: float = HINT_COOLDOWN_S, bot_tables: bool = False,
               hosts: Sequence[str] = ("*",), origins: Sequence[str] = (),
               any_ip: bool = False, create_rate: float = CREATE_PER_MINUTE,
               create_burst: int = CREATE_BURST, api_docs: bool = False,
               waiting_expiry: float = WAITING_EXPIRY_S,
               caps: ConnectionCaps | None = None, https: bool = False,
               trust_proxy: bool = False,
               account_settings: AccountSettings | None = None,
               metrics_token: str | None = None) -> FastAPI:
    """The server app on ``storage``: bots in ``bot_workers`` processes (None: one per core,
    see :func:`default_workers`), each seat's hints ``hint_cooldown`` seconds apart, tables of
    bots only refused unless ``bot_tables``; ``rate`` messages per
    second per connection (``burst`` at once). With several processes on one database, ``url``
    is where this one is reached and every ``takeover`` seconds it adopts the tables of a
    process that stopped. A finished table nobody used for ``forget_after`` seconds is dropped
    from memory (and loaded from storage again when asked for). A connection with more than
    ``outbox`` frames waiting, or whose socket took no frame for ``send_timeout`` seconds, is
    hung up on (see :class:`WsClient`). Requests are taken for the names in ``hosts`` (any IP
    address too with ``any_ip``) from pages of this server or of ``origins`` (see
    :class:`Gate`); each client address creates at most ``create_rate`` tables a minute
    (``create_burst`` at once; 0: no limit). ``/openapi.json`` is served with ``api_docs``.
    A table never started that nobody joined is deleted after ``waiting_expiry`` seconds (0:
    never; see :meth:`TableManager.expire`). ``caps``, the connection caps ``serve`` runs
    uvicorn with, adds its counts to /api/health. Session cookies are ``Secure`` with
    ``https`` (clients reach the server over HTTPS), or with ``trust_proxy`` when the proxy in
    front says ``X-Forwarded-Proto: https``;
    ``account_settings`` replaces both, with its own password hashing and login limits.
    ``/metrics`` is read from this machine, or elsewhere with ``metrics_token`` (see
    :mod:`~mazzo.server.watch`)."""
    metrics = Metrics()
    pool = BotPool(bot_workers, thought=metrics.thought)
    clients = Clients(outbox, send_timeout)
    manager = TableManager(storage, pool, bot_pause=bot_pause, grace=grace, url=url,
                           forget_after=forget_after, hint_cooldown=hint_cooldown,
                           bot_tables=bot_tables, waiting_expiry=waiting_expiry,
                           metrics=metrics)
    metrics.watch(manager, clients)

    # no /docs pages: they would load scripts from a CDN; docs/server.md documents the API.
    # The schema only when asked for: it lists every route to whoever probes the server
    matchmaker = Matchmaker(manager)
    app = FastAPI(title="mazzo table server", lifespan=_lifespan(manager, takeover, matchmaker),
                  docs_url=None, redoc_url=None,
                  openapi_url="/openapi.json" if api_docs else None)
    app.state.manager = manager
    app.state.clients = clients
    app.state.bots = pool
    app.state.creations = CreationLimit(create_rate, create_burst)
    app.state.caps = caps
    #: whether another process's table is reached by forwarding the request to it (the
    #: supervisor's children, whose addresses are private) rather than redirecting the client
    app.state.forward_to_peers = False
    #: the other processes of this server (their private addresses), whose metrics /metrics
    #: gathers with this one's
    app.state.metric_peers = ()
    app.state.quickmatch = matchmaker
    app.state.metrics = metrics
    app.state.metrics_token = metrics_token or None
    #: the other sites' pages allowed to use the API: a session cookie is taken from these too
    #: (never from any site, ``*``; see mazzo.server.accounts)
    app.state.origins = tuple(origins)
    app.state.accounts = account_settings or AccountSettings(https=https,
                                                             trust_proxy=trust_proxy)
    install_pages(app)  # the browser app: lobby, table pages, replay viewer, rules pages
    # these routes before the tables': the owner's commands take any /api/tables/{id}/{word},
    # and these are /join, /reports and /review
    for router in (api.health, watch_routes, api.games, account_routes, finding, quickmatch,
                   reports, reviews, api.tables, ratings_api.router, lessons.router):
        app.include_router(router)
    api.install_errors(app)
    app.add_middleware(TableSockets, serve=table_socket_handler(manager, clients, rate, burst))
    app.add_middleware(Gate, hosts=hosts, origins=origins, any_ip=any_ip)  # the outermost
    return app


def _lifespan(manager: TableManager, takeover: float, matchmaker: Matchmaker
              ) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The server's start and end: tables being played restored by replay, then the
    manager's rounds (taking over, watching the storage, forgetting, expiring) and the quick
    match's until the end, when the manager, its bot pool and its storage close."""
    storage, pool = manager.storage, manager.bots

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        restored = await manager.restore()
        if restored:
            log.warning("mazzo: %s rebuilt by replay",
                        plural(restored, "unfinished table", "unfinished tables"))
        tune_gc()
        # only a shared database can have tables whose process stopped: SQLite's are all ours
        adopting = (asyncio.create_task(manager.adopt_orphans(takeover)) if storage.shared
                    else None)
        watching = asyncio.create_task(manager.watch())
        forgetting = asyncio.create_task(manager.forget_idle())
        expiring = asyncio.create_task(manager.expire_waiting())
        matching = asyncio.create_task(matchmaker.run())
        yield
        matching.cancel()
        expiring.cancel()
        if adopting is not None:
            adopting.cancel()
        watching.cancel()
        forgetting.cancel()
        await manager.close()
        pool.close()
        storage.close()

    return lifespan


def check_serve_options(port: int, bot_workers: int | None, options: dict[str, Any]) -> None:
    """``mazzo serve``'s numbers, checked before anything starts, each error naming its flag.
    Left unchecked they surfaced later and elsewhere: a default grace or bot pause outside the
    range a table may set made every POST /api/tables a 422 blaming an ``options`` field the
    client never sent; ``--rate 0`` answered no message after the first burst; a port out of
    range ended in a traceback."""
    if not 0 <= port <= 65535:
        raise MazzoError(f"--port: {port} is not a port; give 0 to 65535 (0: any free one)",
                         italian=f"--port: {port} non è una porta; dai da 0 a 65535 (0: una "
                                 "libera qualsiasi)")
    if bot_workers is not None and bot_workers < 0:
        raise MazzoError(f"--workers-bots: {bot_workers}; give 0 (a thread) or more processes",
                         italian=f"--workers-bots: {bot_workers}; dai 0 (un thread) o più "
                                 "processi")
    rate, burst = options.get("rate", 20.0), options.get("burst", 40)
    if not (math.isfinite(rate) and rate > 0):
        raise MazzoError(f"--rate: {rate:g}; give a number of messages per second over 0",
                         italian=f"--rate: {rate:g}; dai un numero di messaggi al secondo "
                                 "maggiore di 0")
    if burst < 1:
        raise MazzoError(f"--burst: {burst}; give 1 message or more",
                         italian=f"--burst: {burst}; dai 1 messaggio o più")
    cooldown = options.get("hint_cooldown", HINT_COOLDOWN_S)
    if not (math.isfinite(cooldown) and cooldown >= 0):
        raise MazzoError(f"--hint-cooldown: {cooldown:g}; give a number of seconds, 0 or more",
                         italian=f"--hint-cooldown: {cooldown:g}; dai un numero di secondi, 0 o "
                                 "più")
    create_rate = options.get("create_rate", CREATE_PER_MINUTE)
    if not (math.isfinite(create_rate) and create_rate >= 0):
        raise MazzoError(f"--create-rate: {create_rate:g}; give a number of tables per minute, "
                         "0 or more (0: no limit)",
                         italian=f"--create-rate: {create_rate:g}; dai un numero di tavoli al "
                                 "minuto, 0 o più (0: nessun limite)")
    create_burst = options.get("create_burst", CREATE_BURST)
    if create_burst < 1:
        raise MazzoError(f"--create-burst: {create_burst}; give 1 table or more",
                         italian=f"--create-burst: {create_burst}; dai 1 tavolo o più")
    takeover = options.get("takeover", 5.0)
    if not (math.isfinite(takeover) and takeover > 0):
        raise MazzoError(f"--takeover: {takeover:g}; give a number of seconds over 0",
                         italian=f"--takeover: {takeover:g}; dai un numero di secondi maggiore "
                                 "di 0")
    _check_connection_options(options)
    _check_log_options(options)
    for flag, key, option in (("--grace", "grace", "grace_s"),
                              ("--bot-pause", "bot_pause", "bot_pause_s")):
        _default, low, high = OPTIONS[option]
        value = options.get(key, _default)
        if not low <= value <= high:  # also refuses nan
            raise MazzoError(f"{flag}: {value:g}; give a number of seconds from {low:g} to "
                             f"{high:g} (the range a table's options.{option} may have)",
                             italian=f"{flag}: {value:g}; dai un numero di secondi da {low:g} "
                                     f"a {high:g} (i limiti di options.{option} di un tavolo)")


def _check_connection_options(options: dict[str, Any]) -> None:
    """The connection limits of ``check_serve_options``: timeouts over 0 (``inf``: none), at
    least one connection in all, 0 or more per address (0: no cap)."""
    for flag, key in (("--header-timeout", "header_timeout"), ("--idle-timeout", "idle_timeout")):
        value = options.get(key, 1.0)
        if not value > 0:  # also refuses nan
            raise MazzoError(f"{flag}: {value:g}; give a number of seconds over 0 (inf: none)",
                             italian=f"{flag}: {value:g}; dai un numero di secondi maggiore di 0 "
                                     "(inf: nessun limite)")
    total = options.get("max_connections")
    if total is not None and total < 1:
        raise MazzoError(f"--max-connections: {total}; give 1 connection or more",
                         italian=f"--max-connections: {total}; dai 1 connessione o più")
    per_address = options.get("max_connections_per_address", 0)
    if per_address < 0:
        raise MazzoError(f"--max-connections-per-address: {per_address}; give 0 (no cap) or "
                         "more connections",
                         italian=f"--max-connections-per-address: {per_address}; dai 0 (nessun "
                                 "limite) o più connessioni")


def _check_log_options(options: dict[str, Any]) -> None:
    """``--log-format`` and ``--log-level`` of ``check_serve_options``: one of the names."""
    for flag, key, names in (("--log-format", "log_format", LOG_FORMATS),
                             ("--log-level", "log_level", LOG_LEVELS)):
        value = options.get(key, names[0])
        if value not in names:
            raise MazzoError(f"{flag}: {value!r}; give one of {', '.join(names)}",
                             italian=f"{flag}: {value!r}; dai uno tra {', '.join(names)}")


def serve(*, host: str, port: int, db: str | None, bot_workers: int | None,
          advertise: str | None = None, allowed_hosts: Sequence[str] = (),
          header_timeout: float = HEADER_TIMEOUT_S, idle_timeout: float = IDLE_TIMEOUT_S,
          max_connections: int | None = None,
          max_connections_per_address: int = CONNECTIONS_PER_ADDRESS, processes: int = 1,
          log_format: str = "text", log_level: str = "warning", **options: Any) -> int:
    """Run the server until interrupted (``mazzo serve``). It answers requests sent to its
    bind address, to the loopback names, to where it is advertised and to ``allowed_hosts``
    (see :class:`Gate`), within the connection caps and timeouts of :mod:`transport`; it logs
    in ``log_format`` (``text`` or ``json``, see :mod:`~mazzo.server.log_format`) from
    ``log_level`` up. With ``processes`` above 1 (PostgreSQL), that many processes serve the
    port under :mod:`~mazzo.server.supervisor`, each with its share of the cores for bots."""
    from mazzo.server.supervisor import check_processes, supervise

    limits = {"header_timeout": header_timeout, "idle_timeout": idle_timeout,
              "max_connections": max_connections,
              "max_connections_per_address": max_connections_per_address}
    check_serve_options(port, bot_workers, {**options, **limits, "log_format": log_format,
                                            "log_level": log_level})
    check_processes(processes, db)
    settings = {"host": host, "port": port, "db": db, "bot_workers": bot_workers,
                "advertise": advertise, "allowed_hosts": tuple(allowed_hosts), **limits,
                "log_format": log_format, "log_level": log_level, **options}
    if processes == 1:
        return run_server(settings)
    if bot_workers is None:
        settings["bot_workers"] = max(1, default_workers() // processes)
    # migrate once, before the children start, and fail here if the database is unreachable
    storage = open_storage(db)
    database = storage.describe()
    storage.close()
    configure(log_format, log_level)
    return supervise(processes, host, port, backlog(descriptor_limit()), settings, database)


def run_server(settings: dict[str, Any], *, sockets: list[socket.socket] | None = None,
               peer_url: str | None = None, peers: Sequence[str] = ()) -> int:
    """One server process with ``serve``'s checked ``settings``: on its own bound
    ``host:port``, or on ``sockets`` bound for it, where other processes reach it at
    ``peer_url`` (a child of the supervisor: there HTTP requests for another process's table
    are forwarded to it, not redirected, and /metrics answers for every process of ``peers``)."""
    import uvicorn

    settings = dict(settings)
    host, port = settings.pop("host"), settings.pop("port")
    db, advertise = settings.pop("db"), settings.pop("advertise")
    allowed_hosts = settings.pop("allowed_hosts")
    header_timeout, idle_timeout = settings.pop("header_timeout"), settings.pop("idle_timeout")
    log_format, log_level = settings.pop("log_format"), settings.pop("log_level")
    caps = ConnectionCaps(settings.pop("max_connections_per_address"),
                          settings.pop("max_connections"))
    storage = open_storage(db)
    # once the storage is open, so that a wrong --db is an error message with the process's
    # logging untouched (dictConfig closes every handler there was, a caller's too); a spawned
    # child sets its own up here
    configure(log_format, log_level)
    public = (advertise or f"http://{host}:{port}").rstrip("/")
    app = create_app(storage, url=peer_url or public,
                     hosts=served_hosts(host, public, allowed_hosts),
                     any_ip=host in WILDCARD_BINDS, caps=caps, **settings)
    app.state.forward_to_peers = peer_url is not None
    app.state.metric_peers = tuple(p for p in peers if p != peer_url)
    if sockets is None:
        announce(f"mazzo: serving on http://{host}:{port}  (database: {storage.describe()})",
                 log_format)
    _warn_over_descriptors(caps.total)
    install_accept_error_filter()
    refused = encode_frame(error_frame("too_many_connections", "en")).encode()
    # no permessage-deflate: frames are a few KB and compressing them cost an eighth of the
    # server's time under load (make bench-server), for bandwidth a card game does not lack
    # logging is set up above (log_config=None: uvicorn only sets its loggers' level); the
    # loop is asyncio's own, never uvloop because something else installed it: the connection
    # guards and the outboxes are built and measured on asyncio's transports
    config = uvicorn.Config(app, host=host, port=port, log_config=None, log_level=log_level,
                            loop="asyncio", ws_max_size=WS_MAX_BYTES,
                            ws_per_message_deflate=False, backlog=backlog(descriptor_limit()),
                            http=guarded_http_protocol(caps, header_timeout, idle_timeout,
                                                       refused),
                            ws=lean_websocket_protocol(caps))
    # Ctrl-C: uvicorn drains, then raises it again (uvicorn.run swallows it the same way): a
    # server stopped by its owner ends well
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=sockets)
    return 0


def _warn_over_descriptors(total: int) -> None:
    """Say so when ``--max-connections`` is more than the process can open: accepting will
    then fail now and then (asyncio's "out of system resource", logged once per 10 s)."""
    limit = descriptor_limit()
    if total > default_max_connections(limit):
        log.warning("mazzo: --max-connections %d is more than this process can hold: it may "
                    "open %d descriptors (ulimit -n), room for %d connections; raise ulimit -n "
                    "or lower --max-connections", total, limit, default_max_connections(limit))


__all__ = ["MAX_MESSAGE_BYTES", "WS_MAX_BYTES", "create_app", "run_server", "serve", "tune_gc"]
