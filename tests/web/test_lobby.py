"""The lobby as a newcomer meets it: "Play now" for each game, the custom form behind its fold
(each game's own player count, Novantanove's 4-player decks, labelled name boxes, a help line
for every option, the last settings remembered), "Your tables" saying how each match ended; and
on the table page the owner's links, a confirmation before starting with a seat empty, and a
spectator's page without a hand."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from driver import axe_problems, create_from_lobby, finished_table, open_custom

from mazzo.engine.registry import all_games, get_game

from live_server import LiveServer

GAMES = [g.id for g in all_games()]


def lobby(page: Any, server: LiveServer, lang: str = "en", custom: bool = True) -> None:
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    if custom:
        open_custom(page)


def table_id(page: Any) -> str:
    return str(page.url.split("?")[0].rsplit("/", 1)[1])


@pytest.mark.parametrize("game", GAMES)
def test_play_now_seats_you_against_medio_bots_in_the_default_config(
        page: Any, server: LiveServer, game: str) -> None:
    lobby(page, server, custom=False)
    page.click(f"#play-{game}")
    page.wait_for_selector("body[data-status=playing]")
    summary = server.get(f"/api/tables/{table_id(page)}").json()
    default = get_game(game).config_class()
    assert summary["config"] == default.to_json()
    assert [s["kind"] for s in summary["seats"]] == ["human"] + ["medio"] * (default.players - 1)
    assert "me" in page.locator(".seat").first.get_attribute("class").split()  # you: seat 0
    page.goto(f"{server.http}/?lang=en")  # the new table is among "Your tables"
    page.wait_for_function("document.querySelector('.tables .table-state')?.textContent")
    assert page.locator(".tables li").first.locator(".table-state").inner_text() == "in progress"


def test_switching_game_takes_the_games_own_player_count(page: Any, server: LiveServer) -> None:
    lobby(page, server)
    page.select_option("#game", "cribbage")
    page.select_option("#players", "4")
    for game in ("novantanove", "burraco", "cribbage"):
        page.select_option("#game", game)
        assert page.locator("#players").input_value() == str(get_game(game).config_class().players)
        assert page.locator(".seat-row").count() == get_game(game).config_class().players


def test_novantanove_with_four_players_offers_the_48_and_52_card_decks(
        page: Any, server: LiveServer) -> None:
    lobby(page, server)
    page.select_option("#game", "novantanove")
    decks = "(os) => os.map((o) => JSON.parse(o.value))"
    assert page.locator("#cfg-deck option").evaluate_all(decks) == [0, 36]
    page.select_option("#players", "4")
    assert page.locator("#cfg-deck option").evaluate_all(decks) == [0, 52, 48]
    page.select_option("#cfg-deck", "48")
    page.fill("#opt-bot_pause_s", "0")
    page.click("#create")
    page.wait_for_selector("#go-seat")
    table = page.locator("#go-seat").get_attribute("href").split("?")[0].rsplit("/", 1)[1]
    assert server.get(f"/api/tables/{table}").json()["config"]["deck"] == 48


def test_every_variant_offered_is_one_the_player_count_allows(
        page: Any, server: LiveServer) -> None:
    """Novantanove's classic variant is for 2 or 3 players: with 4 the form does not offer it,
    and a classic chosen with 3 players goes back to the default when a fourth is added."""
    lobby(page, server)
    page.select_option("#game", "novantanove")
    values = "(os) => os.map((o) => JSON.parse(o.value))"
    assert page.locator("#cfg-variant option").evaluate_all(values) == ["revised", "classic"]
    page.select_option("#cfg-variant", json.dumps("classic"))
    page.select_option("#players", "4")
    assert page.locator("#cfg-variant option").evaluate_all(values) == ["revised"]
    page.fill("#opt-bot_pause_s", "0")
    page.click("#create")
    page.wait_for_selector("#go-seat")  # the server takes what the form offered
    for game in GAMES:  # every choice the lobby is told about, the engine accepts
        config_class = get_game(game).config_class
        for entry in server.get("/api/games").json():
            if entry["id"] != game:
                continue
            for field in entry["config"]:
                for players, allowed in field.get("allowed_by_players", {}).items():
                    for value in allowed:
                        config_class(players=int(players)).replace(**{field["name"]: value})


@pytest.mark.parametrize("lang,word,seat", [("en", "Name", "seat"), ("it", "Nome", "posto")])
def test_every_name_box_has_a_visible_label(page: Any, server: LiveServer, lang: str, word: str,
                                            seat: str) -> None:
    lobby(page, server, lang)
    page.select_option("#game", "nebraska")
    page.select_option("#players", "7")
    for i in range(7):
        box = page.get_by_label(re.compile(rf"^{word} — {seat} {i + 1}$"))
        assert box.get_attribute("id") == f"name-{i}"
        label = page.locator(f"label[for=name-{i}]")
        assert label.is_visible() and label.bounding_box()["width"] > 20
        assert label.inner_text().startswith(word)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("game", GAMES)
def test_each_option_has_a_help_line(page: Any, server: LiveServer, game: str,
                                     lang: str) -> None:
    lobby(page, server, lang)
    page.select_option("#game", game)
    controls = page.locator("[id^=cfg-]:is(input, select)")
    assert controls.count() > 0
    for control in controls.all():
        described = control.get_attribute("aria-describedby")
        assert described, control.get_attribute("id")
        help_line = page.locator(f"#{described}")
        assert help_line.is_visible() and len(help_line.inner_text()) > 10, described
    if lang == "it":  # the Italian lines are Italian, not the server's English
        english = {f["name"]: f.get("help") for g in server.get("/api/games").json()
                   if g["id"] == game for f in g["config"]}
        for control in controls.all():
            name = control.get_attribute("name")
            assert page.locator(f"#cfg-{name}-help").inner_text() != english[name], name


def test_cribbages_target_has_no_zero_in_its_hint(page: Any, server: LiveServer) -> None:
    lobby(page, server)
    page.select_option("#game", "cribbage")
    assert "0" not in page.locator("label[for=cfg-target]").inner_text()
    assert page.locator("#cfg-target option").all_inner_texts() == ["61", "121"]


def test_the_last_settings_are_remembered(page: Any, server: LiveServer) -> None:
    create_from_lobby(page, server.http, "cribbage", go=False, fill={"name-0": "Ada"})
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("document.getElementById('custom').open")
    assert page.locator("#game").input_value() == "cribbage"
    assert page.locator("#cfg-target").input_value() == "61"
    assert page.locator("#cfg-games_to_win").input_value() == "1"
    assert page.locator("#opt-bot_pause_s").input_value() == "0"
    assert page.locator("#name-0").input_value() == "Ada"


def test_your_tables_says_whether_a_match_is_over_and_who_won(page: Any,
                                                              server: LiveServer) -> None:
    summary = finished_table(server)
    result = summary["result"]
    winner = next(s["label"] for s in summary["seats"] if result[s["seat"]] == max(result))
    playing = server.create({"game": "cribbage", "seats": ["human", "medio"], "start": True})
    entries = [{"id": t, "game": "cribbage", "url": f"{server.http}/tables/{t}", "owner": None,
                "seat": None, "created": 0} for t in (summary["table"], playing["table"])]
    lobby(page, server, custom=False)
    page.evaluate(f"localStorage.setItem('mazzo.tables', {json.dumps(json.dumps(entries))})")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    states = page.locator(".tables .table-state")
    page.wait_for_function(
        "[...document.querySelectorAll('.table-state')].every((s) => s.textContent)")
    assert states.all_inner_texts() == [f"Match over — {winner} wins", "in progress"]


def test_the_owner_copies_the_links_again_and_confirms_a_start_with_an_empty_seat(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    context = new_context(viewport={"width": 1280, "height": 800},
                          permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    create_from_lobby(page, server.http, "cribbage", seats=["you", "friend"], go=False)
    shown = page.locator("#created .links input").evaluate_all("(els) => els.map((e) => e.value)")
    page.click("#go-seat")
    page.wait_for_selector("body[data-status=waiting]")
    page.click("#links-title")
    links = page.locator("#share .links input")
    assert links.evaluate_all("(els) => els.map((e) => e.value)") == shown
    assert "token=" in shown[0] and "token=" not in shown[1]
    page.locator("#share .links button").first.click()
    assert page.evaluate("navigator.clipboard.readText()") == shown[0]
    assert page.locator("#share .links button").first.inner_text() == "Copied"
    table = table_id(page)
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#start")
    page.wait_for_timeout(500)
    assert asked and "Player 2" in asked[0]
    assert server.get(f"/api/tables/{table}").json()["status"] == "waiting"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#start")
    page.wait_for_selector("body[data-status=playing]")
    assert page.locator("#links-panel").is_visible()  # still there once the match runs


def test_the_spectator_page_has_no_hand_box(page: Any, server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "seats": ["human", "medio"], "start": True})
    page.goto(created["spectate"] + "?lang=en")
    page.wait_for_selector("body[data-status=playing]")
    assert page.get_by_text("Your hand").count() == 0
    assert not page.locator("#play-area").is_visible()
    assert not page.locator("#links-panel").is_visible()  # the links are the owner's


def test_no_gap_between_the_log_and_the_fairness_panel(page: Any, server: LiveServer) -> None:
    created = server.create({"game": "burraco", "seats": ["human", "medio", "medio", "medio"],
                             "start": True})
    page.goto(created["seats"][0]["url"] + "&lang=en")
    page.wait_for_selector("#hand .card")
    log = page.locator("#log-panel").bounding_box()
    fair = page.locator("#fair-panel").bounding_box()
    board = page.locator("#board").bounding_box()
    assert board["height"] > log["height"] + fair["height"]  # the case that opened the gap
    assert fair["y"] - (log["y"] + log["height"]) <= 16


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_lobby_has_no_serious_accessibility_problem(page: Any, server: LiveServer,
                                                        lang: str) -> None:
    lobby(page, server, lang, custom=False)
    assert axe_problems(page) == []
    open_custom(page)
    page.select_option("#game", "poker_italiano")
    assert axe_problems(page) == []


def test_the_lobby_fits_a_phone(new_context: Callable[..., Any], server: LiveServer) -> None:
    page = new_context(viewport={"width": 360, "height": 740}).new_page()
    lobby(page, server)
    for game in GAMES:
        page.select_option("#game", game)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, game
