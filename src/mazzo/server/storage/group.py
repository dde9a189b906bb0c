"""Group commit: the actions that reach the server while the previous batch is being committed
are stored together, in one transaction, so the disk and the thread hop are paid once per batch
instead of once per action. Each action is still acknowledged only after the batch that holds it
has committed: :meth:`GroupCommit.append` returns only then (and raises if its row was refused or
the batch failed, in which case nothing of that row was stored)."""

from __future__ import annotations

import asyncio

from mazzo.server.storage.base import ActionRow, Storage

Pending = tuple[str, ActionRow, "asyncio.Future[None]"]


class GroupCommit:
    """Appends actions through ``storage.append_actions`` from one worker thread at a time.

    There is no timer: a batch is whatever queued up while the one before it was committing, so
    a lone action is committed at once and a busy server batches by itself."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queue: list[Pending] = []
        self._writer: asyncio.Task[None] | None = None
        #: batches committed and rows in them, for the benchmark and the logs
        self.batches = 0
        self.rows = 0

    async def append(self, table_id: str, row: ActionRow) -> None:
        """Store one action; returns once it is committed (durable), raises if it was not."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((table_id, row, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                results = await asyncio.to_thread(
                    self.storage.append_actions, [(t, r) for t, r, _ in batch])
            except BaseException as exc:
                # the transaction failed as a whole: nothing of this batch was stored
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(exc if isinstance(exc, Exception)
                                           else RuntimeError("the server is stopping"))
                if not isinstance(exc, Exception):
                    raise
                continue
            self.batches += 1
            self.rows += len(batch)
            for (*_, done), result in zip(batch, results, strict=True):
                if done.done():  # its caller was cancelled; the row is stored all the same
                    continue
                if result is None:
                    done.set_result(None)
                else:
                    done.set_exception(result)
