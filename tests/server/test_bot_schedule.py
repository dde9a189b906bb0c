"""The bot pool's own schedule: bot moves before hints, tables in turns, hints never on every
worker, and a job whose asker has gone never started."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from typing import Any

from mazzo.server.bots import HINT, MOVE, BotPool, Job, Schedule, default_workers


def _job(loop: asyncio.AbstractEventLoop, name: str) -> Job:
    return Job((name,), loop.create_future())


def _order(schedule: Schedule, kind: str) -> list[str]:
    out = []
    while (picked := schedule.next(kind)) is not None:
        out.append(picked[1].args[0])
    return out


def test_tables_take_turns_and_a_gone_asker_is_skipped() -> None:
    loop = asyncio.new_event_loop()
    try:
        schedule = Schedule()
        jobs = {name: _job(loop, name) for name in ("a1", "a2", "a3", "b1", "c1", "c2")}
        for name, job in jobs.items():
            schedule.add(MOVE, name[0], job)
        jobs["c1"].future.cancel()  # its asker went: dropped, never run
        assert schedule.waiting(MOVE) == 5
        # table a asked three times first, but b and c are not kept waiting behind a's bots
        assert _order(schedule, MOVE) == ["a1", "b1", "a2", "c2", "a3"]
    finally:
        loop.close()


class ThreadPool(BotPool):
    """The pool's schedule over threads: a job's work is a function of the test's."""

    def _new_executor(self) -> concurrent.futures.Executor:
        return concurrent.futures.ThreadPoolExecutor(max(1, self.workers))


def test_moves_go_before_hints_and_hints_never_take_every_worker() -> None:
    release = threading.Event()
    started: list[str] = []

    def work(name: str) -> int:
        started.append(name)
        if name.startswith("hint"):
            release.wait(10)  # a long esperto search
        return len(started)

    async def play() -> None:
        pool = ThreadPool(2, work=work)
        try:
            hints = [asyncio.ensure_future(pool.choose(f"hint{i}", table=f"t{i}", kind=HINT))
                     for i in range(4)]
            await asyncio.sleep(0.2)
            assert started == ["hint0"]  # one worker of two for hints: the other stays free
            assert pool.health()["queued_hints"] == 3
            begun = time.monotonic()
            await asyncio.wait_for(pool.choose("move", table="people", kind=MOVE), 5)
            assert time.monotonic() - begun < 1  # not behind any hint
            hints[1].cancel()  # its asker left: it must never start
            release.set()
            results = await asyncio.gather(*hints, return_exceptions=True)
            assert isinstance(results[1], asyncio.CancelledError)
            assert "hint1" not in started
            assert started[:2] == ["hint0", "move"]
        finally:
            release.set()
            pool.close()

    asyncio.run(play())


def test_a_lone_worker_starts_no_hint_while_a_move_runs() -> None:
    gate = threading.Event()
    started: list[str] = []

    def work(name: str) -> int:
        started.append(name)
        if name == "move1":
            gate.wait(10)
        return 0

    async def play() -> None:
        pool = ThreadPool(1, work=work)
        try:
            first = asyncio.ensure_future(pool.choose("move1", table="a"))
            await asyncio.sleep(0.05)
            hint = asyncio.ensure_future(pool.choose("hint", table="b", kind=HINT))
            second = asyncio.ensure_future(pool.choose("move2", table="c"))
            gate.set()
            await asyncio.gather(first, hint, second)
            assert started == ["move1", "move2", "hint"]  # the waiting move first
        finally:
            gate.set()
            pool.close()

    asyncio.run(play())


def test_the_default_pool_has_a_worker_per_core_and_at_least_two(monkeypatch: Any) -> None:
    assert default_workers() >= 2
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: set(range(16)), raising=False)
    assert default_workers() == 16
    pool = ThreadPool(16)
    try:
        assert pool.hint_workers == 8
    finally:
        pool.close()
