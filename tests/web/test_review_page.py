"""The esperto's review in the replay viewer of every game: asked by the table's owner for a
seat, followed while the server works, then each move annotated, "next mistake" and the chart;
asked by the account holding the seat (its cookie, no token in the browser), and by anyone at
a public table."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from driver import QUICK_CRIBBAGE, axe_problems, wait_over

from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games
from mazzo.server.accounts import SESSION_COOKIE

from live_server import LiveServer, Player

#: each game's short whole match with a few decisions for seat 0 (one deal or hand; poker's
#: three, as a random seat may fold the first at once), and the bots that play it (Burraco's
#: four medio: random bots, or two players, make a hand of hundreds of moves, each reviewed)
SHORT: dict[str, tuple[JSON, str]] = {
    "cribbage": ({"players": 2, **QUICK_CRIBBAGE}, "random"),
    "nebraska": ({"players": 2, "hands": 1}, "random"),
    "novantanove": ({"players": 3, "target": 1}, "random"),
    "poker_italiano": ({"players": 3, "max_hands": 3}, "random"),
    "burraco": ({"players": 4, "hands": 1}, "medio"),
}
WORSE = ("inaccuracy", "mistake", "blunder")


@pytest.mark.parametrize("game", list(SHORT))
def test_the_owner_reviews_a_seat_and_jumps_to_its_mistakes(page: Any, server: LiveServer,
                                                            game: str) -> None:
    """Every game's review in the replay viewer: the summary of seat 0's decisions, the chart,
    and "next mistake" landing on a move the esperto classes as worse than good, with its
    reason in words (or, for a seat that made none, the button disabled)."""
    assert set(SHORT) == {g.id for g in all_games()}
    config, bots = SHORT[game]
    created = server.create({"game": game, "config": config, "start": True,
                             "seats": [bots] * config["players"],
                             "options": {"bot_pause_s": 0}})
    table = created["table"]
    wait_over(server, table, 60)
    page.add_init_script(f"localStorage.setItem('mazzo.owner.{table}', '{created['owner']}')")
    page.goto(f"{server.http}/replay/{table}?lang=en&seat=0")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#review-start").click()
    page.wait_for_selector("#review-summary", timeout=120_000)
    assert page.locator("#review-chart polyline").count() == 1
    review = server_review(server, table, created["owner"])
    assert page.locator("#review-summary").inner_text().startswith(
        f"{len(review['decisions'])} decisions: best ")
    if not any(d["class"] in WORSE for d in review["decisions"]):
        assert page.locator("#next-mistake").is_disabled()
        return
    page.locator("#next-mistake").click()
    page.wait_for_function("document.getElementById('review-note')?.dataset.class")
    note = page.locator("#review-note")
    assert note.get_attribute("data-class") in WORSE
    assert "esperto" in note.inner_text()
    if game == "cribbage":  # a random seat's discards: always some worse than good
        assert "expected" in note.inner_text()
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
