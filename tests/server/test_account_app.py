"""The account routes on the app in this process (no server to start: they need no lifespan):
the cookie's ``Secure`` flag as ``mazzo serve --https`` and ``--trust-proxy`` set it, sessions
moved forward when used, hashes made again when the Argon2 parameters change, and the seat a
logged-in maker takes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest
from argon2 import PasswordHasher

from mazzo.server.accounts import REFRESH_AFTER_S, SESSION_S, session_hash
from mazzo.server.app import create_app
from mazzo.server.storage.sqlite import SQLiteStorage

T = TypeVar("T")
ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def storage(sqlite_storage: SQLiteStorage) -> SQLiteStorage:
    return sqlite_storage


def on_app(storage: SQLiteStorage, work: Callable[[httpx.AsyncClient], Awaitable[T]],
           **flags: bool) -> T:
    """``work(client)`` against an app on ``storage`` made with ``flags``."""
    app = create_app(storage, bot_workers=0, **flags)

    async def run() -> T:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return await work(client)

    try:
        return asyncio.run(run())
    finally:
        app.state.bots.close()


@pytest.mark.parametrize(("flags", "headers", "secure"), [
    ({}, {}, False),
    ({}, {"X-Forwarded-Proto": "https"}, False),  # a proxy not trusted says nothing
    ({"https": True}, {}, True),
    ({"trust_proxy": True}, {"X-Forwarded-Proto": "https"}, True),
    ({"trust_proxy": True}, {"X-Forwarded-Proto": "http"}, False),
])
def test_secure_when_the_server_is_reached_over_https(
        storage: SQLiteStorage, flags: dict[str, bool], headers: dict[str, str],
        secure: bool) -> None:
    async def register(client: httpx.AsyncClient) -> str:
        response = await client.post("/api/accounts", headers=headers,
                                     json={"username": "ada", "password": "correct horse"})
        assert response.status_code == 201, response.text
        return response.headers["set-cookie"].lower()

    cookie = on_app(storage, register, **flags)
    assert ("; secure" in cookie) is secure
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie


def test_a_session_used_again_is_moved_forward_at_most_once_a_day(storage: SQLiteStorage
                                                                  ) -> None:
    ada = storage.create_account("ada", "h", 1.0)
    now = time.time()
    storage.create_session(session_hash("old"), ada.id, now, now + SESSION_S - REFRESH_AFTER_S - 60)
    storage.create_session(session_hash("new"), ada.id, now, now + SESSION_S - 60)

    async def me(client: httpx.AsyncClient) -> list[int]:
        return [(await client.get("/api/me", headers={"Cookie": f"mazzo_session={t}"}))
                .status_code for t in ("old", "new", "nope")]

    assert on_app(storage, me) == [200, 200, 401]
    old = storage.session_account(session_hash("old"), now)
    new = storage.session_account(session_hash("new"), now)
    assert old is not None and old[1] >= now + SESSION_S - 5  # moved forward
    assert new is not None and new[1] == now + SESSION_S - 60  # used within a day: untouched


def test_a_hash_with_old_parameters_is_made_again_at_login(storage: SQLiteStorage) -> None:
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    ada = storage.create_account("ada", weak.hash("correct horse"), 1.0)

    async def log_in(client: httpx.AsyncClient) -> int:
        return (await client.post("/api/session", json={"username": "ada",
                                                        "password": "correct horse"})).status_code

    assert on_app(storage, log_in) == 200
    stored = storage.password_hash(ada.id)
    assert stored is not None and stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert PasswordHasher().verify(stored, "correct horse")


def test_the_seat_a_logged_in_maker_takes(storage: SQLiteStorage) -> None:
    async def make(client: httpx.AsyncClient) -> list[Any]:
        await client.post("/api/accounts", json={"username": "ada", "password": "correct horse"})
        answers = []
        for seat in ("absent", None, 1, 0, 2, "1", True):
            body: dict[str, Any] = {"game": "cribbage", "seats": ["human", "human"]}
            if seat != "absent":
                body["account_seat"] = seat
            response = await client.post("/api/tables", json=body, headers=ORIGIN)
            answers.append([s["name"] for s in response.json()["seats"]]
                           if response.status_code == 201 else response.json()["field"])
        guest = await client.post("/api/tables", json={"game": "cribbage", "account_seat": 9},
                                  headers={"Cookie": ""})
        answers.append(guest.status_code)  # a guest's body is not judged on it
        return answers

    names = on_app(storage, make)
    assert names == [["ada", "player 2"], ["player 1", "player 2"],
                              ["player 1", "ada"], ["ada", "player 2"],
                              "account_seat", "account_seat", "account_seat", 201]
