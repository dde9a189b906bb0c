"""The account routes: register (``POST /api/accounts``), log in and out (``/api/session``,
``DELETE /api/sessions``), the account itself (``/api/me``: read, change the password, hand
over a browser's seats, delete). docs/server.md ("Accounts") describes each answer.

A session is a random token in the ``mazzo_session`` cookie (HttpOnly, SameSite=Lax, Path=/,
Secure behind HTTPS); the database keeps its SHA-256 (:mod:`~mazzo.server.accounts`).
Passwords are Argon2id hashes (:mod:`~mazzo.server.passwords`); login tries are limited per
account and per address (:mod:`~mazzo.server.login_limits`)."""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from mazzo.engine.game import JSON
from mazzo.server.account_seats import claim_seats, forget_name
from mazzo.server.accounts import (
    SESSION_COOKIE,
    SESSION_S,
    Session,
    current_session,
    session_hash,
)
from mazzo.server.api import body_of, lang_of
from mazzo.server.login_limits import LoginLimits
from mazzo.server.passwords import BadCredentials, Passwords, check_password, check_username
from mazzo.server.protocol import BadJSON, TooLarge, error_frame, load_json
from mazzo.server.storage.base import AccountRow, Storage, UsernameTaken, username_key
from mazzo.server.tables import TableManager

T = TypeVar("T")

#: the tables ``GET /api/me`` lists, newest first
MY_TABLES: Final = 50
#: the header a TLS-ending proxy sets to the scheme the client used (read with --trust-proxy)
FORWARDED_PROTO: Final = "x-forwarded-proto"

accounts = APIRouter()


@dataclasses.dataclass
class AccountSettings:
    """How this server treats accounts (``app.state.accounts``): ``https``: clients reach it
    over HTTPS (cookies get ``Secure``); ``trust_proxy``: the proxy in front says the scheme
    the client used (``X-Forwarded-Proto``)."""

    https: bool = False
    trust_proxy: bool = False
    passwords: Passwords = dataclasses.field(default_factory=Passwords)
    limits: LoginLimits = dataclasses.field(default_factory=LoginLimits)


class Refused(Exception):
    """An answer other than success: its status, its error code and the message's fields."""

    def __init__(self, status: int, code: str, headers: dict[str, str] | None = None,
                 **fields: Any) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.headers = headers
        self.fields = fields

    def response(self, lang: str) -> JSONResponse:
        frame = error_frame(self.code, lang, **self.fields)
        return JSONResponse({"error": self.code, "message": frame["message"]},
                            status_code=self.status, headers=self.headers)


def _lang(request: Request) -> str:
    return lang_of(request.query_params.get("lang"))


def _settings(request: Request) -> AccountSettings:
    settings: AccountSettings = request.app.state.accounts
    return settings


def _manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def _storage(request: Request) -> Storage:
    return _manager(request).storage


def client_address(request: Request) -> str:
    """The client's address. Behind a reverse proxy uvicorn has already put the client's own
    there, from the proxy's ``X-Forwarded-For`` (a proxy on 127.0.0.1, or the addresses of
    ``FORWARDED_ALLOW_IPS``: see docs/public.md); a header from anyone else is not believed."""
    return request.client.host if request.client else ""


def secure_cookies(request: Request) -> bool:
    """Whether the session cookie is ``Secure``: the server is reached over HTTPS (``--https``;
    or the request came over TLS, or through a proxy uvicorn trusts that said so), or, with
    ``--trust-proxy``, the proxy in front says ``X-Forwarded-Proto: https``."""
    settings = _settings(request)
    if settings.https or request.url.scheme == "https":
        return True
    proto = request.headers.get(FORWARDED_PROTO, "").split(",")[0].strip().lower()
    return settings.trust_proxy and proto == "https"


def _set_cookie(request: Request, response: Response, session: Session) -> None:
    response.set_cookie(SESSION_COOKIE, session.token, max_age=int(SESSION_S), path="/",
                        secure=secure_cookies(request), httponly=True, samesite="lax")


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", secure=secure_cookies(request),
                           httponly=True, samesite="lax")


async def _body(request: Request) -> dict[str, Any]:
    try:
        raw = await body_of(request)
        body = load_json(raw) if raw else {}
    except TooLarge as exc:
        raise BadCredentials("body", f"too large: {exc}", f"troppo grande: {exc}") from None
    except BadJSON as exc:
        raise BadCredentials("body", f"not JSON: {exc}", f"non è JSON: {exc}") from None
    if not isinstance(body, dict):
        raise BadCredentials("body", "a JSON object", "un oggetto JSON")
    return body


def _bad(exc: BadCredentials, lang: str) -> JSONResponse:
    return JSONResponse({"error": "bad_request", "field": exc.field, "message": exc.text(lang)},
                        status_code=422)


def _held_seats(body: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``seats`` a browser hands over: ``[{"table": id, "token": seat token}, ...]``."""
    seats = body.get("seats", [])
    if not isinstance(seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("table"), str)
            and isinstance(s.get("token"), str) for s in seats):
        raise BadCredentials("seats", 'a list of {"table": id, "token": seat token}',
                             'una lista di {"table": id, "token": gettone del posto}')
    return [(s["table"], s["token"]) for s in seats]


async def _call(fn: Callable[..., T], *args: Any) -> T:
    """A storage call in a worker thread: the event loop never waits for the disk."""
    return await asyncio.to_thread(fn, *args)


async def _open_session(request: Request, account: AccountRow) -> Session:
    token = secrets.token_urlsafe(32)
    now = time.time()
    storage = _storage(request)
    await _call(storage.delete_expired_sessions, now)
    await _call(storage.create_session, session_hash(token), account.id, now, now + SESSION_S)
    return Session(account, token, session_hash(token), now + SESSION_S)


async def _me(request: Request, session: Session, claimed: list[JSON] | None = None) -> JSON:
    """The answer about the logged-in account: who, its CSRF token, and its tables."""
    account = session.account
    base = str(request.base_url).rstrip("/")
    seats = await _call(_storage(request).account_tables, account.id, MY_TABLES)
    me: JSON = {
        "id": account.id, "username": account.username, "created": account.created,
        "muted": account.muted is not None, "csrf": session.csrf,
        "session_expires": session.expires,
        "tables": [{"table": s.table, "seat": s.seat, "game": s.game, "status": s.status,
                    "created": s.created, "owner": s.owner,
                    "url": f"{base}/tables/{s.table}?seat={s.seat}"} for s in seats],
    }
    if claimed is not None:
        me["claimed"] = claimed
    return me


async def _logged_in(request: Request) -> Session:
    session = await current_session(request)
    if session is None:
        raise Refused(401, "not_logged_in")
    return session


def _limit(request: Request, name: str | None) -> None:
    """Refuse (429, with Retry-After) a login try over the account's or the address's limit;
    else count it against both (a right password gives the account's back)."""
    over = _settings(request).limits.wait(None if name is None else username_key(name),
                                          client_address(request), time.monotonic())
    if over is not None:
        whose, wait = over
        raise Refused(429, f"too_many_logins_{whose}", {"Retry-After": str(wait)}, wait=wait)


async def _check_password(request: Request, account: AccountRow, password: str,
                          stored: str | None = None) -> None:
    """The account's password or :class:`Refused` (called after :func:`_limit` counted the try
    against the account: a right password gives it back); stores a new hash when this
    server's Argon2 parameters changed."""
    settings = _settings(request)
    storage = _storage(request)
    if stored is None:
        stored = await _call(storage.password_hash, account.id)
    ok, rehash = await settings.passwords.verify(stored, password)
    if not ok:
        raise Refused(403, "wrong_password")  # the try stays counted against the account
    settings.limits.succeeded(username_key(account.username))
    if rehash:
        await _call(storage.set_password_hash, account.id,
                    await settings.passwords.hash(password))


# -- the routes -------------------------------------------------------------------------------


@accounts.post("/api/accounts", status_code=201, response_model=None)
async def register(request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _body(request)
        username = check_username(body.get("username"))
        password = check_password(body.get("password"))
        held = _held_seats(body)
        _limit(request, None)  # hashing costs: registrations count against the address
        settings = _settings(request)
        hashed = await settings.passwords.hash(password)
        try:
            account = await _call(_storage(request).create_account, username, hashed,
                                  time.time())
        except UsernameTaken:
            raise Refused(409, "username_taken", username=username) from None
        session = await _open_session(request, account)
        claimed = await claim_seats(_manager(request), account, held)
    except BadCredentials as exc:
        return _bad(exc, lang)
    except Refused as exc:
        return exc.response(lang)
    response = JSONResponse(await _me(request, session, claimed), status_code=201)
    _set_cookie(request, response, session)
    return response


@accounts.post("/api/session", response_model=None)
async def log_in(request: Request) -> Response:
    lang = _lang(request)
    try:
        body = await _body(request)
        name, password = body.get("username"), body.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise BadCredentials("username" if not isinstance(name, str) else "password",
                                 "a username and a password (strings)",
                                 "un nome utente e una password (stringhe)")
        held = _held_seats(body)
        _limit(request, name)
        session = await _log_in(request, name, password)
        claimed = await claim_seats(_manager(request), session.account, held)
    except BadCredentials as exc:
        return _bad(exc, lang)
    except Refused as exc:
        return exc.response(lang)
    response = JSONResponse(await _me(request, session, claimed))
    _set_cookie(request, response, session)
    return response


async def _log_in(request: Request, name: str, password: str) -> Session:
    """A new session for the right username and password; :class:`Refused` otherwise. An
    unknown username takes as long as a wrong password (a dummy hash is checked)."""
    storage = _storage(request)
    settings = _settings(request)
    account = await _call(storage.account_by_username, name)
    stored = None if account is None else await _call(storage.password_hash, account.id)
    if account is None or stored is None:
        await settings.passwords.verify(None, password)
        raise Refused(401, "bad_login")
    try:
        await _check_password(request, account, password, stored)
    except Refused:
        raise Refused(401, "bad_login") from None
    if account.banned is not None:  # said only to whoever knows the password
        raise Refused(403, "banned")
    return await _open_session(request, account)


@accounts.delete("/api/session", status_code=204, response_model=None)
async def log_out(request: Request) -> Response:
    session = await current_session(request)
    if session is not None:
        await _call(_storage(request).delete_session, session.token_hash)
    response = Response(status_code=204)
    _clear_cookie(request, response)
    return response


@accounts.delete("/api/sessions", response_model=None)
async def log_out_everywhere(request: Request) -> Response:
    try:
        session = await _logged_in(request)
    except Refused as exc:
        return exc.response(_lang(request))
    ended = await _call(_storage(request).delete_sessions, session.account.id, None)
    response = JSONResponse({"ended": ended})
    _clear_cookie(request, response)
    return response


@accounts.get("/api/me", response_model=None)
async def me(request: Request) -> Response:
    try:
        session = await _logged_in(request)
    except Refused as exc:
        return exc.response(_lang(request))
    response = JSONResponse(await _me(request, session))
    _set_cookie(request, response, session)  # the cookie lives as long as the session now
    return response


@accounts.post("/api/me/password", response_model=None)
async def change_password(request: Request) -> Response:
    lang = _lang(request)
    try:
        session = await _logged_in(request)
        body = await _body(request)
        old = body.get("old")
        if not isinstance(old, str):
            raise BadCredentials("old", "the current password", "la password attuale")
        new = check_password(body.get("new"), "new")
        _limit(request, session.account.username)
        await _check_password(request, session.account, old)
        storage = _storage(request)
        await _call(storage.set_password_hash, session.account.id,
                    await _settings(request).passwords.hash(new))
        ended = await _call(storage.delete_sessions, session.account.id, session.token_hash)
    except BadCredentials as exc:
        return _bad(exc, lang)
    except Refused as exc:
        return exc.response(lang)
    return JSONResponse({"ended": ended})


@accounts.post("/api/me/seats", response_model=None)
async def hand_over_seats(request: Request) -> Response:
    lang = _lang(request)
    try:
        session = await _logged_in(request)
        held = _held_seats(await _body(request))
    except BadCredentials as exc:
        return _bad(exc, lang)
    except Refused as exc:
        return exc.response(lang)
    return JSONResponse({"claimed": await claim_seats(_manager(request), session.account, held)})


@accounts.delete("/api/me", status_code=204, response_model=None)
async def delete_account(request: Request) -> Response:
    lang = _lang(request)
    try:
        session = await _logged_in(request)
        password = (await _body(request)).get("password")
        if not isinstance(password, str):
            raise BadCredentials("password", "the account's password to delete it",
                                 "la password dell'account per eliminarlo")
        _limit(request, session.account.username)
        await _check_password(request, session.account, password)
    except BadCredentials as exc:
        return _bad(exc, lang)
    except Refused as exc:
        return exc.response(lang)
    await _call(_storage(request).delete_account, session.account.id, time.time())
    forget_name(_manager(request), session.account.id)
    response = Response(status_code=204)
    _clear_cookie(request, response)
    return response
