"""Bots play server-side in a process pool, so a search move (~1 s of CPU) never blocks the
event loop. A worker gets only plain data and rebuilds the state by replay.

The pool schedules its work itself rather than queueing it in the executor: a job is handed
to a worker only when one is free, so what waits can still be ordered and dropped. Bot moves
(people are waiting for them) always go before hints, tables take turns so that no table's
bots hold up another's, hints may never take every worker, and a job whose asker has gone is
dropped before it starts."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import multiprocessing
import os
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Turn
from mazzo.engine.game import JSON
from mazzo.engine.registry import get_game
from mazzo.processes import end_with_parent

log = logging.getLogger("mazzo.server")

#: the two kinds of work, in the order they are served
MOVE: Final = "move"
HINT: Final = "hint"


def choose_action(game_id: str, config: JSON, history: list[JSON], seat: int, level: str,
                  seed: int) -> int:
    """The index in ``legal_actions()`` that a ``level`` bot plays for ``seat`` (in a worker)."""
    game = get_game(game_id)
    state = game.new_match(game.config_class.from_json(config))
    for data in history:
        state.apply(game.action_from_json(data))
    if state.current_player != seat:
        raise ValueError(f"seat {seat} is not to move")
    legal = state.legal_actions()
    rng = random.Random(seed)
    agent = make_agent(game, level, seed)
    action = agent.act(Turn(seat, state.view(seat), legal, rng, state))
    return legal.index(action)


def default_workers() -> int:
    """One bot process per core this process may run on, and at least two, so that a hint
    (which may use only part of the pool) never leaves people's bots without a worker."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cores = os.cpu_count() or 1
    return max(2, cores)


@dataclasses.dataclass(eq=False)
class Job:
    """One bot decision waiting for (or given to) a worker."""

    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    #: handed to a worker again after its worker died
    retried: bool = False
    #: what the worker runs on ``args`` (None: the pool's own work, a bot's move)
    work: Callable[..., Any] | None = None


class Schedule:
    """What waits for a worker: per kind, a queue per table, served in turns (the table served
    last goes to the back). Pure bookkeeping, no I/O, so the order is testable on its own."""

    def __init__(self) -> None:
        self.queues: dict[str, OrderedDict[str, deque[Job]]] = {MOVE: OrderedDict(),
                                                                HINT: OrderedDict()}

    def add(self, kind: str, table: str, job: Job, first: bool = False) -> None:
        queue = self.queues[kind].setdefault(table, deque())
        if first:
            queue.appendleft(job)
            self.queues[kind].move_to_end(table, last=False)
        else:
            queue.append(job)

    def waiting(self, kind: str) -> int:
        """Jobs of ``kind`` waiting whose asker is still there."""
        return sum(not job.future.done() for queue in self.queues[kind].values()
                   for job in queue)

    def next(self, kind: str) -> tuple[str, Job] | None:
        """The next job of ``kind`` to run and its table, or None; jobs whose asker has gone
        (their future cancelled) are dropped on the way."""
        tables = self.queues[kind]
        while tables:
            table, queue = next(iter(tables.items()))
            job = queue.popleft()
            if queue:
                tables.move_to_end(table)  # its next job waits for every other table's turn
            else:
                del tables[table]
            if not job.future.done():
                return table, job
        return None


class BotPool:
    """Runs :func:`choose_action` in ``workers`` processes (0: in a thread, for debugging;
    None: :func:`default_workers`).

    At most ``hint_workers`` of them compute hints at once (half the pool, and with a single
    worker only while no move waits), so people's bots always find a worker soon.

    A worker that dies (killed for memory, say) breaks a process pool for good; the pool is then
    made again and the move asked once more, so that no table stops moving for it. A server
    that dies takes its workers with it (:func:`mazzo.processes.end_with_parent`)."""

    def __init__(self, workers: int | None = 1,
                 work: Callable[..., int] = choose_action,
                 thought: Callable[[str, float], None] | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        #: jobs run at once: one per process (one thread when there are none)
        self.slots = max(1, self.workers)
        self.hint_workers = max(1, self.slots // 2)
        self._work = work
        self._executor = self._new_executor()
        self.schedule = Schedule()
        self.running = {MOVE: 0, HINT: 0}
        self.closed = False
        #: told each job's kind and the seconds its worker took (the metrics' think time)
        self.thought = thought

    def _new_executor(self) -> concurrent.futures.Executor:
        if self.workers > 0:
            context = multiprocessing.get_context("forkserver")
            return concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=end_with_parent)
        return concurrent.futures.ThreadPoolExecutor(1)

    async def choose(self, *args: Any, table: str = "", kind: str = MOVE) -> int:
        """The bot's decision for ``args`` (see :func:`choose_action`), for ``table``'s
        ``kind`` of work. Cancelling the caller drops the job if it has not started."""
        job = Job(args, asyncio.get_running_loop().create_future())
        self.schedule.add(kind, table, job)
        self._dispatch()
        index: int = await job.future  # a cancelled caller cancels the future: it is skipped
        return index

    async def run(self, work: Callable[..., Any], *args: Any, table: str = "",
                  kind: str = HINT) -> Any:
        """``work(*args)`` in a worker, as a job of ``kind`` (by default one with the hints'
        place: after every bot move, on part of the pool); ``work`` must be a module-level
        function and ``args`` plain data, for the worker process to receive them."""
        job = Job(args, asyncio.get_running_loop().create_future(), work=work)
        self.schedule.add(kind, table, job)
        self._dispatch()
        return await job.future

    def health(self) -> JSON:
        return {"workers": self.workers, "running_moves": self.running[MOVE],
                "running_hints": self.running[HINT],
                "queued_moves": self.schedule.waiting(MOVE),
                "queued_hints": self.schedule.waiting(HINT)}

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers: moves first, then hints within their share."""
        while not self.closed and self.running[MOVE] + self.running[HINT] < self.slots:
            picked = self.schedule.next(MOVE)
            kind = MOVE
            if picked is None and self._hint_may_start():
                picked, kind = self.schedule.next(HINT), HINT
            if picked is None:
                return
            self._start(kind, *picked)

    def _hint_may_start(self) -> bool:
        if self.running[HINT] >= self.hint_workers:
            return False
        # the one worker of a small pool: a long search now would hold up the next bot move
        return self.slots > 1 or self.running[MOVE] == 0

    def _start(self, kind: str, table: str, job: Job) -> None:
        self.running[kind] += 1
        executor = self._executor
        started = time.perf_counter()
        try:
            done = asyncio.wrap_future(executor.submit(job.work or self._work, *job.args))
        except (BrokenProcessPool, RuntimeError) as exc:  # broken before this submit
            done = asyncio.get_running_loop().create_future()
            done.set_exception(BrokenProcessPool(str(exc)))
        done.add_done_callback(
            lambda result: self._finished(kind, table, job, executor, result, started))

    def _finished(self, kind: str, table: str, job: Job,
                  executor: concurrent.futures.Executor, result: asyncio.Future[Any],
                  started: float) -> None:
        self.running[kind] -= 1
        error = result.exception() if not result.cancelled() else None
        if error is None and not result.cancelled() and self.thought is not None:
            self.thought(kind, time.perf_counter() - started)
        if isinstance(error, BrokenProcessPool) and not job.retried and not self.closed:
            self._renew(executor)
            job.retried = True
            self.schedule.add(kind, table, job, first=True)  # asked once more, first in line
        elif not job.future.done():
            if result.cancelled():
                job.future.cancel()
            elif error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(result.result())
        self._dispatch()

    def _renew(self, executor: concurrent.futures.Executor) -> None:
        """A worker died: the first job to find the pool broken makes a new one."""
        if self._executor is executor:
            log.warning("a bot worker died: starting the bot processes again")
            executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()

    def close(self) -> None:
        """Stop now. A search still running is abandoned rather than waited for (a Burraco
        esperto search can take tens of seconds, and the interpreter's exit would wait for
        it): its move is asked again when the table is next served. Joining the stopped
        workers also frees the pool's semaphores, which were otherwise reported leaked."""
        self.closed = True
        executor = self._executor
        # taken first: shutdown forgets them. A thread pool has none
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        executor.shutdown(wait=True)
