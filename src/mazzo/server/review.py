"""The esperto's review of a finished match, served: ``POST /api/tables/{id}/review`` starts it,
``GET /api/tables/{id}/review/{seat}`` follows it and then answers it.

A review runs in the bot pool one decision per job, with the hints' place (after every bot
move, on part of the pool), so it never holds up play and its progress is the jobs done. The
finished review is stored (``Storage.save_review``) and answered from there ever after: a
review is computed once. Who may ask: the owner, or the seat's own player (its token, or the
account that holds the seat); anyone, for any seat, once the match is over at a public table.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from mazzo.coach.review import assemble, decision_json, decision_points, review_decision
from mazzo.engine.game import JSON
from mazzo.engine.registry import get_game
from mazzo.server.accounts import current_account
from mazzo.server.api import body_of, lang_of, problem
from mazzo.server.protocol import BadJSON, ProtocolError, load_json
from mazzo.server.storage.base import OVER
from mazzo.server.tables import Table, TableManager

log = logging.getLogger("mazzo.server")

reviews = APIRouter()


def review_step(record: JSON, seat: int, index: int) -> JSON:
    """The review of ``seat``'s ``index``-th decision in ``record`` (in a worker)."""
    game, points = decision_points(record, seat, only=index)
    version, state, action = points[index]
    rules = game.review_rules()
    decision, _ = review_decision(game, state, seat, action, version, rules.worlds, rules)
    return decision_json(decision)


@dataclass
class Running:
    """A review being computed: its decisions done out of all."""

    total: int
    done: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def frame(self) -> JSON:
        return {"status": "running", "done": self.done, "total": self.total}


#: reviews being computed in this process, by (table id, seat)
RUNNING: dict[tuple[str, int], Running] = {}


async def _compute(manager: TableManager, table: Table, seat: int, record: JSON,
                   running: Running) -> None:
    """Every decision's job, in order, then the whole review stored."""
    decisions = []
    try:
        for index in range(running.total):
            decisions.append(await manager.bots.run(review_step, record, seat, index,
                                                    table=table.id))
            running.done = index + 1
        review = assemble(get_game(table.row.game), seat, decisions)
        await asyncio.to_thread(manager.storage.save_review, table.id, seat, review)
    except Exception:  # the next POST starts it again
        log.exception("review of table %s seat %d failed", table.id, seat,
                      extra={"table": table.id, "seat": seat})
    finally:
        RUNNING.pop((table.id, seat), None)


async def _allowed(request: Request, table_id: str, seat: object,
                   token: object) -> tuple[TableManager, Table, int]:
    """The table and seat of a review the asker may see: the table over, the seat one of its
    seats, and the table public, or the token its owner's or that seat's, or the logged-in
    account the seat's; ProtocolError otherwise."""
    manager: TableManager = request.app.state.manager
    table = await manager.get(table_id)
    if table.status != OVER:
        raise ProtocolError("not_over")
    players = len(table.row.seats)
    if type(seat) is not int or not 0 <= seat < players:
        raise ProtocolError("bad_message", detail=f"seat: a seat from 0 to {players - 1}")
    if table.row.options.get("public"):
        return manager, table, seat
    if not isinstance(token, str) or not token:
        account = await current_account(request)
        if account is not None and table.row.seats[seat].account == account.id:
            return manager, table, seat
        raise ProtocolError("bad_token")
    mine, owner = manager.role(table, token)
    if not owner and mine != seat:
        raise ProtocolError("bad_token")
    return manager, table, seat


async def _answer(manager: TableManager, table: Table, seat: int, start: bool) -> JSON:
    stored = await asyncio.to_thread(manager.storage.load_review, table.id, seat)
    if stored is not None:
        return {"status": "done", "review": stored}
    running = RUNNING.get((table.id, seat))
    if running is not None:
        return running.frame()
    if not start:
        return {"status": "none"}
    record = table.record()
    _, points = decision_points(record, seat, only=-1)  # counted, none kept
    running = RUNNING[(table.id, seat)] = Running(len(points))
    running.task = asyncio.create_task(_compute(manager, table, seat, record, running))
    return running.frame()


@reviews.post("/api/tables/{table_id}/review", response_model=None)
async def start_review(table_id: str, request: Request,
                       lang: str | None = None) -> JSONResponse | JSON:
    """Start the review of ``{"seat": N, "token": T}`` (T: the owner's or that seat's token),
    or answer it if it is done or under way."""
    try:
        try:
            raw = await body_of(request)
            body = load_json(raw) if raw else {}
        except BadJSON as exc:
            raise ProtocolError("bad_message", detail=f"body: not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise ProtocolError("bad_message", detail='body: {"seat": N, "token": T}')
        manager, table, seat = await _allowed(request, table_id, body.get("seat"),
                                              body.get("token"))
        return await _answer(manager, table, seat, start=True)
    except ProtocolError as exc:
        return problem(exc, lang_of(lang))


@reviews.get("/api/tables/{table_id}/review/{seat}", response_model=None)
async def follow_review(table_id: str, seat: int, request: Request, token: str = "",
                        lang: str | None = None) -> JSONResponse | JSON:
    """The review's progress (``running``, ``done`` of ``total``), the review (``done``) or
    ``none`` when nobody has asked for it."""
    try:
        manager, table, seat = await _allowed(request, table_id, seat, token)
        return await _answer(manager, table, seat, start=False)
    except ProtocolError as exc:
        return problem(exc, lang_of(lang))
