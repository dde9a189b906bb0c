"""``mazzo serve`` runs uvicorn's sans-I/O websocket protocol without its pause after every
message (see ``lean_websocket_protocol``); this notices if an upgrade of uvicorn silently
makes it fall back to the plain protocol."""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from mazzo.server.transport import WS_QUEUE_HIGH, lean_websocket_protocol


def test_the_lean_protocol_is_in_use() -> None:
    protocol = lean_websocket_protocol()
    assert isinstance(protocol, type) and issubclass(protocol, WebSocketsSansIOProtocol)
    assert protocol is not WebSocketsSansIOProtocol and WS_QUEUE_HIGH >= 1
    # the direct send and hang-up that keep a client that stops reading from holding anyone up
    assert callable(getattr(protocol, "send_now", None))
    assert callable(getattr(protocol, "hang_up", None))
