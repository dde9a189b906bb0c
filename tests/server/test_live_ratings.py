"""Rated tables end to end on a live server: a rated two-player cribbage match played over
websockets moves both players' ratings and the leaderboard; a player who leaves and is not back
within the grace period loses; the profile lists the matches with their replays. The tables
are put in the database before the server starts, as a rated table is stored once made (the
making of one is the open tables' part of the API)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from mazzo.server.storage.base import SeatRow, TableRow, open_storage
from mazzo.server.table import token_hash

from live_server import LiveServer, Player, play_all

#: a short cribbage match: one game to 61 (the rules are what is rated, not the length)
SHORT = {"players": 2, "target": 61, "games_to_win": 1}
NAMES = ("ada", "bea")


def _table(home: Path, table_id: str, grace_s: float) -> None:
    """A rated table of the two accounts, waiting, with seat tokens ``<id>-0``, ``<id>-1``
    and the owner's ``<id>-owner``."""
    storage = open_storage(f"sqlite:///{home / 'mazzo.db'}")
    try:
        accounts = [storage.account_by_username(n) or storage.create_account(n, "h", 1.0)
                    for n in NAMES]
        seats = tuple(SeatRow(s, "human", NAMES[s], token_hash(f"{table_id}-{s}"),
                              accounts[s].id) for s in range(2))
        storage.create_table(TableRow(
            id=table_id, game="cribbage", config=SHORT, seats=seats,
            owner_hash=token_hash(f"{table_id}-owner"),
            options={"rated": True, "grace_s": grace_s, "bot_pause_s": 0.0}, created=1.0))
    finally:
        storage.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    home = tmp_path_factory.mktemp("home")
    _table(home, "rated1", grace_s=60.0)
    _table(home, "rated2", grace_s=0.2)
    live = LiveServer(home, "--rate", "10000", "--burst", "10000").start()
    yield live
    live.stop()


def _players(server: LiveServer, table: str, **seat1: object) -> list[Player]:
    return [Player(f"{server.ws}/ws/tables/{table}?token={table}-0", seed=1),
            Player(f"{server.ws}/ws/tables/{table}?token={table}-1", seed=2, **seat1)]


def _start(server: LiveServer, table: str) -> None:
    response = server.post(f"/api/tables/{table}/start", {"owner": f"{table}-owner"})
    assert response.status_code == 200, response.text


def _board(server: LiveServer) -> dict[str, dict[str, object]]:
    rows = server.get("/api/leaderboard/cribbage").json()
    return {row["username"]: row for row in rows}


def test_a_rated_match_moves_both_ratings_and_the_leaderboard(server: LiveServer) -> None:
    assert _board(server) == {}
    players = _players(server, "rated1")
    asyncio.run(play_all(players, start=lambda: _start(server, "rated1"), timeout=60))
    result = server.summary("rated1")["result"]
    winner = NAMES[result.index(1.0)]
    board = _board(server)
    assert set(board) == set(NAMES)
    assert all(row["matches"] == 1 and row["provisional"] for row in board.values())
    assert next(iter(board)) == winner  # best first
    loser = next(n for n in NAMES if n != winner)
    assert board[winner]["rating"] > board[loser]["rating"]  # type: ignore[operator]
    profile = server.get(f"/api/players/{winner}").json()
    (cribbage,) = profile["games"]
    assert (cribbage["matches"], cribbage["wins"]) == (1, 1)
    assert [p["table"] for p in cribbage["history"]] == ["rated1"]
    assert profile["recent"][0]["replay"] == "/replay/rated1"
    assert server.get("/replay/rated1").status_code == 200
    assert server.get(f"/players/{winner}").status_code == 200
    assert server.get("/leaderboard/cribbage").status_code == 200


def test_a_player_away_past_the_grace_period_loses(server: LiveServer) -> None:
    before = {n: r["matches"] for n, r in _board(server).items()}
    # bea leaves after the first moves; the stand-in plays her seat, and she loses whatever
    # the stand-in makes of it
    players = _players(server, "rated2", stop_at_version=4)
    asyncio.run(play_all(players, start=lambda: _start(server, "rated2"), timeout=60))
    deadline = time.monotonic() + 30  # the stand-in plays bea's seat to the end
    while server.summary("rated2")["status"] != "over":
        assert time.monotonic() < deadline, "the stand-in did not finish the match"
        time.sleep(0.05)
    profile = server.get("/api/players/bea").json()
    last = profile["games"][0]["history"][-1]
    assert (last["table"], last["place"], last["won"]) == ("rated2", 1, False)
    board = _board(server)
    assert {n: r["matches"] for n, r in board.items()} == {n: m + 1 for n, m in before.items()}


def test_unknown_games_and_players_are_said_so(server: LiveServer) -> None:
    response = server.get("/api/leaderboard/chess?lang=it")
    assert response.status_code == 404 and "chess" in response.json()["message"]
    assert server.get("/api/players/nobody").status_code == 404
    assert server.get("/api/leaderboard/cribbage?limit=0").status_code == 422
    bots = httpx.get(f"{server.http}/api/bot-ratings", timeout=10).json()
    assert bots["cribbage"]["medio"] == 1500
