"""Chat at the tables: a client's message checked (length, characters, rate, a muted account),
stored, and only then sent to its channel; and each channel's last messages sent to a client
that connects. :class:`TableChat` is the part of ``TableManager`` between creation and play."""

from __future__ import annotations

import logging
import secrets
import time
import weakref
from collections.abc import Hashable

from mazzo.engine.game import JSON
from mazzo.server.chat import (
    CHAT_HISTORY,
    ChatRoom,
    channel_of,
    chat_frame,
    check_phrase,
    clean_text,
)
from mazzo.server.creation import TableCreation
from mazzo.server.protocol import ProtocolError, encode_frame
from mazzo.server.storage.base import AccountRow, ChatRow, StorageError
from mazzo.server.table import Client, Table

log = logging.getLogger("mazzo.server")

#: a guest spectator's tag in chat ("Spectator #3fa"), one per connection
_tags: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()


def account_of(client: Client) -> str | None:
    """The id of the account a connection logged in with (None: a guest). A connection of
    the table websocket (:class:`~mazzo.server.sockets.WsClient`) knows its account; other
    clients (tests' fakes) are guests."""
    account = getattr(client, "account", None)
    return account.id if isinstance(account, AccountRow) else None


def guest_tag(client: Client) -> str:
    tag = _tags.get(client)
    if tag is None:
        tag = _tags[client] = f"#{secrets.token_hex(2)}"
    return tag


class TableChat(TableCreation):
    """The tables' chat (``TableManager``'s part between creation and play)."""

    async def chat(self, table: Table, client: Client, fields: JSON) -> None:
        """Store a client's message, then send it to everyone in its channel (the sender
        too: that copy is its acknowledgement)."""
        text = clean_text(fields["text"]) if "text" in fields else None
        phrase = check_phrase(fields["phrase"]) if "phrase" in fields else None
        seat = client.seat
        row = self._sender(table, client)
        account = row.account
        if account is not None and await self._muted(account):
            raise ProtocolError("chat_muted")
        sender: Hashable = (("seat", seat) if seat is not None
                            else ("account", account) if account is not None
                            else ("guest", row.name))
        room = table.chat
        room.admit(client, sender, time.monotonic())
        message = ChatRow(secrets.token_urlsafe(9), time.time(), seat, channel_of(seat),
                          row.name, account, text, phrase)
        async with room.lock:  # one order for everyone: the order they were stored in
            await self._io(self.storage.add_chat, table.id, message)
            room.add(message)
            frames: dict[str, str] = {}
            for other in list(table.clients):
                if channel_of(other.seat) != message.channel:
                    continue
                text_frame = frames.get(other.lang)
                if text_frame is None:
                    text_frame = frames[other.lang] = encode_frame(
                        chat_frame(message, other.lang, table.labels(other.lang)))
                other.send(text_frame)

    def _sender(self, table: Table, client: Client) -> ChatRow:
        """Who speaks, as a message row's ``name`` and ``account`` (the rest unset): a seat's
        name and the account holding it, else the connection's account or guest tag."""
        seat = client.seat
        if seat is not None:
            seat_row = table.row.seats[seat]
            account = seat_row.account or account_of(client)
            return ChatRow("", 0.0, seat, "", seat_row.name, account)
        account = getattr(client, "account", None)
        if isinstance(account, AccountRow):
            return ChatRow("", 0.0, None, "", account.username, account.id)
        return ChatRow("", 0.0, None, "", guest_tag(client), None)

    async def _muted(self, account: str) -> bool:
        """Whether an account is muted now (read at each message: a mute takes effect at
        once, even mid-match)."""
        found = await self._io(self.storage.account_by_id, account)
        return found is not None and found.muted is not None

    async def send_chat_history(self, table: Table, client: Client) -> None:
        """The last messages of the client's channel, as one ``chat_history`` frame (none
        when the channel is empty). The room reads them from storage once; if storage is away
        the client gets them at its next connection, and the table is served meanwhile."""
        channel = channel_of(client.seat)
        room: ChatRoom = table.chat
        try:
            async with room.lock:
                if not room.loaded(channel):
                    rows = await self._io(self.storage.chat_log, table.id, channel,
                                          CHAT_HISTORY)
                    room.load(channel, rows)
                history = list(room.history[channel])
        except StorageError:
            log.info("table %s: the chat could not be read now", table.id,
                     extra={"table": table.id})
            return
        if history:
            labels = table.labels(client.lang)
            client.send({"type": "chat_history", "channel": channel,
                         "messages": [chat_frame(row, client.lang, labels) for row in history]})
