"""The FastAPI app: the HTTP lobby API and the table websocket. ``create_app(storage)`` builds
it; ``serve`` runs it under uvicorn (``mazzo serve``)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final, Protocol
from urllib.parse import parse_qsl

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.registry import all_games
from mazzo.server.bots import BotPool
from mazzo.server.gate import WILDCARD_BINDS, CreationLimit, Gate, served_hosts
from mazzo.server.pages import install as install_pages
from mazzo.server.protocol import (
    CLOSE_RECONNECT,
    LANGS,
    MAX_MESSAGE_BYTES,
    BadJSON,
    ProtocolError,
    TokenBucket,
    TooLarge,
    describe_game,
    encode_frame,
    error_frame,
    load_json,
    parse_message,
    read_body,
)
from mazzo.server.storage.base import OVER, Storage, StorageUnavailable
from mazzo.server.tables import (
    FORGET_AFTER_S,
    HINT_COOLDOWN_S,
    OPTIONS,
    WAITING_EXPIRY_S,
    BadRequest,
    Elsewhere,
    Table,
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
from mazzo.text import plural

log = logging.getLogger("mazzo.server")

#: websocket close codes sent after a connection-level error frame
CLOSE_UNKNOWN_TABLE: Final = 4404
CLOSE_BAD_TOKEN: Final = 4401
#: "try again later": no process could serve the table in time
CLOSE_TRY_LATER: Final = 1013
#: how long a connection waits for a table whose owner is unreachable to be taken over
TAKEOVER_WAIT_S: Final = 15.0
#: frames larger than this close the socket (1009) before the app sees them
WS_MAX_BYTES: Final = 1024 * 1024
#: frames a connection may have waiting for its socket; one more and the server hangs up on it
#: (``mazzo serve --outbox``): a client that stops reading cannot make the server hold frames
#: for it without bound
OUTBOX_FRAMES: Final = 64
#: seconds one frame may wait for a client's socket before the server hangs up on it
#: (``mazzo serve --send-timeout``)
SEND_TIMEOUT_S: Final = 10.0
#: close code and reason for a client too slow to take its frames: "try again later"; a client
#: that reconnects with its token gets the current state and its log at once
CLOSE_TOO_SLOW: Final = 1013
TOO_SLOW_REASON: Final = "too slow, reconnect"
#: after hanging up, how long the close frame may wait behind unread frames before the
#: socket is cut (a client that never reads would otherwise hold the socket's buffer)
HANG_UP_GRACE_S: Final = 2.0
#: the garbage collector's thresholds once serving (see tune_gc)
GC_THRESHOLDS: Final = (20_000, 20, 100)
#: tables one client address may create per minute, and at once (``mazzo serve --create-rate``,
#: ``--create-burst``): far more than a person makes, far fewer than a flood (238 a second)
CREATE_PER_MINUTE: Final = 30.0
CREATE_BURST: Final = 30
HTTP_STATUS: Final = {"unknown_table": 404, "unknown_command": 404, "not_owner": 403,
                      "bad_token": 403,
                      "not_over": 409, "already_started": 409, "bad_message": 422}


ASGIMessage = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[ASGIMessage]]
Send = Callable[[ASGIMessage], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]
#: the table websocket's path, up to the table id
TABLE_SOCKET: Final = "/ws/tables/"


class DirectSocket(Protocol):
    """What :func:`lean_websocket_protocol`'s connection offers the app beyond ASGI (the scope's
    ``mazzo.direct`` extension): a send that never waits, and a hang-up that works even when
    the client has stopped reading (an ASGI close would wait for the full socket)."""

    def send_now(self, text: str) -> bool:
        """Write a text frame if the socket takes it without waiting; False if it would wait
        (the client is behind) or the connection is closing."""

    def hang_up(self, code: int, reason: str, grace: float) -> None:
        """Close with ``code`` and ``reason`` after the frames already written, and cut the
        socket after ``grace`` seconds if the client has not read them by then."""


class Socket:
    """One websocket on the bare ASGI messages. The table websocket carries almost every
    message the server handles, and Starlette's WebSocket wrapper, its routing and its
    middlewares' per-message wrappers cost more than the game logic behind them (make
    bench-server), so it is served straight from uvicorn's ``receive`` and ``send``."""

    def __init__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        self.scope = scope
        self.receive = receive
        self._send = send
        self.closed = False
        extensions = scope.get("extensions") or {}
        #: the lean protocol's direct calls (None under any other websocket implementation)
        self.direct: DirectSocket | None = extensions.get("mazzo.direct")

    @property
    def path(self) -> str:
        return str(self.scope["path"])

    @property
    def query(self) -> str:
        return bytes(self.scope.get("query_string", b"")).decode("latin-1")

    def param(self, name: str) -> str | None:
        """A query parameter (the last one if repeated, as FastAPI reads them)."""
        found = None
        for key, value in parse_qsl(self.query, keep_blank_values=True):
            if key == name:
                found = value
        return found

    async def accept(self) -> bool:
        """Complete the handshake; False if the client left before it."""
        message = await self.receive()
        if message["type"] != "websocket.connect":
            return False
        await self._send({"type": "websocket.accept"})
        return True

    async def send_text(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def send_bytes(self, data: bytes) -> None:
        await self._send({"type": "websocket.send", "bytes": data})

    async def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(OSError):  # the client has gone already: nothing to close
                await self._send({"type": "websocket.close", "code": code})


class TableSockets:
    """ASGI middleware: ``/ws/tables/{id}`` goes to ``serve`` on a bare :class:`Socket`;
    everything else (HTTP, pages) to the FastAPI app. It is called once per connection, so
    HTTP requests pay one comparison and websocket messages nothing."""

    def __init__(self, app: ASGIApp,
                 serve: Callable[[Socket, str], Awaitable[None]] | None = None) -> None:
        self.app = app
        self.serve = serve

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive,
                       send: Send) -> None:
        if scope["type"] == "websocket" and self.serve is not None:
            path = str(scope["path"])
            table_id = path[len(TABLE_SOCKET):]
            if path.startswith(TABLE_SOCKET) and table_id and "/" not in table_id:
                await self.serve(Socket(scope, receive, send), table_id)
                return
        await self.app(scope, receive, send)


class Clients:
    """Every websocket connection of the process and the limits on what may wait for each."""

    def __init__(self, outbox: int = OUTBOX_FRAMES, send_timeout: float = SEND_TIMEOUT_S
                 ) -> None:
        self.outbox = outbox
        self.send_timeout = send_timeout
        self.live: set[WsClient] = set()
        #: connections hung up on for not taking their frames, since the start
        self.hung_up = 0

    def health(self) -> JSON:
        return {"connections": len(self.live),
                "queued": sum(len(c.outbox) for c in self.live), "too_slow": self.hung_up}


class WsClient:
    """One websocket connection as the table manager sees it. Sending never waits for the
    socket: a frame goes straight into it when it takes it (the common case), else into this
    connection's bounded outbox, which a writer task of its own empties in order. A client
    whose outbox overflows, or whose socket has not taken a frame for the send timeout, is
    hung up on (:data:`CLOSE_TOO_SLOW`) and its frames dropped: one client that stops reading
    holds up nobody else, and costs a bounded amount of memory."""

    def __init__(self, websocket: Socket, lang: str, clients: Clients) -> None:
        self.websocket = websocket
        self.lang = lang
        self.seat: int | None = None
        self.clients = clients
        #: frames (text) and at most one close code, waiting for the socket, in order
        self.outbox: deque[str | int] = deque()
        self._writer: asyncio.Task[None] | None = None
        self._direct = websocket.direct
        #: a close is queued or done: nothing more is sent
        self.closing = False
        self._hung_up = False
        clients.live.add(self)

    def send(self, frame: JSON | str) -> None:
        """Send a frame (a dict, or its JSON text already encoded for many clients), never
        waiting for the socket."""
        if self.closing:
            return
        text = frame if isinstance(frame, str) else encode_frame(frame)
        # straight into the socket only when nothing is ahead of it (in the outbox, or taken
        # from it by the writer and not yet sent): frames go out in order
        if self._writer is None and self._direct is not None and self._direct.send_now(text):
            return
        self.outbox.append(text)
        if len(self.outbox) > self.clients.outbox:
            self.hang_up(f"{len(self.outbox) - 1} frames waiting")
            return
        self._start_writer()

    def close(self, code: int) -> None:
        """Close after the frames queued before (never waits)."""
        if not self.closing:
            self.closing = True
            self.outbox.append(code)
            self._start_writer()

    def _start_writer(self) -> None:
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        """Empty the outbox in order, each frame within the send timeout; runs only while the
        socket is behind (or under a websocket implementation without direct sends)."""
        loop = asyncio.get_running_loop()
        try:
            while self.outbox:
                item = self.outbox.popleft()
                timer = loop.call_later(self.clients.send_timeout, self.hang_up,
                                        f"a frame waited {self.clients.send_timeout:g} s")
                try:
                    if isinstance(item, int):
                        await self.websocket.close(item)
                    else:
                        await self.websocket.send_text(item)
                finally:
                    timer.cancel()
        except (OSError, RuntimeError):  # the client went (uvicorn: ClientDisconnected)
            self.closing = True
            self.outbox.clear()
        except Exception:
            log.exception("could not write to a client")
            self.closing = True
            self.outbox.clear()
        finally:
            self._writer = None

    def hang_up(self, why: str) -> None:
        """The client does not take its frames: drop them and close with
        :data:`CLOSE_TOO_SLOW` (its handler then sees the disconnect and leaves the table)."""
        if self._hung_up or (self.closing and self._writer is None):
            return  # hung up already, or closed with nothing left to send
        log.info("mazzo: hung up on a client too slow to read its frames (%s)", why)
        self.clients.hung_up += 1
        self.closing = self._hung_up = True
        self.outbox.clear()
        writer, self._writer = self._writer, None
        if writer is not None and writer is not asyncio.current_task():
            writer.cancel()
        if self._direct is not None:
            self._direct.hang_up(CLOSE_TOO_SLOW, TOO_SLOW_REASON, HANG_UP_GRACE_S)

    async def finish(self) -> None:
        """When the connection's handler ends: let a queued close go out (bounded by the send
        timeout), then forget the connection."""
        writer = self._writer
        if writer is not None:
            await asyncio.wait([writer])  # it ends on its own: sent, failed or hung up on
        self.outbox.clear()
        self.clients.live.discard(self)


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


def _lang(value: str | None) -> str:
    return value if value in LANGS else "en"


def create_app(storage: Storage, *, bot_workers: int | None = 1, bot_pause: float = 0.6,
               grace: float = 60.0, rate: float = 20.0, burst: int = 40, url: str = "",
               takeover: float = 5.0, forget_after: float = FORGET_AFTER_S,
               outbox: int = OUTBOX_FRAMES, send_timeout: float = SEND_TIMEOUT_S,
               hint_cooldown: float = HINT_COOLDOWN_S, bot_tables: bool = False,
               hosts: Sequence[str] = ("*",), origins: Sequence[str] = (),
               any_ip: bool = False, create_rate: float = CREATE_PER_MINUTE,
               create_burst: int = CREATE_BURST, api_docs: bool = False,
               waiting_expiry: float = WAITING_EXPIRY_S,
               caps: ConnectionCaps | None = None) -> FastAPI:
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
    uvicorn with, adds its counts to /api/health."""
    pool = BotPool(bot_workers)
    creations = CreationLimit(create_rate, create_burst)
    clients = Clients(outbox, send_timeout)
    manager = TableManager(storage, pool, bot_pause=bot_pause, grace=grace, url=url,
                           forget_after=forget_after, hint_cooldown=hint_cooldown,
                           bot_tables=bot_tables, waiting_expiry=waiting_expiry)

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
        yield
        expiring.cancel()
        if adopting is not None:
            adopting.cancel()
        watching.cancel()
        forgetting.cancel()
        await manager.close()
        pool.close()
        storage.close()

    # no /docs pages: they would load scripts from a CDN; docs/server.md documents the API.
    # The schema only when asked for: it lists every route to whoever probes the server
    app = FastAPI(title="mazzo table server", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/openapi.json" if api_docs else None)
    app.state.manager = manager
    app.state.clients = clients
    install_pages(app)  # the browser app: lobby, table pages, replay viewer, rules pages

    def problem(exc: ProtocolError, lang: str) -> JSONResponse:
        return JSONResponse(exc.frame(lang), status_code=HTTP_STATUS.get(exc.code, 400))

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, exc: Elsewhere) -> JSONResponse | RedirectResponse:
        """Another process serves the table: send the request there (307 keeps a POST)."""
        if exc.url is None:
            frame = error_frame("server_error", _lang(request.query_params.get("lang")))
            return JSONResponse(frame, status_code=503, headers={"Retry-After": "1"})
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{exc.url}{request.url.path}{query}", status_code=307)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A parameter FastAPI checks failed (``/replay?version=abc``): 422 in the error shape
        of every other answer (not FastAPI's ``detail`` list), naming the parameter."""
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = first.get("loc") or ("request",)
        detail = f"{where[-1]}: {first.get('msg', 'not valid')}"
        frame = error_frame("bad_message", _lang(request.query_params.get("lang")), detail=detail)
        return JSONResponse(frame, status_code=422)

    @app.exception_handler(StorageUnavailable)
    async def unavailable(request: Request, exc: StorageUnavailable) -> JSONResponse:
        """The database is away (PostgreSQL restarting): nothing was done; try again soon."""
        frame = error_frame("storage_unavailable", _lang(request.query_params.get("lang")))
        return JSONResponse(frame, status_code=503, headers={"Retry-After": "1"})

    @app.get("/api/health")
    async def health() -> JSON:
        return {"ok": True, "tables": len(manager.tables), "forgotten": manager.forgotten,
                **clients.health(), "bots": pool.health(),
                **(caps.health() if caps is not None else {})}

    @app.get("/api/games")
    async def games() -> list[JSON]:
        return [describe_game(g) for g in all_games()]

    @app.post("/api/tables", status_code=201, response_model=None)
    async def create_table(request: Request) -> JSONResponse | JSON:
        wait = creations.wait(request.client.host if request.client else "", time.monotonic())
        if wait:
            frame = error_frame("too_many_tables", _lang(request.query_params.get("lang")),
                                rate=f"{creations.per_minute:g}", wait=wait)
            return JSONResponse({"error": "too_many_tables", "message": frame["message"]},
                                status_code=429, headers={"Retry-After": str(wait)})
        try:
            body = load_json(await read_body(request.stream()))
        except TooLarge as exc:
            return JSONResponse({"error": "bad_request", "field": "body",
                                 "message": f"too large: {exc}"}, status_code=413)
        except BadJSON as exc:
            return JSONResponse({"error": "bad_request", "field": "body",
                                 "message": f"not JSON: {exc}"}, status_code=422)
        if not isinstance(body, dict):
            return JSONResponse({"error": "bad_request", "field": "body",
                                 "message": "a JSON object"}, status_code=422)
        try:
            table, owner, tokens = await manager.create(body)
        except BadRequest as exc:
            lang = _lang(request.query_params.get("lang"))
            return JSONResponse({"error": "bad_request", "field": exc.field,
                                 "message": exc.text(lang)}, status_code=422)
        return _created(request, table, owner, tokens)

    @app.get("/api/tables/{table_id}", response_model=None)
    async def table_summary(table_id: str, lang: str | None = None) -> JSONResponse | JSON:
        try:
            return (await manager.get(table_id)).summary(_lang(lang))
        except ProtocolError as exc:
            return problem(exc, _lang(lang))

    @app.get("/api/tables/{table_id}/record", response_model=None)
    async def table_record(table_id: str, lang: str | None = None) -> JSONResponse | JSON:
        try:
            table = await manager.get(table_id)
            if table.status != OVER:
                raise ProtocolError("not_over")
        except ProtocolError as exc:
            return problem(exc, _lang(lang))
        return table.record()

    @app.post("/api/tables/{table_id}/{command}", response_model=None)
    async def owner_command(table_id: str, command: str, request: Request,
                            lang: str | None = None) -> JSONResponse | JSON:
        try:
            try:  # a body that is not {"owner": token} is said so, not taken for a wrong token
                raw = await read_body(request.stream())
                body = load_json(raw) if raw else {}
            except BadJSON as exc:
                raise ProtocolError("bad_message", detail=f"body: not JSON: {exc}") from None
            if not isinstance(body, dict):
                raise ProtocolError("bad_message", detail='body: a JSON object, {"owner": token}')
            table = await manager.get(table_id)
            if command not in ("start", "rematch"):
                raise ProtocolError("unknown_command", command=command[:40])
            if not manager.is_owner(table, body.get("owner")):
                raise ProtocolError("not_owner")
            if command == "start":
                await manager.start(table)
                return table.summary(_lang(lang))
            return (await manager.rematch(table)).summary(_lang(lang))
        except ProtocolError as exc:
            return problem(exc, _lang(lang))

    async def table_socket(websocket: Socket, table_id: str) -> None:
        if not await websocket.accept():
            return
        client = WsClient(websocket, _lang(websocket.param("lang")), clients)
        try:
            await _table_socket(websocket, table_id, client)
        finally:
            await client.finish()

    async def _table_socket(websocket: Socket, table_id: str, client: WsClient) -> None:
        token = websocket.param("token")
        try:
            table = await _table_here(manager, client, table_id)
        except ProtocolError as exc:
            client.send(exc.frame(client.lang))
            client.close(CLOSE_UNKNOWN_TABLE)
            return
        except StorageUnavailable:  # the table is not in memory and the database is away
            client.send(error_frame("storage_unavailable", client.lang))
            client.close(CLOSE_TRY_LATER)
            return
        if table is None:  # relayed to the owning process, or nobody could serve it in time
            return
        try:
            client.seat, owner = manager.role(table, token)
        except ProtocolError as exc:
            client.send(exc.frame(client.lang))
            client.close(CLOSE_BAD_TOKEN)
            return
        if client.seat is not None or owner:
            await manager.mark_joined(table)
        table = await manager.join(table, client)  # another copy if it was just forgotten
        try:
            await _serve_client(manager, table, client, owner, TokenBucket(rate, burst))
        except (OSError, RuntimeError):  # uvicorn: the client went while we were sending
            log.debug("table %s: a client went while we sent to it", table.id, exc_info=True)
        finally:
            await manager.leave(table, client)

    app.add_middleware(TableSockets, serve=table_socket)
    app.add_middleware(Gate, hosts=hosts, origins=origins, any_ip=any_ip)  # the outermost
    return app


async def _serve_client(manager: TableManager, table: Table, client: WsClient, owner: bool,
                        bucket: TokenBucket) -> None:
    """Read messages until the client goes; each bad one gets one error frame."""
    while True:
        message = await client.websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        verdict = bucket.admit(time.monotonic())
        if verdict != "pass":  # over the limit: one error per flood, not one per message
            if verdict == "warn":
                client.send(error_frame("rate_limited", client.lang, rate=bucket.rate))
            continue
        try:
            await manager.handle(table, client, parse_message(raw), owner)
        except ProtocolError as exc:
            client.send(exc.frame(client.lang))
            if exc.code == "stale_version":
                await manager.send_state(table, client)
            elif exc.code == "storage_unavailable":
                await manager.send_known_state(table, client)
        except Exception:
            log.exception("table %s: a message failed", table.id)
            client.send(error_frame("server_error", client.lang))


async def _table_here(manager: TableManager, client: WsClient,
                      table_id: str) -> Table | None:
    """The table, served by this process; or, while another process owns it, relay the
    connection there and return None once it ended. An owner that cannot be reached is dead or
    dying: wait for its lock to go and take the table over."""
    websocket = client.websocket
    deadline = time.monotonic() + TAKEOVER_WAIT_S
    while True:
        try:
            return await manager.get(table_id)
        except Elsewhere as away:
            if away.url is not None:
                target = "ws" + away.url.removeprefix("http") + websocket.path
                if websocket.query:
                    target += f"?{websocket.query}"
                if await _relay(client, target):
                    return None
        if time.monotonic() > deadline:
            lang = _lang(websocket.param("lang"))
            client.send(error_frame("server_error", lang))
            client.close(CLOSE_TRY_LATER)
            return None
        await asyncio.sleep(0.2)


async def _relay(client: WsClient, target: str) -> bool:
    """Pipe messages between the client and the owning process until either side closes.
    False if the owner could not be reached at all (nothing was relayed)."""
    try:
        upstream = await ws_connect(target, max_size=WS_MAX_BYTES, open_timeout=5)
    except (OSError, TimeoutError, ConnectionClosed, ValueError):
        return False
    websocket = client.websocket

    async def down() -> None:  # owner -> client, never waiting for the client (WsClient)
        async for message in upstream:
            client.send(message if isinstance(message, str) else message.decode())

    async def up() -> None:  # client -> owner
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            await upstream.send(text if text is not None else message.get("bytes") or b"")

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if tasks[0].done() and not tasks[0].cancelled():  # the owner closed: pass its close on,
        # or ask for a reconnect
        code = upstream.close_code
        passed = code is not None and (code == 1000 or 4000 <= code < 5000)
        client.close(code if passed and code is not None else CLOSE_RECONNECT)
    await upstream.close()
    return True


def _created(request: Request, table: Table, owner: str, tokens: dict[int, str]) -> JSON:
    base = str(request.base_url).rstrip("/")
    ws_base = "ws" + base.removeprefix("http")
    labels = table.labels(_lang(request.query_params.get("lang")))
    seats: list[JSON] = []
    for seat in table.row.seats:
        entry: JSON = {"seat": seat.seat, "kind": seat.kind, "name": seat.name,
                       "label": labels[seat.seat]}
        if seat.seat in tokens:
            token = tokens[seat.seat]
            entry.update(token=token, url=f"{base}/tables/{table.id}?token={token}",
                         ws=f"{ws_base}/ws/tables/{table.id}?token={token}")
        seats.append(entry)
    return {
        "table": table.id, "owner": owner, "status": table.status, "seats": seats,
        "spectate": f"{base}/tables/{table.id}",
        "spectate_ws": f"{ws_base}/ws/tables/{table.id}",
        "owner_ws": f"{ws_base}/ws/tables/{table.id}?token={owner}",
    }


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


def serve(*, host: str, port: int, db: str | None, bot_workers: int | None,
          advertise: str | None = None, allowed_hosts: Sequence[str] = (),
          header_timeout: float = HEADER_TIMEOUT_S, idle_timeout: float = IDLE_TIMEOUT_S,
          max_connections: int | None = None,
          max_connections_per_address: int = CONNECTIONS_PER_ADDRESS, **options: Any) -> int:
    """Run the server until interrupted (``mazzo serve``). It answers requests sent to its
    bind address, to the loopback names, to where it is advertised and to ``allowed_hosts``
    (see :class:`Gate`), within the connection caps and timeouts of :mod:`transport`."""
    import uvicorn

    from mazzo.server.storage.base import open_storage

    limits = {"header_timeout": header_timeout, "idle_timeout": idle_timeout,
              "max_connections": max_connections,
              "max_connections_per_address": max_connections_per_address}
    check_serve_options(port, bot_workers, {**options, **limits})

    storage = open_storage(db)
    url = (advertise or f"http://{host}:{port}").rstrip("/")
    caps = ConnectionCaps(max_connections_per_address, max_connections)
    app = create_app(storage, bot_workers=bot_workers, url=url,
                     hosts=served_hosts(host, url, allowed_hosts),
                     any_ip=host in WILDCARD_BINDS, caps=caps, **options)
    print(f"mazzo: serving on http://{host}:{port}  (database: {storage.describe()})",
          flush=True)
    _warn_over_descriptors(caps.total)
    install_accept_error_filter()
    refused = encode_frame(error_frame("too_many_connections", "en")).encode()
    # no permessage-deflate: frames are a few KB and compressing them cost an eighth of the
    # server's time under load (make bench-server), for bandwidth a card game does not lack
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_BYTES,
                ws_per_message_deflate=False, backlog=backlog(descriptor_limit()),
                http=guarded_http_protocol(caps, header_timeout, idle_timeout, refused),
                ws=lean_websocket_protocol(caps))
    return 0


def _warn_over_descriptors(total: int) -> None:
    """Say so when ``--max-connections`` is more than the process can open: accepting will
    then fail now and then (asyncio's "out of system resource", logged once per 10 s)."""
    limit = descriptor_limit()
    if total > default_max_connections(limit):
        log.warning("mazzo: --max-connections %d is more than this process can hold: it may "
                    "open %d descriptors (ulimit -n), room for %d connections; raise ulimit -n "
                    "or lower --max-connections", total, limit, default_max_connections(limit))


__all__ = ["MAX_MESSAGE_BYTES", "create_app", "serve"]
