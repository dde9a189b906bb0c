"""Quick match: a queue per game and player count that seats people of near ratings together.

``POST /api/quickmatch`` puts a ticket in the queue; ``GET /api/quickmatch/{ticket}`` (or the
websocket ``/ws/quickmatch/{ticket}``) says where it stands and, once matched, the table and
seat with its token; ``DELETE`` leaves the queue. The queue lives in the database and is matched
inside one transaction that locks the tickets it reads (:meth:`Storage.match_queue`), so any
number of server processes on one PostgreSQL share it and a ticket ends in one table at most.
Every process runs :meth:`Matchmaker.run`; a new ticket is matched at once as well.

The rule (docs/server.md, "Open tables and quick match"): tickets are taken oldest first; each
ticket accepts ratings within :func:`window` of its own mean, a window that widens with the
time it has waited; a table forms of the oldest ticket and the next oldest that it and every
other one of them accept. A ticket whose ``bots_after_s`` is over, with no table of people in
reach, sits with the others whose wait for bots is over too, and ``medio`` bots fill the rest.
A table of people who all have accounts is rated; any guest or bot makes it unrated."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import random
import secrets
import time
from collections.abc import Sequence
from typing import Final

from fastapi import APIRouter, Request, Response, WebSocket
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnect

from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.registry import get_game
from mazzo.server.accounts import current_account
from mazzo.server.api import body_of, lang_of, problem, seat_links, table_links
from mazzo.server.creation import nickname
from mazzo.server.people import rating_of
from mazzo.server.protocol import (
    BadJSON,
    ProtocolError,
    TooLarge,
    error_frame,
    load_json,
)
from mazzo.server.storage.base import (
    PLAYING,
    AccountRow,
    QueueMatch,
    QueueTicket,
    SeatRow,
    StorageError,
    StorageUnavailable,
    TableRow,
)
from mazzo.server.table import HUMAN, BadRequest, Elsewhere, new_token, token_hash
from mazzo.server.tables import TableManager

log = logging.getLogger("mazzo.server")

#: a ticket accepts ratings this far from its own mean (mu) at first ...
WINDOW_START: Final = 2.0
#: ... widening by this much for every second it waits ...
WINDOW_PER_S: Final = 0.25
#: ... and any rating at all once it has waited this long (seconds)
WINDOW_OPEN_S: Final = 120.0
#: the longest ``bots_after_s`` a ticket may ask for (seconds; null: never)
BOTS_AFTER_MAX_S: Final = 3600.0
#: a waiting ticket nobody asked about for this long leaves the queue (its person went)
TICKET_TTL_S: Final = 30.0
#: how often a process deletes those tickets (seconds)
EXPIRE_EVERY_S: Final = 10.0
#: a matched ticket (and the seat token it keeps) is deleted this long after it was made
MATCHED_KEEP_S: Final = 3600.0
#: seconds between two rounds of the matchmaker (each process; a little jitter keeps the
#: rounds of several processes apart)
ROUND_S: Final = 1.0
#: how often the websocket of a waiting ticket looks at it (seconds)
WATCH_S: Final = 0.25
#: a waiting ticket's websocket is told where it stands at least this often (seconds), and
#: whenever its place in the queue changes
WAITING_EVERY_S: Final = 5.0
#: the level of the bots that fill a quick match's empty seats
FILL_LEVEL: Final = "medio"
#: the websocket close code for an unknown ticket
CLOSE_UNKNOWN_TICKET: Final = 4404

quickmatch = APIRouter()


def window(waited: float) -> float:
    """How far (in mu) from its own rating a ticket that has waited ``waited`` seconds
    accepts: :data:`WINDOW_START`, plus :data:`WINDOW_PER_S` a second, any after
    :data:`WINDOW_OPEN_S`."""
    if waited >= WINDOW_OPEN_S:
        return math.inf
    return WINDOW_START + WINDOW_PER_S * max(waited, 0.0)


def accepts(a: QueueTicket, b: QueueTicket, now: float) -> bool:
    """Whether ``a`` and ``b`` may sit together: each rating within the other's window, and
    never one account twice (two devices of one person)."""
    if a.account is not None and a.account == b.account:
        return False
    reach = min(window(now - a.created), window(now - b.created))
    return abs(a.rating - b.rating) <= reach


def bots_due(ticket: QueueTicket, now: float) -> bool:
    return ticket.bots_after_s is not None and now - ticket.created >= ticket.bots_after_s


def groups(tickets: Sequence[QueueTicket], players: int, now: float
           ) -> list[list[QueueTicket]]:
    """The tables the queue forms now (each a list of tickets; fewer than ``players`` means
    bots fill the rest): see the module's rule. ``tickets`` are oldest first."""
    left = list(tickets)
    formed: list[list[QueueTicket]] = []
    while left:
        anchor, rest = left[0], left[1:]
        group = [anchor]
        for ticket in rest:
            if len(group) == players:
                break
            if all(accepts(ticket, g, now) for g in group):
                group.append(ticket)
        if len(group) < players:
            if not bots_due(anchor, now):
                left = rest  # it waits on; younger tickets may still pair among themselves
                continue
            group = [t for t in group if bots_due(t, now)]
        formed.append(group)
        chosen = {id(t) for t in group}
        left = [t for t in left if id(t) not in chosen]
    return formed


class Matchmaker:
    """The quick match of one server process: tickets in, tables out (see the module)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.storage = manager.storage
        #: tables this process formed since the start
        self.formed = 0
        #: when (wall clock) this process last deleted the tickets nobody asks about
        self._expired_at = 0.0

    # -- tickets ------------------------------------------------------------------------------

    async def enqueue(self, body: JSON, account: AccountRow | None, name: str | None
                      ) -> QueueTicket:
        """A new ticket from a POST body (``game``, ``players``, ``bots_after_s``), matched at
        once if it can be; BadRequest names a bad field."""
        game_id, players, bots_after = _parse(body)
        account_id = None if account is None else account.id
        mu, _sigma, _matches = await asyncio.to_thread(rating_of, self.storage, account_id,
                                                       game_id)
        now = time.time()
        ticket = QueueTicket(
            ticket=secrets.token_urlsafe(24), game=game_id, players=players,
            account=account_id, name=account.username if account is not None else name or "",
            rating=mu, bots_after_s=bots_after, created=now, polled=now)
        await asyncio.to_thread(self.storage.enqueue, ticket)
        await self.match(game_id, players)
        return ticket

    async def poll(self, ticket_id: str) -> tuple[QueueTicket, int] | None:
        return await asyncio.to_thread(self.storage.poll_ticket, ticket_id, time.time())

    # -- matching -----------------------------------------------------------------------------

    async def match(self, game: str, players: int) -> list[str]:
        """Form what tables the queue allows now and start serving them here."""
        now = time.time()
        made = await asyncio.to_thread(self.storage.match_queue, game, players,
                                       lambda tickets: self._tables(tickets, players, now))
        for table_id in made:
            self.formed += 1
            # claims it and deals; another process that took it first serves it all the same
            with contextlib.suppress(Elsewhere):
                await self.manager.get(table_id)
        return made

    def _tables(self, tickets: list[QueueTicket], players: int, now: float
                ) -> list[QueueMatch]:
        return [self._table(group, players, now) for group in groups(tickets, players, now)]

    def _table(self, group: list[QueueTicket], players: int, now: float) -> QueueMatch:
        """The table of one group: the game's default rules, the people in random seats,
        ``medio`` bots in the rest; rated when every seat is an account's."""
        game = get_game(group[0].game)
        order = list(range(players))
        random.SystemRandom().shuffle(order)
        tokens = {t.ticket: new_token() for t in group}
        by_seat = dict(zip(order, group, strict=False))
        seats = tuple(
            SeatRow(i, HUMAN, by_seat[i].name or f"player {i + 1}",
                    token_hash(tokens[by_seat[i].ticket]), by_seat[i].account)
            if i in by_seat else SeatRow(i, FILL_LEVEL, f"{FILL_LEVEL} {i + 1}")
            for i in range(players))
        rated = len(group) == players and all(t.account is not None for t in group)
        options = {**self.manager._parse_options({}), "public": False, "rated": rated}
        row = TableRow(
            id=secrets.token_urlsafe(9), game=game.id,
            config=game.config_class.from_json({"players": players}).to_json(),
            seats=seats, owner_hash=token_hash(new_token()), status=PLAYING,
            options=options, created=now)
        return QueueMatch(row, {t.ticket: (seat, tokens[t.ticket])
                                for seat, t in by_seat.items()})

    async def run(self) -> None:
        """Forever: drop tickets nobody asks about, and match every queue (the windows widen
        and bots become due with time, not only when a ticket arrives)."""
        while True:
            await asyncio.sleep(ROUND_S * random.uniform(0.8, 1.2))
            try:
                await self.round()
            except StorageUnavailable:
                continue  # the storage logs the outage once
            except Exception:
                log.exception("quick match: a round failed")

    async def round(self) -> None:
        now = time.time()
        # a write: every few rounds only, an idle server's database is left alone meanwhile
        if now - self._expired_at >= EXPIRE_EVERY_S:
            await asyncio.to_thread(self.storage.expire_tickets, now - TICKET_TTL_S,
                                    now - MATCHED_KEEP_S)
            self._expired_at = now
        for game, players in await asyncio.to_thread(self.storage.waiting_queues):
            await self.match(game, players)


def _parse(body: JSON) -> tuple[str, int, float | None]:
    """(game, players, bots_after_s) of a POST /api/quickmatch body; BadRequest if wrong."""
    unknown = sorted(set(body) - {"game", "players", "bots_after_s", "name"})
    if unknown:
        raise BadRequest(str(unknown[0])[:40], "unknown field; known: game, players, "
                         "bots_after_s, name", "campo sconosciuto; quelli noti: game, players, "
                         "bots_after_s, name")
    game_id = body.get("game")
    if not isinstance(game_id, str):
        raise BadRequest("game", "missing; give a game id", "manca; indica l'id di un gioco")
    try:
        game = get_game(game_id)
    except MazzoError as exc:
        raise BadRequest("game", str(exc), exc.text("it")) from None
    players = body.get("players", game.config_class().players)
    if isinstance(players, bool) or players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        raise BadRequest("players", f"one of {counts}", f"uno tra {counts}")
    bots_after = body.get("bots_after_s")
    if bots_after is not None and (isinstance(bots_after, bool)
                                   or not isinstance(bots_after, int | float)
                                   or not 0 <= bots_after <= BOTS_AFTER_MAX_S):
        raise BadRequest("bots_after_s", f"null (never) or seconds from 0 to "
                         f"{BOTS_AFTER_MAX_S:g}", f"null (mai) o secondi da 0 a "
                         f"{BOTS_AFTER_MAX_S:g}")
    return game.id, int(players), None if bots_after is None else float(bots_after)


def where(ticket: QueueTicket, position: int, base: str, now: float) -> JSON:
    """A ticket as its person sees it: waiting (place in the queue, seconds waited, the
    ratings it accepts now) or matched (the table, the seat with its token and links)."""
    answer: JSON = {"ticket": ticket.ticket, "game": ticket.game, "players": ticket.players,
                    "bots_after_s": ticket.bots_after_s}
    if ticket.table_id is None or ticket.seat is None or ticket.token is None:
        reach = window(now - ticket.created)
        return {**answer, "status": "waiting", "position": position,
                "elapsed": round(now - ticket.created, 1),
                "range": None if math.isinf(reach) else
                {"low": round(ticket.rating - reach, 2), "high": round(ticket.rating + reach, 2)}}
    return {**answer, "status": "matched", "type": "matched", "table": ticket.table_id,
            "seat": {"seat": ticket.seat, "kind": HUMAN, "name": ticket.name,
                     **seat_links(base, ticket.table_id, ticket.token)},
            **table_links(base, ticket.table_id)}


def _matchmaker(request: Request | WebSocket) -> Matchmaker:
    found: Matchmaker = request.app.state.quickmatch
    return found


@quickmatch.post("/api/quickmatch", status_code=201, response_model=None)
async def join_queue(request: Request, lang: str | None = None) -> JSONResponse | JSON:
    """Join the quick match queue: ``{"game", "players", "bots_after_s"}`` (and ``name``, a
    guest's nickname) → the ticket as :func:`where` tells it."""
    language = lang_of(lang)
    # each ticket may make a table: the address's limit on making tables counts it too
    creations = request.app.state.creations
    wait = creations.wait(request.client.host if request.client else "", time.monotonic())
    if wait:
        frame = error_frame("too_many_tables", language, rate=f"{creations.per_minute:g}",
                            wait=wait)
        return JSONResponse({"error": "too_many_tables", "message": frame["message"]},
                            status_code=429, headers={"Retry-After": str(wait)})
    try:
        body = load_json(await body_of(request))
        if not isinstance(body, dict):
            raise BadJSON("a JSON object")
    except (BadJSON, TooLarge) as exc:
        return problem(ProtocolError("bad_message", detail=f"body: {exc}"), language)
    account = await current_account(request)
    if account is not None and account.banned is not None:
        return problem(ProtocolError("banned"), language)
    try:
        name = nickname(body.get("name"), "name")
        ticket = await _matchmaker(request).enqueue(body, account, name)
    except BadRequest as exc:
        return JSONResponse({"error": "bad_request", "field": exc.field,
                             "message": exc.text(language)}, status_code=422)
    return await _answer(request, ticket.ticket, language)


@quickmatch.get("/api/quickmatch/{ticket}", response_model=None)
async def ticket_state(ticket: str, request: Request,
                       lang: str | None = None) -> JSONResponse | JSON:
    return await _answer(request, ticket, lang_of(lang))


async def _answer(request: Request, ticket_id: str, lang: str) -> JSONResponse | JSON:
    found = await _matchmaker(request).poll(ticket_id)
    if found is None:
        return problem(ProtocolError("unknown_ticket", ticket=ticket_id[:40]), lang)
    return where(*found, str(request.base_url).rstrip("/"), time.time())


@quickmatch.delete("/api/quickmatch/{ticket}", status_code=204, response_model=None)
async def leave_queue(ticket: str, request: Request,
                      lang: str | None = None) -> JSONResponse | Response:
    """Leave the queue; 409 ``already_matched`` once the ticket has a table (its seat is
    taken: the answer of GET tells it), 404 for an unknown ticket."""
    matchmaker = _matchmaker(request)
    if await asyncio.to_thread(matchmaker.storage.leave_queue, ticket):
        return Response(status_code=204)
    found = await matchmaker.poll(ticket)
    code = "unknown_ticket" if found is None else "already_matched"
    return problem(ProtocolError(code, ticket=ticket[:40]), lang_of(lang))


@quickmatch.websocket("/ws/quickmatch/{ticket}")
async def ticket_socket(websocket: WebSocket, ticket: str) -> None:
    """The ticket's news as it happens: a ``{"type": "waiting", ...}`` frame when it
    connects, whenever its place changes and every few seconds, then ``{"type": "matched", ...}``
    (as GET answers it) and the server closes the connection. While it is open the ticket
    counts as asked about (it does not expire)."""
    await websocket.accept()
    lang = lang_of(websocket.query_params.get("lang"))
    matchmaker = _matchmaker(websocket)
    base = "http" + str(websocket.base_url).rstrip("/").removeprefix("ws")
    told: tuple[int, float] | None = None  # the place last told, and when
    try:
        while True:
            try:
                found = await matchmaker.poll(ticket)
            except StorageError:
                await websocket.send_text(json.dumps(error_frame("storage_unavailable", lang)))
                await asyncio.sleep(1.0)
                continue
            if found is None:
                await websocket.send_text(json.dumps(
                    error_frame("unknown_ticket", lang, ticket=ticket[:40])))
                await websocket.close(CLOSE_UNKNOWN_TICKET)
                return
            state = where(*found, base, time.time())
            if state["status"] == "matched":
                await websocket.send_text(json.dumps(state))
                await websocket.close()
                return
            now = time.monotonic()
            if told is None or told[0] != state["position"] or now - told[1] >= WAITING_EVERY_S:
                await websocket.send_text(json.dumps({"type": "waiting", **state}))
                told = (state["position"], now)
            await asyncio.sleep(WATCH_S)
    except WebSocketDisconnect:
        return
