"""Reporting a player: ``POST /api/tables/{id}/reports`` ``{"seat": N, "reason": "...",
"token": seat or owner token}`` (or, without a token, a logged-in account's cookie) stores a
report for the admins (``mazzo admin reports`` reads them with ``Storage.list_reports``).
Someone who is at the table (a seat's or the owner's token) or logged in may report a person's
seat other than their own, once per seat of a table. docs/server.md ("Chat") describes it."""

from __future__ import annotations

import secrets
import time
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from mazzo.engine.game import JSON
from mazzo.server.accounts import current_account
from mazzo.server.api import body_of, lang_of, problem
from mazzo.server.chat import FORBIDDEN
from mazzo.server.protocol import TOKEN_MAX_CHARS, BadJSON, ProtocolError, load_json
from mazzo.server.storage.base import ReportRow
from mazzo.server.table import HUMAN, Table
from mazzo.server.tables import TableManager

#: the longest reason, in characters once trimmed
REASON_MAX_CHARS: Final = 500
#: (Italian, English) of each report error, and its HTTP status
REPORT_ERRORS: Final[dict[str, tuple[str, str, int]]] = {
    "report_who": ("Per segnalare serve il link del tuo posto o l'accesso con un account.",
                   "To report, use your seat's link or log in with an account.", 401),
    "report_seat": ("Il posto {seat} non è di una persona a questo tavolo.",
                    "Seat {seat} is not a person's at this table.", 422),
    "report_self": ("Non puoi segnalare te stesso.", "You cannot report yourself.", 422),
    "report_reason": ("Scrivi il motivo (da 1 a {limit} caratteri, testo su una riga).",
                      "Give the reason (1 to {limit} characters, plain text on one line).",
                      422),
    "already_reported": ("Hai già segnalato questo giocatore a questo tavolo.",
                         "You have already reported this player at this table.", 409),
}

reports = APIRouter()


class ReportError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def answer(self, lang: str) -> JSONResponse:
        italian, english, status = REPORT_ERRORS[self.code]
        text = (italian if lang == "it" else english).format(**self.params)
        return JSONResponse({"type": "error", "code": self.code, "message": text},
                            status_code=status)


@reports.post("/api/tables/{table_id}/reports", status_code=201, response_model=None)
async def report_player(table_id: str, request: Request,
                        lang: str | None = None) -> JSONResponse | JSON:
    manager: TableManager = request.app.state.manager
    language = lang_of(lang)
    try:
        try:
            body = load_json(await body_of(request))
        except BadJSON as exc:
            raise ProtocolError("bad_message", detail=f"body: not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise ProtocolError("bad_message", detail='body: a JSON object, {"seat", "reason"}')
        table = await manager.get(table_id)
        seat, reason = _fields(table, body)
        reporter = await _reporter(manager, table, request, body.get("token"))
        if reporter == f"seat {seat}":
            raise ReportError("report_self")
        seat_row = table.row.seats[seat]
        row = ReportRow(secrets.token_urlsafe(9), table.id, seat, seat_row.name,
                        seat_row.account, reporter, reason, time.time())
        if not await manager._io(manager.storage.add_report, row):
            raise ReportError("already_reported")
    except ProtocolError as exc:
        return problem(exc, language)
    except ReportError as exc:
        return exc.answer(language)
    return {"report": row.id, "table": table.id, "seat": seat}


def _fields(table: Table, body: JSON) -> tuple[int, str]:
    """The seat reported (a person's) and the reason (trimmed, one line of plain text)."""
    seat = body.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ProtocolError("bad_message", detail="seat: an integer, the seat reported")
    if not 0 <= seat < len(table.row.seats) or table.row.seats[seat].kind != HUMAN:
        raise ReportError("report_seat", seat=seat)
    reason = body.get("reason")
    if not isinstance(reason, str):
        raise ReportError("report_reason", limit=REASON_MAX_CHARS)
    reason = reason.strip()
    if not reason or len(reason) > REASON_MAX_CHARS or FORBIDDEN.search(reason):
        raise ReportError("report_reason", limit=REASON_MAX_CHARS)
    return seat, reason


async def _reporter(manager: TableManager, table: Table, request: Request,
                    token: object) -> str:
    """Who reports: ``seat N`` for a seat's token, ``owner`` for the owner's, else ``account
    ID`` for a logged-in account; ReportError when it is none of them."""
    if isinstance(token, str) and token:
        if len(token) > TOKEN_MAX_CHARS:
            raise ProtocolError("bad_token")
        seat, owner = manager.role(table, token)  # ProtocolError bad_token if it fits nothing
        if seat is not None:
            return f"seat {seat}"
        if owner:
            return "owner"
    account = await current_account(request)  # CrossSite (403) from another site's page
    if account is None:
        raise ReportError("report_who")
    return f"account {account.id}"
