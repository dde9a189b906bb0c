"""Playing mazzo in the browser by clicking only: create a table from the lobby, then on each turn
pick one of the move buttons the page offers (selecting its cards first when the move uses
cards, as a person would), until the match is over."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from mazzo.engine.game import JSON

#: short matches of every game: (lobby values to set, fields to fill)
SHORT: dict[str, dict[str, Any]] = {
    "cribbage": {"players": "2", "select": {"cfg-target": "61"}, "fill": {"cfg-games_to_win": "1"}},
    "nebraska": {"players": "2", "select": {}, "fill": {"cfg-hands": "1"}},
    "novantanove": {"players": "3", "select": {}, "fill": {"cfg-target": "1"}},
    "poker_italiano": {"players": "3", "select": {},
                       "fill": {"cfg-max_hands": "2", "cfg-stack": "20"}},
    "burraco": {"players": "2", "select": {}, "fill": {"cfg-hands": "1"}},
}


def open_custom(page: Any) -> None:
    """Unfold the lobby's "Custom table" form (it stays as a person left it)."""
    if not page.evaluate("document.getElementById('custom')?.open ?? true"):
        page.click("#custom-title")


def create_from_lobby(page: Any, base: str, game: str, seats: list[str] | None = None,
                      lang: str = "en", go: bool = True,
                      fill: dict[str, str] | None = None) -> None:
    """Fill the lobby form for a short match of ``game`` (seat 0 is you; ``fill``: more fields
    by id), create the table and, with ``go``, follow the link to your seat."""
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    page.select_option("#game", game)
    short = SHORT[game]
    page.select_option("#players", short["players"])
    for field, value in short["select"].items():
        page.select_option(f"#{field}", value)
    for field, value in short["fill"].items():
        page.fill(f"#{field}", value)
    page.fill("#opt-bot_pause_s", "0")
    for field, value in (fill or {}).items():
        page.fill(f"#{field}", value)
    for i, kind in enumerate(seats or []):
        page.select_option(f"#seat-{i}", kind)
    page.click("#create")
    page.wait_for_selector("#go-seat")
    if go:
        page.click("#go-seat")
        page.wait_for_selector("body[data-status]")


#: ms to wait for the bots and the server between two of the page's moves: generous, since a
#: loaded 2-core machine (a test run beside other work) has taken over 30 s, not a stall
TURN_WAIT_MS = 90_000


def wait_turn_or_end(page: Any, timeout: float = TURN_WAIT_MS) -> str:
    """Wait for the seat's turn or the end of the match, closing each end-of-hand overlay on
    the way (its button, as a person would); returns the table's status."""
    from playwright.sync_api import TimeoutError as PageTimeout  # only web tests import it

    while True:
        try:
            page.wait_for_function(
                "(document.body.dataset.status === 'over' || document.body.dataset.myTurn === "
                "'true') && document.body.dataset.summary !== 'pending'", timeout=timeout)
        except PageTimeout as exc:  # say where the page stood, so that a stall explains itself
            raise AssertionError(
                f"no turn and no end in {timeout / 1000:.0f} s: {page_state(page)}") from exc
        if page.evaluate("document.body.dataset.summary") != "open":
            return str(page.evaluate("document.body.dataset.status"))
        close_summary(page)


def page_state(page: Any) -> JSON:
    """What a person would read on the table page: its data attributes, the connection line,
    the alert and the last lines of the log."""
    state: JSON = page.evaluate("""() => ({
        body: {...document.body.dataset},
        connection: document.getElementById("connection")?.dataset.status ?? null,
        alert: document.getElementById("alert")?.textContent ?? null,
        log: [...document.querySelectorAll("#log li")].slice(-5).map((li) => li.textContent),
    })""")
    return state


#: where to click a card of the hand: its corner index, which the fan leaves uncovered
CORNER = {"x": 6, "y": 8}


def close_summary(page: Any) -> None:
    """Close the end-of-hand overlay if one is open or on its way (its button, as a person
    would), so the table can be clicked."""
    page.wait_for_function("document.body.dataset.summary !== 'pending'", timeout=TURN_WAIT_MS)
    while page.evaluate("document.body.dataset.summary") == "open":
        shown = page.get_attribute("#hand-summary", "data-hand")
        page.click("#hand-summary-next")
        # closed, or already the next hand's (bots that never pause end hands back to back)
        page.wait_for_function("""(hand) => { const box = document.getElementById('hand-summary');
            return !box || !box.open || box.dataset.hand !== hand; }""", arg=shown)
        page.wait_for_function("document.body.dataset.summary !== 'pending'",
                               timeout=TURN_WAIT_MS)


def click_past_summary(page: Any, selector: str, tries: int = 5) -> None:
    """Click ``selector`` on a table that goes on while it is watched: an end-of-hand overlay
    that opens meanwhile is closed first (its button) and the click tried again."""
    from playwright.sync_api import TimeoutError as PageTimeout

    for _ in range(tries - 1):
        close_summary(page)
        try:
            page.locator(selector).click(timeout=5_000)
            return
        except PageTimeout:
            continue
    close_summary(page)
    page.locator(selector).click()


def play_one(page: Any, rng: random.Random) -> None:
    """Make one move by clicking: a card that plays at once, or its cards in the hand first,
    then its button."""
    close_summary(page)
    version = page.evaluate("document.body.dataset.version")
    # the offered moves read in one go (a round trip per button took much of a move's time)
    moves = page.evaluate("""() => [...document.querySelectorAll('#all-moves .move')].map(
        (b) => [Number(b.dataset.index), JSON.parse(b.dataset.cards)])""")
    index, cards = moves[rng.randrange(len(moves))]
    one_click = page.locator(f'.hand button.card.one-click[data-index="{index}"]')
    if len(cards) == 1 and one_click.count():
        one_click.click(position=CORNER)  # playing one card: the click plays it
    else:
        for card in cards:
            # at its corner: in a fanned hand the next card covers the rest of it
            page.locator(f'.hand [data-card="{card}"]').click(position=CORNER)
        page.locator(f'#moves .confirm .move[data-index="{index}"]').click()
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}",
                           timeout=TURN_WAIT_MS)


def play_to_end(page: Any, seed: int = 0, max_moves: int = 2000) -> int:
    """Play the seat of ``page`` until the match is over; returns the number of moves made."""
    rng = random.Random(seed)
    for moves in range(max_moves):
        if wait_turn_or_end(page) == "over":
            return moves
        play_one(page, rng)
    raise AssertionError(f"the match did not end in {max_moves} moves")


QUICK_CRIBBAGE: JSON = {"target": 61, "games_to_win": 1}


def wait_over(server: Any, table: str, seconds: float = 180) -> JSON:
    """The table's summary once its match is over (its bots play it), within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        summary: JSON = server.get(f"/api/tables/{table}").json()
        if summary["status"] == "over":
            return summary
        assert time.monotonic() < deadline, f"table {table} did not finish in {seconds} s"
        time.sleep(0.1)


def finished_table(server: Any) -> JSON:
    """A cribbage match between two random bots, played to the end by the server itself."""
    created = server.create({"game": "cribbage", "config": QUICK_CRIBBAGE,
                             "seats": ["random", "random"], "start": True,
                             "options": {"bot_pause_s": 0}})
    return wait_over(server, created["table"], 60)


#: axe-core, shipped with the tests (nothing is fetched)
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def axe_problems(page: Any) -> list[str]:
    """Serious and critical axe-core violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


#: the phone of the phone rule: at your turn the hand and the centre's core on this screen
PHONE = {"width": 360, "height": 740}

#: the phone rule's boxes, read in one script after the page has painted: the scroll put back
#: to the top and every box measured in the same task, so no frame can land between them (a
#: frame drawn between a scroll and a measure once failed the rule under load)
PHONE_BOXES = """async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    window.scrollTo(0, 0);
    const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const core = document.querySelector('#centre .centre-core .around')
        || document.querySelector('#centre .centre-core');
    return {scroll: window.scrollY, hand: box(document.getElementById('hand')),
            dock: box(document.getElementById('play-area')), core: box(core),
            width: window.innerWidth, height: window.innerHeight};
}"""


def phone_rule_problems(page: Any) -> list[str]:
    """What breaks the phone rule on the page as it is now (your turn): the hand and the
    centre's core (the compass of what lies in front of the seats where the game has one) both
    inside the screen at the top of the page, the core above the docked hand, and nothing
    wider than the phone (which would zoom the page out)."""
    b = page.evaluate(PHONE_BOXES)
    problems = [f"the page is scrolled to {b['scroll']}"] if b["scroll"] else []
    if b["width"] != PHONE["width"]:  # a block wider than the phone zooms the whole page out
        problems.append(f"the page is {b['width']} px wide, not the phone's {PHONE['width']}")
    for part in ("hand", "core"):
        box = b[part]
        if box is None:
            problems.append(f"no {part}")
        elif (box["top"] < 0 or box["bottom"] > b["height"] + 1 or box["left"] < 0
              or box["right"] > b["width"] + 1):
            problems.append(f"the {part} is off the screen: {box}")
    if b["core"] and b["dock"] and b["core"]["bottom"] > b["dock"]["top"] + 1:
        problems.append(f"the docked hand covers the centre: {b['core']} under {b['dock']}")
    return problems
