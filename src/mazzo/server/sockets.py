"""The websocket connections of the table server on bare ASGI messages: :class:`Socket` (one
websocket), :class:`TableSockets` (the middleware that sends ``/ws/tables/{id}`` there), and
:class:`WsClient` (a connection as the table manager sees it, with its bounded outbox).
:mod:`~mazzo.server.table_socket` serves a table over them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any, Final, Protocol
from urllib.parse import parse_qsl

from mazzo.engine.game import JSON
from mazzo.server.protocol import encode_frame
from mazzo.server.storage.base import AccountRow

log = logging.getLogger("mazzo.server")

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
        #: the account logged in on this browser (its session cookie), if any: it names a
        #: spectator in chat, and a muted one may not write there
        self.account: AccountRow | None = None
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
