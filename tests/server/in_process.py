"""A table manager in the test process (on SQLite, bots in a thread) and the helpers to run
scenarios against it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from mazzo.server.bots import BotPool
from mazzo.server.storage.sqlite import SQLiteStorage
from mazzo.server.tables import FORGET_AFTER_S, TableManager

T = TypeVar("T")


@asynccontextmanager
async def manager_on(path: Path, forget_after: float = FORGET_AFTER_S,
                     pool: BotPool | None = None) -> AsyncIterator[TableManager]:
    """A manager on a new SQLite database in ``path``; ``pool`` (closed after) plays the bots,
    by default in a thread: random bots are quick. Tables of bots only are allowed (as
    ``mazzo serve --allow-bot-tables`` does): the scenarios play whole matches unattended."""
    storage = SQLiteStorage(path / "mazzo.db")
    storage.migrate()
    pool = pool or BotPool(0)
    manager = TableManager(storage, pool, bot_pause=0.0, forget_after=forget_after,
                           bot_tables=True)
    try:
        yield manager
    finally:
        await manager.close()
        pool.close()
        storage.close()


def run(make: Callable[[], Awaitable[T]], timeout: float = 30) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(make(), timeout)
    return asyncio.run(bounded())


async def until(check: Callable[[], bool], timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.02)
