"""The seats of accounts: a logged-in player's seats belong to the account, which opens them
from any device by its session cookie, without the seat's token (the server keeps only the
token's hash, so it cannot hand the link out again).

- Taking a seat while logged in (making a table, opening an invite link) writes the account
  into the seat (:func:`take_seat`); at a table not yet started the seat takes the username.
- A guest who registers or logs in hands over the seats it holds in that browser (table id and
  seat token, :func:`claim_seats`).
- The table websocket (:func:`socket_role`) gives a connection with the account's cookie, from
  this server's page, the seat ``?seat=N`` the account holds, and the owner's rights at a table
  the account made. A seat token works as before, for anyone; but not for a seat of a banned
  account.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Final

from mazzo.server.accounts import HasScope, current_account, session_cookie
from mazzo.server.protocol import ProtocolError
from mazzo.server.sockets import Socket
from mazzo.server.storage.base import (
    DELETED_NAME,
    OWNER_OPTION,
    WAITING,
    AccountRow,
    StorageError,
    StorageUnavailable,
)
from mazzo.server.table import HUMAN, Elsewhere, Table
from mazzo.server.tables import TableManager

#: seats a guest may hand over at once (the lobby keeps its last 30 tables)
CLAIMS_MAX: Final = 30


async def take_seat(manager: TableManager, table: Table, seat: int, account: AccountRow) -> bool:
    """Make ``seat`` the account's, in storage and in memory; False if it is not a person's
    seat or another account holds it. At a table not yet started it takes the username."""
    async with manager._holding(table) as held:
        row = held.row.seats[seat]
        if row.kind != HUMAN or row.account not in (None, account.id):
            return False
        if row.account == account.id:
            return True
        name = account.username if held.status == WAITING else row.name
        new = dataclasses.replace(row, account=account.id, name=name)
        await manager._io(manager.storage.set_seat, held.id, new)
        held.replace_seat(new)
        if name != row.name:
            await manager._broadcast(held, [])  # the others see the new name at once
    return True


async def claim_seats(manager: TableManager, account: AccountRow,
                      held: list[tuple[str, str]]) -> list[dict[str, object]]:
    """Hand the seats a browser holds (table id, seat token) to the account; the ones taken,
    as ``{"table", "seat"}``. A wrong token, a table gone or served elsewhere, a seat of
    another account: left as they are."""
    taken: list[dict[str, object]] = []
    for table_id, token in held[:CLAIMS_MAX]:
        try:
            table = await manager.get(table_id)
            seat, _owner = manager.role(table, token)
        except (ProtocolError, Elsewhere, StorageUnavailable):
            continue
        if seat is not None and await take_seat(manager, table, seat, account):
            taken.append({"table": table_id, "seat": seat})
    return taken


def forget_name(manager: TableManager, account_id: str) -> None:
    """A deleted account's seats, in the tables in memory, read "deleted player" (storage
    renamed them already)."""
    for table in manager.tables.values():
        for seat in table.row.seats:
            if seat.account == account_id:
                table.replace_seat(dataclasses.replace(seat, name=DELETED_NAME["en"]))


def owns_table(table: Table, account: AccountRow | None) -> bool:
    """Whether ``account`` made the table (and so has its owner's rights)."""
    return account is not None and table.row.options.get(OWNER_OPTION) == account.id


async def socket_role(manager: TableManager, table: Table, websocket: Socket,
                      token: str | None) -> tuple[int | None, bool, AccountRow | None]:
    """(seat, is_owner, account) of a table websocket: the seat by its token as always, or by
    the account of its cookie (see the module docstring); the account read once, for the chat
    too (None: a guest, also while the database does not answer: the seat's token is all a
    connection needs to play). ProtocolError if the token is wrong, the seat asked for is not
    the account's, or the seat's account is banned."""
    try:
        account = await _socket_account(websocket)
    except StorageError:
        account = None
    if token:
        seat, owner = manager.role(table, token)
        if seat is not None:
            holder = table.row.seats[seat].account
            if holder is not None and (account is None or holder != account.id):
                held_by = await asyncio.to_thread(manager.storage.account_by_id, holder)
                if held_by is not None and held_by.banned is not None:
                    raise ProtocolError("account_banned")
            if account is not None and holder is None:
                await take_seat(manager, table, seat, account)
        return seat, owner or owns_table(table, account), account
    wanted = websocket.param("seat")
    if wanted is None or wanted == "":
        return None, owns_table(table, account), account
    seats = table.row.seats
    seat = int(wanted) if wanted.isdigit() else -1
    if account is None or not 0 <= seat < len(seats) or seats[seat].account != account.id:
        raise ProtocolError("not_your_seat")
    return seat, owns_table(table, account), account


async def _socket_account(websocket: HasScope) -> AccountRow | None:
    if session_cookie(websocket.scope) is None:
        return None  # a guest: no database read
    return await current_account(websocket)
