"""Finding a game in the browser: a public table made in one browser is joined from the
lobby's "Open tables" list in another (and the match starts by itself), two browsers asking
for a quick match of one game land at one table (two accounts: a rated one); the lobby's new
parts pass axe-core."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from driver import axe_problems, close_summary, open_custom, page_state, play_one

from live_server import LiveServer

#: a name that would be an element (and run a script) if a page put it into HTML
XSS = "<img src=x onerror=alert(1)>"


def lobby(new_context: Callable[..., Any], server: LiveServer) -> Any:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    return page


def test_a_public_table_is_joined_from_the_lobby_list(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    ada = lobby(new_context, server)
    open_custom(ada)
    ada.select_option("#game", "cribbage")
    ada.select_option("#players", "2")
    ada.select_option("#cfg-target", "61")
    ada.fill("#name-0", XSS)  # a name is text in the list, never HTML
    ada.select_option("#seat-1", "friend")
    ada.check("#opt-public")
    ada.click("#create")
    ada.wait_for_selector("#go-seat")
    table = ada.get_attribute("#go-seat", "href").split("?")[0].rsplit("/", 1)[1]
    assert "free seats are taken by whoever joins" in ada.inner_text("#created")

    bea = lobby(new_context, server)
    entry = bea.locator(f"#open-tables-list li[data-table='{table}']")
    entry.wait_for(timeout=15_000)  # the list is read again every few seconds
    assert "1 seat free" in entry.inner_text() and "target 61" in entry.inner_text()
    assert XSS in entry.inner_text() and bea.locator("#open-tables img").count() == 0
    assert axe_problems(bea) == []
    bea.fill("#qm-nickname", "Bea")
    bea.dispatch_event("#qm-nickname", "change")
    entry.get_by_role("button", name="Join").click()
    bea.wait_for_selector("body[data-status=playing]")  # every seat taken: it started
    assert table in bea.url
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["seats"][1]["name"] == "Bea" and summary["status"] == "playing"
    # Ada's lobby lists it to watch now, no longer as open
    ada.goto(f"{server.http}/?lang=en")
    ada.locator(f"#watch-tables-list li[data-table='{table}']").wait_for(timeout=15_000)
    assert ada.locator(f"#open-tables-list li[data-table='{table}']").count() == 0


def test_two_browsers_asking_for_a_quick_match_land_at_one_table(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    ada = lobby(new_context, server)
    ada.select_option("#qm-bots-cribbage", "never")
    ada.click("#qm-find-cribbage")
    ada.wait_for_selector("#qm-status")
    assert "Waiting for players for" in ada.inner_text("#qm-status")
    ada.click("#qm-cancel")  # leaves the queue: nobody is matched with it
    assert ada.locator("#qm-status").count() == 0
    ada.click("#qm-find-cribbage")
    ada.wait_for_selector("#qm-status")
    bea = lobby(new_context, server)
    bea.select_option("#qm-bots-cribbage", "never")
    bea.click("#qm-find-cribbage")
    for page in (ada, bea):
        page.wait_for_selector("body[data-status=playing]", timeout=20_000)
    assert ada.url.split("?")[0] == bea.url.split("?")[0]


def register(page: Any, username: str) -> None:
    page.click("#register")
    page.fill("#register-username", username)
    page.fill("#register-password", "a long enough one")
    page.click("#register-submit")
    page.wait_for_selector("#account-name")


def _play_both_to_the_end(pages: list[Any], seed: int) -> int:
    """Two people at one table, each moving by clicking when the page says it is their turn
    (and closing the end-of-hand overlay as a person would), until the match is over."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 600
    moves = 0
    while time.monotonic() < deadline:
        states = [page.evaluate("({...document.body.dataset})") for page in pages]
        if all(state.get("status") == "over" for state in states):
            return moves
        for page, state in zip(pages, states, strict=True):
            if state.get("summary") == "open":
                close_summary(page)
            elif state.get("myTurn") == "true" and state.get("summary") != "pending":
                play_one(page, rng)
                moves += 1
        pages[0].wait_for_timeout(20)
    raise AssertionError(f"the rated match did not end: {[page_state(p) for p in pages]}")


def test_two_accounts_meet_by_quick_match_and_play_a_rated_cribbage_match(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """The community's whole path: two people register, find each other by quick match at a
    rated table of cribbage's default game, play it to the end by clicking, and both ratings,
    their profiles and the leaderboard (the API and the page) show the result."""
    ada, bea = lobby(new_context, server), lobby(new_context, server)
    register(ada, "find_ada")
    register(bea, "find_bea")
    for page in (ada, bea):
        page.select_option("#qm-bots-cribbage", "never")
        page.select_option("#qm-players-cribbage", "2")
        page.click("#qm-find-cribbage")
    for page in (ada, bea):
        page.wait_for_selector("body[data-status=playing]", timeout=20_000)
    assert ada.url.split("?")[0] == bea.url.split("?")[0]
    table = ada.url.split("?")[0].rsplit("/", 1)[1]
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["options"]["rated"] is True
    assert sorted(s["name"] for s in summary["seats"]) == ["find_ada", "find_bea"]
    before = server.get("/api/leaderboard/cribbage").json()
    assert not {row["username"] for row in before} & {"find_ada", "find_bea"}

    assert _play_both_to_the_end([ada, bea], seed=5) > 20
    board = server.get("/api/leaderboard/cribbage").json()
    rows = {row["username"]: row for row in board if row["username"] in ("find_ada", "find_bea")}
    assert set(rows) == {"find_ada", "find_bea"}
    assert all(row["matches"] == 1 and row["provisional"] for row in rows.values())
    winner, loser = sorted(rows.values(), key=lambda row: -row["rating"])
    assert winner["rating"] > loser["rating"]
    profile = server.get("/api/players/find_ada").json()
    assert profile["recent"][0]["table"] == table and profile["recent"][0]["rated"] is True
    ada.goto(f"{server.http}/leaderboard/cribbage?lang=en")
    for name in ("find_ada", "find_bea"):
        ada.get_by_text(name, exact=True).first.wait_for()
