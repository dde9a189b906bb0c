"""Who a request comes from: the account of the session cookie ``mazzo_session``.

:func:`current_account` serves HTTP routes and the table websocket alike (both carry the ASGI
``scope``). A session is a random token in the cookie; the server keeps only its SHA-256, so a
copy of the database opens no session. Sessions last :data:`SESSION_S` and are moved forward
when used (at most once per :data:`REFRESH_AFTER_S`).

The cookie is sent by the browser with every request to this server, so a request that uses it
to change something must come from this server's own pages (cross-site request forgery):

- an HTTP request with ``Origin`` is taken only from this server's own origin (or one given
  to ``mazzo serve --allowed-origins``, never its ``*``);
- one without ``Origin`` (not a browser's page: browsers send it with every POST, PUT, PATCH and
  DELETE) must carry the session's CSRF token in the :data:`CSRF_HEADER` header: a SHA-256 of
  the session token that only a holder of the cookie (or a page ``GET /api/me`` answered) knows;
- the table websocket uses the cookie only when the handshake's ``Origin`` is this server's
  own (or it was relayed by another process of the server, which checked it: see
  :func:`relay_headers`); otherwise it ignores it (the connection is a guest's, with its seat
  token if any).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import time
from collections.abc import Iterable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any, Final, Protocol
from urllib.parse import urlsplit

from mazzo.engine.game import MazzoError
from mazzo.server.storage.base import AccountRow, Storage

#: the session cookie's name
SESSION_COOKIE: Final = "mazzo_session"
#: the request header that carries the CSRF token of a cookie request without ``Origin``
CSRF_HEADER: Final = "x-mazzo-csrf"
#: how long a session lasts since it was last used (30 days)
SESSION_S: Final = 30 * 24 * 3600.0
#: a session used again is moved forward at most this often (one write a day, not one per
#: request)
REFRESH_AFTER_S: Final = 24 * 3600.0
#: the header a server process sets when it relays a table websocket to the process serving the
#: table, after checking the handshake's Origin itself (a browser's page cannot set a header on
#: a websocket handshake, so no page can send it)
RELAY_HEADER: Final = "x-mazzo-relayed"
#: the methods that change something (the same as the Gate's)
UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class HasScope(Protocol):
    """A Starlette ``Request`` or a table websocket (:class:`~mazzo.server.sockets.Socket`)."""

    @property
    def scope(self) -> MutableMapping[str, Any]: ...


class CrossSite(MazzoError):
    """A request that would use the session cookie to change something, sent by a page of
    another site or without the CSRF token: refused (403)."""


@dataclasses.dataclass(frozen=True)
class Session:
    """A live session: its account, the SHA-256 of its token, and when it expires."""

    account: AccountRow
    token: str
    token_hash: str
    expires: float

    @property
    def csrf(self) -> str:
        return csrf_token(self.token)


def session_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token(token: str) -> str:
    """The CSRF token of a session: derived from its token (which only the cookie holds) under
    its own label, so it tells nothing of the token or of the hash the database keeps."""
    return hashlib.sha256(f"mazzo-csrf:{token}".encode()).hexdigest()


def _headers(scope: MutableMapping[str, Any]) -> dict[bytes, str]:
    """The request's headers, the last of each name (names are lower case in ASGI)."""
    return {name: value.decode("latin-1") for name, value in scope.get("headers", ())}


def session_cookie(scope: MutableMapping[str, Any]) -> str | None:
    """The ``mazzo_session`` cookie's value, if the request sent one."""
    raw = "; ".join(value.decode("latin-1") for name, value in scope.get("headers", ())
                    if name == b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except CookieError:
        return None
    morsel = jar.get(SESSION_COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


def own_origin(origin: str, host: str | None, allowed: Iterable[str] = ()) -> bool:
    """Whether ``origin`` is this server's own page (the name and port it sent the request to:
    the scheme is left aside, a proxy may end TLS before this server) or one of ``allowed``."""
    origin = origin.strip().rstrip("/").lower()
    if origin in {a.strip().rstrip("/").lower() for a in allowed if a.strip() != "*"}:
        return True
    return host is not None and urlsplit(origin).netloc == host.lower()


def _storage(scope: MutableMapping[str, Any]) -> Storage:
    storage: Storage = scope["app"].state.manager.storage
    return storage


def _allowed_origins(scope: MutableMapping[str, Any]) -> Iterable[str]:
    return getattr(scope["app"].state, "origins", ())


def check_cross_site(scope: MutableMapping[str, Any], session: Session) -> bool:
    """Whether a request may use ``session``: a safe HTTP method always; a state-changing one
    from this server's page (``Origin``), or without ``Origin`` with the CSRF token; a
    websocket only from this server's page. Raises :class:`CrossSite` for a refused HTTP
    request; for a websocket, False (its cookie is ignored)."""
    headers = _headers(scope)
    origin, host = headers.get(b"origin"), headers.get(b"host")
    if scope["type"] == "websocket":
        return ((origin is not None and own_origin(origin, host, _allowed_origins(scope)))
                or headers.get(RELAY_HEADER.encode()) == "origin-checked")
    if scope.get("method") not in UNSAFE_METHODS:
        return True
    if origin is not None:
        if own_origin(origin, host, _allowed_origins(scope)):
            return True
        raise CrossSite(f"refused: a page of another site ({origin[:100]}) cannot act for "
                        "your account",
                        italian=f"rifiutata: una pagina di un altro sito ({origin[:100]}) non "
                                "può agire per il tuo account")
    sent = headers.get(CSRF_HEADER.encode(), "")
    if sent and hmac.compare_digest(sent, session.csrf):
        return True
    raise CrossSite(f"refused: a request without Origin that uses the session cookie must send "
                    f"the CSRF token (header {CSRF_HEADER}, from GET /api/me)",
                    italian=f"rifiutata: una richiesta senza Origin che usa il cookie di sessione "
                            f"deve mandare il gettone CSRF (intestazione {CSRF_HEADER}, da GET "
                            "/api/me)")


def relay_headers(scope: MutableMapping[str, Any]) -> dict[str, str]:
    """The headers a relayed table websocket carries to the process serving the table: the
    session cookie, when this process would have used it (its Origin is this server's page),
    marked as checked: the other process, reached at its own address, cannot check the Origin
    against the name the page was loaded from."""
    token = session_cookie(scope)
    if token is None:
        return {}
    headers = _headers(scope)
    origin, host = headers.get(b"origin"), headers.get(b"host")
    if origin is None or not own_origin(origin, host, _allowed_origins(scope)):
        return {}
    return {"Cookie": f"{SESSION_COOKIE}={token}", RELAY_HEADER: "origin-checked"}


async def current_session(conn: HasScope) -> Session | None:
    """The live session of the request's cookie (moved forward if due); None without one, or
    for an expired or unknown one, or a banned account's, or a websocket from another page.
    A state-changing HTTP request that may not use it raises :class:`CrossSite`."""
    scope = conn.scope
    token = session_cookie(scope)
    if token is None:
        return None
    storage = _storage(scope)
    digest = session_hash(token)
    now = time.time()
    found = await asyncio.to_thread(storage.session_account, digest, now)
    if found is None:
        return None
    account, expires = found
    if account.banned is not None:
        return None
    session = Session(account, token, digest, expires)
    if not check_cross_site(scope, session):
        return None
    if expires - now < SESSION_S - REFRESH_AFTER_S:
        expires = now + SESSION_S
        await asyncio.to_thread(storage.refresh_session, digest, expires)
        session = dataclasses.replace(session, expires=expires)
    return session


async def current_account(conn: HasScope) -> AccountRow | None:
    """The logged-in account of an HTTP request or a table websocket (``await`` it): see
    :func:`current_session`."""
    session = await current_session(conn)
    return None if session is None else session.account
