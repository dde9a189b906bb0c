"""Who may reach the server, and how fast they may make tables.

:class:`Gate` is the ASGI middleware in front of everything. It refuses a request (or a
websocket handshake) whose ``Host`` is not a name this server serves: a page on another site
that makes its own name point at this server's address (DNS rebinding: a server on a home
network reached from any web page its owner opens) sends its own name there. And it refuses a
state-changing request, or a websocket, that a page of another site sent (its ``Origin``):
browsers send such a ``POST`` without asking first when its body is ``text/plain`` or a form.
Requests without ``Origin`` (curl, scripts, the tests' clients) are not a browser's page, and
pass.

:class:`CreationLimit` is the number of tables one client address may create per minute."""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any, Final
from urllib.parse import parse_qsl, urlsplit

from mazzo.server.protocol import LANGS, TokenBucket, encode_frame, error_frame

ASGIMessage = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[ASGIMessage]]
Send = Callable[[ASGIMessage], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]

#: names that always reach this machine only: never a page's own name pointed here
LOOPBACK_HOSTS: Final = ("localhost", "127.0.0.1", "[::1]")
#: bind addresses meaning every interface: then the machine's own addresses are unknown, and
#: any IP address in ``Host`` is taken (a rebinding page sends its name, never an address)
WILDCARD_BINDS: Final = ("0.0.0.0", "::", "[::]", "")
#: the methods that change something: refused when a page of another site sends them
UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: the body types a page of any site may send without the browser asking the server first
#: (CORS "simple" requests); the API takes JSON only, so a body of these is never a client's
FORM_BODIES: Final = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")
#: websocket close code for a refused handshake (uvicorn answers it with HTTP 403)
CLOSE_POLICY: Final = 1008
#: client addresses whose table buckets are kept; past this, the full ones are dropped
CREATION_ADDRESSES: Final = 10_000
#: an IPv6 client is counted by its /64: one machine is handed a whole such network
IPV6_PREFIX: Final = 64


def host_name(host: str) -> str:
    """A ``Host`` header's name without its port: ``example.com:8000`` -> ``example.com``,
    ``[::1]:8000`` -> ``[::1]``."""
    if host.startswith("["):
        return host[: host.find("]") + 1] or host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def _origin(value: str) -> str:
    """An origin as compared: lower case, no trailing slash."""
    return value.strip().rstrip("/").lower()


class Gate:
    """ASGI middleware refusing a foreign ``Host`` (400) and, for POST, PUT, PATCH, DELETE and
    websockets, a foreign ``Origin`` (403; a websocket is closed before its handshake
    completes) and a body of a form type (415). It runs once per connection, before routing:
    websocket messages pay nothing.

    ``hosts`` are the names (each ``name`` or ``name:port``) requests may be sent to, ``*``:
    any; ``origins`` the pages of other sites (``https://example.com``) that may use the API,
    ``*``: any. A page's own origin is the scheme, name and port of the ``Host`` it sent to."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = ("*",),
                 origins: Iterable[str] = (), any_ip: bool = False) -> None:
        self.app = app
        self.hosts = frozenset(h.strip().lower() for h in hosts if h.strip())
        self.origins = frozenset(_origin(o) for o in origins if o.strip())
        self.any_host = "*" in self.hosts
        self.any_origin = "*" in self.origins
        self.any_ip = any_ip

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive,
                       send: Send) -> None:
        kind = scope["type"]
        if kind in ("http", "websocket"):
            refusal = self.refusal(scope)
            if refusal is not None:
                await self.refuse(scope, send, *refusal)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: MutableMapping[str, Any]) -> tuple[int, str, dict[str, str]] | None:
        """(HTTP status, error code, its fields) if the request is refused, else None."""
        host = origin = kind = None
        for name, value in scope.get("headers", ()):
            if name == b"host":
                host = value.decode("latin-1").lower()
            elif name == b"origin":
                origin = value.decode("latin-1")
            elif name == b"content-type":
                kind = value.decode("latin-1").split(";")[0].strip().lower()
        if host is not None and not self.host_allowed(host):
            return 400, "bad_host", {"host": host[:100]}
        unsafe = scope["type"] == "websocket" or scope.get("method") in UNSAFE_METHODS
        if not unsafe:
            return None
        if origin is not None and not self.origin_allowed(origin, host):
            return 403, "foreign_origin", {"origin": origin[:100]}
        if kind in FORM_BODIES:
            return 415, "form_body", {"kind": kind}
        return None

    def host_allowed(self, host: str) -> bool:
        if self.any_host or host in self.hosts:
            return True
        name = host_name(host)
        return name in self.hosts or (self.any_ip and _is_ip(name))

    def origin_allowed(self, origin: str, host: str | None) -> bool:
        """The page's own server (the origin's name and port are the ``Host`` it sent to:
        the scheme is left aside, a proxy may end TLS before this server), or one allowed."""
        if self.any_origin or _origin(origin) in self.origins:
            return True
        return host is not None and urlsplit(origin.strip()).netloc.lower() == host

    @staticmethod
    async def refuse(scope: MutableMapping[str, Any], send: Send, status: int, code: str,
                     fields: dict[str, str]) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": CLOSE_POLICY})
            return
        query = bytes(scope.get("query_string", b"")).decode("latin-1")
        lang = dict(parse_qsl(query)).get("lang", "en")
        frame = error_frame(code, lang if lang in LANGS else "en", **fields)
        body = encode_frame({"error": code, "message": frame["message"]}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def served_hosts(bind: str, advertised: str, allowed: Iterable[str]) -> list[str]:
    """The names a server bound to ``bind`` and reached at ``advertised`` (a URL) answers:
    those, the loopback names, and the ``allowed`` ones (``--allowed-hosts``)."""
    bound = f"[{bind}]" if ":" in bind and not bind.startswith("[") else bind
    names = [*LOOPBACK_HOSTS, bound, urlsplit(advertised).netloc, *allowed]
    return [n for n in names if n and n not in WILDCARD_BINDS]


class CreationLimit:
    """Tables each client address may create: ``burst`` at once, refilled at ``per_minute``
    (0: no limit). Only the buckets of addresses that created lately are kept: past
    :data:`CREATION_ADDRESSES` of them, the refilled ones are dropped (a full bucket is what a
    new address gets anyway)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def wait(self, address: str, now: float) -> int:
        """0 if ``address`` may create a table at ``now`` (monotonic seconds; it is counted),
        else the whole seconds until it may."""
        if self.per_minute <= 0:
            return 0
        key = self.key(address)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= CREATION_ADDRESSES:
                self._drop_full(now)
            bucket = self.buckets[key] = TokenBucket(self.per_minute / 60, self.burst)
        if bucket.allow(now):
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / bucket.rate))

    @staticmethod
    def key(address: str) -> str:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return address
        if ip.version == 6:
            return str(ipaddress.ip_network(f"{ip}/{IPV6_PREFIX}", strict=False))
        return str(ip)

    def _drop_full(self, now: float) -> None:
        def full(bucket: TokenBucket) -> bool:
            since = now - (bucket.stamp if bucket.stamp is not None else now)
            return bucket.tokens + since * bucket.rate >= bucket.burst

        self.buckets = {k: b for k, b in self.buckets.items() if not full(b)}
