"""The Nebraska notes endpoint cannot hold the server up. Against a live ``mazzo serve``: views
far larger than any the game deals (thousands of cards, just under the websocket's 64 KB) are
posted many at once, while another client asks ``/api/health``: every answer comes at once,
each oversized view is refused with a reason, and the largest view the game allows still gets
its notes."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx

from mazzo.engine.game import JSON, card_token
from mazzo.games.nebraska.actions import DECK

from live_server import LiveServer

#: seconds: a health check slower than this waited for the notes computations (the forty
#: views held the old server's event loop 3.6 s here; a health check takes a few ms, and some
#: tenths on a machine busy with other tests)
PROMPT = 1.5
#: oversized views posted at once
FLOOD = 40

TOKENS = [card_token(c) for c in DECK]


def view(hand: int, common: int = 5) -> JSON:
    return {"hand": [TOKENS[i % len(TOKENS)] for i in range(hand)],
            "common": TOKENS[-common:] if common else [], "variant": "poker", "hands": []}


def near_limit_body() -> bytes:
    """A view with as many cards as fit under 64 KB (what the server took before)."""
    hand = 5000
    while len(body := json.dumps({"view": view(hand), "lang": "en"}).encode()) >= 63_000:
        hand -= 100
    return body


async def health_latencies(base: str, stop: asyncio.Event) -> list[float]:
    latencies = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        await client.get("/api/health")  # the connection made: only the answers are timed
        while not stop.is_set():
            started = time.monotonic()
            response = await client.get("/api/health")
            assert response.status_code == 200
            latencies.append(time.monotonic() - started)
            await asyncio.sleep(0.02)
    return latencies


async def flood(base: str, body: bytes) -> list[httpx.Response]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        return list(await asyncio.gather(*(
            client.post("/api/games/nebraska/notes", content=body,
                        headers={"Content-Type": "application/json"})
            for _ in range(FLOOD))))


async def measure(base: str, body: bytes) -> tuple[list[float], list[httpx.Response]]:
    stop = asyncio.Event()
    watcher = asyncio.create_task(health_latencies(base, stop))
    await asyncio.sleep(0.1)
    try:
        responses = await flood(base, body)
    finally:
        await asyncio.sleep(0.1)
        stop.set()
    return await watcher, responses


def test_oversized_views_are_refused_and_nobody_waits(tmp_path: Path) -> None:
    live = LiveServer(tmp_path).start()
    try:
        body = near_limit_body()
        latencies, responses = asyncio.run(measure(live.http, body))
        assert max(latencies) < PROMPT, f"health took {max(latencies):.2f} s during the flood"
        assert {r.status_code for r in responses} <= {413, 422}, responses[0].text
        assert all(r.json()["message"] for r in responses)
    finally:
        live.stop()


def test_a_view_with_too_many_cards_is_refused_with_the_limit(tmp_path: Path) -> None:
    live = LiveServer(tmp_path).start()
    try:
        response = live.post("/api/games/nebraska/notes", {"view": view(11), "lang": "en"})
        assert response.status_code == 422
        assert "hand: 11 cards" in response.json()["message"]
        response = live.post("/api/games/nebraska/notes", {"view": view(10, 6), "lang": "en"})
        assert response.status_code == 422
        assert "common: 6 cards" in response.json()["message"]
    finally:
        live.stop()


def test_the_largest_view_the_game_deals_gets_its_notes(tmp_path: Path) -> None:
    live = LiveServer(tmp_path).start()
    try:
        response = live.post("/api/games/nebraska/notes", {"view": view(10), "lang": "it"})
        assert response.status_code == 200, response.text
        notes = response.json()
        assert notes["lines"] and set(notes["cards"]) <= set(view(10)["hand"])
    finally:
        live.stop()
