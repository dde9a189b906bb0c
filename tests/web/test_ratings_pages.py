"""The leaderboard and profile pages in a browser, on the shared server: rated players listed
best first with the provisional mark, a profile's rating chart and recent matches, names that
look like HTML shown as text, no serious accessibility problem; the lobby's links and the bots'
reference ratings beside the levels."""

from __future__ import annotations

import random
from typing import Any

import pytest
from driver import axe_problems, open_custom

from mazzo.engine.registry import all_games, get_game
from mazzo.server.ratings import settle
from mazzo.server.storage.base import OVER, SeatRow, TableRow, open_storage

from live_server import LiveServer

#: a name that would make an element (and run a script) if a page put it into innerHTML
EVIL = "<img src=x onerror=alert(1)>"
MATCHES = 3


@pytest.fixture(scope="module")
def rated(server: LiveServer) -> str:
    """Three rated cribbage matches of ada against EVIL, stored and rated in the shared
    server's database (its tables are only read by these pages); ada's name."""
    storage = open_storage(f"sqlite:///{server.home / 'mazzo.db'}")
    game = get_game("cribbage")
    try:
        ada = storage.create_account("ada_pages", "h", 1.0)
        evil = storage.create_account(EVIL, "h", 1.0)
        for n in range(MATCHES):
            row = TableRow(id=f"pages-rated-{n}", game="cribbage", config={"players": 2},
                           seats=(SeatRow(0, "human", "ada", "a", ada.id),
                                  SeatRow(1, "human", EVIL, "b", evil.id)),
                           owner_hash="o", status=OVER, options={"rated": True},
                           created=1000.0 + n)
            storage.create_table(row)
            state = game.new_match(game.config(players=2))
            rng = random.Random(n)
            while not state.is_terminal:
                state.apply(state.sample_chance(rng) if state.is_chance
                            else rng.choice(state.legal_actions()))
            assert settle(storage, row, game, state)
    finally:
        storage.close()
    return ada.username


def _ready(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]")


def test_the_leaderboard_lists_rated_players_as_text(page: Any, server: LiveServer,
                                                      rated: str) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    _ready(page, f"{server.http}/leaderboard/cribbage?lang=it")
    names = page.locator(".leaderboard tbody tr td:nth-child(2)").all_text_contents()
    # the server is the session's: other modules' rated players may be listed too
    assert {rated, EVIL} <= set(names)
    assert page.locator("main img").count() == 0 and dialogs == []
    for name in (rated, EVIL):  # 3 matches each, fewer than 10: provisional
        row = page.locator(".leaderboard tbody tr", has=page.get_by_text(name, exact=True))
        assert row.locator(".provisional").count() == 1
    assert "Classifica di Cribbage" in page.title()
    assert axe_problems(page) == []


def test_a_profile_draws_the_rating_over_time(page: Any, server: LiveServer, rated: str) -> None:
    _ready(page, f"{server.http}/players/{rated}?lang=en")
    points = page.locator(".rating-chart polyline").get_attribute("points") or ""
    assert len(points.split()) == MATCHES
    assert page.locator(".rating-chart circle").count() == MATCHES
    recent = page.locator("#main ul.tables li")
    assert recent.count() == MATCHES
    assert recent.first.locator("a").get_attribute("href") == "/replay/pages-rated-2?lang=en"
    assert axe_problems(page) == []
    _ready(page, f"{server.http}/players/nobody-at-all?lang=en")
    assert "nobody-at-all" in page.locator("[role=alert]").inner_text()


def test_the_lobby_links_the_leaderboards_and_rates_the_bot_levels(page: Any,
                                                                   server: LiveServer) -> None:
    _ready(page, f"{server.http}/?lang=en")
    links = page.locator("#leaderboards a")
    assert links.count() == len(all_games())
    open_custom(page)
    page.select_option("#game", "cribbage")
    medio = page.locator("#seat-1 option[value=medio]").inner_text()
    assert medio.endswith("(~1,500)")
