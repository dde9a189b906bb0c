"""The table's chat drawer, and user text as text everywhere: two players chat while a
spectator does not see it (and the reverse), quick phrases read in each page's language, the
unread badge, muting a player (remembered in the browser), reporting one, a phone's width,
and the XSS test: a player named ``<img src=x onerror=alert(1)>`` who sends that same string
creates no element and runs no script on the lobby, the table pages (both seats and a
spectator) and the replay page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from driver import axe_problems, create_from_lobby, wait_over

from mazzo.engine.game import JSON

from live_server import LiveServer

XSS = "<img src=x onerror=alert(1)>"
SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}
#: run in every page before its scripts: a flag that any script the payload might run would
#: set (alert is the payload's), and a watch on the document for an element it would create
TRAP = """
window.__xss = [];
const realAlert = window.alert.bind(window);
window.alert = (...args) => {
  window.__xss.push("alert " + args.join(" "));
  return realAlert(...args);
};
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    for (const el of [node, ...node.querySelectorAll("*")]) {
      if (el.hasAttribute("onerror") || (el.tagName === "IMG" && el.getAttribute("src") === "x"))
        window.__xss.push("element " + el.outerHTML.slice(0, 80));
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def trapped_context(new_context: Callable[..., Any], **options: Any) -> tuple[Any, list[str]]:
    """A browser context whose pages report any dialog or request the payload would cause."""
    options.setdefault("viewport", {"width": 1280, "height": 800})
    context = new_context(**options)
    context.add_init_script(TRAP)
    caught: list[str] = []
    context.on("page", lambda page: page.on("dialog", lambda d: (caught.append(
        f"dialog {d.message}"), d.dismiss())))
    context.on("request", lambda request: caught.append(f"request {request.url}")
               if request.url.rstrip("/").endswith("/x") else None)
    return context, caught


def assert_inert(page: Any, caught: list[str], where: str) -> None:
    """Nothing the payload would do happened on ``page`` (or any page of its context)."""
    found = page.evaluate("""() => [...window.__xss,
        ...[...document.querySelectorAll('[onerror], img[src="x"]')].map((el) => el.outerHTML)]""")
    assert found == [] and caught == [], (where, found, caught)


def two_players(server: LiveServer, names: list[str | None], start: bool = False) -> JSON:
    return server.create({"game": "cribbage", "config": SHORT_CRIBBAGE, "start": start,
                          "seats": ["human", "human"], "names": names})


def open_table(context: Any, url: str, lang: str = "en") -> Any:
    page = context.new_page()
    page.goto(f"{url}{'&' if '?' in url else '?'}lang={lang}")
    page.wait_for_selector("#chat summary")
    return page


def open_chat(page: Any) -> None:
    if not page.evaluate("document.getElementById('chat').open"):
        page.click("#chat summary")


def lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat-log .chat-text").all_text_contents()]


def send(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def test_players_chat_and_the_spectator_does_not_see_it(new_context: Callable[..., Any],
                                                         server: LiveServer) -> None:
    made = two_players(server, ["Ada", "Bea"])
    ada = open_table(new_context(viewport={"width": 1280, "height": 800}),
                     made["seats"][0]["url"])
    bea = open_table(new_context(viewport={"width": 1280, "height": 800}),
                     made["seats"][1]["url"], "it")
    watcher = open_table(new_context(viewport={"width": 1280, "height": 800}), made["spectate"])
    for page in (ada, watcher):
        open_chat(page)
    send(ada, "shall we?")
    ada.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 1")
    assert ada.input_value("#chat-input") == ""
    # Bea's drawer is closed: the badge counts, and opening it shows the line
    bea.wait_for_selector("#chat-unread:not([hidden])")
    assert bea.text_content("#chat-unread") == "1"
    assert bea.get_attribute("#chat-unread", "aria-label") == "1 messaggio non letto"
    open_chat(bea)
    assert bea.is_hidden("#chat-unread")
    assert lines(bea) == ["shall we?"]
    assert "Ada" in bea.text_content("#chat-log .chat-from")
    bea.click('#chat-phrases button[data-phrase="well_played"]')
    ada.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 2")
    assert lines(ada)[-1] == "Well played!"
    bea.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 2")
    assert lines(bea)[-1] == "Ben giocato!"
    assert ada.text_content("#chat-announce") == "Bea: Well played!"  # said to screen readers
    send(watcher, "go Ada")
    watcher.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 1")
    assert lines(watcher) == ["go Ada"]
    assert "Spectators' chat" in watcher.text_content("#chat-title")
    ada.wait_for_timeout(300)
    assert lines(ada) == ["shall we?", "Well played!"] and len(lines(bea)) == 2
    assert not axe_problems(ada)


def test_a_muted_player_stays_muted_and_a_report_is_sent(new_context: Callable[..., Any],
                                                          server: LiveServer) -> None:
    made = two_players(server, ["Ada", "Bea"])
    ada = open_table(new_context(viewport={"width": 1280, "height": 800}),
                     made["seats"][0]["url"])
    bea = open_table(new_context(viewport={"width": 1280, "height": 800}),
                     made["seats"][1]["url"])
    open_chat(ada)
    open_chat(bea)
    send(ada, "first")
    bea.wait_for_selector("#chat-log .chat-mute")
    bea.click("#chat-log .chat-mute")
    assert lines(bea) == []
    assert "1 message hidden" in bea.text_content("#chat-hidden")
    bea.reload()
    bea.wait_for_selector("#chat-muted-box:not([hidden])")
    assert lines(bea) == []  # the history came again, still muted
    send(ada, "second")
    ada.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 2")
    bea.wait_for_timeout(300)
    assert lines(bea) == [] and bea.is_hidden("#chat-unread")
    bea.click("#chat-muted-title")
    bea.click("#chat-muted button")
    assert lines(bea) == ["first", "second"]
    bea.click("#report-title")
    bea.select_option("#report-seat", "0")
    bea.fill("#report-reason", "spam in chat")
    bea.click("#report-send")
    bea.wait_for_function("document.getElementById('report-status').textContent.length > 0")
    assert "Report sent" in bea.text_content("#report-status")
    assert bea.input_value("#report-reason") == ""
    bea.fill("#report-reason", "and again")
    bea.click("#report-send")  # once is enough
    bea.wait_for_function(
        "document.getElementById('report-status').textContent.includes('already')")


def test_the_chat_fits_a_phone(new_context: Callable[..., Any], server: LiveServer) -> None:
    made = two_players(server, ["Ada", "Bea"])
    page = open_table(new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True), made["seats"][0]["url"])
    open_chat(page)
    send(page, "W" * 200)  # one long word wraps instead of widening the page
    page.wait_for_selector("#chat-log .chat-text")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    for part in ("#chat-input", "#chat-send", '#chat-phrases button[data-phrase="hi"]'):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, part
    assert not axe_problems(page)


def test_a_name_and_a_message_of_html_are_only_text(new_context: Callable[..., Any],
                                                     server: LiveServer) -> None:
    # a match of bots, one named by the payload, played meanwhile to be seen finished below
    done = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE, "start": True,
                          "seats": ["random", "random"], "names": [XSS, None],
                          "options": {"bot_pause_s": 0}})
    # the lobby: the player gives the payload as their nickname, and it is shown back
    owner, caught = trapped_context(new_context)
    lobby = owner.new_page()
    create_from_lobby(lobby, server.http, "cribbage", seats=["you", "friend"], go=False,
                      fill={"name-0": XSS, "name-1": XSS})
    assert XSS in lobby.text_content("#created")  # the friend's invite names the seat
    assert_inert(lobby, caught, "lobby after creating")
    table_id = lobby.evaluate("JSON.parse(localStorage.getItem('mazzo.tables'))[0].id")
    links = json.loads(lobby.evaluate(f"localStorage.getItem('mazzo.links.{table_id}')"))
    lobby.click("#go-seat")
    lobby.wait_for_selector("#chat summary")
    open_chat(lobby)
    send(lobby, XSS)
    lobby.wait_for_selector("#chat-log .chat-text")
    assert_inert(lobby, caught, "table, seat 0")
    assert lines(lobby) == [XSS]
    assert XSS in lobby.text_content("#felt")
    # the other seat and a spectator, each in a browser of its own
    friend, friend_caught = trapped_context(new_context)
    other = open_table(friend, links["invites"][0]["url"])
    open_chat(other)
    other.wait_for_selector("#chat-log .chat-text")
    assert lines(other) == [XSS] and XSS in other.text_content("#chat-log .chat-from")
    assert_inert(other, friend_caught, "table, seat 1")
    watcher_context, watcher_caught = trapped_context(new_context)
    watcher = open_table(watcher_context, links["spectate"])
    open_chat(watcher)
    send(watcher, XSS)
    watcher.wait_for_selector("#chat-log .chat-text")
    assert XSS in watcher.text_content("#felt")
    assert_inert(watcher, watcher_caught, "table, spectator")
    # the finished match: its table page, log, replay, and the lobby's "your tables", which
    # names the winner
    wait_over(server, done["table"], 90)
    lobby.evaluate("""(entry) => localStorage.setItem('mazzo.tables', JSON.stringify(
        [entry, ...JSON.parse(localStorage.getItem('mazzo.tables'))]))""",
                   {"id": done["table"], "game": "cribbage", "seat": None, "created": 0,
                    "url": done["spectate"]})
    lobby.goto(f"{server.http}/?lang=en")
    lobby.wait_for_function("[...document.querySelectorAll('.table-state')]"
                            ".every((s) => s.textContent)")
    assert_inert(lobby, caught, "lobby with the tables listed")
    ended = open_table(watcher_context, done["spectate"])
    ended.wait_for_selector("body[data-status=over]")
    assert XSS in ended.text_content("body")
    assert_inert(ended, watcher_caught, "finished table")
    replay = watcher_context.new_page()
    replay.goto(f"{server.http}/replay/{done['table']}?lang=en")
    replay.wait_for_selector("#view-as")
    assert XSS in replay.text_content("#view-as")
    assert_inert(replay, watcher_caught, "replay")
