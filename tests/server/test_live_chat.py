"""Table chat and reports against a live server: the players' and the spectators' channels
kept apart, quick phrases in each reader's language, the limits (length, characters, rate per
connection and per seat, a muted account), messages stored before they are sent and sent again
to whoever connects, no card in a chat frame but what was typed, and the report endpoint."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from mazzo.engine.game import JSON
from mazzo.server.accounts import SESSION_COOKIE, session_hash
from mazzo.server.chat import CHAT_BURST, CHAT_MAX_CHARS
from mazzo.server.protocol import cards_in
from mazzo.server.storage.base import PLAYERS, SPECTATORS, open_storage

from live_server import LiveServer

SHORT_CRIBBAGE: JSON = {"players": 2, "target": 61, "games_to_win": 1}
#: the fields of a chat frame: nothing else (no view, no seat's cards) ever rides along
CHAT_FIELDS = {"type", "id", "from", "text", "channel", "seat", "at"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--rate", "200", "--burst", "200").start()
    yield live
    live.stop()


def table(server: LiveServer, start: bool = False) -> JSON:
    return server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                          "seats": ["human", "human"], "names": ["Ada", "Bea"],
                          "start": start})


Join = Callable[..., ClientConnection]


@pytest.fixture
def join(server: LiveServer) -> Iterator[Join]:
    """Opens connections to a table, closed after the test: ``join(made, seat, lang,
    **headers)`` is a seat's (a spectator's for None), past its first frames (the state, and
    the chat so far: kept in its ``history``)."""
    with contextlib.ExitStack() as stack:
        def open_one(made: JSON, seat: int | None, lang: str = "en",
                     **headers: Any) -> ClientConnection:
            token = f"&token={made['seats'][seat]['token']}" if seat is not None else ""
            ws = stack.enter_context(connect(
                f"{server.ws}/ws/tables/{made['table']}?lang={lang}{token}", max_size=None,
                **headers))
            ws.history = drain(ws, want="state")  # type: ignore[attr-defined]
            return ws

        yield open_one


def drain(ws: ClientConnection, quiet: float = 0.3, want: str | None = None,
          count: int = 1) -> list[JSON]:
    """Every frame until the connection is quiet for ``quiet`` seconds; with ``want``, first
    wait (up to 10 s each: a loaded machine) for ``count`` frames of that type."""
    frames: list[JSON] = []
    while want is not None and sum(f["type"] == want for f in frames) < count:
        frames.append(json.loads(ws.recv(timeout=10)))
    while True:
        try:
            frames.append(json.loads(ws.recv(timeout=quiet)))
        except TimeoutError:
            return frames


def chats(frames: list[JSON]) -> list[JSON]:
    return [f for f in frames if f["type"] == "chat"]


def say(ws: ClientConnection, **message: str) -> None:
    ws.send(json.dumps({"type": "chat", **message}))


def error(ws: ClientConnection) -> JSON:
    frames = [f for f in drain(ws, want="error") if f["type"] == "error"]
    assert len(frames) == 1, frames
    return frames[0]


def test_players_and_spectators_talk_in_separate_channels(server: LiveServer, join: Join) -> None:
    made = table(server)
    ada, bea, watcher, other = (join(made, 0), join(made, 1),
                                join(made, None), join(made, None))
    say(ada, text="  good luck, Bea  ")
    for ws in (ada, bea):
        (frame,) = chats(drain(ws, want="chat"))
        assert set(frame) == CHAT_FIELDS
        assert (frame["from"], frame["text"], frame["channel"], frame["seat"]) == (
            "Ada", "good luck, Bea", PLAYERS, 0)
    assert chats(drain(watcher)) == chats(drain(other)) == []
    say(watcher, text="Ada has the jack of hearts")
    (seen,) = chats(drain(other, want="chat"))
    assert seen["channel"] == SPECTATORS and seen["seat"] is None
    assert seen["from"].startswith("Spectator #")
    assert chats(drain(watcher, want="chat"))[0]["id"] == seen["id"]
    assert chats(drain(ada)) == chats(drain(bea)) == []


def test_a_quick_phrase_reads_in_each_readers_language(server: LiveServer, join: Join) -> None:
    made = table(server)
    ada, bea = join(made, 0, "it"), join(made, 1, "en")
    say(bea, phrase="well_played")
    (in_italian,), (in_english,) = chats(drain(ada, want="chat")), chats(drain(bea, want="chat"))
    assert (in_italian["text"], in_english["text"]) == ("Ben giocato!", "Well played!")
    assert in_italian["phrase"] == in_english["phrase"] == "well_played"
    assert in_italian["from"] == "Bea"


#: (message, error code, a word of its English text)
BAD_MESSAGES = [
    ({"text": "   "}, "chat_empty", "empty"),
    ({"text": "x" * (CHAT_MAX_CHARS + 1)}, "chat_too_long", f"at most {CHAT_MAX_CHARS}"),
    ({"text": "two\nlines"}, "chat_control", "U+000A"),
    ({"text": "\u202eevil"}, "chat_control", "U+202E"),
    ({"phrase": "insult"}, "chat_phrase", "well_played"),
    ({"text": "a", "phrase": "hi"}, "bad_message", "exactly one"),
    ({}, "bad_message", "exactly one"),
]


def test_bad_messages_get_one_clear_error_and_reach_nobody(server: LiveServer, join: Join) -> None:
    made = table(server)
    ada, bea = join(made, 0), join(made, 1)
    for message, code, words in BAD_MESSAGES:
        say(ada, **message)
        frame = error(ada)
        assert frame["code"] == code and words in frame["message"], (message, frame)
    say(ada, text="x" * CHAT_MAX_CHARS)  # the longest that goes
    assert len(chats(drain(bea, want="chat"))) == 1


def test_the_rate_limit_counts_each_connection_and_each_seat(server: LiveServer,
                                                             join: Join) -> None:
    made = table(server)
    phone, laptop = join(made, 0, "it"), join(made, 0)
    for n in range(CHAT_BURST - 2):
        say(phone, text=f"from the phone {n}")
    for n in range(2):
        say(laptop, text=f"from the laptop {n}")
    say(laptop, text="one too many for the seat")
    frame = error(laptop)
    assert frame["code"] == "chat_rate" and "try again in" in frame["message"]
    assert len(chats(drain(phone, want="chat", count=CHAT_BURST))) == CHAT_BURST
    say(phone, text="the phone too")
    assert "riprova tra" in error(phone)["message"]  # in the connection's language
    bea = join(made, 1)  # another seat has its own count
    say(bea, phrase="hi")
    assert len(chats(drain(bea, want="chat"))) == 1


def test_chat_is_stored_and_sent_again_to_whoever_connects(server: LiveServer, join: Join) -> None:
    made = table(server)
    ada, watcher = join(made, 0), join(made, None)
    assert ada.history[-1]["type"] == "state"  # type: ignore[attr-defined]  # no chat yet
    say(ada, text="first")
    say(ada, phrase="thanks")
    say(watcher, text="spectators only")
    drain(ada, want="chat", count=2)
    drain(watcher, want="chat")
    stored = open_storage(f"sqlite:///{server.home / 'mazzo.db'}")
    try:
        assert [r.text or r.phrase for r in stored.chat_log(made["table"], PLAYERS, 10)] == [
            "first", "thanks"]
        assert [r.text for r in stored.chat_log(made["table"], SPECTATORS, 10)] == [
            "spectators only"]
    finally:
        stored.close()
    bea = join(made, 1, "it")
    (history,) = [f for f in bea.history if f["type"] == "chat_history"]  # type: ignore[attr-defined]
    assert history["channel"] == PLAYERS
    assert [m["text"] for m in history["messages"]] == ["first", "Grazie!"]
    late = join(made, None)
    (seen,) = [f for f in late.history if f["type"] == "chat_history"]  # type: ignore[attr-defined]
    assert [m["text"] for m in seen["messages"]] == ["spectators only"]
    bea.send(json.dumps({"type": "hello", "lang": "en"}))  # a new language: the chat again
    (again,) = [f for f in drain(bea, want="chat_history") if f["type"] == "chat_history"]
    assert [m["text"] for m in again["messages"]] == ["first", "Thanks!"]


def test_no_card_rides_in_a_chat_frame_during_a_match(server: LiveServer, join: Join) -> None:
    made = table(server, start=True)
    ada, bea, watcher = join(made, 0), join(made, 1), join(made, None)
    say(ada, text="I hold 5♥")  # what a player types is theirs to say
    say(bea, phrase="good_luck")
    say(watcher, text="hello")
    for ws, count in ((ada, 2), (bea, 2), (watcher, 1)):
        for frame in chats(drain(ws, want="chat", count=count)):
            assert set(frame) <= CHAT_FIELDS | {"phrase"}
            assert cards_in({k: v for k, v in frame.items() if k != "text"}) == set()
            assert frame["text"] in ("I hold 5♥", "Good luck!", "hello")


def login(server: LiveServer, name: str, muted: bool = False) -> dict[str, Any]:
    """An account with a live session, made in the server's database; the headers a browser
    page of this server would send with its cookie."""
    stored = open_storage(f"sqlite:///{server.home / 'mazzo.db'}")
    try:
        account = stored.create_account(name, "$argon2id$not-a-real-hash", time.time())
        if muted:
            stored.set_account_flag(account.id, "muted", time.time())
        token = f"session-of-{name}"
        stored.create_session(session_hash(token), account.id, time.time(),
                              time.time() + 3600)
    finally:
        stored.close()
    return {"additional_headers": {"Cookie": f"{SESSION_COOKIE}={token}"},
            "origin": server.http}


def test_a_logged_in_spectator_is_named_and_a_muted_account_refused(server: LiveServer,
                                                                   join: Join) -> None:
    made = table(server)
    cleo = join(made, None, **login(server, "Cleo"))
    say(cleo, text="hi all")
    assert chats(drain(cleo, want="chat"))[0]["from"] == "Cleo"
    dan = join(made, None, **login(server, "Dan", muted=True))
    say(dan, text="spam")
    assert error(dan)["code"] == "chat_muted"
    assert chats(drain(cleo)) == []


def report(server: LiveServer, made: JSON, body: JSON, lang: str = "en") -> httpx.Response:
    return server.post(f"/api/tables/{made['table']}/reports?lang={lang}", body)


def test_a_player_is_reported_once_by_someone_at_the_table(server: LiveServer) -> None:
    made = table(server)
    ada = made["seats"][0]["token"]
    answer = report(server, made, {"seat": 1, "reason": " rude in chat ", "token": ada})
    assert answer.status_code == 201, answer.text
    assert answer.json()["seat"] == 1
    again = report(server, made, {"seat": 1, "reason": "still rude", "token": ada}, "it")
    assert again.status_code == 409 and "già segnalato" in again.json()["message"]
    refused = [
        ({"seat": 0, "reason": "me", "token": ada}, 422, "report_self"),
        ({"seat": 5, "reason": "who", "token": ada}, 422, "report_seat"),
        ({"seat": 1, "reason": "", "token": ada}, 422, "report_reason"),
        ({"seat": 1, "reason": "x" * 501, "token": ada}, 422, "report_reason"),
        ({"seat": 1, "reason": "a\nb", "token": ada}, 422, "report_reason"),
        ({"seat": "1", "reason": "r", "token": ada}, 422, "bad_message"),
        ({"seat": 1, "reason": "no token"}, 401, "report_who"),
        ({"seat": 1, "reason": "bad token", "token": "nope"}, 403, "bad_token"),
    ]
    for body, status, code in refused:
        answer = report(server, made, body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), (body, answer.text)
    assert server.post("/api/tables/nope/reports", {"seat": 1, "reason": "r"}).status_code == 404
    stored = open_storage(f"sqlite:///{server.home / 'mazzo.db'}")
    try:
        (row,) = [r for r in stored.list_reports(50) if r.table_id == made["table"]]
    finally:
        stored.close()
    assert (row.seat, row.name, row.reporter, row.reason) == (1, "Bea", "seat 0", "rude in chat")


def test_a_logged_in_account_reports_and_a_bot_cannot_be_reported(server: LiveServer) -> None:
    made = server.create({"game": "cribbage", "config": SHORT_CRIBBAGE,
                          "seats": ["human", "medio"], "names": ["Ada", None]})
    headers = login(server, "Eve")
    response = httpx.post(f"{server.http}/api/tables/{made['table']}/reports",
                          json={"seat": 0, "reason": "slow on purpose"},
                          headers={**headers["additional_headers"], "Origin": server.http})
    assert response.status_code == 201, response.text
    bot = report(server, made, {"seat": 1, "reason": "cheats",
                                "token": made["seats"][0]["token"]})
    assert bot.json()["code"] == "report_seat"
