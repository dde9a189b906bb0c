"""Which requests may use the session cookie (mazzo.server.accounts), on bare ASGI scopes: a
safe method always; a state-changing one from the server's own page, or without Origin with the
CSRF token; a websocket from the server's own page, or relayed by another process of the server
that checked it. An allowed other origin counts, a wildcard never does."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from mazzo.server.accounts import (
    CrossSite,
    Session,
    check_cross_site,
    csrf_token,
    own_origin,
    relay_headers,
    session_cookie,
    session_hash,
)
from mazzo.server.storage.base import AccountRow

SESSION = Session(AccountRow("a1", "ada", 1.0), "tok", session_hash("tok"), 2.0)


def scope(kind: str = "http", method: str = "POST", origins: tuple[str, ...] = (),
          **headers: str) -> dict[str, Any]:
    app = SimpleNamespace(state=SimpleNamespace(origins=origins))
    raw = [(k.replace("_", "-").lower().encode(), v.encode()) for k, v in headers.items()]
    return {"type": kind, "method": method, "headers": [(b"host", b"mazzo.example:8000"), *raw],
            "app": app}


def test_own_origin_is_the_host_the_request_was_sent_to() -> None:
    assert own_origin("http://mazzo.example:8000", "mazzo.example:8000")
    assert own_origin("https://MAZZO.example:8000/", "mazzo.example:8000")  # a TLS proxy
    assert not own_origin("http://evil.example", "mazzo.example:8000")
    assert not own_origin("http://mazzo.example:8001", "mazzo.example:8000")
    assert own_origin("https://friend.example", "x", ["https://friend.example"])
    assert not own_origin("https://evil.example", "x", ["*"])


def test_http_requests_that_change_something() -> None:
    assert check_cross_site(scope(method="GET", origin="http://evil.example"), SESSION)
    assert check_cross_site(scope(origin="http://mazzo.example:8000"), SESSION)
    assert check_cross_site(scope(origin="https://friend.example",
                                  origins=("https://friend.example",)), SESSION)
    with pytest.raises(CrossSite, match="another site"):
        check_cross_site(scope(origin="http://evil.example", origins=("*",)), SESSION)
    with pytest.raises(CrossSite, match="CSRF token"):
        check_cross_site(scope(), SESSION)
    with pytest.raises(CrossSite):
        check_cross_site(scope(x_mazzo_csrf=csrf_token("another session")), SESSION)
    assert check_cross_site(scope(x_mazzo_csrf=csrf_token("tok")), SESSION)
    assert csrf_token("tok") not in (session_hash("tok"), "tok")


def test_websockets_use_the_cookie_only_from_the_servers_page_or_a_relay() -> None:
    ws = "websocket"
    assert check_cross_site(scope(ws, origin="http://mazzo.example:8000"), SESSION)
    assert not check_cross_site(scope(ws), SESSION)
    assert not check_cross_site(scope(ws, origin="http://evil.example"), SESSION)
    assert check_cross_site(scope(ws, x_mazzo_relayed="origin-checked"), SESSION)


def test_a_relay_carries_the_cookie_only_when_the_origin_is_the_servers() -> None:
    cookie = "mazzo_session=tok; other=1"
    mine = scope("websocket", origin="http://mazzo.example:8000", cookie=cookie)
    assert session_cookie(mine) == "tok"
    assert relay_headers(mine) == {"Cookie": "mazzo_session=tok",
                                   "x-mazzo-relayed": "origin-checked"}
    assert relay_headers(scope("websocket", origin="http://evil.example", cookie=cookie)) == {}
    assert relay_headers(scope("websocket", cookie=cookie)) == {}
    assert relay_headers(scope("websocket", origin="http://mazzo.example:8000")) == {}
    assert session_cookie(scope(cookie="mazzo_session=")) is None
    assert session_cookie(scope(cookie='bad"cookie;;;=')) is None
