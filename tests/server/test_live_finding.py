"""Finding a game on a live ``mazzo serve``: public tables listed (private ones never), an open
seat taken over HTTP (and the last one raced for), the refusals, and the quick match queue
(two tickets paired, bots filling after the wait, leaving the queue, the websocket's news)."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from websockets.asyncio.client import connect

from mazzo.engine.game import JSON
from mazzo.server.accounts import session_hash
from mazzo.server.storage.sqlite import SQLiteStorage

from live_server import LiveServer, Player, play_all

SHORT_CRIBBAGE = {"players": 2, "target": 61, "games_to_win": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("finding")).start()
    yield live
    live.stop()


def listed(server: LiveServer, status: str = "waiting") -> dict[str, JSON]:
    """The public tables the server lists, by id (every page)."""
    found: dict[str, JSON] = {}
    offset: int | None = 0
    while offset is not None:
        page = server.get(f"/api/tables?status={status}&limit=50&offset={offset}").json()
        found.update({t["table"]: t for t in page["tables"]})
        offset = page["next"]
    return found


def public_table(server: LiveServer, players: int = 3, **more: object) -> JSON:
    return server.create({"game": "cribbage", "config": {"players": players},
                          "seats": ["human"] * players, "names": ["Ada"] + [None] * (players - 1),
                          "public": True, **more})


def test_public_tables_are_listed_and_private_ones_never(server: LiveServer) -> None:
    public = public_table(server)
    private = server.create({"game": "cribbage", "seats": ["human", "human"]})
    waiting = listed(server)
    assert private["table"] not in waiting
    entry = waiting[public["table"]]
    assert entry["game"] == "cribbage" and entry["players"] == 3 and entry["free"] == 2
    assert entry["variant"] == "3 players" and entry["rated"] is False
    assert [(s["name"], s["open"]) for s in entry["seats"]] == [
        ("Ada", False), (None, True), (None, True)]
    assert entry["seats"][0]["rating"] is None  # a guest has none
    assert entry["spectate"].endswith(f"/tables/{public['table']}")
    # only the maker's seat has a link: the others are taken through the lobby
    assert [("token" in s) for s in public["seats"]] == [True, False, False]
    italian = server.get("/api/tables?lang=it").json()["tables"]
    assert any(t["variant"] == "3 giocatori" for t in italian)
    assert private["table"] not in listed(server, "playing")
    assert server.get("/api/tables?status=over").status_code == 422
    assert server.get("/api/tables?limit=51").status_code == 422


def test_a_guest_joins_by_nickname_and_the_table_starts_when_full(server: LiveServer) -> None:
    created = public_table(server, players=2, config={"players": 2, "target": 61,
                                                      "games_to_win": 1})
    table = created["table"]
    joined = server.post(f"/api/tables/{table}/join", {"name": "Bea"})
    assert joined.status_code == 200, joined.text
    seat = joined.json()["seat"]
    assert seat["seat"] == 1 and seat["name"] == "Bea" and seat["token"]
    assert seat["ws"].endswith(f"/ws/tables/{table}?token={seat['token']}")
    assert server.summary(table)["status"] == "playing"  # every seat taken: it started
    assert table not in listed(server) and table in listed(server, "playing")
    again = server.post(f"/api/tables/{table}/join", {"name": "Cleo"})
    assert again.status_code == 409 and again.json()["code"] == "already_started"
    # the seat joined plays with its token, like any invite link
    asyncio.run(play_all([Player(created["seats"][0]["ws"], seed=1),
                          Player(seat["ws"], seed=2)]))
    assert server.summary(table)["status"] == "over"


def test_joining_is_refused_with_reasons(server: LiveServer) -> None:
    private = server.create({"game": "cribbage", "seats": ["human", "human"]})
    refused = server.post(f"/api/tables/{private['table']}/join", {"name": "Bea"})
    assert refused.status_code == 403 and refused.json()["code"] == "not_public"
    missing = server.post("/api/tables/nope/join", {})
    assert missing.status_code == 404
    table = public_table(server)["table"]
    bad_name = server.post(f"/api/tables/{table}/join", {"name": "Bot esperto"})
    assert bad_name.status_code == 422 and bad_name.json()["field"] == "name"
    unknown = server.post(f"/api/tables/{table}/join", {"nick": "Bea"})
    assert unknown.status_code == 422
    italian = httpx.post(f"{server.http}/api/tables/{private['table']}/join?lang=it",
                         json={}, timeout=10)
    assert "non è pubblico" in italian.json()["message"]


def test_a_rated_table_is_refused_unless_its_rules_and_seats_allow(server: LiveServer) -> None:
    def refusal(body: JSON) -> str:
        response = server.post("/api/tables", {"game": "cribbage", "public": True,
                                               "rated": True, **body})
        assert response.status_code == 422, response.text
        assert response.json()["field"] == "rated"
        return str(response.json()["message"])

    assert "people only" in refusal({"seats": ["human", "medio"]})
    assert "default rules" in refusal({"seats": ["human", "human"], "config": SHORT_CRIBBAGE})
    assert "log in" in refusal({"seats": ["human", "human"]})  # a guest rates nothing
    assert "variant (classic, fibur)" in refusal({"game": "burraco", "seats": ["human"] * 2,
                                                  "config": {"players": 2, "target": 500}})
    private = server.post("/api/tables", {"game": "cribbage", "rated": True,
                                          "seats": ["human", "human"]})
    assert "is public" in private.json()["message"]
    started = server.post("/api/tables", {"game": "cribbage", "public": True, "start": True,
                                          "seats": ["human", "human"]})
    assert started.status_code == 422 and started.json()["field"] == "start"


def test_two_people_racing_for_the_last_seat_get_one_seat_and_one_409(
        server: LiveServer) -> None:
    table = public_table(server, players=2)["table"]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(
            lambda name: server.post(f"/api/tables/{table}/join", {"name": name}),
            ["Bea", "Cleo", "Dario", "Elsa"]))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409, 409, 409], [a.text for a in answers]
    lost = {a.json()["code"] for a in answers if a.status_code == 409}
    assert lost <= {"table_full", "already_started"}
    winner = next(a.json() for a in answers if a.status_code == 200)
    assert server.summary(table)["seats"][1]["name"] == winner["seat"]["name"]


def ticket(server: LiveServer, **body: object) -> JSON:
    response = server.post("/api/quickmatch", {"game": "cribbage", "players": 2, **body})
    assert response.status_code == 201, response.text
    answer: JSON = response.json()
    return answer


def poll(server: LiveServer, ticket_id: str, until: str = "matched", wait: float = 15) -> JSON:
    deadline = time.monotonic() + wait
    while True:
        state: JSON = server.get(f"/api/quickmatch/{ticket_id}").json()
        if state["status"] == until:
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.1)


def test_quick_match_pairs_two_tickets_at_one_table(server: LiveServer) -> None:
    first = ticket(server, name="Ada")
    assert first["status"] == "waiting" and first["position"] == 1
    assert first["range"]["low"] < 25 < first["range"]["high"]
    second = ticket(server, name="Bea")
    assert second["status"] == "matched"  # matched as it arrived
    ada = poll(server, first["ticket"])
    assert ada["table"] == second["table"] and ada["seat"]["seat"] != second["seat"]["seat"]
    summary = server.summary(ada["table"])
    assert summary["status"] == "playing" and summary["options"]["rated"] is False
    assert sorted(s["name"] for s in summary["seats"]) == ["Ada", "Bea"]
    assert all(s["kind"] == "human" for s in summary["seats"])
    assert summary["options"]["public"] is False  # a quick match is nobody's to list
    gone = httpx.delete(f"{server.http}/api/quickmatch/{first['ticket']}", timeout=10)
    assert gone.status_code == 409 and gone.json()["code"] == "already_matched"


def test_bots_fill_the_seats_once_the_wait_is_over(server: LiveServer) -> None:
    began = time.monotonic()
    alone = ticket(server, game="nebraska", players=3, bots_after_s=1, name="Ada")
    assert alone["status"] == "waiting"
    matched = poll(server, alone["ticket"])
    assert time.monotonic() - began >= 1
    summary = server.summary(matched["table"])
    assert [s["kind"] for s in summary["seats"]].count("medio") == 2
    assert summary["options"]["rated"] is False


def test_leaving_the_queue_and_bad_tickets(server: LiveServer) -> None:
    waiting = ticket(server, game="burraco", players=4, name="Ada")
    left = httpx.delete(f"{server.http}/api/quickmatch/{waiting['ticket']}", timeout=10)
    assert left.status_code == 204
    assert server.get(f"/api/quickmatch/{waiting['ticket']}").status_code == 404
    bad = server.post("/api/quickmatch", {"game": "cribbage", "players": 5})
    assert bad.status_code == 422 and bad.json()["field"] == "players"
    bad = server.post("/api/quickmatch", {"game": "cribbage", "bots_after_s": -1})
    assert bad.status_code == 422 and bad.json()["field"] == "bots_after_s"


def test_the_websocket_tells_the_match_as_it_happens(server: LiveServer) -> None:
    first = ticket(server, game="novantanove", players=3, name="Ada")

    async def watch() -> list[JSON]:
        frames = []
        async with connect(f"{server.ws}/ws/quickmatch/{first['ticket']}") as ws:
            frames.append(json.loads(await ws.recv()))
            for name in ("Bea", "Cleo"):
                await asyncio.to_thread(ticket, server, game="novantanove", players=3,
                                        name=name)
            async for message in ws:
                frames.append(json.loads(message))
        return frames

    frames = asyncio.run(asyncio.wait_for(watch(), 20))
    assert frames[0]["type"] == "waiting" and frames[0]["position"] == 1
    assert frames[-1]["type"] == "matched" and frames[-1]["seat"]["token"]
    assert server.summary(frames[-1]["table"])["status"] == "playing"


def account(server: LiveServer, username: str) -> dict[str, str]:
    """A new account logged in: the headers of its requests (the session cookie, and this
    server's page as their origin). Made in the server's database directly: these tests are
    about finding a game, not about registering."""
    storage = SQLiteStorage(server.home / "mazzo.db")
    try:
        row = storage.create_account(username, "not-a-real-hash", time.time())
        token = secrets.token_urlsafe(32)
        storage.create_session(session_hash(token), row.id, time.time(), time.time() + 3600)
    finally:
        storage.close()
    return {"cookie": f"mazzo_session={token}", "origin": server.http}


def post_as(server: LiveServer, headers: dict[str, str], path: str, body: JSON
            ) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=10)


def test_a_rated_table_seats_accounts_only(server: LiveServer) -> None:
    ada, bea, cleo = (account(server, name) for name in ("Ada", "Bea", "Cleo"))
    made = post_as(server, ada, "/api/tables", {"game": "cribbage", "config": {"players": 3},
                                                "seats": ["human"] * 3, "public": True,
                                                "rated": True})
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    entry = listed(server)[table]
    assert entry["rated"] is True and entry["seats"][0]["name"] == "Ada"
    guest = server.post(f"/api/tables/{table}/join", {"name": "Dario"})
    assert guest.status_code == 401 and guest.json()["code"] == "account_needed"
    twice = post_as(server, ada, f"/api/tables/{table}/join", {})
    assert twice.status_code == 409 and twice.json()["code"] == "already_seated"
    for headers, name in ((bea, "Bea"), (cleo, "Cleo")):
        joined = post_as(server, headers, f"/api/tables/{table}/join", {})
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"]["name"] == name and joined.json()["rated"] is True
    summary = server.summary(table)
    assert summary["status"] == "playing" and summary["options"]["rated"] is True
    foreign = httpx.post(f"{server.http}/api/tables/{table}/join", json={},
                         headers={**bea, "origin": "https://elsewhere.example"}, timeout=10)
    assert foreign.status_code == 403  # the cookie is not taken from another site's page


def test_a_quick_match_of_accounts_is_rated_and_one_with_a_guest_is_not(
        server: LiveServer) -> None:
    ada, bea = account(server, "Ada2"), account(server, "Bea2")
    body = {"game": "nebraska", "players": 2}
    first = post_as(server, ada, "/api/quickmatch", body).json()
    second = post_as(server, bea, "/api/quickmatch", body).json()
    assert second["status"] == "matched", second
    summary = server.summary(second["table"])
    assert summary["options"]["rated"] is True
    assert sorted(s["name"] for s in summary["seats"]) == ["Ada2", "Bea2"]
    assert poll(server, first["ticket"])["table"] == second["table"]
    # one account's two devices never meet; a guest makes the table unrated
    again = post_as(server, ada, "/api/quickmatch", body).json()
    again_phone = post_as(server, ada, "/api/quickmatch", body).json()
    assert again_phone["status"] == "waiting"
    guest = ticket(server, game="nebraska", players=2, name="Cleo")
    assert guest["status"] == "matched"
    assert server.summary(guest["table"])["options"]["rated"] is False
    states = [server.get(f"/api/quickmatch/{t['ticket']}").json() for t in (again, again_phone)]
    assert sorted(s["status"] for s in states) == ["matched", "waiting"]
    assert guest["table"] in [s.get("table") for s in states]
