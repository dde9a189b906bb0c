"""The browser's "Learn to play": from the lobby's link, each game's lesson played through by
the keyboard (the suggested move has the focus), the coach's words beside the table, the score
sheet at the end, then a real hand against facile; Italian and English, a 360 px phone, axe."""

from __future__ import annotations

from typing import Any

import pytest
from driver import axe_problems

from mazzo.engine.registry import all_games

from live_server import LiveServer

GAMES = [g.id for g in all_games()]


def play_lesson(page: Any) -> int:
    """Press Enter on the focused (suggested) move until the hand ends; the moves made. Each
    answered move puts the focus on the next suggestion."""
    if page.is_visible(".learn-moves button.suggested"):
        page.focus(".learn-moves button.suggested")
    moves = 0
    while not page.is_visible("#end"):
        frames = page.get_attribute("body", "data-frames")
        assert page.evaluate("document.activeElement.classList.contains('suggested')")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.frames !== '{frames}'")
        moves += 1
    return moves


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_plays_through_from_the_lobby(page: Any, server: LiveServer,
                                                  game: str) -> None:
    lang = "it" if GAMES.index(game) % 2 else "en"
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    page.click(f"#learn-{game}")
    page.wait_for_selector("body[data-ready=true]")
    assert page.inner_text("#why")
    assert page.inner_text("#learn-table")
    moves = play_lesson(page)
    assert moves > 0
    said = "È la mossa che la lezione suggerisce." if lang == "it" else \
        "That is the move the lesson suggests."
    assert page.inner_text("#said") == said
    assert page.locator("#sheet li").count() > 0
    assert page.evaluate("document.activeElement.id") == "real-hand"


def test_another_move_is_priced_on_a_phone_and_a_real_hand_follows(
        new_context: Any, server: LiveServer) -> None:
    page = new_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(f"{server.http}/learn/poker_italiano?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_problems(page) == []
    frames = page.get_attribute("body", "data-frames")
    page.click(".learn-moves button:not(.suggested) >> nth=-1")  # a raise: the hand goes on
    page.wait_for_function(f"document.body.dataset.frames !== '{frames}'")
    assert "gives up" in page.inner_text("#said") or "does as well" in page.inner_text("#said")
    page.select_option("#lang", "it")
    page.wait_for_function("document.getElementById('why')?.textContent.startsWith('Perché')")
    assert "bot medio" in page.inner_text("#why")
    play_lesson(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_problems(page) == []
    page.click("#real-hand")
    page.wait_for_url("**/tables/**")
    page.wait_for_selector("body[data-status=playing]")
