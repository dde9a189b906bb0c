"""The esperto's review in the replay viewer: asked by the table's owner for a seat, followed
while the server works, then each move annotated, "next mistake" and the chart; asked by the
account holding the seat (its cookie, no token in the browser), and by anyone at a public
table."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import httpx
from driver import QUICK_CRIBBAGE, axe_problems, wait_over

from mazzo.server.accounts import SESSION_COOKIE

from live_server import LiveServer, Player


def test_the_owner_reviews_a_seat_and_jumps_to_its_mistakes(page: Any,
                                                            server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": QUICK_CRIBBAGE,
                             "seats": ["random", "random"], "start": True,
                             "options": {"bot_pause_s": 0}})
    table = created["table"]
    wait_over(server, table, 60)
    page.add_init_script(f"localStorage.setItem('mazzo.owner.{table}', '{created['owner']}')")
    page.goto(f"{server.http}/replay/{table}?lang=en&seat=0")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary", timeout=120_000)
    assert page.locator("#review-chart polyline").count() == 1
    assert page.locator("#review-summary").inner_text().startswith(
        f"{len(server_review(server, table, created['owner'])['decisions'])} decisions: best ")
    page.locator("#next-mistake").click()  # random bots make mistakes
    page.wait_for_function("document.getElementById('review-note')?.dataset.class")
    note = page.locator("#review-note")
    assert note.get_attribute("data-class") in ("inaccuracy", "mistake", "blunder")
    assert "esperto" in note.inner_text() and "expected" in note.inner_text()
    assert axe_problems(page) == []


def server_review(server: LiveServer, table: str, token: str) -> Any:
    import httpx

    answer = httpx.get(f"{server.http}/api/tables/{table}/review/0", params={"token": token},
                       timeout=10).json()
    assert answer["status"] == "done"
    return answer["review"]


def played_by_a_person(server: LiveServer) -> tuple[str, str]:
    """A finished cribbage table whose seat 0 a person played (by its token, random moves):
    the table and the seat's token."""
    created = server.create({"game": "cribbage", "config": QUICK_CRIBBAGE,
                             "seats": ["human", "random"], "start": True,
                             "options": {"bot_pause_s": 0}})
    seat = created["seats"][0]
    # Playwright's event loop runs in this thread: the websocket player gets a thread of its own
    player = threading.Thread(target=lambda: asyncio.run(Player(seat["ws"], seed=3).run()))
    player.start()
    player.join(60)
    wait_over(server, created["table"], 60)
    return created["table"], seat["token"]


def test_the_account_holding_a_seat_and_anyone_at_a_public_table_may_review(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    # made first, so that its bots play while the person's match is played
    public = server.create({"game": "cribbage", "config": QUICK_CRIBBAGE,
                            "seats": ["random", "random"], "start": True,
                            "options": {"bot_pause_s": 0}, "public": True})["table"]
    table, token = played_by_a_person(server)
    # the seat's player registers, handing the seat (its token) to the account
    answer = httpx.post(f"{server.http}/api/accounts", timeout=30, json={
        "username": "web_reviewer", "password": "a long enough one",
        "seats": [{"table": table, "token": token}]})
    assert answer.status_code == 201 and answer.json()["claimed"] == [{"table": table, "seat": 0}]
    cookie = answer.cookies[SESSION_COOKIE]

    guest = new_context(viewport={"width": 1280, "height": 800}).new_page()
    guest.goto(f"{server.http}/replay/{table}?lang=en&seat=0")
    guest.wait_for_selector("body[data-ready=true]")
    assert guest.locator("#review-start").count() == 0  # neither token nor account nor public

    held = new_context(viewport={"width": 1280, "height": 800})
    held.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": server.http}])
    page = held.new_page()
    page.goto(f"{server.http}/replay/{table}?lang=en&seat=0")
    page.wait_for_selector("#review-start")  # no token in this browser: the cookie's account
    page.locator("#review-start").click()
    page.wait_for_selector("#review-progress, #review-summary")  # the server took the request
    assert page.locator("#review .error").count() == 0
    page.goto(f"{server.http}/replay/{table}?lang=en&seat=1")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#review-start").count() == 0  # the other seat is not the account's

    wait_over(server, public, 60)
    anyone = new_context(viewport={"width": 1280, "height": 800}).new_page()
    anyone.goto(f"{server.http}/replay/{public}?lang=it&seat=1")
    anyone.wait_for_selector("#review-start")
    assert anyone.locator("#review-start").inner_text() == "Revisione dell'esperto"
    anyone.locator("#review-start").click()
    anyone.wait_for_selector("#review-progress, #review-summary")
    assert anyone.locator("#review .error").count() == 0
