"""The connections under the app: the uvicorn protocol classes ``mazzo serve`` runs."""

from __future__ import annotations

import contextlib
import socket
from typing import Any, Final

#: messages a connection may have waiting for the app before its socket stops being read
WS_QUEUE_HIGH: Final = 8
#: the kernel's send buffer for each websocket (SO_SNDBUF; Linux doubles it). Left to itself
#: it grows to 4 MiB (tcp_wmem) for a client that does not read, a whole long match of frames
#: taken in and held before the server could notice anything; 64 KiB is dozens of frames,
#: plenty for a client on a slow link, and a stuck one is found within about a hundred
SEND_BUFFER_BYTES: Final = 64 * 1024


def lean_websocket_protocol() -> type | str:
    """uvicorn's sans-I/O websocket protocol (the fastest of its implementations here: make
    bench-server), with two changes:

    - It stops reading the socket after every message and starts again when the app takes
      it, two epoll calls and a callback per message (about 19 µs, a twentieth of a move's
      server CPU). This one stops reading only when :data:`WS_QUEUE_HIGH` messages wait, so a
      client that floods still cannot fill memory.
    - It offers the app :class:`DirectSocket` (the scope's ``mazzo.direct`` extension): a send
      that writes at once when the socket takes it and never waits (an ASGI send waits while
      the socket is full), and a hang-up that closes a connection whose client stopped
      reading (an ASGI close would wait for the full socket too).

    Falls back to the plain protocol if uvicorn's internals are not the ones this was written
    for (then frames for a slow client wait in its outbox, and one that never reads is no
    longer sent to once it overflows, but its socket stays open until the client goes)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.exceptions import InvalidState
    except ImportError:
        return "auto"
    parent = getattr(WebSocketsSansIOProtocol, "send_receive_event_to_app", None)
    if parent is None or "read_paused" not in parent.__code__.co_names or not all(
        hasattr(WebSocketsSansIOProtocol, name) for name in ("handle_connect", "pause_writing")
    ):
        return "websockets-sansio"

    class LeanProtocol(WebSocketsSansIOProtocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)

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
