"""Group commit: actions are stored in batches, and each is acknowledged (``append`` returns)
only after the batch holding it has committed; a refused row or a failed batch is an error for
exactly the callers concerned."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from mazzo.server.storage.base import ActionRow, StorageError, VersionConflict
from mazzo.server.storage.group import GroupCommit
from mazzo.server.storage.sqlite import SQLiteStorage


class GatedStorage(SQLiteStorage):
    """SQLite whose group commits wait for a gate, and which records every batch."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.gate = threading.Event()
        self.gate.set()
        self.batches: list[list[str]] = []
        self.fail_next = False

    def append_actions(self, rows: Sequence[tuple[str, ActionRow]]) -> list[Exception | None]:
        self.gate.wait(10)
        if self.fail_next:
            self.fail_next = False
            raise StorageError("disk full")
        self.batches.append([table_id for table_id, _ in rows])
        return super().append_actions(rows)


@pytest.fixture
def gated(tmp_path: object) -> GatedStorage:
    from test_storage import table

    storage = GatedStorage(f"{tmp_path}/g.db")
    storage.migrate()
    for name in ("a", "b", "c"):
        storage.create_table(table(name))
    return storage


def test_an_action_is_acknowledged_only_after_its_batch_committed(gated: GatedStorage) -> None:
    async def scenario() -> None:
        group = GroupCommit(gated)
        gated.gate.clear()  # the first batch hangs in the disk
        first = asyncio.create_task(group.append("a", ActionRow(0, {"type": "x"})))
        await asyncio.sleep(0.05)
        later = [asyncio.create_task(group.append(t, ActionRow(0, {"type": "y"})))
                 for t in ("b", "c")]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(t.done() for t in later)
        assert gated.load_table("a").actions == ()  # not stored, so not acknowledged
        gated.gate.set()
        await asyncio.wait_for(asyncio.gather(first, *later), 10)
        # the two that came while the first was committing went together in one transaction
        assert gated.batches == [["a"], ["b", "c"]]
        assert (group.batches, group.rows) == (2, 3)
        for name in ("a", "b", "c"):
            assert len(gated.load_table(name).actions) == 1

    asyncio.run(scenario())


def test_a_refused_row_fails_only_its_own_caller(gated: GatedStorage) -> None:
    async def scenario() -> None:
        group = GroupCommit(gated)
        gated.gate.clear()
        blocker = asyncio.create_task(group.append("a", ActionRow(0, {"type": "x"})))
        await asyncio.sleep(0.05)
        good = asyncio.create_task(group.append("b", ActionRow(0, {"type": "y"})))
        stale = asyncio.create_task(group.append("a", ActionRow(0, {"type": "again"})))
        gated.gate.set()
        await blocker
        await good
        with pytest.raises(VersionConflict):
            await stale
        assert [a.action for a in gated.load_table("a").actions] == [{"type": "x"}]

    asyncio.run(scenario())


def test_a_failed_batch_fails_every_caller_in_it_and_the_next_batch_still_runs(
    gated: GatedStorage,
) -> None:
    async def scenario() -> None:
        group = GroupCommit(gated)
        gated.fail_next = True
        with pytest.raises(StorageError, match="disk full"):
            await group.append("a", ActionRow(0, {"type": "x"}))
        assert gated.load_table("a").actions == ()
        await group.append("a", ActionRow(0, {"type": "x"}))
        assert len(gated.load_table("a").actions) == 1

    asyncio.run(scenario())
