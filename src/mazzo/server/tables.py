"""Tables: one authoritative ``State`` each, its seats and connections, and the loop that plays
chance and bots. Every accepted action is stored before any frame about it is sent.

:class:`TableManager` is every table of a server process, in four parts along its seams:
:mod:`~mazzo.server.lifecycle` (loading, claiming, forgetting), :mod:`~mazzo.server.creation`
(new tables, rematches, tokens), :mod:`~mazzo.server.table_chat` (the tables' chat) and
:mod:`~mazzo.server.play` (connections, messages, moves and broadcasts);
:mod:`~mazzo.server.table` is one table in memory and its frames.
"""

from __future__ import annotations

import asyncio

from mazzo.server.bots import BotPool
from mazzo.server.creation import TableCreation
from mazzo.server.history import LogCache
from mazzo.server.lifecycle import FORGET_AFTER_S, WAITING_EXPIRY_S, TableLifecycle
from mazzo.server.play import HINT_COOLDOWN_S, TablePlay
from mazzo.server.storage.base import Storage
from mazzo.server.storage.group import GroupCommit
from mazzo.server.table import OPTIONS, BadRequest, ChanceEntry, Client, Elsewhere, Table
from mazzo.server.watch import Metrics

# the names the server's other modules, its tests and benchmarks import from here
__all__ = ["FORGET_AFTER_S", "HINT_COOLDOWN_S", "OPTIONS", "WAITING_EXPIRY_S", "BadRequest",
           "ChanceEntry", "Elsewhere", "Table", "TableCreation", "TableLifecycle", "TableManager",
           "TablePlay"]


class TableManager(TablePlay):
    """Every table of this server process, and the moves of chance, bots and people."""

    def __init__(self, storage: Storage, bots: BotPool, *, bot_pause: float = 0.6,
                 grace: float = 60.0, url: str = "",
                 forget_after: float = FORGET_AFTER_S,
                 hint_cooldown: float = HINT_COOLDOWN_S,
                 bot_tables: bool = False,
                 waiting_expiry: float = WAITING_EXPIRY_S,
                 metrics: Metrics | None = None) -> None:
        self.storage = storage
        #: where this process is reached: other processes send clients of our tables here
        self.url = url
        self.bots = bots
        self.defaults = {"bot_pause_s": bot_pause, "grace_s": grace}
        self.tables: dict[str, Table] = {}
        self.committer = GroupCommit(storage)
        #: the seats' logs for (re)connecting clients, replayed incrementally
        self.logs = LogCache()
        #: seconds a finished table stays in memory with nobody connected
        self.forget_after = forget_after
        #: finished tables dropped from memory since the start
        self.forgotten = 0
        self.hint_cooldown = hint_cooldown
        #: whether a table may have no person at all (``mazzo serve --allow-bot-tables``): a
        #: table of bots only is work for the bot pool that nobody is there to watch
        self.bot_tables = bot_tables
        #: each client's hint being computed: cancelled when the client goes
        self._hints: dict[Client, asyncio.Task[None]] = {}
        #: seconds after which a table never started that nobody joined is deleted (0: never)
        self.waiting_expiry = waiting_expiry
        #: such tables deleted since the start
        self.expired = 0
        #: what /metrics reports of this process (a registry of its own when none is given)
        self.metrics = metrics or Metrics()
