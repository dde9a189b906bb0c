"""``POST /api/tables/{id}/review`` and ``GET .../review/{seat}``: a finished match's review is
computed in the bot pool, followed by its progress, stored once and answered from storage."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from fastapi import FastAPI

from mazzo.coach.review import decision_points
from mazzo.engine.game import JSON
from mazzo.server.review import reviews
from mazzo.server.storage.base import OVER

from in_process import manager_on, run, until

BOT_TABLE: JSON = {"game": "cribbage", "config": {"players": 2, "target": 61, "games_to_win": 1},
                   "seats": ["random", "random"], "start": True}


def test_a_review_is_computed_once_and_only_for_the_owner_or_the_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path) as manager:
            app = FastAPI()
            app.state.manager = manager
            app.include_router(reviews)
            table, owner, _ = await manager.create(dict(BOT_TABLE))
            await until(lambda: table.status == OVER)
            url = f"/api/tables/{table.id}/review"
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                refused = await client.post(url, json={"seat": 0, "token": "nope"})
                assert refused.status_code == 403 and refused.json()["code"] == "bad_token"
                bad_seat = await client.post(url, json={"seat": 2, "token": owner})
                assert bad_seat.json()["code"] == "bad_message"
                none = (await client.get(f"{url}/1", params={"token": owner})).json()
                assert none == {"status": "none"}
                started = (await client.post(url, json={"seat": 1, "token": owner})).json()
                assert started["status"] in ("running", "done")
                answers: list[JSON] = []

                async def poll() -> bool:
                    answers.append((await client.get(f"{url}/1",
                                                     params={"token": owner})).json())
                    return answers[-1]["status"] == "done"

                while not await poll():
                    assert answers[-1]["status"] == "running"
                    assert 0 <= answers[-1]["done"] <= answers[-1]["total"]
                    await asyncio.sleep(0.05)
                review = answers[-1]["review"]
                record = table.record()
                _, points = decision_points(record, 1)
                assert review["seat"] == 1 and len(review["decisions"]) == len(points)
                for decision, (version, _, action) in zip(review["decisions"], points,
                                                          strict=True):
                    assert decision["version"] == version
                    assert decision["chosen"] == action.to_json()
                assert manager.storage.load_review(table.id, 1) == review
                again = (await client.post(url, json={"seat": 1, "token": owner})).json()
                assert again == {"status": "done", "review": review}

    run(scenario, timeout=120)


def test_anyone_may_ask_for_the_review_of_any_seat_of_a_public_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with manager_on(tmp_path) as manager:
            app = FastAPI()
            app.state.manager = manager
            app.include_router(reviews)
            table, _, _ = await manager.create(dict(BOT_TABLE, public=True))
            assert table.row.options.get("public") is True
            await until(lambda: table.status == OVER)
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                for seat in (0, 1):
                    answer = await client.get(f"/api/tables/{table.id}/review/{seat}")
                    assert answer.status_code == 200 and answer.json() == {"status": "none"}

    run(scenario, timeout=120)
