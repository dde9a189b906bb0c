"""The end-of-hand overlay (#hand-summary) and the game aids: after a hand of every game the
overlay explains it with the engine's own figures (read from the table's record replayed by the
engine, never from the page), it is a keyboard-usable modal dialog that axe-core finds clean,
it never draws a card its reader could not know; the aids' figures equal the engine's."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from driver import axe_problems, wait_turn_or_end

from mazzo.engine.game import JSON, card_from_token
from mazzo.engine.record import check_record
from mazzo.games.novantanove.scoring import bid_value
from mazzo.games.poker_italiano.scoring import evaluate

from live_server import LiveServer

#: short matches, bots only (a spectator watches them): config, seats
QUICK: dict[str, tuple[JSON, list[str]]] = {
    "nebraska": ({"players": 3, "hands": 1}, ["random"] * 3),
    "novantanove": ({"players": 3, "target": 30}, ["random"] * 3),
    "poker_italiano": ({"players": 3, "max_hands": 1}, ["medio"] * 3),
    "cribbage": ({"target": 61, "games_to_win": 1}, ["random"] * 2),
    "burraco": ({"players": 2, "hands": 1}, ["medio"] * 2),
}


def number(value: float) -> str:
    """A figure as the page writes it (a whole number without its ".0")."""
    return str(int(value)) if float(value).is_integer() else str(round(value, 2))


@dataclass
class LastHand:
    """The match's last hand as the engine played it: its number, its events, the view then."""

    number: int = 0
    events: list[JSON] = field(default_factory=list)
    view: JSON = field(default_factory=dict)


def last_hand(record: JSON) -> LastHand:
    """Replays ``record`` with the engine: the last hand's events and the spectator's view as
    that hand ended (before the next deal)."""
    checked = check_record(record)
    state = checked.game.new_match(checked.config)
    hands: dict[int, list[JSON]] = {}
    views: dict[int, JSON] = {}
    for action in checked.actions:
        before, chance = state.hand_number, state.is_chance
        state.apply(action)
        for event in state.events:
            data = event.to_json()
            # a hand's scoring belongs to it even when the same action opens the next hand
            opener = chance or data["type"] in ("ante_paid", "hand_started")
            hands.setdefault(state.hand_number if opener else before, []).append(data)
        if not (chance and state.hand_number != before):  # a deal opens the next hand
            views[before] = state.view(None)
    number = max(hands)
    return LastHand(number, hands[number], views[number])


def expected_figures(game: str, last: LastHand) -> dict[str, str]:
    """The figures the overlay must show for the last hand, from the engine's events."""
    events, view = last.events, last.view
    out = {f"score-{seat}": number(score) for seat, score in enumerate(view["scores"])}
    if game == "nebraska":
        scored = next(e for e in events if e["type"] == "hand_scored")
        out |= {f"points-{s}": f"+{p}" for s, p in enumerate(scored["points"])}
        out |= {f"count-{s}": str(n) for s, n in enumerate(view["last_hand"]["counts"])}
    elif game == "novantanove":
        for e in (e for e in events if e["type"] == "deal_scored"):
            out |= {f"points-{e['hand']}": number(e["points"]),
                    f"tricks-{e['hand']}": str(e["tricks"]), f"bid-{e['hand']}": str(e["bid"])}
    elif game == "cribbage":
        counted = [e for e in events if e["type"] == "counted"]
        out |= {f"show-{i}": str(e["points"]) for i, e in enumerate(counted)}
    elif game == "burraco":
        scored = next(e for e in events if e["type"] == "hand_scored")
        out |= {f"line-{k}-{side}": number(line[k])
                for side, line in enumerate(scored["lines"]) for k in range(6)}
    return out


def watch(new_context: Callable[..., Any], server: LiveServer, game: str,
          lang: str = "en") -> tuple[Any, JSON]:
    """A spectator's page on a bots' table, open before the match starts; then it starts."""
    config, seats = QUICK[game]
    created = server.create({"game": game, "config": config, "seats": seats, "start": False,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['spectate']}?lang={lang}")
    page.wait_for_selector("body[data-status=waiting]")
    started = server.post(f"/api/tables/{created['table']}/start", {"owner": created["owner"]})
    assert started.status_code == 200, started.text
    return page, created


def overlay_after_match(new_context: Callable[..., Any], server: LiveServer, game: str
                        ) -> tuple[Any, LastHand]:
    page, created = watch(new_context, server, game)
    page.wait_for_selector("body[data-status=over]", timeout=120_000)
    record = server.get(f"/api/tables/{created['table']}/record").json()
    last = last_hand(record)
    page.wait_for_selector(f"#hand-summary[open][data-hand='{last.number}']", timeout=20_000)
    return page, last


def figures(page: Any) -> dict[str, str]:
    shown: dict[str, str] = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#hand-summary [data-figure]')].map((el) => [el.dataset.figure, el.textContent.trim()]))""")
    return shown


@pytest.mark.parametrize("game", list(QUICK))
def test_the_overlay_explains_the_last_hand_with_the_engines_figures(
        new_context: Callable[..., Any], server: LiveServer, game: str) -> None:
    page, last = overlay_after_match(new_context, server, game)
    shown = figures(page)
    expected = expected_figures(game, last)
    assert {k: shown.get(k) for k in expected} == expected
    verdict = page.locator("#hand-summary-verdict").inner_text()
    assert verdict.strip(), "the overlay says how the hand ended"
    if game == "poker_italiano":  # each pot the engine paid, with its amount and winner
        pots = [e for e in last.events if e["type"] == "pot_won"]
        lines = [page.locator(f"#hand-summary [data-figure='pot-{i}']").inner_text()
                 for i in range(len(pots))]
        for pot, line in zip(pots, lines, strict=True):
            assert f": {pot['amount']} → " in line, (pot, line)


def test_the_overlay_shows_no_card_its_reader_could_not_know(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """Poker: only the hands shown at the showdown; a folded or conceded hand never."""
    page, last = overlay_after_match(new_context, server, "poker_italiano")
    drawn = set(page.evaluate(
        "[...document.querySelectorAll('#hand-summary [data-card]')].map((c) => c.dataset.card)"))
    shown = {card for e in last.events if e["type"] == "shown" for card in e["cards"]}
    assert drawn <= shown, drawn - shown
    quitted = {e["seat"] for e in last.events
               if e["type"] == "mucked" or (e["type"] == "spoke" and e["word"] == "fold")}
    seats = {int(s) for s in page.evaluate(
        "[...document.querySelectorAll('#hand-summary [data-seat]')].map((li) => li.dataset.seat)")}
    assert not seats & quitted


def test_the_overlay_is_a_keyboard_dialog_axe_finds_clean(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    page, _ = overlay_after_match(new_context, server, "poker_italiano")
    dialog = page.locator("#hand-summary")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    assert page.evaluate("document.activeElement.id") == "hand-summary-next"
    label = page.evaluate("document.getElementById("
                          "document.getElementById('hand-summary').getAttribute('aria-labelledby'))"
                          ".textContent")
    assert label.endswith("is over")
    assert axe_problems(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#hand-summary", state="hidden")
    assert page.evaluate("document.activeElement !== document.body")


def play_until_overlay(page: Any) -> None:
    """Poker with one person: give each hand up (passo, or fold) until a hand's overlay opens."""
    for _ in range(40):
        page.wait_for_function("document.querySelector('#hand-summary[open]') || "
                               "document.body.dataset.myTurn === 'true'", timeout=60_000)
        if page.locator("#hand-summary[open]").count():
            return
        texts = page.evaluate("[...document.querySelectorAll('#all-moves .move')]"
                              ".map((m) => m.textContent)")
        pick = next((i for i, text in enumerate(texts)
                     if text.startswith(("fold", "passo", "no blind"))), 0)
        version = page.evaluate("document.body.dataset.version")
        page.evaluate(f"document.querySelectorAll('#all-moves .move')[{pick}].click()")
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")
    raise AssertionError("no hand ended")


#: counts the page's "sync" messages (each asks the server for the whole log again)
COUNT_SYNCS = """() => { window.__syncs = 0;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
        if (typeof data === 'string' && JSON.parse(data).type === 'sync') window.__syncs += 1;
        return send.call(this, data);
    }; }"""


def test_next_hand_button_and_the_setting_to_go_on_by_itself(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "poker_italiano", "config": {"players": 3, "max_hands": 3},
                             "seats": ["human", "medio", "medio"], "start": True,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['seats'][0]['url']}&lang=en")
    page.wait_for_selector("body[data-status=playing]")
    page.evaluate(COUNT_SYNCS)
    play_until_overlay(page)
    assert page.locator("#hand-summary-next").inner_text() == "Next hand"
    # the hand's sheet came with the frame that ended it: no second round trip for the log
    assert page.evaluate("window.__syncs") == 0
    page.check("#hand-summary-auto")
    assert page.evaluate("localStorage.getItem('mazzo.autoNextHand')") == "1"
    assert "Closes in" in page.locator("#hand-summary-timer").inner_text()
    page.wait_for_selector("#hand-summary", state="hidden", timeout=10_000)  # closed by itself
    page.evaluate("localStorage.setItem('mazzo.autoNextHand', '0')")


def test_poker_names_your_hand_and_what_a_call_costs(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """The aid's call cost is what the engine takes for the call (the log's "calls N"); the
    category it names is the engine's."""
    created = server.create({"game": "poker_italiano", "config": {"players": 3},
                             "seats": ["human", "medio", "medio"], "start": True,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['seats'][0]['url']}&lang=en")
    named = 0
    for _ in range(80):
        page.wait_for_function("document.body.dataset.myTurn === 'true' || "
                               "document.querySelector('#hand-summary[open]')", timeout=60_000)
        if page.locator("#hand-summary[open]").count():
            page.click("#hand-summary-next")
            continue
        hand = page.evaluate("[...document.querySelectorAll('#hand [data-card]')]"
                             ".map((c) => c.dataset.card)")
        if len(hand) == 5:
            category = page.locator("[data-aid=category]").inner_text()
            assert evaluate([card_from_token(c) for c in hand], 32).name("en") in category
            named += 1
        moves = page.evaluate("[...document.querySelectorAll('#all-moves .move')]"
                              ".map((m) => m.textContent)")
        version = page.evaluate("document.body.dataset.version")
        calls = [i for i, text in enumerate(moves) if text.startswith("call ")]
        if calls:
            figure = int(page.locator("[data-aid=call-cost]").inner_text()
                         .split("costs you ")[1].split(":")[0])
            assert moves[calls[0]] == f"call {figure}"  # the button names the cost too
            mine = f"{created['seats'][0]['label']}: calls "
            before = [li for li in page.locator("#log li").all_inner_texts() if li.startswith(mine)]
            page.evaluate(f"document.querySelectorAll('#all-moves .move')[{calls[0]}].click()")
            page.wait_for_function(
                "([mine, n]) => [...document.querySelectorAll('#log li')]"
                ".filter((li) => li.textContent.startsWith(mine)).length > n",
                arg=[mine, len(before)])
            said = [li for li in page.locator("#log li").all_inner_texts() if li.startswith(mine)]
            assert said[len(before)].removeprefix(mine).split()[0] == str(figure), (said, figure)
            assert named
            return
        page.evaluate("document.querySelectorAll('#all-moves .move')[0].click()")
        page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")
    raise AssertionError("no call was offered")




def my_turn(page: Any) -> list[tuple[str, list[str]]]:
    """Wait for the seat's turn (closing overlays); its moves as (text, cards)."""
    assert wait_turn_or_end(page) == "playing"
    moves: list[tuple[str, list[str]]] = [
        (text, json.loads(cards)) for text, cards in page.evaluate(
            "[...document.querySelectorAll('#all-moves .move')]"
            ".map((m) => [m.textContent, m.dataset.cards])")]
    return moves


def click_move(page: Any, index: int) -> None:
    version = page.evaluate("document.body.dataset.version")
    page.evaluate(f"document.querySelectorAll('#all-moves .move')[{index}].click()")
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(version)}")


def test_novantanoves_legend_adds_up_the_bid_as_the_engine_does(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "novantanove", "config": {"players": 3},
                             "seats": ["human", "medio", "medio"], "start": True,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['seats'][0]['url']}&lang=en")
    laid: list[str] = []
    for _ in range(3):  # three bid cards, one at a time, each selected first
        moves = my_turn(page)
        assert "♣ clubs 3 · ♥ hearts 2 · ♠ spades 1 · ♦ diamonds 0" in page.locator(
            "#aids").inner_text()
        card = next(cards[0] for _, cards in moves if len(cards) == 1)
        page.locator(f'#hand [data-card="{card}"]').click()
        value = page.locator("[data-aid=bid-value]").inner_text()
        expected = bid_value([card_from_token(c) for c in [*laid, card]])
        assert value.endswith(f"= {expected}"), (laid, card, value)
        index = next(i for i, (_, cards) in enumerate(moves) if cards == [card])
        click_move(page, index)
        laid.append(card)


def test_burracos_marked_cards_are_those_the_legal_list_attaches(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    created = server.create({"game": "burraco", "config": {"players": 2},
                             "seats": ["human", "medio"], "start": True,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['seats'][0]['url']}&lang=en")
    rng = random.Random(5)
    for _ in range(300):
        moves = my_turn(page)
        attach = {card for text, cards in moves if text.startswith("add ") for card in cards}
        marked = set(page.evaluate(
            "[...document.querySelectorAll('#hand .aid-mark')].map((c) => c.dataset.card)"))
        assert marked == attach
        if attach:
            assert page.locator("[data-aid=attachable]").inner_text().startswith(
                f"{len(attach)} card")
            return
        melds = [i for i, (text, _) in enumerate(moves) if text.startswith("meld")]
        click_move(page, melds[0] if melds else rng.randrange(len(moves)))
    raise AssertionError("no card could attach in 300 turns")


def test_cribbage_keeps_the_hands_shows_on_the_board_until_the_play(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """After the show the next hand is dealt at once: its board keeps the shows (each with the
    starter) from the deal until the first card of the play, with the overlay's figures."""
    created = server.create({"game": "cribbage", "config": {"players": 2},
                             "seats": ["human", "random"], "start": True,
                             "options": {"bot_pause_s": 0}})
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{created['seats'][0]['url']}&lang=en")
    rng = random.Random(1)
    while not page.locator("#hand-summary[open]").count():
        wait_for = "document.body.dataset.myTurn === 'true' || document.body.dataset.summary"
        page.wait_for_function(wait_for)
        if page.evaluate("document.body.dataset.summary") != "open":
            moves = my_turn(page)
            click_move(page, rng.randrange(len(moves)))
    shows = [page.locator(f"#hand-summary [data-figure='show-{i}']").inner_text() for i in range(
        page.locator("#hand-summary [data-figure^='show-']").count())]
    starter = page.locator("#hand-summary .starter-plus [data-card]").first.get_attribute(
        "data-card")
    page.click("#hand-summary-next")
    kept = page.locator("#board .last-shows li")
    assert kept.count() == len(shows)
    for i, points in enumerate(shows):
        assert kept.nth(i).inner_text().rstrip().endswith(f"= {points}")
        assert kept.nth(i).locator(f".starter-plus [data-card='{starter}']").count() == 1
