"""When a live server reveals the seeds of its shuffles: a seed fixes a whole deal, so in a game
whose rules keep some dealt cards hidden for good (poker's folded hands and draws) no seed may
reach anyone, seat or spectator, before the match is over; then all come at once, with the
record, and verify. A game whose rules show every card of a hand by its end (Novantanove) still
reveals each hand's seeds when that hand is over."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from mazzo.engine.game import JSON
from mazzo.server.fairness import commitment, verify_record

from live_server import LiveServer, Player, play_all

#: three poker hands: enough for hands to end while the match goes on
SHORT_POKER: JSON = {"players": 3, "max_hands": 3}
#: a Novantanove game to 100: two deals or more (a deal scores 9 tricks and a bonus of at most 90)
SHORT_NOVANTANOVE: JSON = {"players": 3, "target": 100}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--workers-bots", "1").start()
    yield live
    live.stop()


def play(server: LiveServer, game: str, config: JSON, seats: list[str]) -> tuple[str, list[Player]]:
    """Play a match to its end with a spectator watching (and a random player on each human
    seat); the table id and every client, the spectator last."""
    created = server.create({"game": game, "config": config, "seats": seats,
                             "options": {"bot_pause_s": 0}})
    table = created["table"]
    assert server.get(f"/api/tables/{table}/record").status_code == 409  # not over: no record
    players = [Player(s["ws"], seed=s["seat"]) for s in created["seats"] if "ws" in s]
    players.append(Player(f"{server.ws}/ws/tables/{table}", acts=False))
    asyncio.run(play_all(players, lambda: server.post(
        f"/api/tables/{table}/start", {"owner": created["owner"]}), timeout=180))
    return table, players


def seeds(frame: JSON) -> list[str]:
    return [c["seed"] for c in frame["commitments"] if c["seed"] is not None]


def test_poker_reveals_no_seed_before_the_match_is_over(server: LiveServer) -> None:
    table, clients = play(server, "poker_italiano", SHORT_POKER, ["human", "random", "random"])
    for client in clients:
        playing = [f for f in client.frames if f["status"] != "over"]
        leaked = [(f["version"], seeds(f)) for f in playing if seeds(f)]
        assert leaked == [], f"seeds sent before the end (seat {client.frames[0]['seat']})"
        final = client.frames[-1]
        # hands ended while the match went on: a per-hand reveal would have shown their seeds
        # (a client that reads slowly may be sent only the newest frame, so the final frame's
        # list, which has every hand, says how many there were)
        assert max(c["hand"] for c in final["commitments"]) > 1
        assert final["status"] == "over"
        assert all(c["seed"] is not None for c in final["commitments"])
        # nor anywhere else in a frame (its log, its view, its texts)
        revealed = {c["seed"] for c in final["commitments"]}
        assert not [f["version"] for f in playing
                    if any(seed in json.dumps(f) for seed in revealed)]
        assert all(commitment(bytes.fromhex(c["seed"])) == c["commitment"]
                   for c in final["commitments"])
        # nothing was swapped at the end: what was promised during the match is what came
        promised = {c["version"]: c["commitment"] for f in playing for c in f["commitments"]}
        assert promised.items() <= {c["version"]: c["commitment"]
                                    for c in final["commitments"]}.items()
    record = server.get(f"/api/tables/{table}/record").json()
    final = clients[-1].frames[-1]
    assert [{k: c[k] for k in ("version", "seed", "commitment")} for c in final["commitments"]] \
        == record["meta"]["chance"]
    assert verify_record(record) == len(final["commitments"])


def test_novantanove_reveals_each_hand_once_it_is_over(server: LiveServer) -> None:
    _, clients = play(server, "novantanove", SHORT_NOVANTANOVE, ["human", "random", "random"])
    frames = clients[-1].frames
    playing = [f for f in frames if f["status"] != "over"]
    for frame in playing:  # a seed comes out only once its hand is over
        hand = frame["view"]["hand_number"]
        assert all(c["hand"] < hand for c in frame["commitments"] if c["seed"] is not None)
    assert any(seeds(f) for f in playing), "no hand's seed came out while the match went on"
    assert all(c["seed"] is not None for c in frames[-1]["commitments"])
