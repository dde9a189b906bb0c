"""Bots play server-side in a process pool, so a search move (~1 s of CPU) never blocks the
event loop. A worker gets only plain data and rebuilds the state by replay."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import random
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Turn
from mazzo.engine.game import JSON
from mazzo.engine.registry import get_game
from mazzo.processes import end_with_parent

log = logging.getLogger("mazzo.server")


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


class BotPool:
    """Runs :func:`choose_action` in ``workers`` processes (0: in a thread, for debugging).

    A worker that dies (killed for memory, say) breaks a process pool for good; the pool is then
    made again and the move asked once more, so that no table stops moving for it. A server
    that dies takes its workers with it (:func:`mazzo.processes.end_with_parent`)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor = self._new_executor()

    def _new_executor(self) -> concurrent.futures.Executor:
        if self.workers > 0:
            context = multiprocessing.get_context("forkserver")
            return concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=end_with_parent)
        return concurrent.futures.ThreadPoolExecutor(1)

    async def choose(self, *args: Any) -> int:
        loop = asyncio.get_running_loop()
        executor = self._executor
        try:
            return await loop.run_in_executor(executor, choose_action, *args)
        except BrokenProcessPool:
            if self._executor is executor:  # the first to find it broken makes a new one
                log.warning("a bot worker died: starting the bot processes again")
                executor.shutdown(wait=False, cancel_futures=True)
                self._executor = self._new_executor()
            return await loop.run_in_executor(self._executor, choose_action, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
