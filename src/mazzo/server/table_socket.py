"""The table websocket, ``/ws/tables/{id}?token=...&lang=...``: a client joins its table with
its seat's (or the owner's) token, or with its account's cookie (``?seat=N``, see
:mod:`~mazzo.server.account_seats`), or neither to watch, and sends messages until it goes. A table
another process serves is relayed there; one whose process stopped is taken over. docs/server.md
("The websocket protocol") describes the messages."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Final

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from mazzo.server.account_seats import socket_role
from mazzo.server.accounts import relay_headers
from mazzo.server.api import lang_of
from mazzo.server.protocol import (
    CLOSE_RECONNECT,
    ProtocolError,
    TokenBucket,
    error_frame,
    parse_message,
)
from mazzo.server.sockets import WS_MAX_BYTES, Clients, Socket, WsClient
from mazzo.server.storage.base import StorageUnavailable
from mazzo.server.tables import Elsewhere, Table, TableManager

log = logging.getLogger("mazzo.server")

#: websocket close codes sent after a connection-level error frame
CLOSE_UNKNOWN_TABLE: Final = 4404
CLOSE_BAD_TOKEN: Final = 4401
#: "try again later": no process could serve the table in time
CLOSE_TRY_LATER: Final = 1013
#: how long a connection waits for a table whose owner is unreachable to be taken over
TAKEOVER_WAIT_S: Final = 15.0


def table_socket_handler(manager: TableManager, clients: Clients, rate: float, burst: int
                         ) -> Callable[[Socket, str], Awaitable[None]]:
    """The handler of each table websocket (for :class:`~mazzo.server.sockets.TableSockets`):
    ``rate`` messages a second per connection, ``burst`` at once."""

    async def table_socket(websocket: Socket, table_id: str) -> None:
        if not await websocket.accept():
            return
        client = WsClient(websocket, lang_of(websocket.param("lang")), clients)
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
            client.seat, owner, client.account = await socket_role(manager, table, websocket,
                                                                   token)
        except ProtocolError as exc:
            client.send(exc.frame(client.lang))
            client.close(CLOSE_BAD_TOKEN)
            return
        if client.seat is not None or owner:
            await manager.mark_joined(table)
        table = await manager.join(table, client)  # another copy if it was just forgotten
        await manager.send_chat_history(table, client)
        try:
            await _serve_client(manager, table, client, owner, TokenBucket(rate, burst))
        except (OSError, RuntimeError):  # uvicorn: the client went while we were sending
            log.debug("table %s: a client went while we sent to it", table.id, exc_info=True,
                      extra={"table": table.id})
        finally:
            await manager.leave(table, client)

    return table_socket


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
            log.exception("table %s: a message failed", table.id, extra={"table": table.id})
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
            lang = lang_of(websocket.param("lang"))
            client.send(error_frame("server_error", lang))
            client.close(CLOSE_TRY_LATER)
            return None
        await asyncio.sleep(0.2)


async def _relay(client: WsClient, target: str) -> bool:
    """Pipe messages between the client and the owning process until either side closes.
    False if the owner could not be reached at all (nothing was relayed)."""
    try:
        upstream = await ws_connect(target, max_size=WS_MAX_BYTES, open_timeout=5,
                                    additional_headers=relay_headers(client.websocket.scope))
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
