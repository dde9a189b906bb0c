"""The server's bot processes: a worker that dies is replaced, and the move it owed is made; a
bot move that fails in a way nobody foresaw is asked again later, so the table plays on; a
server that dies leaves no bot process behind."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from mazzo.engine.registry import get_game
from mazzo.server import play as table_play
from mazzo.server.bots import BotPool
from mazzo.server.storage.base import OVER
from process_tree import assert_all_end, wait_for_descendants

from in_process import manager_on, run, until
from live_server import LiveServer


def _ask(pool: BotPool) -> int:
    """A medio move of cribbage's first decision (the deal's chance moves played first)."""
    game = get_game("cribbage")
    state = game.new_match()
    rng = random.Random(3)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    history = [a.to_json() for a in state.history]
    config = state.config.to_json()
    return asyncio.run(pool.choose("cribbage", config, history, state.current_player, "medio", 7))


def test_a_killed_worker_is_replaced_and_the_move_made() -> None:
    pool = BotPool(1)
    try:
        first = _ask(pool)  # the first move starts the worker
        workers = list(pool._executor._processes)  # type: ignore[attr-defined]
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        again = _ask(pool)  # the broken pool is made again, and the move asked once more
        assert again == first  # the same seed and history: the same move
        assert set(pool._executor._processes).isdisjoint(workers)  # type: ignore[attr-defined]
    finally:
        pool.close()


class FailingFirst(BotPool):
    """Bot moves in a thread, the first ``failures`` of which fail as no known failure does
    (not a dead worker, which the pool itself recovers from)."""

    def __init__(self, failures: int) -> None:
        super().__init__(0)
        self.failures = failures

    async def choose(self, *args: Any, **kwargs: Any) -> int:
        if self.failures:
            self.failures -= 1
            raise RuntimeError("a bot failure nobody foresaw")
        return await super().choose(*args, **kwargs)


def test_a_table_whose_bot_move_failed_tries_again_and_plays_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose driver met an unforeseen error used to stop for good: with a bot to move,
    nothing a person could do would start it again."""
    monkeypatch.setattr(table_play, "DRIVER_RETRY_S", (0.05, 0.2))

    async def play() -> str:
        async with manager_on(tmp_path, pool=FailingFirst(4)) as manager:
            table, _, _ = await manager.create({
                "game": "cribbage", "config": {"players": 2, "target": 61, "games_to_win": 1},
                "seats": ["random", "random"], "start": True})
            await until(lambda: table.status == OVER)
            return table.status

    with caplog.at_level(logging.ERROR, logger="mazzo.server"):
        assert run(play) == OVER
    waits = [r.getMessage().rsplit("again in ", 1)[1] for r in caplog.records
             if "stopped moving" in r.getMessage()]
    assert waits == ["0.05 s", "0.1 s", "0.2 s", "0.2 s"]  # longer each time, up to the most


def test_a_server_killed_9_leaves_no_bot_process_behind(tmp_path: Path) -> None:
    """Killed without a chance to clean up (kill -9, the out-of-memory killer), the server
    used to leave its bot worker, the forkserver it came from and their resource tracker
    running for good; each crash of a supervised server added three."""
    server = LiveServer(tmp_path, "--workers-bots", "1", "--allow-bot-tables").start()
    try:
        assert server.process is not None
        server.create({"game": "cribbage", "config": {"players": 2, "target": 61,
                                                      "games_to_win": 1},
                       "seats": ["medio", "medio"], "start": True})
        started = wait_for_descendants(server.process.pid, 3)  # tracker, forkserver, worker
        server.kill9()
        assert_all_end(started)
    finally:
        server.stop()
