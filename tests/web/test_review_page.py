"""The esperto's review in the replay viewer: asked by the table's owner for a seat, followed
while the server works, then each move annotated, "next mistake" and the chart."""

from __future__ import annotations

from typing import Any

from driver import QUICK_CRIBBAGE, axe_problems, wait_over

from live_server import LiveServer


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
