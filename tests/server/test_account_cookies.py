"""The session cookie's ``Secure`` flag as ``mazzo serve --https`` and ``--trust-proxy`` set it,
on the app in this process (no server to start: the account routes need no lifespan)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from mazzo.server.app import create_app
from mazzo.server.storage.sqlite import SQLiteStorage


def set_cookie(tmp_path: Path, headers: dict[str, str], **flags: bool) -> str:
    """The Set-Cookie header a registration gets from an app made with ``flags``."""
    storage = SQLiteStorage(tmp_path / "mazzo.db")
    storage.migrate()
    app = create_app(storage, bot_workers=0, **flags)

    async def register() -> str:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            response = await client.post("/api/accounts", headers=headers,
                                         json={"username": "ada", "password": "correct horse"})
        assert response.status_code == 201, response.text
        return response.headers["set-cookie"]

    try:
        return asyncio.run(register())
    finally:
        app.state.bots.close()
        storage.close()


@pytest.mark.parametrize(("flags", "headers", "secure"), [
    ({}, {}, False),
    ({}, {"X-Forwarded-Proto": "https"}, False),  # a proxy not trusted says nothing
    ({"https": True}, {}, True),
    ({"trust_proxy": True}, {"X-Forwarded-Proto": "https"}, True),
    ({"trust_proxy": True}, {"X-Forwarded-Proto": "http"}, False),
])
def test_secure_when_the_server_is_reached_over_https(
        tmp_path: Path, flags: dict[str, bool], headers: dict[str, str], secure: bool) -> None:
    cookie = set_cookie(tmp_path, headers, **flags).lower()
    assert ("; secure" in cookie) is secure
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
