"""A throwaway PostgreSQL server for the tests: ``initdb`` and ``pg_ctl start`` in a temporary
folder, run as the ``postgres`` user when the tests run as root (initdb refuses root), listening
only on a unix socket in that folder (no TCP port to collide with). One per pytest worker."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

SUPERUSER = "postgres"


def find_bin_dir() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` holding initdb, else initdb on the PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class PostgresCluster:
    def __init__(self, port: int) -> None:
        self.port = port
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL server binaries (initdb) under "
                               "/usr/lib/postgresql/*/bin or on the PATH")
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="mazzo-pg-"))
        self.data = self.root / "data"
        self.as_postgres = os.geteuid() == 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_postgres else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr or done.stdout}")

    def start(self) -> PostgresCluster:
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", SUPERUSER,
                  "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        self.start_server()
        return self

    def start_server(self) -> None:
        """``pg_ctl start`` on the initialised folder (again after :meth:`crash`)."""
        options = (f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off "
                   "-c full_page_writes=off -c max_connections=200")
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.root / "log"), "-o", options, "-w", "-t", "30", "start")

    def crash(self) -> None:
        """Stop the server at once, as a crash would (``-m immediate``: every session cut, no
        checkpoint); :meth:`start_server` brings it back with what was committed."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                  "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def running_cluster(port: int) -> Iterator[PostgresCluster]:
    """A started server, stopped on leaving. When none can be started the test fails under CI
    (``CI`` set) and is skipped elsewhere, with the reason either way."""
    try:
        cluster = PostgresCluster(port).start()
    except (RuntimeError, OSError, ImportError) as exc:
        message = f"PostgreSQL tests need a server and none could be started: {exc}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield cluster
    finally:
        cluster.stop()
