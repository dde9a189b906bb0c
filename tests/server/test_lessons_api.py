"""The lesson API: every lesson played through HTTP by its suggested moves, each frame holding
no card of another seat's hand that the learner's view does not show; bad moves refused with
the reason, the lesson unchanged."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from mazzo.engine.game import JSON
from mazzo.engine.registry import all_games
from mazzo.server import lessons


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = FastAPI()
    app.include_router(lessons.router)
    with TestClient(app) as test_client:
        yield test_client


def hidden_cards(app: FastAPI, frame: JSON) -> set[str]:
    """The cards in the other seats' hands now that the learner's view does not show. Texts
    name a card without its copy mark (Burraco's 7♥ and 7♥'), so a card whose twin the
    learner sees cannot be told apart in them and is left out."""
    play = app.state.lessons.by_id[frame["id"]].play
    mine = json.dumps(play.view(), ensure_ascii=False)
    hidden: set[str] = set()
    for seat in range(play.state.num_players):
        if seat != play.seat:
            hidden.update(token.rstrip("'") for token in play.state.view(seat).get("hand", [])
                          if not named(token.rstrip("'"), mine))
    return hidden


def named(card: str, text: str) -> bool:
    """Whether ``text`` names ``card`` (either copy; not a longer name containing it, nor the
    card a wild stands for, "2♦'(=7♥)")."""
    return re.search(rf"(?<![0-9A-Za-z=]){re.escape(card)}(?![0-9A-Za-z])", text) is not None


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_lesson_played_through_the_api_shows_no_hidden_card(client: TestClient,
                                                              game_id: str) -> None:
    app = client.app
    assert isinstance(app, FastAPI)
    response = client.post(f"/api/lessons/{game_id}?lang=it")
    assert response.status_code == 201
    frame = response.json()
    moves = 0
    while not frame["over"]:
        text = json.dumps(frame, ensure_ascii=False)
        leaked = [t for t in hidden_cards(app, frame) if named(t, text)]
        assert not leaked, leaked
        assert frame["why"] and frame["phase"] and frame["table"]
        move = frame["legal"][frame["suggested"]]["action"]
        response = client.post(f"/api/lessons/{game_id}/{frame['id']}/move?lang=it",
                               json={"action": move})
        assert response.status_code == 200, response.text
        frame = response.json()
        assert frame["said"] == "È la mossa che la lezione suggerisce."
        moves += 1
    assert moves == len(app.state.lessons.by_id[frame["id"]].play.lesson.why)
    assert frame["closing"] and frame["sheet"] and frame["legal"] == []


def test_bad_moves_are_refused_and_change_nothing(client: TestClient) -> None:
    frame = client.post("/api/lessons/cribbage").json()
    url = f"/api/lessons/cribbage/{frame['id']}/move"
    refused = client.post(url, json={"action": {"type": "discard", "cards": ["A♦", "A♦"]}})
    assert refused.status_code in (409, 422)
    assert client.post(url, json={"nothing": 1}).status_code == 422
    assert client.post(url, content=b"{").status_code == 422
    assert client.post("/api/lessons/cribbage/nosuch/move", json={}).status_code == 404
    assert client.post("/api/lessons/nosuch").status_code == 404
    move = frame["legal"][frame["suggested"]]["action"]
    assert client.post(url, json={"action": move}).status_code == 200


def test_another_move_is_priced(client: TestClient) -> None:
    frame = client.post("/api/lessons/poker_italiano").json()
    fold = next(m for m in frame["legal"] if m["action"]["type"] == "fold")
    after = client.post(f"/api/lessons/poker_italiano/{frame['id']}/move",
                        json={"action": fold["action"]}).json()
    assert "gives up" in after["said"] and not after["scripted"]
