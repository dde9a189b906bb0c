"""The log a (re)connecting client gets (``log`` in its first frame), nicknames in the texts, and
the turn time limit, against a live ``mazzo serve``; and the seat log's grouping and bounds
without a server."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.sync.client import connect as connect_sync

from mazzo.engine import random_playout
from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games, get_game
from mazzo.server.history import (
    MAX_LOG_EVENTS,
    MAX_LOG_HANDS,
    SeatLog,
    event_hands,
    seat_labels,
)
from mazzo.server.protocol import cards_in
from mazzo.server.storage.base import SeatRow
from playout import play_randomly

from live_server import LiveServer, Player, play_all
from wire_secrecy import check_frames, views_by_version

SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--workers-bots", "1",
                      "--rate", "10000", "--burst", "10000").start()
    yield live
    live.stop()


def live_events(frames: list[JSON], upto: int) -> list[JSON]:
    """Every event a client received in frames up to version ``upto``, each with its version."""
    return [{**event, "version": frame["version"]} for frame in frames
            if frame["version"] <= upto for event in frame["events"]]


def log_events(frame: JSON) -> list[JSON]:
    return [event for hand in frame["log"]["hands"] for event in hand["events"]]


async def first_frame(url: str) -> JSON:
    """Connect, take the first frame (the one with the log) and leave."""
    async with connect(url, max_size=None) as ws:
        frame: JSON = json.loads(await ws.recv())
        return frame


async def reconnect_when(player: Player, urls: list[str], version: int) -> list[JSON]:
    """Once ``player`` has seen ``version``, a second client of each url connects and leaves."""
    while not player.frames or player.frames[-1]["version"] < version:
        if player.frames and player.frames[-1]["status"] == "over":
            break
        await asyncio.sleep(0.01)
    return [await first_frame(url) for url in urls]


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_the_log_after_a_reconnect_is_what_the_seat_was_sent_and_leaks_nothing(
        server: LiveServer, game_id: str) -> None:
    game = get_game(game_id)
    config = game.test_configs()[0]
    n = config.players
    created = server.create({"game": game_id, "config": config.to_json(),
                             "seats": ["human"] + ["random"] * (n - 1),
                             "options": {"bot_pause_s": 0.01}})
    table = created["table"]
    player = Player(created["seats"][0]["ws"], seed=1)
    spectator = Player(created["spectate_ws"], acts=False)
    english = [created["seats"][0]["ws"], created["spectate_ws"]]
    italian = [english[0] + "&lang=it", english[1] + "?lang=it"]

    async def match() -> list[JSON]:
        middle = asyncio.create_task(reconnect_when(player, english, 12))
        await play_all([player, spectator], lambda: server.post(
            f"/api/tables/{table}/start", {"owner": created["owner"]}))
        return [*await middle, *[await first_frame(url) for url in italian]]

    mid_seat, mid_spectator, end_seat, end_spectator = asyncio.run(match())
    assert end_seat["status"] == "over" and end_seat["version"] == player.frames[-1]["version"]
    for again, live in ((mid_seat, player), (end_seat, player),
                        (mid_spectator, spectator), (end_spectator, spectator)):
        log = again["log"]
        assert log["version"] == again["version"]
        got, sent = log_events(again), live_events(live.frames, again["version"])
        assert len(log["hands"]) <= MAX_LOG_HANDS and len(got) <= MAX_LOG_EVENTS
        whole = log["omitted_hands"] == 0 and all(h["omitted"] == 0 for h in log["hands"])
        assert whole == (len(got) == len(sent))  # a long match keeps its last hands only
        # the same events in the same order, each with the same fields, hand and text (the
        # reconnects after the end speak Italian: there the texts are in Italian)
        sent = sent[len(sent) - len(got):]
        if again in (mid_seat, mid_spectator):
            assert got == sent
        strip = [{k: v for k, v in e.items() if k != "text"} for e in got]
        assert strip == [{k: v for k, v in e.items() if k != "text"} for e in sent]
        assert all(e["text"] for e in got)
    # hands in order, each finished one with its score sheet
    hands = end_seat["log"]["hands"]
    assert [h["hand"] for h in hands] == sorted({h["hand"] for h in hands})
    assert all(h["sheet"] is not None and "scores" in h["sheet"] for h in hands)
    # each hand's sheet came live too, once, on the frame that ended it: the log's own
    for live, end in ((player, end_seat), (spectator, end_spectator)):
        ending = [frame["hand_sheet"] for frame in live.frames if "hand_sheet" in frame]
        sent = {s["hand"]: s["sheet"] for s in ending}
        assert len(sent) == len(ending) == len(end["log"]["hands"]) + end["log"]["omitted_hands"]
        assert all(sent[h["hand"]] == h["sheet"] for h in end["log"]["hands"])
    # nothing in any log names a card its seat could not have seen by then
    record = server.get(f"/api/tables/{table}/record").json()
    views = views_by_version(record, [0, None])
    every_card = cards_in(record["history"]) | {t for v in views[-1].values() for t in cards_in(v)}
    check_frames(Player("", frames=[mid_seat, end_seat]), 0, views, every_card)
    check_frames(Player("", frames=[mid_spectator, end_spectator]), None, views, every_card)


def test_the_secrecy_checker_catches_a_hidden_card_in_the_log() -> None:
    game = get_game("cribbage")
    state = game.new_match(game.test_configs()[0])
    play_randomly(state, random.Random(4), until=lambda s: not s.is_chance)
    views = views_by_version({"game": "cribbage", "config": state.config.to_json(),
                              "history": [a.to_json() for a in state.history]}, [0])
    version = len(state.history)
    hidden = next(iter(cards_in(state.view(1)["hand"]) - cards_in(views[-1][0])))
    frame = {"type": "state", "version": version, "seat": 0, "view": views[-1][0], "legal": [],
             "events": [], "log": {"hands": [{"hand": 1, "events": [
                 {"type": "laid", "card": hidden, "text": "…", "version": version}]}]}}
    with pytest.raises(AssertionError, match="unseen cards"):
        check_frames(Player("", frames=[frame]), 0, views, {hidden})


# -- nicknames -----------------------------------------------------------------------------------


def test_texts_name_the_seats_by_their_nicknames_and_bots_by_level(server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["human", "medio"], "names": ["Ada", None],
                             "start": True, "options": {"bot_pause_s": 0}})
    with connect_sync(created["seats"][0]["ws"] + "&lang=it", max_size=None) as ws:
        frame, texts = json.loads(ws.recv(timeout=10)), []
        while frame["version"] < 14 and frame["status"] == "playing":
            if frame["legal"]:
                ws.send(json.dumps({"type": "act", "version": frame["version"], "index": 0}))
            frame = json.loads(ws.recv(timeout=10))
            texts += [e["text"] for e in frame["events"]] + [m["text"] for m in frame["legal"]]
        ws.send(json.dumps({"type": "hello", "lang": "en"}))  # a new language: the log again
        again = json.loads(ws.recv(timeout=10))
        while "log" not in again:  # a frame of a move may come first
            again = json.loads(ws.recv(timeout=10))
    said = [e["text"] for e in log_events(again)]
    assert any(t.startswith("Ada plays") for t in said), said
    assert not any(" gioca " in t for t in said)
    assert [s["label"] for s in frame["seats"]] == ["Ada", "Bot medio"]
    assert [s["name"] for s in frame["seats"]] == ["Ada", "medio 2"]  # stored names unchanged
    assert any("Ada" in t for t in texts) and any("Bot medio" in t for t in texts)
    assert not any("Giocatore" in t or "Player" in t for t in texts), texts


def test_seat_labels_are_localised_and_never_alike() -> None:
    seats = [SeatRow(0, "human", "player 1"), SeatRow(1, "medio", "medio 2"),
             SeatRow(2, "medio", "medio 3"), SeatRow(3, "esperto", "esperto 4"),
             SeatRow(4, "human", "Ada")]
    assert seat_labels(seats, "it") == ["Giocatore 1", "Bot medio (2)", "Bot medio (3)",
                                        "Bot esperto", "Ada"]
    assert seat_labels(seats, "en")[0] == "Player 1"
    twins = [SeatRow(0, "human", "Ada"), SeatRow(1, "human", "Ada")]
    assert seat_labels(twins, "en") == ["Ada (1)", "Ada (2)"]


# -- the turn time limit -------------------------------------------------------------------------


def test_the_turn_time_limit_is_validated(server: LiveServer) -> None:
    base: JSON = {"game": "cribbage", "seats": ["human", "medio"]}
    for bad in (0.5, -1, 3601, "60", True):
        response = server.post("/api/tables", {**base, "options": {"turn_seconds": bad}})
        assert response.status_code == 422, bad
        assert response.json()["field"] == "options.turn_seconds"
    for off in (0, None):
        created = server.create({**base, "options": {"turn_seconds": off}})
        summary = server.get(f"/api/tables/{created['table']}").json()
        assert summary["options"]["turn_seconds"] == 0
    created = server.create({**base, "options": {"turn_seconds": 45}})
    assert server.get(f"/api/tables/{created['table']}").json()["options"]["turn_seconds"] == 45


def test_when_the_turn_time_runs_out_the_stand_in_moves_and_everyone_is_told(
        server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["human", "random"], "names": ["Ada", None],
                             "start": True,
                             "options": {"turn_seconds": 1, "bot_pause_s": 0}})

    async def watch() -> tuple[list[JSON], list[JSON], float]:
        async with connect(created["seats"][0]["ws"], max_size=None) as ws, \
                connect(created["spectate_ws"], max_size=None) as spectator:
            mine: list[JSON] = []
            started = 0.0
            while not any(e["type"] == "timeout" for f in mine for e in f["events"]):
                mine.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                if mine[-1]["legal"] and not started:
                    started = time.monotonic()  # seat 0 to move: it never does
            waited = time.monotonic() - started
            theirs: list[JSON] = []
            while not any(e["type"] == "timeout" for f in theirs for e in f["events"]):
                theirs.append(json.loads(await asyncio.wait_for(spectator.recv(), 10)))
            return mine, theirs, waited

    mine, theirs, waited = asyncio.run(watch())
    turn = next(f["turn"] for f in mine if f["legal"])
    assert turn["seat"] == 0 and turn["seconds"] == 1 and 0 < turn["remaining"] <= 1
    assert abs(turn["deadline"] - (time.time() - waited + 1)) < 2  # server wall clock
    assert 0.8 < waited < 10  # 1 s, then the bot's move (a loaded machine may be slow)
    timed_out = next(f for f in mine if any(e["type"] == "timeout" for e in f["events"]))
    notice = timed_out["events"][0]
    assert notice["type"] == "timeout" and notice["seat"] == 0 and notice["level"] == "medio"
    assert notice["text"] == "Time's up for Ada: the medio bot plays for them"
    assert len(timed_out["events"]) > 1  # then the move the stand-in made
    assert timed_out["seats"][0]["stand_in"] is None  # the person keeps the seat
    seen = next(f for f in theirs if any(e["type"] == "timeout" for e in f["events"]))
    assert seen["events"][0]["text"] == notice["text"]
    with connect_sync(created["seats"][0]["ws"] + "&lang=it", max_size=None) as ws:
        again = json.loads(ws.recv(timeout=10))
    kept = [e for e in log_events(again) if e["type"] == "timeout"]
    assert kept and kept[0]["text"].startswith("Tempo scaduto per Ada")


def test_a_time_out_notice_is_stored_with_its_move_and_told_after_a_restart(
        tmp_path: Path) -> None:
    live = LiveServer(tmp_path, "--workers-bots", "1").start()
    try:
        created = live.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                               "seats": ["human", "random"], "names": ["Ada", None],
                               "start": True,
                               "options": {"turn_seconds": 2, "bot_pause_s": 0}})
        url = created["seats"][0]["ws"]
        with connect_sync(url, max_size=None) as ws:
            frames = [json.loads(ws.recv(timeout=10))]
            while not any(e["type"] == "timeout" for e in frames[-1]["events"]):
                frames.append(json.loads(ws.recv(timeout=10)))
        told = [e for f in frames[1:] for e in f["events"] if e["type"] == "timeout"]
        live.kill9()  # the notice was sent, so its move was committed: both must come back
        live.start()
        with connect_sync(url, max_size=None) as ws:  # at once: the restored turn has 2 s
            again = json.loads(ws.recv(timeout=10))
    finally:
        live.stop()
    kept = [e for e in log_events(again) if e["type"] == "timeout"]
    assert [(e["seat"], e["level"], e["text"]) for e in kept] == [
        (e["seat"], e["level"], e["text"]) for e in told]
    assert kept[0]["text"] == "Time's up for Ada: the medio bot plays for them"


# -- the seat log without a server ---------------------------------------------------------------


def played(game_id: str, seed: int, config: Any = None) -> Any:
    game = get_game(game_id)
    state = game.new_match(config or game.test_configs()[0])
    return random_playout(state, random.Random(seed))


def test_a_hand_keeps_its_scoring_and_the_next_hand_starts_with_its_deal() -> None:
    state = played("cribbage", 1)
    log = SeatLog(state.game, state.config, 0)
    log.advance(state.history, {})
    first, second = log.hands[0], log.hands[1]
    assert [e.kind for _, e in first.entries][-1] == "counted"  # the show closes hand 1
    assert second.entries[0][1].kind == "dealt"
    assert first.sheet is not None and first.sheet["shown"]
    assert log.hands[-1].sheet is not None  # the match is over: the last hand has its sheet


def test_a_cribbage_sheet_keeps_the_starter_its_shows_counted_with() -> None:
    state = played("cribbage", 1)
    log = SeatLog(state.game, state.config, 1)
    log.advance(state.history, {})
    for hand in list(log.hands)[:-1]:
        counted = [e for _, e in hand.entries if e.kind == "counted"]
        assert hand.sheet is not None and counted
        assert hand.sheet["starter"] == counted[0].to_json()["starter"]


def test_poker_antes_for_the_next_hand_open_it() -> None:
    game = get_game("poker_italiano")
    kinds = ["drew", "shown", "pot_won", "ante_paid", "hand_started"]
    events = [type("E", (), {"kind": k})() for k in kinds]
    assert event_hands(game, 1, 2, False, events) == [1, 1, 1, 2, 2]
    assert event_hands(game, 1, 2, True, events) == [2] * 5
    assert event_hands(get_game("cribbage"), 1, 2, False, events) == [1] * 5


def test_the_log_is_bounded_and_says_what_it_left_out() -> None:
    state = played("cribbage", 2)
    full = SeatLog(state.game, state.config, None)
    full.advance(state.history, {})
    log = SeatLog(state.game, state.config, None, max_events=30, max_hands=3)
    log.advance(state.history, {})
    wire = log.to_json("en", ["A", "B"])
    assert len(wire["hands"]) == 3 and wire["omitted_hands"] == len(full.hands) - 3 > 0
    assert sum(len(h["events"]) for h in wire["hands"]) == 30
    assert wire["limits"] == {"events": 30, "hands": 3}
    tail = [e for h in full.to_json("en", ["A", "B"])["hands"][-3:] for e in h["events"]][-30:]
    assert [e for h in wire["hands"] for e in h["events"]] == tail
    assert sum(h["omitted"] for h in wire["hands"]) == len(
        [e for h in list(full.hands)[-3:] for e in h.entries]) - 30


def test_advancing_in_steps_gives_the_same_log_as_at_once() -> None:
    state = played("burraco", 3)
    once = SeatLog(state.game, state.config, 1)
    once.advance(state.history, {})
    steps = SeatLog(state.game, state.config, 1)
    for start in range(0, len(state.history), 37):
        steps.advance(state.history[start:start + 37], {})
    assert steps.to_json("it", ["a", "b", "c", "d"]) == once.to_json("it", ["a", "b", "c", "d"])


def test_a_burraco_hands_sheet_has_the_table_as_it_closed() -> None:
    """Burraco's scoring collects every meld, so the table in the view after a hand is empty;
    the view's last hand keeps the melds as it closed, and so each hand's sheet in the log:
    the melds of the seat's view just before the closing discard, side by side."""
    game = get_game("burraco")
    state = played("burraco", 3, game.config(hands=3))  # hands closed by a deal and the end
    config = state.config
    log = SeatLog(game, config, 1)
    log.advance(state.history, {})
    replay = game.new_match(config)
    closing: list[JSON] = []  # the seat's view before each hand's closing action
    for action in state.history:
        before = replay.view(1)
        replay.apply(action)
        if any(event.kind == "hand_scored" for event in replay.events):
            closing.append(before)
    assert len(closing) == len(log.hands) == 3
    for hand, view in zip(log.hands, closing, strict=True):
        assert hand.sheet is not None and set(hand.sheet) == {"scores", "last_hand"}
        melds = hand.sheet["last_hand"]["melds"]
        assert melds == [view["melds"][view["side_of"][seats[0]]] for seats in view["sides"]]
        assert any(melds)  # the table as it closed, not the empty one after
    assert replay.view(1)["melds"] == [[]] * len(replay.view(1)["melds"])
