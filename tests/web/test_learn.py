"""The browser's "Learn to play": from the lobby's link, each game's lesson played through by
the keyboard (the suggested move has the focus) and, where a card is a move by itself, one move
by a click on the suggested card in the hand; the table page's felt and renderers, the coach's
words beside them and in a live region, the score sheet at the end, then a real hand against
facile; Italian and English, a 360 px phone, axe."""

from __future__ import annotations

from typing import Any

import pytest
from driver import axe_problems

from mazzo.engine.registry import all_games

from live_server import LiveServer

GAMES = [g.id for g in all_games()]
#: the lessons with a turn whose suggested move is one card of the hand and nothing else
ONE_CARD = {"cribbage", "nebraska", "novantanove"}


def play_lesson(page: Any, by_card: bool = False) -> tuple[int, int]:
    """Press Enter on the focused (suggested) move until the hand ends, or (``by_card``) click
    the suggested card in the hand the first time it is a move by itself; the moves made and
    those made by a card. Each answered move puts the focus on the next suggestion."""
    if page.is_visible(".learn-moves button.suggested"):
        page.focus(".learn-moves button.suggested")
    moves = cards = 0
    while not page.is_visible("#end"):
        frames = page.get_attribute("body", "data-frames")
        if by_card and not cards and page.locator("#hand button.card.suggested").count():
            page.click("#hand button.card.suggested")
            cards += 1
        else:
            assert page.evaluate("document.activeElement.classList.contains('suggested')")
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.frames !== '{frames}'")
        moves += 1
    return moves, cards


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_plays_through_from_the_lobby(page: Any, server: LiveServer,
                                                  game: str) -> None:
    lang = "it" if GAMES.index(game) % 2 else "en"
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    page.click(f"#learn-{game}")
    page.wait_for_selector("body[data-ready=true]")
    assert page.inner_text("#why")
    # the table page's felt: every seat's plate, yours marked, the game's centre, your hand
    seats = page.locator("#felt .seat")
    assert str(seats.count()) == page.get_attribute("#felt", "data-seats")
    assert page.locator("#felt .seat.me").count() == 1
    assert page.locator("#board .board-grid").count() == 1
    assert page.locator("#hand .card").count() > 0
    if game in ONE_CARD:  # their first suggestion lays cards: marked in the hand
        assert page.locator("#hand .card.suggested").count() > 0
    live = page.text_content("#coach-live") or ""
    assert ("Fase: " if lang == "it" else "Phase: ") in live
    if game == "cribbage":
        assert axe_problems(page) == []
    moves, cards = play_lesson(page, by_card=game in ONE_CARD)
    assert moves > 0 and cards == (game in ONE_CARD)
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
    assert "Mossa suggerita: " in (page.text_content("#coach-live") or "")
    play_lesson(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_problems(page) == []
    page.click("#real-hand")
    page.wait_for_url("**/tables/**")
    page.wait_for_selector("body[data-status=playing]")
