"""The browser app end to end: Chromium clicks "Play now" in the lobby and plays every game's
default match against medio bots on a phone, the phone rule checked at each turn; two browsers
play each other through an invite link (one reloads mid-match), a spectator sees no hidden
card, a phone plays a hand, and axe-core finds no serious or critical accessibility problem on
the lobby and every game's table."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from driver import (
    axe_problems,
    click_past_summary,
    close_summary,
    create_from_lobby,
    finished_table,
    open_custom,
    phone_rule_problems,
    play_one,
    wait_over,
    wait_turn_or_end,
)

from mazzo.engine import random_playout
from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games, get_game
from playout import play_randomly

from live_server import LiveServer

GAMES = [g.id for g in all_games()]


def test_lobby_is_built_from_the_api_in_both_languages(page: Any, server: LiveServer) -> None:
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    options = page.locator("#game option").all_inner_texts()
    assert len(options) == len(GAMES) and "Poker all'italiana" in options
    assert page.locator("#create").inner_text() == "Crea il tavolo"
    page.select_option("#game", "cribbage")
    assert page.locator("#cfg-target option").all_inner_texts() == ["61", "121"]
    assert page.locator("#seat-1 option").count() == 7  # you, a friend, five bot levels
    assert "esperto" in page.locator("#seat-1").inner_text()
    assert axe_problems(page) == []
    page.select_option("#lang", "en")
    assert page.locator("#create").inner_text() == "Create the table"




def play_now_to_end(page: Any, game: str) -> int:
    """Play now's match of ``game`` from your seat by clicking only, the phone rule checked at
    each of your turns, to the match's end; returns the number of moves made."""
    rng = random.Random(GAMES.index(game))
    for moves in range(3000):
        if wait_turn_or_end(page) == "over":
            return moves
        assert phone_rule_problems(page) == [], f"move {moves}"
        if moves == 0:
            if game == "nebraska":  # the game's scoring says which of your cards count
                assert page.locator("#notes").inner_text(timeout=10_000).startswith("Counting now")
            assert axe_problems(page) == []
        play_one(page, rng)
    raise AssertionError("the match did not end in 3000 moves")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_play_now_match_by_clicking_only_on_a_phone(
        new_context: Callable[..., Any], server: LiveServer, game: str) -> None:
    """Play now in the lobby, then the default match against medio bots to its end by clicking
    only, on a 360 x 740 phone: at each of your turns the hand and the centre's core are on the
    screen together (the phone rule); at the end the result, the log and the shuffles verified."""
    page = phone(new_context).new_page()
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    page.click(f"#play-{game}")
    page.wait_for_selector("body[data-status]")
    moves = play_now_to_end(page, game)
    assert moves > 0
    result = page.locator("#result").inner_text()
    assert "Match over" in result and ("wins" in result or "win" in result)
    assert page.locator("#log li").count() > 0  # the moves told in words
    # the seeds are revealed at the end and check against their commitments in the page
    page.locator("#fair summary").click()
    first_of_hand = page.locator("#fair tbody tr td:first-child", has_text=re.compile(r"^Hand 1$"))
    assert first_of_hand.count() == 1  # the commitments are grouped by hand
    page.locator("#verify").click()
    assert "verified" in page.locator("#verify-result").inner_text()
    page.set_viewport_size({"width": 1280, "height": 800})  # the end on a desktop
    assert axe_problems(page) == []
    if game == "cribbage":  # the owner offers a rematch; the same link plays the new table
        page.locator("#rematch").click()
        page.locator("#to-rematch").click()
        page.wait_for_selector("body[data-status=playing]")
        assert wait_turn_or_end(page) == "playing"
    # the table is in this browser's list, ready to rejoin
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#my-tables a", has_text="Rejoin").count() >= 1


@pytest.mark.parametrize("variant", ["family", "poker"])
def test_nebraskas_notes_keep_a_phones_dock_one_line_high(
        new_context: Callable[..., Any], server: LiveServer, variant: str) -> None:
    """What counts now in Nebraska, on a phone: one line under the hand however many cards
    count (their names ellipsised; the cards are marked in the hand), and poker scoring's
    combinations folded under their first line until opened; the phone rule holds, and on a
    desktop the combinations are open at first."""
    created = server.create({"game": "nebraska", "config": {"players": 4, "variant": variant},
                             "seats": ["human", "medio", "medio", "medio"], "start": True})
    page = phone(new_context).new_page()
    page.goto(created["seats"][0]["url"] + "&lang=en")
    assert wait_turn_or_end(page) == "playing"
    lines = page.evaluate("""() => [...document.querySelectorAll('#notes > p, #notes > summary')]
        .filter((el) => el.checkVisibility()).map((el) => [el.textContent,
            Math.round(el.getBoundingClientRect().height), getComputedStyle(el).lineHeight])""")
    assert len(lines) == 1, lines  # one line seen; poker's other lines folded
    text, height, line_height = lines[0]
    assert height <= float(line_height.removesuffix("px")) + 1, lines
    assert text.startswith("Combinations now" if variant == "poker" else "Counting now")
    assert phone_rule_problems(page) == []
    if variant == "poker":
        page.locator("#notes > summary").click()
        assert page.locator("#notes p").count() == 3  # the three kinds' lines
        desktop = new_context(viewport={"width": 1280, "height": 800}).new_page()
        desktop.goto(created["seats"][0]["url"] + "&lang=en")
        desktop.wait_for_selector("#notes")
        assert desktop.locator("#notes").get_attribute("open") is not None


def test_two_browsers_through_an_invite_link_with_a_reload(new_context: Callable[..., Any],
                                                           server: LiveServer) -> None:
    host_ctx = new_context()
    guest_ctx = new_context()
    host = host_ctx.new_page()
    create_from_lobby(host, server.http, "cribbage", seats=["you", "friend"], go=False)
    invite = host.locator("#created .links input").first.input_value()
    assert "token=" in invite
    host.click("#go-seat")
    host.wait_for_selector("#start")  # a friend to wait for: the owner starts
    guest = guest_ctx.new_page()
    guest.goto(invite)
    guest.wait_for_selector("body[data-status=waiting]")
    host.locator("#start").click()
    pages, rng, reloaded, moves = [host, guest], random.Random(5), False, 0
    while True:
        statuses = [p.evaluate("document.body.dataset.status") for p in pages]
        if all(s == "over" for s in statuses):
            break
        acted = False
        for p in pages:
            if p.evaluate("document.body.dataset.myTurn") == "true":
                play_one(p, rng)
                moves += 1
                acted = True
        if moves >= 6 and not reloaded:
            guest.reload()  # the token is in the link: the seat carries on
            guest.wait_for_selector("body[data-status=playing]")
            reloaded = True
        if not acted:
            pages[0].wait_for_timeout(50)
        assert moves < 1000
    assert reloaded
    assert "Match over" in guest.locator("#result").inner_text()


def test_a_spectator_sees_no_hidden_card(new_context: Callable[..., Any],
                                         server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "seats": ["human", "medio"], "start": True,
                             "options": {"bot_pause_s": 5}})
    context = new_context()
    player = context.new_page()
    player.goto(created["seats"][0]["url"] + "&lang=en")
    player.wait_for_selector("#hand .card")
    hand = {c.get_attribute("data-card") for c in player.locator("#hand .card").all()}
    assert len(hand) == 6
    spectator = context.new_page()
    spectator.goto(created["spectate"] + "?lang=en")
    spectator.wait_for_selector("body[data-status=playing]")
    assert "You are watching" in spectator.locator("#status-bar").inner_text()
    shown = {c.get_attribute("data-card") for c in spectator.locator("[data-card]").all()}
    assert not shown & hand
    assert spectator.locator("#hand").count() == 0
    assert spectator.locator("#all-moves").count() == 0


def test_a_phone_plays_a_hand(new_context: Callable[..., Any], server: LiveServer) -> None:
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    create_from_lobby(page, server.http, "cribbage")
    rng = random.Random(3)
    while wait_turn_or_end(page) != "over":
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide on a 360 px phone"
        play_one(page, rng)
        if page.locator("#log .log-hand", has_text="Hand 2").count():
            break
    assert page.locator("#log li").count() > 5


def test_the_replay_viewer_shows_the_last_moment_asked_for(page: Any, server: LiveServer) -> None:
    """Two quick clicks whose answers come in the other order: the viewer used to draw the
    answer that came last, a moment other than the one last asked for."""
    summary = finished_table(server)
    held: list[tuple[Any, Any]] = []  # the answer to "next", and what it will answer

    def hold_next(route: Any) -> None:
        if "version=1&" in route.request.url and not held:
            held.append((route, route.fetch()))  # answered below, after "last"
        else:
            route.continue_()

    page.route(re.compile(r"/api/tables/[^/]+/replay\?"), hold_next)
    page.goto(f"{server.http}/replay/{summary['table']}?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    total = page.locator("#jump").get_attribute("max")
    page.locator("#next").click()
    page.locator("#last").click()
    page.wait_for_function(f"document.body.dataset.version === '{total}'")
    assert held, "the answer to 'next' was not held back"
    route, response = held[0]
    route.fulfill(response=response)
    page.wait_for_timeout(1000)  # time to draw it, were it drawn
    assert page.evaluate("document.body.dataset.version") == total
    assert page.locator("#jump").input_value() == total


def test_the_replay_viewer_steps_jumps_and_changes_seat(page: Any, server: LiveServer) -> None:
    summary = finished_table(server)
    page.goto(f"{server.http}/replay/{summary['table']}?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    for _ in range(3):
        version = page.evaluate("document.body.dataset.version")
        page.locator("#next").click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.evaluate("document.body.dataset.version") == "3"
    assert page.locator("#replay-hand .card").count() == 0  # a spectator's view: no hand
    page.select_option("#view-as", "0")
    page.wait_for_selector("#replay-hand .card")
    page.locator("#last").click()
    page.wait_for_function(f"document.body.dataset.version === '{summary['version']}'")
    assert axe_problems(page) == []


def test_the_hint_button_shows_the_espertos_move(page: Any, server: LiveServer) -> None:
    from playwright.sync_api import expect  # only web tests import it
    create_from_lobby(page, server.http, "cribbage")
    wait_turn_or_end(page)
    page.locator("#hint").click()
    text = page.locator("#hint-text").inner_text(timeout=30_000)
    assert text.startswith("The esperto would play:")
    hinted = page.locator("#all-moves .move.hinted")  # folded away: its text, not inner_text
    assert hinted.count() == 1 and text.endswith(hinted.text_content() or "?")
    page.locator("#lang-switch").click()  # the table speaks Italian at once
    assert page.locator("#title").inner_text() == "Tavolo di Cribbage"
    assert page.locator("#all-moves summary").inner_text().startswith("Tutte le mosse")
    # the server's words follow with the frame it sends back: the log, the moves, the hint
    expect(page.locator("#log")).to_contain_text("la carta più bassa", timeout=30_000)
    assert page.locator("#hint-text").inner_text().startswith("L'esperto giocherebbe:")
    assert page.locator("#hint-text").inner_text().endswith(hinted.text_content() or "?")


def test_the_pages_own_words_change_language_before_the_server_answers(
        page: Any, server: LiveServer) -> None:
    """The language switch redraws the page at once. It used to wait for the server's frame
    in the new language, so the page said English while ``<html lang>`` said Italian, and
    for good if that frame never came."""
    held: list[str] = []

    def hold_hello(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "hello":
                held.append(message)  # the server never hears of the switch
            else:
                to_server.send(message)
        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/tables/"), hold_hello)
    create_from_lobby(page, server.http, "cribbage")
    wait_turn_or_end(page)
    page.locator("#lang-switch").click()
    assert page.locator("#title").inner_text() == "Tavolo di Cribbage"
    assert page.locator("#connection").inner_text() == "Connesso"
    assert page.locator("#lang-switch").inner_text() == "English"
    assert held, "the page did not ask the server for its words in Italian"


def test_the_table_reconnects_by_itself_after_the_server_dies(
        new_context: Callable[..., Any], tmp_path_factory: pytest.TempPathFactory) -> None:
    live = LiveServer(tmp_path_factory.mktemp("drop-home"), "--workers-bots", "0").start()
    context = new_context()
    try:
        page = context.new_page()
        create_from_lobby(page, live.http, "cribbage")
        rng = random.Random(9)
        wait_turn_or_end(page)
        play_one(page, rng)
        assert wait_turn_or_end(page) == "playing"
        version = page.evaluate("document.body.dataset.version")
        live.kill9()
        page.wait_for_selector("#connection[data-status=reconnecting]")
        # a click now would be lost: the moves say so and cannot be pressed, the seat is away
        assert page.locator("#moves-offline").is_visible()
        moves = page.locator("#moves button.move").all()
        assert moves and all(m.is_disabled() for m in moves)
        assert "away" in page.locator("#seats-panel .seat.me .seat-info").inner_text()
        live.start()  # same port and database: the table is rebuilt by replay
        page.wait_for_selector("#connection[data-status=connected]", timeout=30_000)
        assert wait_turn_or_end(page) == "playing"
        assert int(page.evaluate("document.body.dataset.version")) >= int(version)
        play_one(page, rng)  # and the seat plays on
    finally:
        live.stop()


def test_a_keyboard_alone_plays_and_keeps_its_focus(page: Any, server: LiveServer) -> None:
    create_from_lobby(page, server.http, "cribbage")
    wait_turn_or_end(page)
    first = page.locator("#hand button.card").first
    first.focus()
    card = first.get_attribute("data-card")
    page.keyboard.press("Enter")  # select it; the redraw keeps the focus on the same card
    assert page.evaluate("document.activeElement.dataset.card") == card
    assert page.locator(f'#hand [data-card="{card}"]').get_attribute("aria-pressed") == "true"
    second = page.locator("#hand button.card").nth(1)
    second.focus()
    page.keyboard.press("Space")
    version = page.evaluate("document.body.dataset.version")
    page.locator("#moves .confirm .move").first.focus()
    page.keyboard.press("Enter")  # the crib discard of the two chosen cards
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator("#log li", has_text="lays away 2 cards").count() >= 1


def discard_to_the_crib(page: Any) -> None:
    """Cribbage's first move: two cards to the crib, chosen and confirmed."""
    wait_turn_or_end(page)
    for card in page.locator("#hand button.card").all()[:2]:
        card.click()
    version = page.evaluate("document.body.dataset.version")
    page.locator("#moves .confirm .move").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_one_click_plays_a_single_card(page: Any, server: LiveServer) -> None:
    create_from_lobby(page, server.http, "cribbage")
    discard_to_the_crib(page)
    wait_turn_or_end(page)  # the play: each card is a move of its own
    playable = page.locator("#hand button.card.one-click")
    assert playable.count() >= 1
    assert page.locator("#select-help").inner_text() == "Click a card to play it."
    card = playable.first.get_attribute("data-card")
    assert playable.first.get_attribute("aria-pressed") is None  # acts, does not toggle
    version = page.evaluate("document.body.dataset.version")
    playable.first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator(f'#hand [data-card="{card}"]').count() == 0
    assert page.locator("#log li.ev-laid", has_text=f"plays {card}").count() == 1
    if wait_turn_or_end(page) == "playing" and page.locator("#hand .one-click").count():
        card = page.locator("#hand .one-click").first.get_attribute("data-card")
        version = page.evaluate("document.body.dataset.version")
        page.locator("#hand .one-click").first.focus()
        page.keyboard.press("Enter")  # the keyboard plays it as well
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.locator(f'#hand [data-card="{card}"]').count() == 0


def test_the_log_and_the_hand_history_survive_a_reload(page: Any, server: LiveServer) -> None:
    create_from_lobby(page, server.http, "cribbage")
    rng = random.Random(11)
    while not page.locator("#log .log-hand", has_text="Hand 2").count():
        assert wait_turn_or_end(page) == "playing"
        play_one(page, rng)
    before = page.locator("#log li").all_inner_texts()
    assert any("Bot medio" in text for text in before)  # the bot's nickname, not "Player 2"
    assert not any("Player 2" in text for text in before)
    page.reload()
    page.wait_for_selector("#connection[data-status=connected]")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(before)}")
    after = page.locator("#log li").all_inner_texts()
    assert after[:len(before)] == before  # every earlier move, hand by hand
    page.locator("#hand-history summary").click()
    page.wait_for_selector("#hand-history .hand-entry")
    first_hand = page.locator("#hand-history .hand-entry", has_text="Hand 1").first
    assert "Scores after the hand" in first_hand.inner_text()
    assert first_hand.locator(".hand-events li").count() > 3
    assert "Counts" in first_hand.inner_text()  # the game's own sheet: the shows
    assert axe_problems(page) == []
    page.set_viewport_size({"width": 360, "height": 740})  # and it fits a phone
    page.wait_for_function("document.documentElement.scrollWidth <= 360")


def test_the_turn_timer_counts_down_and_the_stand_in_moves(page: Any, server: LiveServer) -> None:
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    assert "0: no limit" in page.locator("#opt-turn_seconds-help").inner_text()
    create_from_lobby(page, server.http, "cribbage",
                      fill={"opt-turn_seconds": "4", "name-0": "Ada"})
    wait_turn_or_end(page)
    timer = page.locator("#timer")
    assert timer.inner_text().startswith("Time left:")
    page.wait_for_selector("#timer.urgent")  # the last ten seconds: at once with a 4 s limit
    alert = page.locator("#timer-alert").inner_text()
    assert re.fullmatch(r"1 second left for your move!|[2-4] seconds left for your move!",
                        alert), alert
    page.wait_for_selector("#log li.ev-timeout", timeout=15_000)
    assert "Time's up for Ada: the medio bot plays for them" in page.locator(
        "#log li.ev-timeout").first.inner_text()


def test_burracos_score_sheet_fits_a_phone(new_context: Callable[..., Any],
                                           server: LiveServer) -> None:
    """Four bots play Burraco; a spectator's phone opens the hand history: each hand's score
    sheet (one column per side, one row per line) fits without scrolling sideways."""
    created = httpx.post(f"{server.http}/api/tables", json={
        "game": "burraco", "config": {}, "seats": ["medio"] * 4, "start": True}, timeout=30)
    created.raise_for_status()
    spectate = created.json()["spectate"]
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(spectate if spectate.startswith("http") else server.http + spectate)
    page.wait_for_selector("#log .log-hand:has-text('Hand 2')", timeout=120_000)
    click_past_summary(page, "#hand-history summary")  # past each hand's overlay
    sheet = page.locator("#hand-history .hand-entry .hand-sheet table.sheet").first
    sheet.wait_for()
    # the row labels read from their cells: a row's innerText has its cells tab-separated
    # only while it is rendered, and the history may be drawn again as the next hand begins
    labels = sheet.locator("tbody tr > th").all_text_contents()
    assert [label.strip() for label in labels] == [
        "burraco", "closing", "melded cards", "cards in hand", "pozzetto", "total"]
    assert sheet.locator("thead th").count() == 3  # the labels and the two pairs
    wide = page.evaluate("""() => [...document.querySelectorAll('#hand-history .hand-sheet')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1).length""")
    assert wide == 0, f"{wide} score sheets scroll sideways on a 360 px phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


PHONE = {"width": 360, "height": 740}

#: what does not fit a phone: the page itself wider than the screen, any element of the page
#: that scrolls sideways inside its box (a table in an overflow box) or reaches past the
#: screen's right edge
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const page = document.documentElement.scrollWidth;
  const out = page > width ? [`the page: ${page} px`] : [];
  const name = (el) => {
    const box = el.closest('section[id], section, details') || el;
    const title = box.querySelector('h2,h3,summary')?.textContent || '';
    return `${el.tagName}.${el.className} in ${box.id || box.className} "${title.slice(0, 30)}"`;
  };
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || el.closest('.sr-only')) continue;
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    if (scrolls && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    const right = el.getBoundingClientRect().right;
    if (right > width + 1) out.push(`${name(el)} ends at ${right} px`);
  }
  return out;
}"""


def too_wide(page: Any) -> list[str]:
    return list(page.evaluate(TOO_WIDE))


def phone(new_context: Callable[..., Any]) -> Any:
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.mark.parametrize(("game", "fill", "until"), [
    ("novantanove", {"cfg-target": "300"}, "Hand 3"),  # two deals' bids, tricks and sheets
    ("poker_italiano", {"cfg-max_hands": "4", "cfg-stack": "40"}, "Hand 3"),
])
def test_bids_and_chips_fit_a_phone(new_context: Callable[..., Any], server: LiveServer, game: str,
                                    fill: dict[str, str], until: str) -> None:
    """A phone plays novantanove (and poker) against bots by clicking, several deals: at each
    of its turns no block is wider than the screen; the bids (chips) read one card per player,
    each figure labelled, while a desktop keeps the wide table."""
    context = phone(new_context)
    page = context.new_page()
    create_from_lobby(page, server.http, game, fill=fill)
    rng, turns = random.Random(4), 0
    while not page.locator("#log .log-hand", has_text=until).count():
        if wait_turn_or_end(page) == "over":
            break
        assert too_wide(page) == [], f"turn {turns}"
        play_one(page, rng)
        turns += 1
    assert page.locator("#log .log-hand", has_text="Hand 2").count(), "a second deal"
    # one reading of the board as drawn now (each frame redraws it)
    rows = page.evaluate("""() => [...document.querySelectorAll(
        '#board table.stacking tbody tr')].map((tr) => ({display: getComputedStyle(tr).display,
        labels: [...tr.querySelectorAll('td')].filter((td) => td.textContent)
            .map((td) => getComputedStyle(td, '::before').content)}))""")
    assert len(rows) >= 3
    assert {row["display"] for row in rows} == {"flex"}  # one card per player
    labels = rows[0]["labels"]
    wanted = (['"Bid:"', '"Tricks:"'] if game == "novantanove"
              else ['"Chips:"', '"Bet this round:"'])
    assert all(label in labels for label in wanted), labels
    close_summary(page)  # the overlay of the hand just over
    page.locator("#hand-history summary").click()  # and every finished hand's sheet
    page.wait_for_selector("#hand-history .hand-entry .hand-sheet")
    page.locator("#fair summary").click()
    assert too_wide(page) == []
    assert axe_problems(page) == []
    page.set_viewport_size({"width": 1280, "height": 800})  # a desktop: the wide table
    page.wait_for_function("""() => getComputedStyle(
        document.querySelector('#board table.stacking tbody tr')).display === 'table-row'""")


def test_every_finished_table_its_history_and_replay_fit_a_phone(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """A finished bots' match of every game watched on a phone (its board, hand history and
    fair shuffles open), its replay at the last step, and the lobby: nothing is wider than
    the screen."""
    configs: dict[str, JSON] = {
        "cribbage": {"players": 2, "target": 61, "games_to_win": 1},
        "nebraska": {"players": 4, "hands": 2},
        "novantanove": {"players": 3, "target": 100},
        "poker_italiano": {"players": 4, "max_hands": 4, "stack": 40},
        "burraco": {"players": 4, "hands": 1},
    }
    assert set(configs) == set(GAMES)
    tables = {game: server.create({"game": game, "config": config, "start": True,
                                   "seats": ["medio"] * config["players"],
                                   "options": {"bot_pause_s": 0}})
              for game, config in configs.items()}
    context = phone(new_context)
    page = context.new_page()
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    assert too_wide(page) == []
    for game, created in tables.items():
        wait_over(server, created["table"])
        spectate = created["spectate"]
        page.goto((spectate if spectate.startswith("http") else server.http + spectate)
                  + "?lang=en")
        page.wait_for_selector("body[data-status=over]")
        page.locator("#hand-history summary").click()
        page.wait_for_selector("#hand-history .hand-entry .hand-sheet")
        page.locator("#fair summary").click()
        assert too_wide(page) == [], game
        page.goto(f"{server.http}/replay/{created['table']}?lang=it")
        page.wait_for_selector("body[data-ready=true]")
        page.locator("#last").click()
        page.wait_for_function("document.body.dataset.version !== '0'")
        assert too_wide(page) == [], f"{game} replay"


def closing_melds(record: JSON) -> list[list[str]]:
    """Each side's meld cards in the spectator's view before the match's last action."""
    game = get_game(record["game"])
    state = game.new_match(game.config_class.from_json(record["config"]))
    for data in record["history"][:-1]:
        state.apply(game.action_from_json(data))
    view = state.view(None)
    return [[card for meld in view["melds"][view["side_of"][seats[0]]] for card in meld["cards"]]
            for seats in view["sides"]]


#: draws a game's board from ``view`` in place of the page's own (a finished table's, which no
#: frame redraws), the players named as the server names bots, the longest names it gives
RENDER_BOARD = """async ([game, view]) => {
    const mod = await import(`/static/games/${game}.js`);
    const ctx = { frame: {}, seat: view.seat ?? null, name: (i) => `Bot medio (${i + 1})` };
    const board = document.getElementById("board");
    board.replaceChildren(board.firstElementChild, mod.board(view, ctx));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def widest_burraco_view() -> JSON:
    """A real 2-player Burraco view mid-hand, made as wide as the game allows: a meld of 14
    cards (a run from ace to ace) that is a burraco semipulito, and a discard pile of 30."""
    game = get_game("burraco")
    state = play_randomly(game.new_match(game.config(players=2, hands=1)), random.Random(3),
                          until=lambda s: not s.is_chance and any(s.view(0)["melds"]))
    view: JSON = json.loads(json.dumps(state.view(0)))
    side, melds = next((k, v) for k, v in enumerate(view["melds"]) if v)
    meld = melds[0]
    words = meld["text"].split(" ")
    meld["cards"] = (meld["cards"] * 14)[:14]
    meld["text"] = " ".join((words * 14)[:14])
    meld["burraco"] = "semipulito"
    view["melds"][side] = [meld, *melds[1:]]
    view["pile"] = ((view["pile"] or meld["cards"]) * 30)[:30]
    return view


def widest_poker_view() -> JSON:
    """A real 4-player poker view in the second betting round, made as wide as the game
    allows: every seat has a bet in front of it, one is all-in, three pots are at stake."""
    game = get_game("poker_italiano")
    state = play_randomly(game.new_match(game.config(players=4)), random.Random(2),
                          until=lambda s: not s.is_chance)
    view: JSON = json.loads(json.dumps(state.view(0)))
    view["phase"], view["to_match"] = "second_round", 125
    view["round_bets"] = [125, 125, 40, 125]
    view["chips"][2] = 0
    view["pots"] = [{"amount": 160, "seats": [0, 1, 2, 3]}, {"amount": 255, "seats": [0, 1, 3]},
                    {"amount": 90, "seats": [1, 3]}]
    return view


@pytest.mark.parametrize("game", ["burraco", "poker_italiano"])
def test_the_widest_boards_fit_a_phone(new_context: Callable[..., Any], server: LiveServer,
                                        game: str) -> None:
    """The widest board each game can draw fits a 360 px phone, in both languages: Burraco's
    longest meld with its kind of burraco and a 30-card pile wrap onto lines of their own;
    poker's pots leave the seats at their sides room for their names."""
    created = finished_table(server)
    view = widest_burraco_view() if game == "burraco" else widest_poker_view()
    page = phone(new_context).new_page()
    for lang in ("en", "it"):
        page.goto(f"{server.http}/tables/{created['table']}?lang={lang}")
        page.wait_for_selector("body[data-status=over]")
        page.evaluate(RENDER_BOARD, [game, view])
        assert page.locator("#board .centre-core").count() == 1
        assert too_wide(page) == [], lang


def test_the_end_of_a_burraco_match_shows_the_table_as_it_closed(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """Two bots play one hand of Burraco while a phone watches: when the match ends the board
    shows each side's melds as the last hand closed (the very cards of the view before the
    closing discard), the pozzetti, the score lines and the final scores, not an empty table;
    after a reload and in Italian too."""
    created = server.create({"game": "burraco", "config": {"players": 2, "hands": 1},
                             "seats": ["medio", "medio"], "start": True,
                             "options": {"bot_pause_s": 0.05}})
    context = phone(new_context)
    page = context.new_page()
    spectate = created["spectate"]
    url = spectate if spectate.startswith("http") else server.http + spectate
    page.goto(url + "?lang=en")
    page.wait_for_selector("body[data-status=playing]")  # watching live as it ends
    page.wait_for_selector("body[data-status=over]", timeout=180_000)
    record = server.get(f"/api/tables/{created['table']}/record").json()
    melds = closing_melds(record)
    assert any(melds)
    for lang in ("en", "it"):
        board = page.locator("#board")
        board.locator(".block.side .melds").first.wait_for()
        shown = [[c.get_attribute("data-card") for c in side.locator(".card").all()]
                 for side in board.locator(".block.side").all()]
        assert shown == melds
        text = board.inner_text()
        if lang == "en":
            assert "Match over — final scores" in text and "at the end of hand 1" in text
            assert "melded cards" in text and re.search(r"pozzetto (not )?taken", text)
        else:
            assert "Partita finita — punteggio finale" in text and "a fine smazzata 1" in text
            assert "carte calate" in text and re.search(r"pozzetto (non )?preso", text)
        assert too_wide(page) == []
        assert axe_problems(page) == []
        page.goto(url + "?lang=it")  # a fresh connection to the finished table
        page.wait_for_selector("body[data-status=over]")


def engine_views(record: JSON) -> list[JSON]:
    """The spectator's view at every version of a finished record, as JSON."""
    game = get_game(record["game"])
    state = game.new_match(game.config_class.from_json(record["config"]))
    views = [json.loads(json.dumps(state.view(None)))]
    for data in record["history"]:
        state.apply(game.action_from_json(data))
        views.append(json.loads(json.dumps(state.view(None))))
    return views


def sides_to_show(view: JSON, labels: list[str]) -> list[tuple[str, list[str]]]:
    """What a Burraco board must show per side: its players' names and its meld cards. Once a
    hand is scored, the last hand's melds (listed like its sides); while one is played, the
    table's melds, kept by side id (a 3-player pair's id is its first player's seat)."""
    def names(seats: list[int]) -> str:
        return " + ".join(labels[s] for s in seats)

    def cards(melds: list[JSON]) -> list[str]:
        return [card for meld in melds for card in meld["cards"]]

    last = view["last_hand"]
    if view["phase"] in ("over", "deal") and last["lines"]:
        return [(names(seats), cards(melds))
                for seats, melds in zip(last["sides"], last["melds"], strict=True)]
    return [(names(seats), cards(view["melds"][view["side_of"][seats[0]]]))
            for seats in view["sides"]]


def board_sides(page: Any, within: Any = None) -> list[tuple[str, list[str]]]:
    """Each side block of the board (or of ``within``): the names its title begins with, and
    its meld cards."""
    shown = []
    for side in (within or page.locator("#board")).locator(".block.side").all():
        title = side.locator("h3").inner_text()
        shown.append((title.split(" — ")[0],
                      [str(c.get_attribute("data-card")) for c in side.locator(".card").all()]))
    return shown


def step_to(page: Any, button: str, version: int) -> None:
    page.locator(button).click()
    page.wait_for_function(f"document.body.dataset.version === '{version}'")


@pytest.fixture(scope="module")
def three_player_burraco(server: LiveServer) -> JSON:
    """A finished 3-player Burraco match among medio bots (two hands): its summary."""
    created = server.create({"game": "burraco", "config": {"players": 3, "hands": 2},
                             "seats": ["medio"] * 3, "start": True,
                             "options": {"bot_pause_s": 0}})
    wait_over(server, created["table"])
    return {**server.summary(created["table"]), "spectate": created["spectate"]}


def test_the_end_of_a_3_player_burraco_match_and_its_replay_show_each_sides_melds(
        page: Any, server: LiveServer, three_player_burraco: JSON) -> None:
    """The table page of a finished 3-player match shows each side's melds as the hand closed
    under that side's names, and so does the hand's sheet in the hand history (folded); so
    does the replay's last step, and one step back (before the closing discard) the table as it
    stood, each side's melds looked up by its side id; and the replay's step right after the
    first hand's close shows that hand's table."""
    table = three_player_burraco["table"]
    record = server.get(f"/api/tables/{table}/record").json()
    labels = [seat["label"] for seat in three_player_burraco["seats"]]
    views = engine_views(record)
    total = len(record["history"])
    end = sides_to_show(views[total], labels)
    assert any(cards for _, cards in end)
    spectate = three_player_burraco["spectate"]
    page.goto((spectate if spectate.startswith("http") else server.http + spectate) + "?lang=en")
    page.wait_for_selector("body[data-status=over]")
    page.locator("#board .block.side").first.wait_for()
    assert board_sides(page) == end
    # the hand history's sheet folds the same table (read from the same field of the view)
    page.locator("#hand-history summary").first.click()
    folded = page.locator("#hand-history details.final-table").first
    folded.locator("summary").click()
    assert board_sides(page, folded) == end
    page.goto(f"{server.http}/replay/{table}?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    step_to(page, "#last", total)
    assert board_sides(page) == end
    assert "Match over — final scores" in page.locator("#board").inner_text()
    step_to(page, "#prev", total - 1)
    before = sides_to_show(views[total - 1], labels)
    assert board_sides(page) == before and [cards for _, cards in before] == [
        cards for _, cards in end]  # the closing discard laid no meld
    assert axe_problems(page) == []
    # the step right after the first hand's close, before the next deal: that hand's table
    first = next(v for v, view in enumerate(views) if v and view["phase"] == "deal")
    page.locator("#jump").evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('change')); }", first)
    page.wait_for_function(f"document.body.dataset.version === '{first}'")
    closed = sides_to_show(views[first], labels)
    assert board_sides(page) == closed and any(cards for _, cards in closed)
    assert "at the end of hand 1" in page.locator("#board").inner_text()


#: a seeded random 3-player match whose only hand seat 2 closed alone against the pair of
#: seats 0 and 1, so the pair's side id is 0 and the solo's 2 while they are listed 0 and 1
PAIR_SEED = 22


def seeded_three_player_match() -> Any:
    game = get_game("burraco")
    state = game.new_match(game.config_class.from_json({"players": 3, "hands": 1}))
    return random_playout(state, random.Random(PAIR_SEED))


def test_the_replay_shows_a_3_player_pairs_melds_under_the_right_names(
        page: Any, server: LiveServer, three_player_burraco: JSON) -> None:
    """The replay viewer of a finished 3-player table, its steps answered by the server's own
    replay code (``replay_frame``) for a seeded match where the solo player is seat 2: the pair
    (side id 0) and the solo (side id 2, listed second) each show their own melds, at the last
    step (from the last hand) and before the close (from the table, by side id)."""
    from urllib.parse import parse_qs, urlparse

    from mazzo.server.pages import replay_frame

    state = seeded_three_player_match()
    view = state.view(None)
    assert view["last_hand"]["sides"] == [[0, 1], [2]] and view["side_of"] == [0, 0, 2]
    assert all(view["last_hand"]["melds"])
    labels = [seat["label"] for seat in three_player_burraco["seats"]]

    def answer(route: Any) -> None:
        query = parse_qs(urlparse(route.request.url).query)
        seat = int(query["seat"][0]) if "seat" in query else None
        frame = replay_frame(state, int(query["version"][0]), seat, query["lang"][0], labels)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(frame))

    page.route("**/api/tables/*/replay?*", answer)
    page.goto(f"{server.http}/replay/{three_player_burraco['table']}?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    total = len(state.history)
    views = engine_views({"game": "burraco", "config": state.config.to_json(),
                          "history": [a.to_json() for a in state.history]})
    step_to(page, "#last", total)
    end = sides_to_show(views[total], labels)
    assert board_sides(page) == end and [names for names, _ in end] == [
        f"{labels[0]} + {labels[1]}", labels[2]]
    step_to(page, "#prev", total - 1)
    assert board_sides(page) == sides_to_show(views[total - 1], labels)
    assert [cards for _, cards in board_sides(page)] == [cards for _, cards in end]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_lobby_fits_a_phone_for_every_game(new_context: Callable[..., Any], server: LiveServer,
                                               lang: str) -> None:
    """A fieldset grows to its widest control: with the variants said in words ("family:
    contano le carte valide") the options reached past a 360 px screen's edge."""
    context = phone(new_context)
    page = context.new_page()
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    for game in page.locator("#game option").evaluate_all("(os) => os.map((o) => o.value)"):
        page.select_option("#game", game)
        assert too_wide(page) == [], game


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_rules_page_fits_a_phone(new_context: Callable[..., Any],
                                       server: LiveServer, lang: str) -> None:
    """The rules pages hold wide tables and command examples: on a 360 px phone they must
    scroll inside their own box, not widen the page."""
    context = phone(new_context)
    page = context.new_page()
    for game in ("nebraska", "novantanove", "poker_italiano", "cribbage", "burraco"):
        page.goto(f"{server.http}/rules/{game}?lang={lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{game}: the page is {width} px wide on a 360 px phone"
