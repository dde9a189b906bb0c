"""The connections under the app: the uvicorn protocol classes ``mazzo serve`` runs, and the
limits on who may hold a connection for how long. A server on the internet meets clients that
open connections and never finish a request, or open thousands of them: without limits they
held every descriptor the process may open, and new clients could no longer connect.

- :class:`ConnectionCaps` counts open connections per client address and in all, and refuses
  those over either cap the moment they are accepted, before anything is read; once many have
  closed it gives the memory they held back to the system.
- :func:`guarded_http_protocol` is uvicorn's HTTP/1.1 protocol (h11) with a timer on the request
  head (a connection that has not sent a whole request line and headers in time is closed) and
  the gate's count; its idle keep-alive timeout is uvicorn's own.
- :func:`lean_websocket_protocol` is uvicorn's sans-I/O websocket protocol, leaner (see there),
  and handing the gate its connection back when it ends.
- :class:`Throttled` lets one log line of a kind through per period, with a count of the rest:
  asyncio logs every failed ``accept()`` when the process is out of descriptors.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import ipaddress
import logging
import resource
import socket
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

log = logging.getLogger("mazzo.server")

#: seconds a connection has to send a whole request line and headers (``mazzo serve
#: --header-timeout``); a browser sends them at once, a client that dribbles them holds a
#: descriptor for nothing
HEADER_TIMEOUT_S: Final = 10.0
#: seconds a kept-alive HTTP connection may wait idle for its next request (``mazzo serve
#: --idle-timeout``; uvicorn's own default)
IDLE_TIMEOUT_S: Final = 5.0
#: open connections one client address may hold (``mazzo serve --max-connections-per-address``;
#: 0: no cap). A browser holds a handful (six HTTP at most, and a websocket per open table)
CONNECTIONS_PER_ADDRESS: Final = 64
#: descriptors kept back from ``--max-connections``'s default for everything else (a quarter of
#: the limit if that is less): the database, bot worker pipes, log files, pages read from disk
#: (a fresh server with one bot worker holds 19)
DESCRIPTOR_RESERVE: Final = 128
#: uvicorn's listen backlog, and so the most connections asyncio accepts in one go before a
#: refused one can be closed (at most a quarter of the descriptors, see default_max_connections)
BACKLOG: Final = 2048
#: the prefix length one IPv6 client is counted by: a home or a phone gets a whole /64
IPV6_CLIENT_PREFIX: Final = 64
#: at most one log line of a kind (refused connections, failed accepts) per this many seconds
LOG_EVERY_S: Final = 10.0
#: connections that must have closed since the last trim before the heap is trimmed again
TRIM_AFTER_CLOSED: Final = 200
#: seconds between two trims at least (each walks the heap: 5-25 ms measured at 170 MB)
TRIM_EVERY_S: Final = 5.0
#: the head of the answer to a connection over a cap: it is closed without being read
REFUSED_HEAD: Final = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
                       b"retry-after: 5\r\nconnection: close\r\ncontent-length: %d\r\n\r\n")


def descriptor_limit() -> int:
    """The descriptors this process may open (``ulimit -n``, the soft limit)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def backlog(limit: int) -> int:
    """The listen backlog: uvicorn's, or a quarter of ``limit`` descriptors if that is less."""
    return max(16, min(BACKLOG, limit // 4))


def default_max_connections(limit: int) -> int:
    """Connections the process may hold with ``limit`` descriptors: what is left after the
    reserve and one backlog's worth of accepts (asyncio accepts up to the backlog in a row, and
    a refused one is closed only after), so accepting never runs out of descriptors."""
    return max(1, limit - min(DESCRIPTOR_RESERVE, limit // 4) - backlog(limit))


def client_key(peer: Any) -> str:
    """Whom a connection counts against: its IP address (an IPv6 one by its /64 network, an
    IPv4-mapped one as the IPv4 address)."""
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer)
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        host_bits = 128 - IPV6_CLIENT_PREFIX  # (a link-local scope, %eth0, is left out)
        network = int(address) >> host_bits << host_bits
        return str(ipaddress.IPv6Network((network, IPV6_CLIENT_PREFIX)))
    return str(address)


class Throttled:
    """Lets one event of a kind through per ``period`` seconds and counts the others, so a
    flood of the same complaint costs one log line per period and says how many it stood for."""

    def __init__(self, period: float = LOG_EVERY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.period = period
        self.clock = clock
        self.held = 0
        self._next = float("-inf")

    def let_through(self) -> int | None:
        """The number of events held back since the last one let through, if this one may go
        through; None if it must be held back too."""
        now = self.clock()
        if now < self._next:
            self.held += 1
            return None
        held, self.held = self.held, 0
        self._next = now + self.period
        return held


class AcceptErrorFilter(logging.Filter):
    """On the ``asyncio`` logger: one "socket.accept() out of system resource" record per
    period, with the number held back. asyncio logs one, with a traceback, for every failed
    accept of every waiting connection (up to the backlog at each try), and a process out of
    descriptors wrote 165 MB of them in 16 s."""

    PREFIX: Final = "socket.accept() out of system resource"

    def __init__(self, period: float = LOG_EVERY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.throttle = Throttled(period, clock)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if not message.startswith(self.PREFIX):
            return True
        held = self.throttle.let_through()
        if held is None:
            return False
        if held:
            record.msg = (f"{message}\n({held} more like it in the last "
                          f"{self.throttle.period:g} s not logged)")
            record.args = ()
        return True


def install_accept_error_filter(period: float = LOG_EVERY_S) -> AcceptErrorFilter:
    """Throttle asyncio's accept errors (see :class:`AcceptErrorFilter`)."""
    found = logging.getLogger("asyncio")
    for existing in found.filters:
        if isinstance(existing, AcceptErrorFilter):
            return existing
    accept_errors = AcceptErrorFilter(period)
    found.addFilter(accept_errors)
    return accept_errors


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None elsewhere."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
    return trim


class ConnectionCaps:
    """Every open connection of the server by client address, and the caps on them: at most
    ``per_address`` per address (0: no cap) and ``total`` in all. A connection over a cap is
    answered 503 and closed as soon as it is accepted, before anything of it is read.

    When many connections have closed (spectators of a busy table leaving, a flood ending), the
    memory they held is given back to the system with glibc's ``malloc_trim``, which returns the
    free pages inside the heap: a client that stops reading holds its socket's write buffer and
    frames until it is hung up on, and without the trim the process kept that peak size for
    good (1,000 such spectators: 59 MB before, 169 MB at the peak and ever after; with it 83 MB
    a few seconds after they went, 5-25 ms for the trim). A full garbage collection on top cost
    a pause of 40-260 ms; the websocket protocol breaks its connections' reference cycles
    instead (see break_cycles), so reference counting frees them."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS, total: int | None = None
                 ) -> None:
        self.per_address = per_address
        self.total = total if total is not None else default_max_connections(
            descriptor_limit())
        self.open: dict[object, str] = {}  # transport -> client_key
        self.by_address: Counter[str] = Counter()
        #: connections refused since the start
        self.refused = 0
        self._refusals = Throttled()
        self._closed = 0
        self._trim = _malloc_trim()
        self._trimming: asyncio.TimerHandle | None = None
        self._last_trim = float("-inf")

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection in; False (and not counted) if it is over a cap."""
        key = client_key(transport.get_extra_info("peername"))
        if len(self.open) >= self.total:
            self._refuse("connections in all", self.total)
            return False
        if self.per_address and self.by_address[key] >= self.per_address:
            self._refuse(f"connections from {key}", self.per_address)
            return False
        self.open[transport] = key
        self.by_address[key] += 1
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """The connection ended (called once or more: only the first counts)."""
        key = self.open.pop(transport, None)
        if key is None:
            return
        self.by_address[key] -= 1
        if not self.by_address[key]:
            del self.by_address[key]
        self._closed += 1
        if self._closed >= TRIM_AFTER_CLOSED and self._trimming is None:
            wait = max(0.0, self._last_trim + TRIM_EVERY_S - time.monotonic())
            self._trimming = asyncio.get_running_loop().call_later(wait, self.give_back)

    def give_back(self) -> None:
        """Return the memory of the connections closed since the last time to the system."""
        self._trimming = None
        self._closed = 0
        self._last_trim = time.monotonic()
        if self._trim is not None:
            self._trim(0)

    def _refuse(self, what: str, cap: int) -> None:
        self.refused += 1
        held = self._refusals.let_through()
        if held is not None:
            more = f" ({held} more refused in the last {self._refusals.period:g} s)" if held else ""
            log.warning("mazzo: refused a connection: %d %s already open%s", cap, what, more)

    def health(self) -> dict[str, int]:
        return {"sockets": len(self.open), "refused": self.refused}


def refuse(transport: asyncio.BaseTransport, body: bytes) -> None:
    """Answer 503 with ``body`` and close, without reading anything of the request."""
    assert isinstance(transport, asyncio.WriteTransport)
    with contextlib.suppress(OSError, RuntimeError):
        transport.write(REFUSED_HEAD % len(body) + body)
    transport.close()


def guarded_http_protocol(gate: ConnectionCaps, header_timeout: float = HEADER_TIMEOUT_S,
                          idle_timeout: float = IDLE_TIMEOUT_S,
                          refused_body: bytes = b"") -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11) with three changes:

    - A new connection is counted in by ``gate``; one over a cap is answered 503 with
      ``refused_body`` and closed before anything of it is read.
    - The request head (request line and headers) must have arrived within ``header_timeout``
      seconds of the connection, or of the first byte of the next request on a kept-alive
      connection; else the connection is closed. uvicorn closes a kept-alive connection idle
      for ``idle_timeout`` seconds, but had no limit at all before a request's head was
      complete: a client that sent half a request held its descriptor for good.
    - A websocket upgrade hands its connection's count on (see lean_websocket_protocol)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    # the class is made here, not at import: uvicorn is imported only when serving, and the
    # caps and timeouts are this server's (its length is the subclass, method by method)
    class GuardedProtocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.timeout_keep_alive = idle_timeout  # type: ignore[assignment]
            self.head_timer: asyncio.TimerHandle | None = None
            #: the connection went on as a websocket, with its own protocol and timers
            self.upgraded = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if not gate.admit(transport):
                refuse(transport, refused_body)
                return
            self.head_timer = self.loop.call_later(header_timeout, self.head_timed_out)

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_head_timer()
            gate.release(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self.awaiting_head():
                self.stop_head_timer()
            elif self.head_timer is None and not self.transport.is_closing():
                self.head_timer = self.loop.call_later(header_timeout, self.head_timed_out)

        def awaiting_head(self) -> bool:
            """No request is being served: the next one's head has not fully arrived."""
            return not self.upgraded and (self.cycle is None or self.cycle.response_complete)

        def stop_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def head_timed_out(self) -> None:
            self.head_timer = None
            if self.awaiting_head() and not self.transport.is_closing():
                self.transport.close()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self.upgraded = True
            self.stop_head_timer()
            super().handle_websocket_upgrade(event)

    return GuardedProtocol


#: messages a connection may have waiting for the app before its socket stops being read
WS_QUEUE_HIGH: Final = 8
#: the kernel's send buffer for each websocket (SO_SNDBUF; Linux doubles it). Left to itself
#: it grows to 4 MiB (tcp_wmem) for a client that does not read, a whole long match of frames
#: taken in and held before the server could notice anything; 64 KiB is dozens of frames,
#: plenty for a client on a slow link, and a stuck one is found within about a hundred
SEND_BUFFER_BYTES: Final = 64 * 1024


def lean_websocket_protocol(gate: ConnectionCaps | None = None) -> type | str:
    """uvicorn's sans-I/O websocket protocol (the fastest of its implementations here: make
    bench-server), with three changes:

    - It stops reading the socket after every message and starts again when the app takes
      it, two epoll calls and a callback per message (about 19 µs, a twentieth of a move's
      server CPU). This one stops reading only when :data:`WS_QUEUE_HIGH` messages wait, so a
      client that floods still cannot fill memory.
    - It offers the app :class:`~mazzo.server.sockets.DirectSocket` (the scope's ``mazzo.direct``
      extension): a send that writes at once when the socket takes it and never waits (an
      ASGI send waits while the socket is full), and a hang-up that closes a connection whose
      client stopped reading (an ASGI close would wait for the full socket too).
    - When the connection ends it is released from ``gate``, which counted it in when it
      arrived as an HTTP request (:func:`guarded_http_protocol`).

    Falls back to the plain protocol if uvicorn's internals are not the ones this was written
    for (then frames for a slow client wait in its outbox, and one that never reads is no
    longer sent to once it overflows, but its socket stays open until the client goes); the
    gate still gets its connections back."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.exceptions import InvalidState
    except ImportError:
        return _released("auto", gate)
    parent = getattr(WebSocketsSansIOProtocol, "send_receive_event_to_app", None)
    if parent is None or "read_paused" not in parent.__code__.co_names or not all(
        hasattr(WebSocketsSansIOProtocol, name) for name in ("handle_connect", "pause_writing")
    ):
        return _released("websockets-sansio", gate)

    # made here, not at import: only once uvicorn's internals are found to be the ones this
    # was written for (its length is the subclass, method by method)
    class LeanProtocol(WebSocketsSansIOProtocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)

        def connection_lost(self, exc: Exception | None) -> None:
            if gate is not None:
                gate.release(self.transport)
            super().connection_lost(exc)
            self.break_cycles()

        def break_cycles(self) -> None:
            """Let reference counting free the connection as soon as the app lets go of it.
            Two reference cycles kept it (with its buffers, some 20 KB) until a full
            collection, which the tuned collector makes rare (see tune_gc): the scope's
            ``mazzo.direct`` is this protocol, and websockets' parser is a generator whose
            frame holds its connection."""
            scope = getattr(self, "scope", None)
            if scope is not None:
                scope["extensions"].pop("mazzo.direct", None)
            parser = getattr(self.conn, "parser", None)
            if parser is not None and hasattr(parser, "close"):
                parser.close()

        def send_receive_event_to_app(self) -> None:
            paused = self.read_paused
            self.read_paused = True  # so the parent does not pause after this message
            try:
                super().send_receive_event_to_app()
            finally:
                self.read_paused = paused
            if not paused and self.queue.qsize() >= WS_QUEUE_HIGH:
                self.read_paused = True  # receive() resumes once the app has emptied it
                self.transport.pause_reading()

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)  # set only for an upgrade the app will see
            if scope is not None and not self.close_sent:
                scope["extensions"]["mazzo.direct"] = self

        def send_now(self, text: str) -> bool:
            # writable: the transport's buffer is under its high-water mark (pause_writing)
            if (not self.handshake_complete or self.close_sent or self.disconnected
                    or not self.writable.is_set() or self.transport.is_closing()):
                return False
            try:
                self.conn.send_text(text.encode())
            except InvalidState:  # the client's close arrived: the app hears of it
                return False
            self.transport.write(b"".join(self.conn.data_to_send()))
            return True

        def hang_up(self, code: int, reason: str, grace: float) -> None:
            if self.disconnected or self.transport.is_closing():
                return
            if not self.close_sent:
                with contextlib.suppress(InvalidState):
                    self.conn.send_close(code, reason)
                    self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
            self.queue.put_nowait({"type": "websocket.disconnect", "code": code,
                                   "reason": reason})
            self.transport.close()  # once the client has read what is written, else:
            self.loop.call_later(grace, self.transport.abort)

    return LeanProtocol


def _released(name: str, gate: ConnectionCaps | None) -> type | str:
    """uvicorn's websocket protocol ``name``, releasing its connection from ``gate``."""
    if gate is None:
        return name
    from uvicorn.config import WS_PROTOCOLS
    from uvicorn.importer import import_from_string

    base = import_from_string(WS_PROTOCOLS[name])
    if not isinstance(base, type):
        return name
    counted: ConnectionCaps = gate

    class Released(base):  # type: ignore[misc, valid-type]
        def connection_lost(self, exc: Exception | None) -> None:
            counted.release(self.transport)
            super().connection_lost(exc)

    return Released
