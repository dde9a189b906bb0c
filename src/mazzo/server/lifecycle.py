"""The lifecycle of the tables a server process holds: loading and claiming them (a table is
served by one process at a time), taking over those whose process stopped, reloading after a
storage error, letting go of tables another process took, forgetting idle ones and deleting
those nobody joined. :class:`TableLifecycle` is the first part of ``TableManager``."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Final, TypeVar

from mazzo.engine.game import Event
from mazzo.server.bots import BotPool
from mazzo.server.history import LogCache
from mazzo.server.protocol import CLOSE_RECONNECT, ProtocolError
from mazzo.server.ratings import settle
from mazzo.server.storage.base import (
    OVER,
    WAITING,
    NotOwner,
    Storage,
    StorageError,
    StorageUnavailable,
    UnknownTable,
)
from mazzo.server.storage.group import GroupCommit
from mazzo.server.table import LOG_INLINE_ACTIONS, Client, Elsewhere, Table, replay_table
from mazzo.server.watch import Metrics
from mazzo.text import plural

log = logging.getLogger("mazzo.server")
T = TypeVar("T")

#: what a table id may be: every id is ``secrets.token_urlsafe(9)`` (12 characters of these)
TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: an idle table (nothing running, nobody connected, not asked for) this long is dropped from
#: memory (``mazzo serve --forget-after``); it is loaded from storage again when asked for
FORGET_AFTER_S: Final = 600.0
#: the sweep for such tables runs every quarter of that time, within these bounds (seconds)
SWEEP_EVERY_S: Final = (0.1, 30.0)
#: the sweep lets the event loop run other work after every this many tables it checked
SWEEP_BATCH: Final = 100
#: a table never started that no player and not the owner joined is deleted this long after
#: it was made (``mazzo serve --waiting-expiry``; 0: never): links made and never used
WAITING_EXPIRY_S: Final = 86_400.0
#: the sweep for them runs every quarter of that time, within these bounds (seconds), and
#: deletes at most this many tables each time
EXPIRE_EVERY_S: Final = (0.1, 600.0)
EXPIRE_BATCH: Final = 1000


class TableLifecycle:
    """Which tables this process serves, from loading to forgetting (``TableManager``'s first
    part; the creation and play parts build on it)."""

    # what every part of the manager shares; ``TableManager.__init__`` sets them
    storage: Storage
    url: str
    bots: BotPool
    defaults: dict[str, float]
    tables: dict[str, Table]
    committer: GroupCommit
    logs: LogCache
    forget_after: float
    forgotten: int
    hint_cooldown: float
    bot_tables: bool
    waiting_expiry: float
    expired: int
    metrics: Metrics
    _hints: dict[Client, asyncio.Task[None]]

    async def _io(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call in a worker thread: the event loop never waits for the disk."""
        return await asyncio.to_thread(fn, *args)

    # -- loading ----------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every table being played by replay and set it moving again. Waiting tables
        have nothing to run until someone asks for them (there can be many: links made and
        never used), so they are loaded then, by :meth:`get`."""
        ids = await self._io(self.storage.playing_tables)
        restored = 0
        for table_id in ids:
            if table_id in self.tables:
                continue
            # claimed first: a table another process serves is passed over for one lock query,
            # where loading it first read its whole log, every --takeover seconds, in every
            # process, for every table of the others (the tail of several processes' latency)
            if not await self._io(self.storage.claim, table_id, self.url):
                continue
            try:
                await self.get(table_id)  # replays it and sets it moving
                restored += 1
            except Elsewhere:
                pass  # another process serves it
        return restored

    async def adopt_orphans(self, every: float) -> None:
        """Forever: take over every table being played that no process owns (its owner died),
        so a match goes on even when none of its clients comes back to this process."""
        while True:
            await asyncio.sleep(max(every, 0.1))
            try:
                adopted = await self.restore()
            except StorageUnavailable:
                continue  # the storage logs the outage once
            except Exception:
                log.exception("could not look for tables without an owner")
                continue
            if adopted:
                log.warning("mazzo: took over %s whose server stopped",
                            plural(adopted, "table", "tables"))

    async def get(self, table_id: str) -> Table:
        """A table, from memory or rebuilt from storage; ProtocolError if there is none,
        :class:`Elsewhere` if another process owns it. Taking a table over replays its log and
        sets it moving; a finished table is read by any process."""
        table = self.tables.get(table_id)
        if table is not None:
            table.idle_since = time.monotonic()  # asked for: in use
            return table
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            # not an id this server makes: none such is stored, and storage need not be asked
            # (PostgreSQL refuses a NUL in text: a 500 for /api/tables/%00)
            raise ProtocolError("unknown_table", table=str(table_id)[:64])
        try:
            stored = await self._io(self.storage.load_table, table_id)
        except UnknownTable:
            raise ProtocolError("unknown_table", table=table_id) from None
        if stored.table.status != OVER:
            if not await self._io(self.storage.claim, table_id, self.url):
                owner = await self._io(self.storage.owner_url, table_id)
                # our own address: a previous run of this server, whose lock is going away
                raise Elsewhere(table_id, None if owner == self.url else owner)
            # claimed: read again, the previous owner may have appended meanwhile
            stored = await self._io(self.storage.load_table, table_id)
        # a long match (a forgotten Burraco table: hundreds of ms) replays in a worker thread
        fresh = (replay_table(stored) if len(stored.actions) <= LOG_INLINE_ACTIONS
                 else await asyncio.to_thread(replay_table, stored))
        table = self.tables.get(table_id)  # another caller may have loaded it meanwhile
        if table is None:
            table = self.tables[table_id] = fresh
            await self._settle_finished(table)
            if table.status != OVER:  # a finished table is only read: nothing to drive
                table.clock_turn()  # a table taken over gives the person to move a whole turn
                self.kick(table)
        return table

    async def watch(self, every: float = 1.0) -> None:
        """Forever: check the database connection (the storage reconnects and takes back this
        process's tables), let go of tables another process took meanwhile, and reload and
        restart tables a storage error left stale or stopped."""
        while True:
            await asyncio.sleep(every)
            try:
                await self._io(self.storage.check_connection)
                lost = await self._io(self.storage.lost_tables)
            except StorageError:
                continue  # still down: the storage logged it once
            for table_id in lost:
                table = self.tables.get(table_id)
                if table is not None:
                    log.warning("mazzo: table %s is served by another process now", table_id,
                                extra={"table": table_id})
                    await self._drop(table)
            for table in list(self.tables.values()):
                if table.stale or table.stalled:
                    await self._recover(table)

    async def _recover(self, table: Table) -> None:
        """Reload a stale table from the log and tell every client what is stored; restart a
        stalled driver."""
        try:
            async with table.lock:
                if table.stale:
                    await self._reload(table)
                    await self._broadcast(table, [])
                table.stalled = False
        except NotOwner:
            await self._drop(table)
            return
        except StorageError:
            return  # not yet: the next round tries again
        self.kick(table)

    async def _reload(self, table: Table) -> None:
        """Make the table what its log says (after a failed or in-doubt write). Call with the
        table's lock held; StorageError if the log cannot be read."""
        fresh = replay_table(await self._io(self.storage.load_table, table.id))
        table.state, table.chance, table.row = fresh.state, fresh.chance, fresh.row
        table._commitments = None
        await self._settle_finished(table)  # if this fails the table stays stale: retried
        table.stale = False

    async def _settle_finished(self, table: Table) -> None:
        """A log that ends the match while the table's status was not yet set to over (the
        status write failed after the last action was stored): finish it now."""
        if table.state.is_terminal and table.status != OVER:
            await self._rate(table)
            await self._io(self.storage.set_status, table.id, OVER)
            table.row = dataclasses.replace(table.row, status=OVER)
            await self._io(self.storage.release, table.id)

    async def _rate(self, table: Table) -> None:
        """Rate a rated table's finished match, before its status says over (so a crash in
        between rates it when the table is loaded again; rating twice counts once)."""
        if not table.row.options.get("rated"):
            return
        try:
            await self._io(settle, self.storage, table.row, table.game, table.state)
        except StorageUnavailable:
            raise  # the table is reloaded once the database is back, and rated then
        except Exception:  # a fault in rating must not keep the match from ending
            log.exception("mazzo: table %s could not be rated; it ends unrated", table.id,
                          extra={"table": table.id})

    async def _fresh(self, table: Table) -> None:
        """Reload a stale table before anything reads its state (StorageUnavailable while the
        database is away). Call with the table's lock held."""
        if table.stale:
            await self._reload(table)

    async def _drop(self, table: Table) -> None:
        """Stop serving a table another process owns now: its clients are asked to reconnect
        (1012), which brings them to the new owner."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.driver is not None and table.driver is not asyncio.current_task():
            table.driver.cancel()
        if table.timer is not None:
            table.timer.cancel()
        for client in list(table.clients):
            client.close(CLOSE_RECONNECT)
        table.clients.clear()

    # -- forgetting idle tables -------------------------------------------------------------------

    async def forget_idle(self) -> None:
        """Forever: drop from memory the tables nobody uses and that have nothing running
        (:meth:`sweep`), so a long-running server does not grow with every table it ever
        served or had created."""
        low, high = SWEEP_EVERY_S
        every = min(max(self.forget_after / 4, low), high)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("could not forget idle tables")

    async def sweep(self) -> int:
        """Drop every table that has been idle for ``forget_after`` seconds (see
        :meth:`_idle`); returns how many. Each is re-checked under its lock, so a client
        joining at that moment either keeps it or, finding its copy forgotten, gets the table
        again from storage (:meth:`_holding`). A table not over gives up its claim first, so
        whichever process is asked for it next serves it."""
        due = [t for t in self.tables.values() if self._idle(t)]
        dropped = 0
        for checked, table in enumerate(due, 1):
            async with table.lock:
                if self._idle(table) and self.tables.get(table.id) is table:
                    if table.status != OVER:  # a finished table's claim went when it ended
                        try:
                            await self._io(self.storage.release, table.id)
                        except StorageError:
                            continue  # kept; the next sweep tries again
                    self._forget(table)
                    dropped += 1
            if checked % SWEEP_BATCH == 0:
                await asyncio.sleep(0)  # thousands due at once: let the clients be served too
        self.forgotten += dropped
        if log.isEnabledFor(logging.DEBUG):
            over = sum(t.status == OVER for t in self.tables.values())
            log.debug("mazzo: %d tables in memory (%d over), %d forgotten now, %d since start",
                      len(self.tables), over, dropped, self.forgotten)
        return dropped

    def _idle(self, table: Table) -> bool:
        """Nothing about the table is running or waiting to run, and nobody has used it for
        ``forget_after``: no client connected, no request for it, no driver task (chance,
        bots, stand-ins), no timer (a grace period or a turn clock running out), no storage
        trouble pending (a stale table's state is in doubt, a stalled one must move again:
        the watch sees to both first). In practice: finished tables, tables never started
        (or left waiting), and tables being played whose next move is nobody's to make."""
        if table.clients or table.stale or table.stalled:
            return False
        if table.status != OVER:  # a finished table has nothing left to run: any driver or
            driver = table.driver  # timer of its last moments is cancelled with it
            if (driver is not None and not driver.done()) or table.timer is not None:
                return False
        return time.monotonic() - table.idle_since >= self.forget_after

    def _forget(self, table: Table) -> None:
        """Drop an idle table and everything kept for it (with its lock held). Its row and
        log stay in storage, where :meth:`get` finds it again."""
        del self.tables[table.id]
        table.forgotten = True
        if table.driver is not None:
            table.driver.cancel()
            table.driver = None
        if table.timer is not None:
            table.timer.cancel()  # a pending timer holds the table: let it go
            table.timer = None
        self.logs.forget(table.id)

    # -- expiring tables nobody joined ------------------------------------------------------------

    async def mark_joined(self, table: Table) -> None:
        """A player or the owner connected: the table is in use, and never expires unstarted."""
        if table.joined:
            return
        try:
            await self._io(self.storage.mark_joined, table.id, time.time())
        except StorageError:  # told at the next connection; meanwhile a connected table is
            return            # never deleted (expire keeps a table with clients)
        table.joined = True

    async def expire_waiting(self) -> None:
        """Forever (while ``waiting_expiry`` is set): delete the tables nobody joined
        (:meth:`expire`), so links made and never used do not pile up in the database."""
        if not self.waiting_expiry > 0:
            return
        low, high = EXPIRE_EVERY_S
        every = min(max(self.waiting_expiry / 4, low), high)
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except StorageUnavailable:
                continue  # the storage logs the outage once
            except Exception:
                log.exception("could not delete expired tables")

    async def expire(self) -> int:
        """Delete every table made ``waiting_expiry`` seconds ago or more, never started, that
        no player and not the owner ever connected to (spectators do not count: the link to
        watch is the one shared widely); returns how many. A table another process serves is
        left to it; one in memory here with a spectator connected is kept for now."""
        before = time.time() - self.waiting_expiry
        ids = await self._io(self.storage.unjoined_waiting, before, EXPIRE_BATCH)
        deleted = 0
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is None:
                if await self._io(self.storage.claim, table_id, self.url):
                    deleted += await self._io(self.storage.delete_waiting, table_id)
                continue
            async with table.lock:
                if (table.clients or table.joined or table.status != WAITING
                        or self.tables.get(table_id) is not table):
                    continue
                if await self._io(self.storage.delete_waiting, table_id):
                    self._forget(table)
                    deleted += 1
        self.expired += deleted
        if deleted:
            log.info("mazzo: deleted %d tables nobody joined in %g s", deleted,
                     self.waiting_expiry)
        return deleted

    @contextlib.asynccontextmanager
    async def _holding(self, table: Table) -> AsyncIterator[Table]:
        """The table's lock, held on the copy this process serves: if ``table`` was forgotten
        while the caller held it (or waited for its lock), the table is got again (from
        storage) and that copy is locked and yielded instead."""
        while True:
            async with table.lock:
                if not table.forgotten:
                    yield table
                    return
            table = await self.get(table.id)

    async def close(self) -> None:
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
            if table.timer is not None:
                table.timer.cancel()

    # -- the play part's (mazzo.server.play) ------------------------------------------------------

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs (the play part's)."""
        raise NotImplementedError

    async def _broadcast(self, table: Table, events: list[Event],
                         skip: Client | None = None, hands: Sequence[int] | None = None) -> None:
        """Tell every client of the table (the play part's)."""
        raise NotImplementedError
