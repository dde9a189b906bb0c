"""Bad input against a live server: each bad message gets one clear error frame in the client's
language, nothing changes, and the server keeps serving everyone. Plus the HTTP API, a
hypothesis fuzz of the message protocol, crash safety under kill -9, and stand-ins."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON
from mazzo.engine.record import replay
from mazzo.server.protocol import MAX_MESSAGE_BYTES

from live_server import LIVE_BACKENDS, LiveServer, Player, play_all, serve_db_args

SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--workers-bots", "1",
                      "--allow-bot-tables",
                      "--rate", "50", "--burst", "60").start()
    yield live
    live.stop()


def recv(ws: ClientConnection) -> JSON:
    frame: JSON = json.loads(ws.recv(timeout=10))
    return frame


def human_table(server: LiveServer, start: bool = True) -> JSON:
    return server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                          "seats": ["human", "human"], "start": start,
                          "names": ["Ada", "Bea"]})


def settled(ws: ClientConnection) -> JSON:
    """The last frame once the table is quiet (chance dealt, joins announced)."""
    frame = recv(ws)
    while True:
        try:
            frame = json.loads(ws.recv(timeout=0.5))
        except TimeoutError:
            return frame


# -- HTTP --------------------------------------------------------------------------------------


def test_games_describe_every_config_field(server: LiveServer) -> None:
    games = {g["id"]: g for g in server.get("/api/games").json()}
    assert set(games) == {"nebraska", "novantanove", "poker_italiano", "cribbage", "burraco"}
    fields = {f["name"]: f for f in games["cribbage"]["config"]}
    assert fields["target"] == {"name": "target", "type": "integer", "default": 121,
                                "allowed": [61, 121],
                                "help": "points that win a game: 121, or 61 for the short game",
                                "help_it": "i punti che vincono una partita: 121, o 61 per la "
                                           "partita corta",
                                "label": {"it": "traguardo", "en": "target"}}
    assert fields["muggins"]["allowed"] == [False, True]
    assert fields["games_to_win"]["allowed"] == {"min": 1, "max": 99}


#: (body, the field named, a word of the Italian answer)
BAD_TABLE_REQUESTS = [
    ({"game": "cribbage", "config": {"target": 100}}, "config.target", "tra"),
    ({"game": "cribbage", "config": {"colour": 1}}, "config.colour", "sconosciuto"),
    ({"game": "scopa"}, "game", "gioco sconosciuto"),
    ({"config": {}}, "game", "manca"),
    ({"game": 7}, "game", "non 7"),
    ({"game": "cribbage", "config": []}, "config", "oggetto"),
    ({"game": "cribbage", "config": SHORT_CRIBBAGE, "seats": ["human"]}, "seats", "posti"),
    ({"game": "cribbage", "config": SHORT_CRIBBAGE, "seats": ["human", "genius"]}, "seats.1",
     "non è tra"),
    ({"game": "cribbage", "options": []}, "options", "oggetto"),
    ({"game": "cribbage", "options": {"hints": 1}}, "options.hints", "true o false"),
    ({"game": "cribbage", "options": {"grace_s": -1}}, "options.grace_s", "secondi"),
    ({"game": "cribbage", "options": {"turn_seconds": -1}}, "options.turn_seconds",
     "nessun limite"),
    ({"game": "cribbage", "options": {"colour": 1}}, "options.colour", "sconosciuta"),
    ({"game": "cribbage", "names": ["a"]}, "names", "nomi"),
    ({"game": "cribbage", "names": ["x" * 41, "b"], "seats": ["human", "medio"]}, "names.0",
     "caratteri"),
    ({"game": "cribbage", "start": "yes"}, "start", "true o false"),
    ({"game": "cribbage", "seat": ["human", "human"]}, "seat", "sconosciuto"),  # misspelt
]


@pytest.mark.parametrize("body, field, italian", BAD_TABLE_REQUESTS)
def test_a_bad_table_request_is_422_naming_the_field(server: LiveServer, body: JSON,
                                                    field: str, italian: str) -> None:
    response = server.post("/api/tables", body)
    assert response.status_code == 422
    assert response.json()["field"] == field
    english = response.json()["message"]
    assert english.startswith(f"{field}: ")
    answer = server.post("/api/tables?lang=it", body).json()
    assert answer["field"] == field and answer["message"].startswith(f"{field}: ")
    assert italian in answer["message"] and answer["message"] != english, answer


def test_a_game_that_is_not_a_string_is_not_called_missing(server: LiveServer) -> None:
    response = server.post("/api/tables", {"game": ["cribbage"]})
    assert response.status_code == 422 and response.json()["field"] == "game"
    assert "missing" not in response.json()["message"]
    assert "['cribbage']" in response.json()["message"]


#: bodies Python's json module refuses with something other than JSONDecodeError: nesting past
#: its recursion limit (RecursionError) and an integer of more digits than it converts (ValueError)
UNREADABLE_BODIES = [
    pytest.param(b"[" * 50_000, "nesting too deep", id="deep"),
    pytest.param(b'{"game": "cribbage", "config": {"target": ' + b"9" * 5000 + b"}}",
                 "too many digits", id="digits"),
    # an escaped lone surrogate: no character; hashing it as a token, or naming it as a
    # field in the answer, raised
    pytest.param(b'{"game": "cribbage", "config": {"\\udfff": 1}, "owner": "\\ud800"}',
                 "lone surrogate", id="surrogate"),
    pytest.param(b'{"game": "cribbage", "names": ["\xed\xa0\x80", null]}', "not UTF-8",
                 id="utf8-surrogate"),
]


@pytest.mark.parametrize("raw, why", UNREADABLE_BODIES)
def test_an_unreadable_body_is_a_clear_error_at_every_endpoint(server: LiveServer, raw: bytes,
                                                               why: str) -> None:
    created = server.post("/api/tables", raw)
    assert created.status_code == 422, created.text
    assert created.json()["field"] == "body" and why in created.json()["message"]
    table = human_table(server, start=False)
    start = server.post(f"/api/tables/{table['table']}/start", raw)
    assert start.status_code == 422 and start.json()["code"] == "bad_message", start.text
    assert start.json()["message"].startswith("Invalid message: body: ")
    assert server.get(f"/api/tables/{table['table']}").json()["status"] == "waiting"


def test_a_body_over_the_message_limit_is_refused_unread(server: LiveServer) -> None:
    # read whole and parsed in the event loop, 76 MiB held every table up for 3 s
    padded = b'{"game": "cribbage"' + b" " * MAX_MESSAGE_BYTES + b"}"
    created = server.post("/api/tables", padded)
    assert created.status_code == 413, created.text
    assert created.json()["field"] == "body" and "too large" in created.json()["message"]


def test_table_creation_gives_secret_links_and_a_public_summary(server: LiveServer) -> None:
    created = human_table(server, start=False)
    tokens = [s["token"] for s in created["seats"]]
    assert len(set(tokens + [created["owner"]])) == 3
    assert all(len(t) >= 43 for t in tokens)  # 32 bytes = 256 bits
    assert all(t in s["url"] and t in s["ws"] for t, s in zip(tokens, created["seats"],
                                                                 strict=True))
    summary = server.get(f"/api/tables/{created['table']}").json()
    assert summary["status"] == "waiting" and summary["version"] == 0
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bea"]
    assert created["owner"] not in json.dumps(summary) and tokens[0] not in json.dumps(summary)
    record = server.get(f"/api/tables/{created['table']}/record")
    assert record.status_code == 409 and record.json()["code"] == "not_over"
    assert server.post(f"/api/tables/{created['table']}/start", {"owner": tokens[0]}
                       ).status_code == 403
    for body in (b"owner", b"[]", b'"x"'):  # not the owner's body at all: said so, by name
        answer = server.post(f"/api/tables/{created['table']}/start", body)
        assert answer.status_code == 422 and "body: " in answer.json()["message"], answer.text
    assert server.get(f"/api/tables/{created['table']}").json()["status"] == "waiting"
    assert server.get("/api/tables/nope").status_code == 404


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Unknown command 'begin': a table takes start and rematch."),
    ("it", "Comando sconosciuto 'begin': un tavolo accetta start e rematch."),
])
def test_an_unknown_owner_command_is_an_error_in_the_documented_shape(server: LiveServer,
                                                                     lang: str,
                                                                     said: str) -> None:
    """It answered a bare {"error": "not_found"}, outside the shape of every other HTTP error."""
    created = human_table(server, start=False)
    answer = server.post(f"/api/tables/{created['table']}/begin?lang={lang}",
                         {"owner": created["owner"]})
    assert answer.status_code == 404
    assert answer.json() == {"type": "error", "code": "unknown_command", "message": said}
    assert server.get(f"/api/tables/{created['table']}").json()["status"] == "waiting"


# -- bad websocket input -----------------------------------------------------------------------


def test_frames_are_not_compressed(server: LiveServer) -> None:
    # permessage-deflate cost an eighth of the server's time under load (make bench-server)
    created = human_table(server)
    with connect(created["seats"][0]["ws"]) as ws:  # the client offers deflate by default
        assert ws.response is not None
        assert "Sec-WebSocket-Extensions" not in ws.response.headers
        assert recv(ws)["type"] == "state"


def test_unknown_table_and_wrong_token_get_one_error_and_a_close(server: LiveServer) -> None:
    with connect(f"{server.ws}/ws/tables/nope?lang=it") as ws:
        frame = recv(ws)
        assert frame["code"] == "unknown_table" and "non esiste" in frame["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    created = human_table(server)
    with connect(f"{server.ws}/ws/tables/{created['table']}?token=forged") as ws:
        assert recv(ws)["code"] == "bad_token"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_each_bad_message_gets_one_clear_error_and_changes_nothing(server: LiveServer) -> None:
    created = human_table(server)
    table = created["table"]
    seat0, seat1 = (s["ws"] for s in created["seats"])
    with connect(seat0, max_size=None) as ws, connect(seat1, max_size=None) as other:
        frame, other_frame = settled(ws), settled(other)
        if not frame["legal"]:  # play the bad moves from the seat to act
            ws, other, frame = other, ws, other_frame
        assert frame["type"] == "state" and frame["legal"]
        version = frame["version"]
        bad: list[tuple[Any, str]] = [
            ("{not json", "bad_json"),
            (b"\xff\xfe", "bad_json"),
            ("[1, 2]", "bad_message"),
            (json.dumps({"type": "dance"}), "unknown_type"),
            (json.dumps({"type": "act", "version": version}), "bad_message"),
            (json.dumps({"type": "act", "version": version, "index": 0, "x": 1}), "bad_message"),
            (json.dumps({"type": "act", "version": True, "index": 0}), "bad_message"),
            (json.dumps({"type": "act", "version": version - 1, "index": 0}), "stale_version"),
            (json.dumps({"type": "act", "version": version, "index": 999}), "illegal_action"),
            (json.dumps({"type": "act", "version": version, "action": {"type": "fly"}}),
             "illegal_action"),
            (json.dumps({"type": "start"}), "not_owner"),
            (json.dumps({"type": "hello", "lang": "de"}), "bad_message"),
            (json.dumps({"type": "sync", "pad": "x" * MAX_MESSAGE_BYTES}), "too_large"),
            ("[" * 10_000, "bad_json"),
            ('{"type": "act", "index": 0, "version": ' + "9" * 5000 + "}", "bad_json"),
            ('{"type": "start", "owner": "\\ud800"}', "bad_json"),
        ]
        for message, code in bad:
            ws.send(message)
            answer = recv(ws)
            assert answer["type"] == "error" and answer["code"] == code, (message, answer)
            assert answer["message"]
            if code == "stale_version":  # said as a player meets it, not only as versions
                assert answer["message"].startswith("The table moved on while you chose"), answer
                again = recv(ws)  # the current state follows a stale move
                assert again["type"] == "state" and again["version"] == version
        ws.send(json.dumps({"type": "act", "version": "7", "index": 0}))
        assert recv(ws)["message"] == "Invalid message: act: 'version' must be an integer."
        ws.send(json.dumps({"type": "act", "version": version, "action": []}))
        assert recv(ws)["message"] == "Invalid message: act: 'action' must be an object."
        ws.send(json.dumps({"type": "hello", "lang": "it"}))
        assert recv(ws)["type"] == "state"
        ws.send(json.dumps({"type": "act", "version": version, "index": 999}))
        assert "Mossa non ammessa" in recv(ws)["message"]
        assert server.get(f"/api/tables/{table}").json()["version"] == version
        other.send(json.dumps({"type": "ping"}))
        assert recv(other) == {"type": "pong", "version": version}


def test_a_flood_is_rate_limited_with_one_error(server: LiveServer) -> None:
    created = human_table(server)
    with connect(created["spectate_ws"]) as ws:
        recv(ws)
        for _ in range(200):
            ws.send(json.dumps({"type": "ping"}))
        answers = []
        while True:
            try:
                answers.append(json.loads(ws.recv(timeout=1)))
            except TimeoutError:
                break
        codes = [a.get("code") for a in answers if a["type"] == "error"]
        assert codes == ["rate_limited"]
        assert 50 <= sum(a["type"] == "pong" for a in answers) < 200
    assert server.get("/api/health").status_code == 200


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    JSON_VALUES.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "hello", "sync", "ping", "start", "rematch", "x"])},
        optional={"version": JSON_VALUES, "index": JSON_VALUES, "action": JSON_VALUES,
                  "lang": JSON_VALUES, "owner": JSON_VALUES},
    ).map(json.dumps),
)


@pytest.fixture(scope="module")
def fuzz_socket(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClientConnection]:
    live = LiveServer(tmp_path_factory.mktemp("fuzz"), "--rate", "100000",
                      "--burst", "100000").start()
    created = human_table(live, start=False)  # a waiting table: no message can change it
    try:
        with connect(created["seats"][0]["ws"], max_size=None) as ws:
            recv(ws)
            yield ws
        assert live.get("/api/health").status_code == 200
    finally:
        live.stop()


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(message=MESSAGES)
def test_fuzz_every_message_gets_one_answer_and_the_server_keeps_serving(
    fuzz_socket: ClientConnection, message: str | bytes
) -> None:
    fuzz_socket.send(message)
    answer = recv(fuzz_socket)
    assert answer["type"] in ("error", "state", "pong")
    if answer["type"] == "error":
        assert answer["code"] != "server_error" and answer["message"]
    fuzz_socket.send(json.dumps({"type": "sync"}))  # still serving this connection
    frame = recv(fuzz_socket)
    assert frame["type"] == "state"
    assert frame["status"] == "waiting" and frame["version"] == 0


@pytest.mark.parametrize("backend", LIVE_BACKENDS)
def test_a_table_id_no_table_can_have_is_unknown_on_every_backend(
        request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, backend: str
) -> None:
    live = LiveServer(tmp_path_factory.mktemp("ids"), *serve_db_args(request, backend)).start()
    try:  # PostgreSQL refuses a NUL in text: the id reached it and the answer was a 500
        for table in ("%00", "a%00b", "x" * 65, "%C3%A9"):
            for path in (f"/api/tables/{table}", f"/api/tables/{table}/record",
                         f"/api/tables/{table}/replay"):
                response = live.get(path)
                assert response.status_code == 404, (path, response.text)
                assert response.json()["code"] == "unknown_table"
        with connect(f"{live.ws}/ws/tables/%00") as ws:
            assert recv(ws)["code"] == "unknown_table"
        assert live.get("/api/health").status_code == 200
    finally:
        live.stop()


# -- crash safety and stand-ins ----------------------------------------------------------------


@pytest.mark.parametrize("backend", LIVE_BACKENDS)
def test_kill_9_mid_match_loses_no_acknowledged_action(
        request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, backend: str
) -> None:
    home = tmp_path_factory.mktemp("crash")
    args = ("--rate", "10000", "--burst", "10000", *serve_db_args(request, backend))
    first = LiveServer(home, *args).start()
    try:
        # to 121 points: a match to 61 can be over before version 60 with some deals
        created = first.create({"game": "cribbage", "config": {**SHORT_CRIBBAGE, "target": 121},
                                "seats": ["human", "random"], "start": True})
        before = Player(created["seats"][0]["ws"], seed=1, stop_at_version=60)
        asyncio.run(play_all([before]))
        first.kill9()
    finally:
        first.stop()
    acknowledged = max(f["version"] for f in before.frames)
    assert acknowledged >= 60
    second = LiveServer(home, *args)
    second.port = first.port
    second.start()
    try:
        table = created["table"]
        assert second.summary(table)["version"] >= acknowledged
        if backend == "sqlite":  # the restart says so, in good English
            assert "1 unfinished table rebuilt by replay" in second.log(), second.log_tail()
        after = Player(created["seats"][0]["ws"], seed=2)
        asyncio.run(play_all([after]))
        assert after.frames[0]["version"] >= acknowledged  # the current state, at once
        record = second.get(f"/api/tables/{table}/record").json()
    finally:
        second.stop()
    assert replay(record).is_terminal
    for frame in before.frames:  # every frame acknowledged before the crash is in the record
        state = replay(record, upto=frame["version"])
        assert state.view(0) == frame["view"]


def test_a_stand_in_plays_for_an_absent_person_and_everyone_sees_it(server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["human", "random"], "start": True,
                             "options": {"grace_s": 0.3}})
    watcher = Player(created["spectate_ws"], acts=False)
    asyncio.run(play_all([watcher]))  # nobody sits at seat 0: after 0.3 s medio plays it
    assert watcher.frames[-1]["status"] == "over"
    assert any(f["seats"][0]["stand_in"] == "medio" for f in watcher.frames)
    assert all(not f["seats"][0]["connected"] for f in watcher.frames)


def test_the_person_gets_the_seat_back_from_the_stand_in(server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["human", "human"], "start": True,
                             "options": {"grace_s": 0.2}})
    with connect(created["seats"][1]["ws"]) as ws:  # seat 1 connected, seat 0 away
        frame, acted = recv(ws), -1
        while frame["seats"][0]["stand_in"] is None:
            if frame["legal"] and frame["version"] != acted:  # seat 1 plays its own turns
                acted = frame["version"]
                ws.send(json.dumps({"type": "act", "version": frame["version"], "index": 0}))
            frame = recv(ws)
        with connect(created["seats"][0]["ws"]) as back:
            mine = recv(back)
            assert mine["seat"] == 0 and mine["seats"][0]["stand_in"] is None
            assert mine["seats"][0]["connected"]


def test_the_owner_offers_a_rematch_with_the_same_links(server: LiveServer) -> None:
    created = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                             "seats": ["random", "random"], "start": True})
    table = created["table"]
    watcher = Player(created["spectate_ws"], acts=False)
    asyncio.run(play_all([watcher]))
    response = server.post(f"/api/tables/{table}/rematch", {"owner": created["owner"]})
    assert response.status_code == 200
    new = response.json()
    assert new["table"] != table and new["status"] == "playing"
    assert server.get(f"/api/tables/{table}").json()["rematch"] == new["table"]


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "La partita non è in corso (stato: in attesa dell'inizio)."),
    ("en", "The match is not being played (status: waiting for the start)."),
])
def test_a_move_before_the_start_is_refused_in_words(server: LiveServer, lang: str,
                                                     said: str) -> None:
    """The refusal named the table's status by its id, in English in Italian too:
    "La partita non è in corso (stato: waiting)"."""
    created = human_table(server, start=False)
    with connect(created["seats"][0]["ws"]) as ws:
        settled(ws)
        ws.send(json.dumps({"type": "hello", "lang": lang}))
        assert recv(ws)["type"] == "state"
        ws.send(json.dumps({"type": "act", "version": 0, "index": 0}))
        answer = recv(ws)
        assert answer["code"] == "not_playing" and answer["message"] == said, answer
