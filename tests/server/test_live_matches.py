"""Whole matches of every game over real websockets against a live ``mazzo serve``: every seat
but the last played by a client choosing random legal moves, the last by a bot, a spectator
watching. Each frame must show exactly the engine's view at its version and no card its seat
could not have seen by then; the finished record must verify."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from mazzo.engine.record import replay
from mazzo.engine.registry import all_games, get_game
from mazzo.server.fairness import verify_record
from mazzo.server.protocol import cards_in

from live_server import LIVE_BACKENDS, LiveServer, Player, play_all, serve_db_args
from wire_secrecy import check_frames, views_by_version


@pytest.fixture(scope="module", params=LIVE_BACKENDS)
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--workers-bots", "1",
                      "--rate", "10000", "--burst", "10000",
                      *serve_db_args(request, request.param)).start()
    yield live
    live.stop()


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_whole_match_over_websockets_is_exact_and_leaks_nothing(server: LiveServer,
                                                                  game_id: str) -> None:
    game = get_game(game_id)
    config = game.test_configs()[0]
    n = config.players
    created = server.create({"game": game_id, "config": config.to_json(),
                             "seats": ["human"] * (n - 1) + ["random"]})
    table = created["table"]
    players = [Player(s["ws"], seed=s["seat"]) for s in created["seats"] if "ws" in s]
    spectator = Player(created["spectate_ws"], acts=False)

    def start() -> None:
        assert server.post(f"/api/tables/{table}/start", {"owner": created["owner"]}).is_success

    asyncio.run(play_all([*players, spectator], start))
    response = server.get(f"/api/tables/{table}/record")
    assert response.status_code == 200
    record = response.json()
    final = replay(record)  # replays exactly, with the recorded result
    assert final.is_terminal
    assert verify_record(record) == len(record["meta"]["chance"]) > 0
    seats: list[int | None] = [*range(n - 1), None]
    views = views_by_version(record, seats)
    every_card = {c for c in cards_in([*record["history"]])}
    every_card |= {t for v in views[-1].values() for t in cards_in(v)}
    for player, seat in zip([*players, spectator], seats, strict=True):
        assert player.frames[-1]["status"] == "over"
        assert player.frames[-1]["version"] == len(record["history"])
        check_frames(player, seat, views, every_card)
    # the commitments in the last frame are the record's, every seed revealed
    last = spectator.frames[-1]["commitments"]
    assert [(c["version"], c["commitment"], c["seed"]) for c in last] == [
        (c["version"], c["commitment"], c["seed"]) for c in record["meta"]["chance"]
    ]
