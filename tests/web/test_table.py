"""The card table: seats around the felt relative to you (``data-seat``, you at the bottom, the
others clockwise), a spectator's table face down, a Burraco hand sorted and arranged (toggle,
drag, a finger on a touch screen, Alt+arrow keys, remembered after a reload), and motion that
stops when reduced motion is asked for. The phone rule is checked at every turn of the Play-now
matches (test_browser.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from driver import create_from_lobby, play_one, wait_turn_or_end

from live_server import LiveServer


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


def touch_drag(page: Any, start: dict[str, float], end: dict[str, float], steps: int = 6) -> None:
    """A finger put down at ``start``, moved to ``end`` and lifted (Chromium's touch input: the
    page gets touch pointer events, and no HTML drag and drop)."""
    cdp = page.context.new_cdp_session(page)
    point = lambda x, y: [{"x": x, "y": y, "id": 1}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": point(start["x"], start["y"])})
    for i in range(1, steps + 1):
        x = start["x"] + (end["x"] - start["x"]) * i / steps
        y = start["y"] + (end["y"] - start["y"]) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(x, y)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_finger_arranges_a_burraco_hand_on_a_touch_screen(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "burraco", "config": {"players": 2},
                             "seats": ["human", "medio"], "start": True,
                             "options": {"bot_pause_s": 5}})
    page = new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                       has_touch=True).new_page()
    page.goto(created["seats"][0]["url"] + "&lang=en")
    page.wait_for_selector("#hand .card")
    before = hand_order(page)
    first, third = before[0], before[2]
    a = page.locator(f'#hand [data-card="{first}"]').bounding_box()
    c = page.locator(f'#hand [data-card="{third}"]').bounding_box()
    d = page.locator(f'#hand [data-card="{before[3]}"]').bounding_box()
    # from the first card's corner onto the right of the third card's strip (the fourth card
    # covers the rest of it)
    touch_drag(page, {"x": a["x"] + 6, "y": a["y"] + 10},
               {"x": c["x"] + (min(d["x"], c["x"] + c["width"]) - c["x"]) * 0.8,
                "y": c["y"] + 10})
    page.wait_for_function("(first) => document.querySelector('#hand .card').dataset.card "
                           "!== first", arg=first)
    after = hand_order(page)
    assert after.index(first) == 2 and after[:2] == before[1:3], (before, after)
    assert not page.locator("#hand .card.selected").count()  # carried, not selected
    # a tap is still a tap: it moves nothing
    last = page.locator(f'#hand [data-card="{after[-1]}"]').bounding_box()
    touch_drag(page, {"x": last["x"] + 6, "y": last["y"] + 10},
               {"x": last["x"] + 8, "y": last["y"] + 10}, steps=1)
    assert hand_order(page) == after
    page.reload()
    page.wait_for_selector("#hand .card")
    assert hand_order(page) == after  # kept in this browser, as a mouse's arrangement is


BACK_PEGS = """() => [...document.querySelectorAll('#centre .crib-board .back-peg')]
    .map((peg) => `${peg.getAttribute('cx')},${peg.getAttribute('cy')}`)"""


def test_cribbages_back_peg_survives_a_reload(new_context: Callable[..., Any],
                                              server: LiveServer) -> None:
    """The back peg is where the score stood before the last points pegged: read from the
    log's events, a reloaded page puts it back where it was (it used to go home)."""
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    create_from_lobby(page, server.http, "cribbage")
    rng = random.Random(2)
    while True:  # until a back peg has left home (a score pegged after the first one)
        assert wait_turn_or_end(page) == "playing"
        pegs = page.evaluate(BACK_PEGS)
        if pegs:
            break
        play_one(page, rng)
    page.reload()
    page.wait_for_selector("#centre .crib-board")
    assert page.evaluate(BACK_PEGS) == pegs


COLOUR_NAMES = """async () => {
    const cards = await import('/static/cards.js');
    const box = document.createElement('div');
    box.className = 'felt';
    document.body.append(box);
    const out = [];
    for (const colour of Object.keys(cards.COLOURS)) {
        for (const small of [true, false]) {
            const card = cards.cardElement(`10 ${colour}`, { small });
            box.append(card);
            const name = card.querySelector('.colour-name');
            const a = card.getBoundingClientRect(), b = name.getBoundingClientRect();
            if (name.scrollWidth > name.clientWidth + 0.5 || b.left < a.left || b.right > a.right)
                out.push(`${name.textContent}${small ? ' (small)' : ''}: `
                         + `${name.scrollWidth} px in ${name.clientWidth}`);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_nebraska_colour_name_fits_its_card_on_a_phone(
        new_context: Callable[..., Any], server: LiveServer, lang: str) -> None:
    """Each colour's name ("dark green", "verde scuro", ...) inside its card, the small common
    cards too, at phone size."""
    page = new_context(viewport={"width": 360, "height": 740}, is_mobile=True).new_page()
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    page.add_style_tag(url="/static/table.css")
    assert page.evaluate(COLOUR_NAMES) == []


#: every animation started from now on, by the card it moves and where that card is
RECORD_ANIMATIONS = """() => { window.__moved = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        window.__moved.push({card: this.dataset?.card ?? null,
                             meld: Boolean(this.closest('#centre .meld'))});
        return animate.apply(this, args);
    }; }"""

#: the first meld (or attach) among the offered moves: [index, its cards], or null
FIRST_MELD = """() => [...document.querySelectorAll('#all-moves .move')]
    .map((b) => [Number(b.dataset.index), JSON.parse(b.dataset.cards)])
    .find(([, cards]) => cards.length >= 3) ?? null"""


def test_a_burraco_meld_laid_glides_from_the_hand_to_its_place(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """With motion on, the cards of a meld you lay travel from your hand to the meld on the
    felt (FLIP, as the other moves do)."""
    context = new_context(viewport={"width": 1280, "height": 800},
                          reduced_motion="no-preference")
    for _ in range(6):  # a deal whose hand can lay a meld after the draw
        created = server.create({"game": "burraco", "config": {"players": 2},
                                 "seats": ["human", "medio"], "start": True,
                                 "options": {"bot_pause_s": 5}})
        page = context.new_page()
        page.goto(created["seats"][0]["url"] + "&lang=en")
        assert wait_turn_or_end(page) == "playing"
        page.locator("#moves .move", has_text="Draw").first.click()
        page.wait_for_function("document.body.dataset.myTurn === 'true' && "
                               "document.querySelector('#all-moves .move')")
        meld = page.evaluate(FIRST_MELD)
        if meld is not None:
            break
        page.close()
    else:
        pytest.skip("no meld in six deals")
    index, cards = meld
    for card in cards:
        page.locator(f'#hand [data-card="{card}"]').click(position={"x": 6, "y": 8})
    page.evaluate(RECORD_ANIMATIONS)
    page.locator(f'#moves .confirm .move[data-index="{index}"]').click()
    page.wait_for_function("(cards) => cards.every((c) => document.querySelector("
                           "`#centre .meld [data-card=\"${c}\"]`))", arg=cards)
    moved = {m["card"] for m in page.evaluate("window.__moved") if m["meld"]}
    assert set(cards) <= moved, (cards, moved)
