"""Server test fixtures. ``storage`` runs each storage test against every backend in
``BACKENDS``; a backend joins by adding a factory there (PostgreSQL skips itself with a clear
message where no server can be started)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mazzo.server.storage.base import Storage
from mazzo.server.storage.sqlite import SQLiteStorage


def _sqlite(tmp_path: Path) -> Storage:
    return SQLiteStorage(tmp_path / "mazzo.db")


#: backend name -> factory(tmp_path) -> an unmigrated Storage on an empty database
BACKENDS: dict[str, Callable[[Path], Storage]] = {"sqlite": _sqlite}


@pytest.fixture(params=sorted(BACKENDS))
def fresh_storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """An empty, not yet migrated database of each backend."""
    storage = BACKENDS[request.param](tmp_path)
    yield storage
    storage.close()


@pytest.fixture
def storage(fresh_storage: Storage) -> Storage:
    fresh_storage.migrate()
    return fresh_storage
