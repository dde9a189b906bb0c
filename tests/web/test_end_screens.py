"""What a finished table shows: the table as the last hand closed, never a table cleared for a
deal that will not come, no bet left open, and each score figure named for what it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driver import wait_over

from live_server import LiveServer

QUICK: dict[str, Any] = {
    "nebraska": {"players": 3, "hands": 1},
    "poker_italiano": {"players": 3, "max_hands": 1},
    "novantanove": {"players": 3, "target": 30},
}


def finished_page(new_context: Callable[..., Any], server: LiveServer, game: str) -> Any:
    created = server.create({"game": game, "config": QUICK[game],
                             "seats": ["random"] * QUICK[game]["players"], "start": True,
                             "options": {"bot_pause_s": 0}})
    wait_over(server, created["table"])
    page = new_context().new_page()
    page.goto(f"{server.http}/tables/{created['table']}?lang=en")
    page.wait_for_selector("body[data-status=over]")
    page.locator("#board .block").first.wait_for()
    return page, created


def test_nebraskas_final_board_is_the_last_hand_not_a_fresh_stock(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    page, created = finished_page(new_context, server, "nebraska")
    record = server.get(f"/api/tables/{created['table']}/record").json()
    board = page.locator("#board")
    text = board.inner_text()
    assert "104" not in text and "Candidate" not in text, text
    common = [c.get_attribute("data-card") for c in board.locator(".block").first.locator(
        ".card").all()]
    assert len(common) == 5, text  # the common cards of the last hand, face up
    assert record["result"]


def test_pokers_final_board_leaves_no_bet_to_call(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    page, _ = finished_page(new_context, server, "poker_italiano")
    text = page.locator("#board").inner_text()
    assert "To call" not in text, text


def test_novantanoves_seats_name_their_score_as_the_total(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    page, _ = finished_page(new_context, server, "novantanove")
    seats = page.locator("#seats-panel").inner_text()
    board = page.locator("#board").inner_text()
    assert "Total with bonuses:" in seats and "Score:" not in seats, seats
    assert "Game score" in board and "Total with bonuses" in board
