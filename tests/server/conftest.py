"""Server test fixtures. ``storage`` runs each storage test against every backend in
``BACKENDS``; a backend joins by adding a factory there. PostgreSQL runs on a server the tests
start themselves (``postgres_cluster``); where none can be started it skips with the reason,
except under CI (``CI`` set), where that is a failure."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pg_server import PostgresCluster, running_cluster

from mazzo.server.storage.base import Storage
from mazzo.server.storage.sqlite import SQLiteStorage

from live_server import free_port


def _sqlite(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    return SQLiteStorage(tmp_path / "mazzo.db")


def _postgres(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    from mazzo.server.storage.postgres import PostgresStorage

    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    return PostgresStorage(cluster.new_database())


#: backend name -> factory(request, tmp_path) -> an unmigrated Storage on an empty database
BACKENDS: dict[str, Callable[[pytest.FixtureRequest, Path], Storage]] = {
    "sqlite": _sqlite, "postgresql": _postgres,
}


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of this test process, stopped at the end of the session."""
    with running_cluster(free_port()) as cluster:
        yield cluster


@pytest.fixture
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """The URL of a fresh, empty database."""
    return postgres_cluster.new_database()


@pytest.fixture(params=sorted(BACKENDS))
def fresh_storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """An empty, not yet migrated database of each backend."""
    storage = BACKENDS[request.param](request, tmp_path)
    yield storage
    storage.close()


@pytest.fixture
def storage(fresh_storage: Storage) -> Storage:
    fresh_storage.migrate()
    return fresh_storage


@pytest.fixture
def sqlite_storage(tmp_path: Path) -> Iterator[SQLiteStorage]:
    """A migrated SQLite database alone (tests of the app in process, not of the backends)."""
    storage = SQLiteStorage(tmp_path / "mazzo.db")
    storage.migrate()
    yield storage
    storage.close()
