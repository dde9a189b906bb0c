"""Whole matches of every game over real websockets against a live ``mazzo serve``: every seat
but the last played by a client choosing random legal moves, the last by a bot, a spectator
watching. Each frame must show exactly the engine's view at its version and no card its seat
could not have seen by then; the finished record must verify."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest

from mazzo.engine.game import JSON
from mazzo.engine.record import replay
from mazzo.engine.registry import all_games, get_game
from mazzo.server.fairness import verify_record
from mazzo.server.protocol import cards_in

from conftest import LIVE_BACKENDS, serve_db_args
from live_server import LiveServer, Player, play_all

WILD_STANDS_FOR = re.compile(r"\(=[^)]*\)")


@pytest.fixture(scope="module", params=LIVE_BACKENDS)
def server(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("home"), "--workers-bots", "1",
                      "--rate", "10000", "--burst", "10000",
                      *serve_db_args(request, request.param)).start()
    yield live
    live.stop()


def views_by_version(record: JSON, seats: list[int | None]) -> list[dict[int | None, JSON]]:
    """The engine's own view of every seat at every version of the finished record."""
    game = get_game(record["game"])
    state = game.new_match(game.config_class.from_json(record["config"]))
    out = [{s: state.view(s) for s in seats}]
    for data in record["history"]:
        state.apply(game.action_from_json(data))
        out.append({s: state.view(s) for s in seats})
    return out


def texts_in(data: object) -> list[str]:
    if isinstance(data, dict):
        return [t for k, v in data.items() for t in ([v] if k == "text" and isinstance(v, str)
                                                   else texts_in(v))]
    if isinstance(data, list):
        return [t for item in data for t in texts_in(item)]
    return []


def check_frames(player: Player, seat: int | None, views: list[dict[int | None, JSON]],
                 every_card: set[str]) -> None:
    seen: set[str] = set()
    seen_upto: list[set[str]] = []
    for by_seat in views:
        seen |= cards_in(by_seat[seat])
        seen_upto.append(set(seen))
    for frame in player.frames:
        version = frame["version"]
        assert frame["seat"] == seat
        assert frame["view"] == views[version][seat], f"seat {seat} v{version}: not the view"
        leaked = cards_in(frame) - seen_upto[version]
        assert not leaked, f"seat {seat} v{version}: frame shows unseen cards {leaked}"
        hidden = every_card - seen_upto[version]
        known = sorted(seen_upto[version], key=len, reverse=True)
        for text in texts_in(frame):
            # "(=J♦)" after a wild card says which rank and suit it stands for, not a card
            text = WILD_STANDS_FOR.sub("", text)
            for token in known:
                text = text.replace(token, "")
            named = {c for c in hidden if c in text}
            assert not named, f"seat {seat} v{version}: text {text!r} names {named}"
        if seat is None:
            assert frame["legal"] == []


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
