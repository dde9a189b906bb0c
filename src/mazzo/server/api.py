"""The HTTP API, one router per area: ``health`` (/api/health), ``games`` (/api/games) and
``tables`` (/api/tables: create, summary, record, owner commands), and the error answers every
route shares (:func:`install_errors`). Routes reach the server's parts through ``app.state``
(``manager``, ``clients``, ``bots``, ``creations``, ``caps``), which ``create_app`` sets.
docs/server.md ("HTTP API") describes each answer."""

from __future__ import annotations

import time
from typing import Final

import httpx
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response

from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games
from mazzo.server.account_seats import owns_table
from mazzo.server.accounts import CrossSite, current_account
from mazzo.server.protocol import (
    LANGS,
    BadJSON,
    ProtocolError,
    TooLarge,
    describe_game,
    error_frame,
    load_json,
    read_body,
)
from mazzo.server.storage.base import OVER, StorageUnavailable
from mazzo.server.tables import BadRequest, Elsewhere, Table, TableManager

HTTP_STATUS: Final = {"unknown_table": 404, "unknown_command": 404, "not_owner": 403,
                      "bad_token": 403,
                      "not_over": 409, "already_started": 409, "bad_message": 422,
                      "not_public": 403, "table_full": 409, "account_needed": 401,
                      "banned": 403, "already_seated": 409, "unknown_ticket": 404,
                      "already_matched": 409}

#: headers of one connection, not of the request: not passed on when forwarding (the length
#: is set again for the body as it is)
HOP_HEADERS: Final = frozenset({"connection", "keep-alive", "transfer-encoding", "upgrade",
                                "te", "trailer", "proxy-authorization", "proxy-authenticate",
                                "content-length"})
#: how long a request forwarded to the process serving its table may take (seconds)
FORWARD_TIMEOUT_S: Final = 15.0

health = APIRouter()
games = APIRouter()
tables = APIRouter()


def lang_of(value: str | None) -> str:
    """The language a request asks for, English unless it is one the server speaks."""
    return value if value in LANGS else "en"


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def problem(exc: ProtocolError, lang: str) -> JSONResponse:
    return JSONResponse(exc.frame(lang), status_code=HTTP_STATUS.get(exc.code, 400))


@health.get("/api/health")
async def health_check(request: Request) -> JSON:
    state = request.app.state
    manager = _manager(request)
    return {"ok": True, "tables": len(manager.tables), "forgotten": manager.forgotten,
            **state.clients.health(), "bots": state.bots.health(),
            **(state.caps.health() if state.caps is not None else {})}


@games.get("/api/games")
async def list_games() -> list[JSON]:
    return [describe_game(g) for g in all_games()]


@tables.post("/api/tables", status_code=201, response_model=None)
async def create_table(request: Request) -> JSONResponse | JSON:
    creations = request.app.state.creations
    wait = creations.wait(request.client.host if request.client else "", time.monotonic())
    if wait:
        frame = error_frame("too_many_tables", lang_of(request.query_params.get("lang")),
                            rate=f"{creations.per_minute:g}", wait=wait)
        return JSONResponse({"error": "too_many_tables", "message": frame["message"]},
                            status_code=429, headers={"Retry-After": str(wait)})
    try:
        body = load_json(await body_of(request))
    except TooLarge as exc:
        return JSONResponse({"error": "bad_request", "field": "body",
                             "message": f"too large: {exc}"}, status_code=413)
    except BadJSON as exc:
        return JSONResponse({"error": "bad_request", "field": "body",
                             "message": f"not JSON: {exc}"}, status_code=422)
    if not isinstance(body, dict):
        return JSONResponse({"error": "bad_request", "field": "body",
                             "message": "a JSON object"}, status_code=422)
    try:
        account = await current_account(request)
        table, owner, tokens = await _manager(request).create(body, account)
    except BadRequest as exc:
        lang = lang_of(request.query_params.get("lang"))
        return JSONResponse({"error": "bad_request", "field": exc.field,
                             "message": exc.text(lang)}, status_code=422)
    return _created(request, table, owner, tokens)


@tables.get("/api/tables/{table_id}", response_model=None)
async def table_summary(table_id: str, request: Request,
                        lang: str | None = None) -> JSONResponse | JSON:
    try:
        return (await _manager(request).get(table_id)).summary(lang_of(lang))
    except ProtocolError as exc:
        return problem(exc, lang_of(lang))


@tables.get("/api/tables/{table_id}/record", response_model=None)
async def table_record(table_id: str, request: Request,
                       lang: str | None = None) -> JSONResponse | JSON:
    try:
        table = await _manager(request).get(table_id)
        if table.status != OVER:
            raise ProtocolError("not_over")
    except ProtocolError as exc:
        return problem(exc, lang_of(lang))
    return table.record()


@tables.post("/api/tables/{table_id}/{command}", response_model=None)
async def owner_command(table_id: str, command: str, request: Request,
                        lang: str | None = None) -> JSONResponse | JSON:
    manager = _manager(request)
    try:
        try:  # a body that is not {"owner": token} is said so, not taken for a wrong token
            raw = await body_of(request)
            body = load_json(raw) if raw else {}
        except BadJSON as exc:
            raise ProtocolError("bad_message", detail=f"body: not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise ProtocolError("bad_message", detail='body: a JSON object, {"owner": token}')
        table = await manager.get(table_id)
        if command not in ("start", "rematch"):
            raise ProtocolError("unknown_command", command=command[:40])
        if not (manager.is_owner(table, body.get("owner"))
                or owns_table(table, await current_account(request))):
            raise ProtocolError("not_owner")
        if command == "start":
            await manager.start(table)
            return table.summary(lang_of(lang))
        return (await manager.rematch(table)).summary(lang_of(lang))
    except ProtocolError as exc:
        return problem(exc, lang_of(lang))


def _created(request: Request, table: Table, owner: str, tokens: dict[int, str]) -> JSON:
    base = str(request.base_url).rstrip("/")
    ws_base = "ws" + base.removeprefix("http")
    labels = table.labels(lang_of(request.query_params.get("lang")))
    seats: list[JSON] = []
    for seat in table.row.seats:
        entry: JSON = {"seat": seat.seat, "kind": seat.kind, "name": seat.name,
                       "label": labels[seat.seat]}
        if seat.seat in tokens:
            entry.update(seat_links(base, table.id, tokens[seat.seat]))
        seats.append(entry)
    return {
        "table": table.id, "owner": owner, "status": table.status, "seats": seats,
        **table_links(base, table.id),
        "owner_ws": f"{ws_base}/ws/tables/{table.id}?token={owner}",
    }


def seat_links(base: str, table_id: str, token: str) -> JSON:
    """A seat's token with its invite link and websocket, on the server at ``base``."""
    ws_base = "ws" + base.removeprefix("http")
    return {"token": token, "url": f"{base}/tables/{table_id}?token={token}",
            "ws": f"{ws_base}/ws/tables/{table_id}?token={token}"}


def table_links(base: str, table_id: str) -> JSON:
    """The links to watch a table, on the server at ``base``."""
    ws_base = "ws" + base.removeprefix("http")
    return {"spectate": f"{base}/tables/{table_id}",
            "spectate_ws": f"{ws_base}/ws/tables/{table_id}"}



async def body_of(request: Request) -> bytes:
    """The request's body (read as :func:`read_body` does), kept on the request: a request for
    a table another process serves may be forwarded there, body and all (see
    :func:`forward`)."""
    raw = await read_body(request.stream())
    request.state.body = raw
    return raw


async def forward(request: Request, url: str) -> Response:
    """Answer with what the process at ``url`` answers to this request (the supervisor's
    children: that address is private, so the client cannot be redirected there). The owner
    sees the client's address and scheme as this process saw them (X-Forwarded-For and
    -Proto, which it trusts from 127.0.0.1), never what the client put in those headers."""
    body = getattr(request.state, "body", None)
    if body is None:
        body = await body_of(request)
    headers = [(k, v) for k, v in request.headers.items()
               if k not in HOP_HEADERS and not k.startswith("x-forwarded-")]
    if request.client is not None:
        headers.append(("x-forwarded-for", request.client.host))
    headers.append(("x-forwarded-proto", request.url.scheme))
    query = f"?{request.url.query}" if request.url.query else ""
    try:
        async with httpx.AsyncClient(timeout=FORWARD_TIMEOUT_S) as client:
            answer = await client.request(request.method, f"{url}{request.url.path}{query}",
                                          headers=headers, content=body)
    except httpx.HTTPError:  # the owner is gone: its table is about to be taken over
        frame = error_frame("server_error", lang_of(request.query_params.get("lang")))
        return JSONResponse(frame, status_code=503, headers={"Retry-After": "1"})
    response = Response(answer.content, status_code=answer.status_code)
    response.raw_headers = [*response.raw_headers, *(
        (k.encode("latin-1"), v.encode("latin-1")) for k, v in answer.headers.multi_items()
        if k not in HOP_HEADERS and k != "content-encoding")]
    return response


def install_errors(app: FastAPI) -> None:
    """The answers to errors any route may meet, in the shape of every other answer."""

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, exc: Elsewhere) -> Response:
        """Another process serves the table: send the request there (307 keeps a POST), or
        forward it there when that process's address is private."""
        if exc.url is not None and request.app.state.forward_to_peers:
            return await forward(request, exc.url)
        if exc.url is None:
            frame = error_frame("server_error", lang_of(request.query_params.get("lang")))
            return JSONResponse(frame, status_code=503, headers={"Retry-After": "1"})
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{exc.url}{request.url.path}{query}", status_code=307)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A parameter FastAPI checks failed (``/replay?version=abc``): 422 in the error shape
        of every other answer (not FastAPI's ``detail`` list), naming the parameter."""
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = first.get("loc") or ("request",)
        detail = f"{where[-1]}: {first.get('msg', 'not valid')}"
        frame = error_frame("bad_message", lang_of(request.query_params.get("lang")),
                            detail=detail)
        return JSONResponse(frame, status_code=422)

    @app.exception_handler(CrossSite)
    async def cross_site(request: Request, exc: CrossSite) -> JSONResponse:
        """A request that would use the session cookie from another site's page, or without
        Origin and without the CSRF token: nothing was done."""
        lang = lang_of(request.query_params.get("lang"))
        return JSONResponse({"error": "cross_site", "message": exc.text(lang)}, status_code=403)

    @app.exception_handler(StorageUnavailable)
    async def unavailable(request: Request, exc: StorageUnavailable) -> JSONResponse:
        """The database is away (PostgreSQL restarting): nothing was done; try again soon."""
        frame = error_frame("storage_unavailable", lang_of(request.query_params.get("lang")))
        return JSONResponse(frame, status_code=503, headers={"Retry-After": "1"})
