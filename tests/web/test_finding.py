"""Finding a game in the browser: a public table made in one browser is joined from the
lobby's "Open tables" list in another (and the match starts by itself), two browsers asking
for a quick match of one game land at one table (two accounts: a rated one); the lobby's new
parts pass axe-core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driver import axe_problems, open_custom

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


def test_two_accounts_find_each_other_by_quick_match_at_a_rated_table(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    ada, bea = lobby(new_context, server), lobby(new_context, server)
    register(ada, "find_ada")
    register(bea, "find_bea")
    for page in (ada, bea):
        page.select_option("#qm-bots-nebraska", "never")
        page.select_option("#qm-players-nebraska", "2")
        page.click("#qm-find-nebraska")
    for page in (ada, bea):
        page.wait_for_selector("body[data-status=playing]", timeout=20_000)
    assert ada.url.split("?")[0] == bea.url.split("?")[0]
    table = ada.url.split("?")[0].rsplit("/", 1)[1]
    summary = server.get(f"/api/tables/{table}").json()
    assert summary["options"]["rated"] is True
    assert sorted(s["name"] for s in summary["seats"]) == ["find_ada", "find_bea"]
