"""The card table: seats around the felt relative to you (``data-seat``, you at the bottom, the
others clockwise), a spectator's table face down, the phone rule (at your turn the hand and the
centre's core on a 360 x 740 screen without scrolling) in every game, a Burraco hand sorted and
arranged (toggle, drag, Alt+arrow keys, remembered after a reload), and motion that stops when
reduced motion is asked for."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from driver import axe_problems, create_from_lobby, play_one, wait_turn_or_end

from mazzo.engine.registry import all_games

from live_server import LiveServer

GAMES = [g.id for g in all_games()]
PHONE = {"width": 360, "height": 740}


def boxes(page: Any) -> dict[str, Any]:
    """The viewport's scroll, the hand's box, the dock's top and the centre's core box (the
    compass of what lies in front of the seats where the game has one)."""
    result: dict[str, Any] = page.evaluate("""() => {
        const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
        const core = document.querySelector('#centre .centre-core .around')
            || document.querySelector('#centre .centre-core');
        return {scroll: window.scrollY, hand: box(document.getElementById('hand')),
                dock: box(document.getElementById('play-area')), core: box(core)};
    }""")
    return result


@pytest.mark.parametrize("game", GAMES)
def test_phone_rule_hand_and_centre_on_one_screen(new_context: Callable[..., Any],
                                                  server: LiveServer, game: str) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    create_from_lobby(page, server.http, game)
    assert wait_turn_or_end(page) == "playing"
    page.evaluate("window.scrollTo(0, 0)")
    b = boxes(page)
    assert b["scroll"] == 0
    for part in ("hand", "core"):
        assert b[part] is not None, part
        assert b[part]["top"] >= 0 and b[part]["bottom"] <= PHONE["height"], (part, b)
        assert b[part]["left"] >= 0 and b[part]["right"] <= PHONE["width"] + 1, (part, b)
    # the docked hand covers nothing the player needs: the core ends above it
    assert b["core"]["bottom"] <= b["dock"]["top"] + 1, b
    assert not axe_problems(page)


def test_seats_sit_around_you_clockwise_and_a_spectator_sees_backs(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "novantanove", "config": {"players": 3},
                             "seats": ["human", "medio", "medio"], "start": True,
                             "options": {"bot_pause_s": 5}})
    context = new_context(viewport={"width": 1280, "height": 800})
    player = context.new_page()
    player.goto(created["seats"][0]["url"] + "&lang=en")
    player.wait_for_selector("#hand .card")
    places = player.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#felt .seat')]
        .map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('at-'))]))""")
    assert places == {"0": "at-bottom", "1": "at-left", "2": "at-right"}
    me = player.locator('#felt .seat[data-seat="0"]')
    assert "me" in (me.get_attribute("class") or "").split()
    ys = {seat: player.locator(f'#felt .seat[data-seat="{seat}"]').bounding_box()["y"]
          for seat in "012"}
    assert ys["0"] > ys["1"] and ys["0"] > ys["2"]  # you at the bottom of the felt
    assert player.locator("#centre").count() == 1 and player.locator("#hand").count() == 1
    hand = {c.get_attribute("data-card") for c in player.locator("#hand .card").all()}
    spectator = context.new_page()
    spectator.goto(created["spectate"] + "?lang=en")
    spectator.wait_for_selector("body[data-status=playing]")
    # from seat 0's place, every hand as backs with its count, no face of any hand
    seen = spectator.evaluate("""() => [...document.querySelectorAll('#felt .seat')]
        .map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('at-')),
                     s.querySelectorAll('.backs .card.back').length])""")
    assert sorted(row[:2] for row in seen) == [["0", "at-bottom"], ["1", "at-left"],
                                               ["2", "at-right"]]
    assert all(row[2] > 0 for row in seen)
    shown = {c.get_attribute("data-card") for c in spectator.locator("[data-card]").all()}
    assert not shown & hand
    assert spectator.locator("#hand").count() == 0


def hand_order(page: Any) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator("#hand .card").all()]


def test_a_burraco_hand_is_sorted_and_arranged_and_remembered(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "burraco", "config": {"players": 2},
                             "seats": ["human", "medio"], "start": True,
                             "options": {"bot_pause_s": 5}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(created["seats"][0]["url"] + "&lang=en")
    page.wait_for_selector("#hand .card")
    by_suit = hand_order(page)
    page.click("#sort-toggle")
    by_rank = hand_order(page)
    assert sorted(by_suit) == sorted(by_rank) and by_suit != by_rank
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    values = [order.index(c.rstrip("'")[:-1]) for c in by_rank if "★" not in c]
    assert values == sorted(values), by_rank
    jokers = [c for c in by_rank if "★" in c]  # the jolly last
    assert not jokers or by_rank[-len(jokers):] == jokers
    # drag the first card past the third, then move the last one left by keyboard
    first, third = by_rank[0], by_rank[2]
    page.locator(f'#hand [data-card="{first}"]').drag_to(
        page.locator(f'#hand [data-card="{third}"]'), target_position={"x": 30, "y": 20})
    dragged = hand_order(page)
    assert dragged.index(first) == 2 and dragged[:2] == by_rank[1:3], (by_rank, dragged)
    last = dragged[-1]
    page.locator(f'#hand [data-card="{last}"]').focus()
    page.keyboard.press("Alt+ArrowLeft")
    moved = hand_order(page)
    assert moved[-2] == last and moved[-1] == dragged[-2]
    assert page.evaluate("document.activeElement.dataset.card") == last  # focus stays on it
    page.reload()
    page.wait_for_selector("#hand .card")
    assert hand_order(page) == moved  # the arrangement is kept in this browser


def test_reduced_motion_turns_the_animations_off(new_context: Callable[..., Any],
                                                 server: LiveServer) -> None:
    counts = {}
    for motion in ("no-preference", "reduce", "setting"):
        context = new_context(viewport={"width": 1280, "height": 800},
                              reduced_motion="reduce" if motion == "reduce" else "no-preference")
        page = context.new_page()
        if motion == "setting":  # the player's own switch, with the system asking for motion
            page.goto(f"{server.http}/?lang=en")
            page.evaluate("localStorage.setItem('mazzo.settings', "
                          "JSON.stringify({reducedMotion: true}))")
        create_from_lobby(page, server.http, "cribbage", fill={"opt-bot_pause_s": "0.6"})
        page.evaluate("""() => { window.__moving = 0;
            new MutationObserver(() => { window.__moving = Math.max(window.__moving,
                document.getAnimations().length); }).observe(document.body,
                {subtree: true, childList: true, attributes: true}); }""")
        rng = random.Random(0)
        for _ in range(3):  # the crib, then cards pegged: cards move between seats and centre
            assert wait_turn_or_end(page) == "playing"
            play_one(page, rng)
        page.wait_for_timeout(700)
        counts[motion] = page.evaluate("window.__moving")
    assert counts["no-preference"] > 0, counts
    assert counts["reduce"] == 0 and counts["setting"] == 0, counts
