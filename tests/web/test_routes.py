"""The server side of the browser app, without a browser: pages and static files served, the
rules pages rendered safely, the replay endpoint, and the ``hint`` message (on and off)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from typing import Any

import pytest
from driver import finished_table
from websockets.asyncio.client import connect

from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games, get_game
from mazzo.server.pages import render_markdown

from live_server import LiveServer, Player, play_all


def test_pages_and_static_files_are_served(server: LiveServer) -> None:
    for path in ("/", "/tables/anything", "/replay/anything", "/learn/cribbage",
                 "/static/table.js", "/static/style.css", "/static/i18n.js", "/static/learn.js",
                 "/static/learn.css"):
        response = server.get(path)
        assert response.status_code == 200, path
    assert "Content-Security-Policy" in server.get("/").headers
    for game in all_games():
        assert server.get(f"/static/games/{game.id}.js").status_code == 200


def test_rules_pages_render_in_both_languages_with_links_between_them(server: LiveServer) -> None:
    for game in all_games():
        for lang in ("it", "en"):
            response = server.get(f"/rules/{game.id}?lang={lang}")
            assert response.status_code == 200
            assert f'<html lang="{lang}">' in response.text and "<h1>" in response.text
    english = server.get("/rules/cribbage?lang=it").text
    assert 'href="/rules/cribbage?lang=en"' in english  # "English: cribbage.md" now works
    assert server.get("/rules/chess").status_code == 404


def test_markdown_never_passes_raw_html() -> None:
    html = render_markdown("# T\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<table>" in html


def test_replay_gives_the_engines_view_once_over(server: LiveServer) -> None:
    live = server.create({"game": "cribbage", "seats": ["human", "medio"]})
    refused = server.get(f"/api/tables/{live['table']}/replay?version=0")
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"
    summary = finished_table(server)
    table = summary["table"]
    record = server.get(f"/api/tables/{table}/record").json()
    game = get_game("cribbage")
    state = game.new_match(game.config_class.from_json(record["config"]))
    for data in record["history"][:7]:
        state.apply(game.action_from_json(data))
    for seat in (0, 1, None):
        query = "version=7&lang=it" + ("" if seat is None else f"&seat={seat}")
        moment = server.get(f"/api/tables/{table}/replay?{query}").json()
        assert moment["view"] == json.loads(json.dumps(state.view(seat), ensure_ascii=False))
        assert moment["total"] == summary["version"] and moment["action"]
    assert server.get(f"/api/tables/{table}/replay?version=100000").status_code == 422
    assert server.get(f"/api/tables/{table}/replay?version=1&seat=5").status_code == 422
    for query, name in (("version=abc", "version"), ("version=1&seat=NaN", "seat"),
                        ("version=" + "9" * 5000, "version"), ("seat=1.5", "seat")):
        bad = server.get(f"/api/tables/{table}/replay?{query}&lang=it")
        assert bad.status_code == 422  # in the error shape of every answer, naming the field
        assert bad.json()["type"] == "error" and bad.json()["code"] == "bad_message", bad.text
        assert bad.json()["message"].startswith(f"Messaggio non valido: {name}: ")


def test_the_replay_caption_says_who_moved_and_shows_no_face_down_card(
        server: LiveServer) -> None:
    """The caption named the cards another seat laid away to the crib while the board showed
    them face down, and never said whose move it was."""
    summary = finished_table(server)
    table, labels = summary["table"], [s["label"] for s in summary["seats"]]
    record = server.get(f"/api/tables/{table}/record").json()
    game = get_game("cribbage")
    state = game.new_match(game.config_class.from_json(record["config"]))
    discards = []
    for version, data in enumerate(record["history"], 1):
        action, mover = game.action_from_json(data), state.current_player
        state.apply(action)
        if action.secret:
            discards.append((version, mover, action))
    assert discards
    for version, mover, action in discards[:4]:
        names = [c.name("en") for c in action.cards]
        for seat in (0, 1, None):
            query = f"version={version}&lang=en" + ("" if seat is None else f"&seat={seat}")
            caption = server.get(f"/api/tables/{table}/replay?{query}").json()["action"]
            assert caption.startswith(labels[mover]), caption
            shown = [name for name in names if name in caption]
            assert shown == (names if seat == mover else []), (seat, mover, caption)


def _closing_table(record: JSON, seat: int | None) -> tuple[JSON, JSON]:
    """The engine's view of ``seat`` at the end of a finished match, and the melds of each of
    its sides in the view just before the last action (looked up by side id)."""
    game = get_game(record["game"])
    state = game.new_match(game.config_class.from_json(record["config"]))
    for data in record["history"][:-1]:
        state.apply(game.action_from_json(data))
    before = state.view(seat)
    state.apply(game.action_from_json(record["history"][-1]))
    melds = [before["melds"][before["side_of"][seats[0]]] for seats in before["sides"]]
    return json.loads(json.dumps(state.view(seat), ensure_ascii=False)), melds


def test_burracos_end_frames_and_last_replay_step_carry_the_table_as_it_closed(
        server: LiveServer) -> None:
    """A 3-player Burraco match to its end: the last live frame of a seat and of a spectator,
    and the replay's last step for every seat, are the engine's view, whose last hand holds
    each side's melds as the hand closed (the table itself is empty by then)."""
    created = server.create({"game": "burraco", "config": {"players": 3, "hands": 1},
                             "seats": ["human", "random", "random"],
                             "options": {"bot_pause_s": 0}})
    table = created["table"]
    player = Player(created["seats"][0]["ws"], seed=3)
    spectator = Player(created["spectate_ws"], acts=False)
    start = lambda: server.post(f"/api/tables/{table}/start", {"owner": created["owner"]})  # noqa: E731
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's loop is in this one
        pool.submit(asyncio.run, play_all([player, spectator], start)).result()
    record = server.get(f"/api/tables/{table}/record").json()
    total = len(record["history"])
    for seat, live in ((0, player), (None, spectator)):
        end = live.frames[-1]
        assert end["status"] == "over" and end["version"] == total
        view, melds = _closing_table(record, seat)
        assert end["view"] == view and any(melds)
        assert end["view"]["last_hand"]["melds"] == melds
        assert not any(end["view"]["melds"])
    for seat in (0, 1, 2, None):
        query = f"version={total}&lang=en" + ("" if seat is None else f"&seat={seat}")
        moment = server.get(f"/api/tables/{table}/replay?{query}").json()
        view, melds = _closing_table(record, seat)
        assert moment["view"] == view and moment["view"]["last_hand"]["melds"] == melds


async def _first_frame_and_hint(url: str) -> tuple[JSON, JSON]:
    async with connect(url, max_size=None) as ws:
        frame = json.loads(await ws.recv())
        while not frame.get("legal"):
            frame = json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "hint"}))
        while True:
            answer: JSON = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if answer["type"] in ("hint", "error"):
                return frame, answer


@pytest.mark.parametrize("hints", [True, False])
def test_hint_is_the_espertos_legal_move_or_refused_when_off(server: LiveServer,
                                                             hints: bool) -> None:
    created = server.create({"game": "cribbage", "seats": ["human", "medio"], "start": True,
                             "options": {"bot_pause_s": 0, "hints": hints}})
    # its own thread: Playwright's sync API keeps an event loop running in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        frame, answer = pool.submit(asyncio.run,
                                    _first_frame_and_hint(created["seats"][0]["ws"])).result()
    assert frame["hints"] is hints
    if hints:
        assert answer["type"] == "hint" and answer["version"] == frame["version"]
        chosen: Any = frame["legal"][answer["index"]]
        assert answer["text"] == chosen["text"]
    else:
        assert answer == {"type": "error", "code": "hints_off",
                          "message": "Hints are switched off at this table."}
    summary = server.get(f"/api/tables/{created['table']}").json()
    assert summary["options"]["hints"] is hints
    bad = server.post("/api/tables", {"game": "cribbage", "options": {"hints": "yes"}})
    assert bad.status_code == 422 and bad.json()["field"] == "options.hints"
