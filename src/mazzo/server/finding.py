"""Finding a game: the lobby's lists of public tables (``GET /api/tables?status=waiting``:
waiting for players; ``status=playing``: being played, to watch) and taking an open seat of one
(``POST /api/tables/{id}/join``). The lists are read from storage, so every process of a cluster
shows the same tables; a join is done by the process serving the table (another one sends the
request there), one at a time under the table's lock, so two people racing for the last seat
get one seat and one ``table_full``. docs/server.md ("Open tables and quick match")."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from mazzo.engine.game import JSON, Game
from mazzo.engine.registry import get_game
from mazzo.server.accounts import current_account
from mazzo.server.api import body_of, lang_of, problem, seat_links, table_links
from mazzo.server.creation import nickname
from mazzo.server.history import seat_labels
from mazzo.server.people import shown_rating
from mazzo.server.protocol import BadJSON, ProtocolError, TooLarge, load_json
from mazzo.server.storage.base import PLAYING, WAITING, AccountRow, TableRow
from mazzo.server.table import HUMAN, BadRequest, Table, new_token, token_hash
from mazzo.server.tables import TableManager
from mazzo.text import plural

#: tables one page of a list holds at most, and by default
PAGE_MAX: Final = 50
PAGE_DEFAULT: Final = 20
#: how deep a list may be paged: the lobby shows the oldest tables first, and nobody pages
#: through thousands; a bound keeps every list query an index range of bounded length
OFFSET_MAX: Final = 10_000

finding = APIRouter()


@finding.get("/api/tables", response_model=None)
async def list_tables(request: Request, status: str = WAITING, limit: int = PAGE_DEFAULT,
                      offset: int = 0, lang: str | None = None) -> JSONResponse | JSON:
    """A page of public tables, oldest first: ``waiting`` ones (with their open seats) or
    ``playing`` ones (to watch). Private tables are never listed."""
    language = lang_of(lang)
    try:
        if status not in (WAITING, PLAYING):
            raise ProtocolError("bad_message", detail=f"status: {WAITING} or {PLAYING}")
        if not 1 <= limit <= PAGE_MAX:
            raise ProtocolError("bad_message", detail=f"limit: 1 to {PAGE_MAX}")
        if not 0 <= offset <= OFFSET_MAX:
            raise ProtocolError("bad_message", detail=f"offset: 0 to {OFFSET_MAX}")
    except ProtocolError as exc:
        return problem(exc, language)
    manager: TableManager = request.app.state.manager
    base = str(request.base_url).rstrip("/")
    rows = await asyncio.to_thread(manager.storage.public_tables, status, limit + 1, offset)
    entries = await asyncio.to_thread(
        lambda: [listed(manager, row, language, base) for row in rows[:limit]])
    return {"status": status, "tables": entries,
            "next": offset + limit if len(rows) > limit else None}


def listed(manager: TableManager, row: TableRow, lang: str, base: str) -> JSON:
    """One table of a list: its game, rules in words, seats (who sits, with their ratings,
    and which are open), and its links. Reads ratings from storage: runs in a worker thread."""
    game = get_game(row.game)
    labels = seat_labels(row.seats, lang)
    seats: list[JSON] = []
    for seat in row.seats:
        is_open = seat.kind == HUMAN and seat.token_hash is None
        seats.append({"seat": seat.seat, "kind": seat.kind, "open": is_open,
                      "name": None if is_open else labels[seat.seat],
                      "rating": None if is_open else shown_rating(manager.storage,
                                                                  seat.account, row.game)})
    free = sum(s["open"] for s in seats)
    return {"table": row.id, "game": row.game, "title": game.title(lang),
            "players": len(row.seats), "variant": variant_words(game, row.config, lang),
            "config": row.config, "rated": bool(row.options.get("rated")),
            "status": row.status, "seats": seats, "free": free, "created": row.created,
            "join": f"{base}/api/tables/{row.id}/join", **table_links(base, row.id)}


def variant_words(game: Game, config: JSON, lang: str) -> str:
    """A config in words for a list: the player count, the variant (where the game has
    them) and every other field that differs from the game's defaults, as ``name value``
    (``2 players, fibur, target 61``); the lobby has the fields' words in both languages."""
    players = int(config.get("players", 0))
    words = [plural(players, "giocatore", "giocatori") if lang == "it"
             else plural(players, "player", "players")]
    defaults = game.config_class.from_json({"players": players}).to_json()
    if game.variants and "variant" in config:
        words.append(str(config["variant"]))
    for name, value in config.items():
        if name in ("players", "variant") or defaults.get(name) == value:
            continue
        shown = value if not isinstance(value, list) else "/".join(map(str, value))
        words.append(f"{name} {str(shown).lower() if isinstance(value, bool) else shown}")
    return ", ".join(words)


@finding.post("/api/tables/{table_id}/join", response_model=None)
async def join_table(table_id: str, request: Request,
                     lang: str | None = None) -> JSONResponse | JSON:
    """Take the first open seat of a public table: as the logged-in account (the session
    cookie), or as a guest with ``{"name": nickname}``. Answers the seat as table creation
    does (its token and links)."""
    language = lang_of(lang)
    try:
        raw = await body_of(request)
        body = load_json(raw) if raw else {}
    except (BadJSON, TooLarge) as exc:
        return problem(ProtocolError("bad_message", detail=f"body: {exc}"), language)
    if not isinstance(body, dict) or set(body) - {"name"}:
        return problem(ProtocolError("bad_message", detail='body: {"name": nickname} or {}'),
                       language)
    try:
        name = nickname(body.get("name"), "name")
    except BadRequest as exc:
        return JSONResponse({"error": "bad_request", "field": exc.field,
                             "message": exc.text(language)}, status_code=422)
    manager: TableManager = request.app.state.manager
    account = await current_account(request)
    try:
        table = await manager.get(table_id)  # another process's table: sent there (307)
        table, seat, token = await take_seat(manager, table, name, account)
    except ProtocolError as exc:
        return problem(exc, language)
    base = str(request.base_url).rstrip("/")
    labels = table.labels(language)
    row = table.row.seats[seat]
    return {"table": table.id, "game": table.game.id, "status": table.status,
            "seat": {"seat": seat, "kind": row.kind, "name": row.name, "label": labels[seat],
                     **seat_links(base, table.id, token)},
            "rated": bool(table.row.options.get("rated")), **table_links(base, table.id)}


async def take_seat(manager: TableManager, table: Table, name: str | None,
                    account: AccountRow | None) -> tuple[Table, int, str]:
    """Give the first open seat of a public waiting table to ``account`` (or to a guest
    called ``name``): its new token is stored (hashed) before it is answered, and everyone at
    the table sees the seat taken. The table starts by itself once no seat is open. Returns
    the table served (another copy if it was forgotten meanwhile), the seat and its token;
    ProtocolError says why not."""
    async with manager._holding(table) as table:
        await manager._fresh(table)
        options = table.row.options
        if not options.get("public"):
            raise ProtocolError("not_public")
        if table.status != WAITING:
            raise ProtocolError("already_started")
        if account is None and options.get("rated"):
            raise ProtocolError("account_needed")
        if account is not None and account.banned is not None:
            raise ProtocolError("banned")
        mine = [s.seat for s in table.row.seats if account and s.account == account.id]
        if mine:
            raise ProtocolError("already_seated", seat=mine[0] + 1)
        free = table.open_seats
        if not free:
            raise ProtocolError("table_full")
        token = new_token()
        seat = dataclasses.replace(
            table.row.seats[free[0]], token_hash=token_hash(token),
            name=account.username if account is not None else name or table.row.seats[free[0]].name,
            account=None if account is None else account.id)
        await manager._io(manager.storage.set_seat, table.id, seat)
        table.seat_taken(seat)
        await manager._broadcast(table, [])
        full = not table.open_seats
    if full:
        try:
            await manager.start(table)
        except ProtocolError as exc:  # the owner started it a moment before: as good
            if exc.code != "already_started":
                raise
    return table, seat.seat, token
