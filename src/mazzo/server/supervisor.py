"""``mazzo serve --processes N``: N server processes on one port, under a small supervisor.

The supervisor binds the port once and hands the listening socket to every child (one socket
shared, not ``SO_REUSEPORT``): a child that dies loses no connection waiting to be accepted (the
queue is the socket's, and the others go on accepting from it), a restarted child binds
nothing so it cannot race anyone for the port, and it works wherever a descriptor can be
inherited. The children are ``multiprocessing`` spawn processes (a fresh interpreter each, the
socket passed as a descriptor), each running the whole server: they share the tables through
PostgreSQL exactly as separate ``mazzo serve`` processes do (a table is owned by one process, the
others relay its clients there, and the tables of a process that died are taken over).

Each child also listens on a port of its own on 127.0.0.1: that is where the others reach it
for the tables it owns (their relays; the public port would hand them to any child). An HTTP
request for such a table is forwarded there too, not redirected: that address is private.

A child that dies is started again, after a pause that doubles while it keeps dying soon after
starting (a crash loop must not spin). ``SIGTERM`` or ``SIGINT`` to the supervisor is passed on
as ``SIGTERM``: each child drains as a single ``mazzo serve`` does (uvicorn stops accepting, tells
every websocket to reconnect with 1012, lets running requests and commits finish, then the
tables and the storage close), and the supervisor exits 0 once every child has ended well.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final

from mazzo.engine.game import MazzoError
from mazzo.server.log_format import announce

log = logging.getLogger("mazzo.server")

#: the environment variable telling each child its number, 0 to N-1 (the metrics' label)
PROCESS_INDEX_ENV: Final = "MAZZO_PROCESS_INDEX"
#: the first pause before starting again a child that died soon after starting (seconds);
#: doubled after each such death, up to the second number
RESTART_BACKOFF_S: Final = (0.5, 30.0)
#: a child that ran this long before dying is restarted at once (not a crash loop)
STEADY_AFTER_S: Final = 30.0
#: how long the children may take to drain after SIGTERM before they are killed (seconds)
DRAIN_S: Final = 30.0
#: a child's exit codes after a drain: uvicorn, once drained, raises the signal it caught
#: again, so the process ends by SIGTERM as it would have without the drain
DRAINED: Final = frozenset({0, -signal.SIGTERM})
#: how often the supervisor looks at its children while none has ended (seconds)
POLL_S: Final = 0.5


def shared_databases(db: str | None) -> bool:
    """Whether ``--db`` names a database several processes can share (PostgreSQL)."""
    return db is not None and db.startswith(("postgresql://", "postgres://"))


def check_processes(processes: int, db: str | None) -> None:
    """``--processes``: 1 or more, and more than 1 only on PostgreSQL, the database the
    processes share tables through (SQLite is one process's file: a second process could not
    take over the first's tables)."""
    if processes < 1:
        raise MazzoError(f"--processes: {processes}; give 1 process or more",
                         italian=f"--processes: {processes}; dai 1 processo o più")
    if processes > 1 and not shared_databases(db):
        raise MazzoError(f"--processes {processes} needs PostgreSQL (--db postgresql://...): "
                         "the processes share the tables through it, and a SQLite database "
                         "belongs to one process",
                         italian=f"--processes {processes} vuole PostgreSQL (--db "
                                 "postgresql://...): i processi si dividono i tavoli "
                                 "attraverso quello, e un database SQLite è di un processo solo")


def bind(host: str, port: int, backlog: int) -> socket.socket:
    """The listening socket every child accepts from."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=backlog)


@dataclass
class Child:
    """One server process and what its restarts need."""

    index: int
    process: multiprocessing.process.BaseProcess | None = None
    started: float = 0.0
    #: the pause before the next start after a quick death (seconds)
    backoff: float = RESTART_BACKOFF_S[0]
    #: when to start it again, once it has died
    restart_at: float | None = None
    exits: list[int | None] = field(default_factory=list)


class Supervisor:
    """Starts ``processes`` children running ``child_main(sock, index, settings)``, restarts
    those that die, and on ``SIGTERM``/``SIGINT`` drains them and returns."""

    def __init__(self, processes: int, sock: socket.socket, settings: dict[str, Any]) -> None:
        self.sock = sock
        self.settings = settings
        self.children = [Child(i) for i in range(processes)]
        #: each child's private address, bound by :meth:`run` and kept across the child's
        #: restarts: the others reach it there (a table's requests, its metrics) whichever
        #: start of it is running
        self.privates: list[socket.socket] = []
        self.peers: tuple[str, ...] = ()
        self.stopping = False
        self.context = multiprocessing.get_context("spawn")

    def run(self) -> int:
        """Serve until told to stop; 0 when every child then ended well, 1 otherwise."""
        previous = {s: signal.signal(s, self._stop) for s in (signal.SIGTERM, signal.SIGINT)}
        self.privates = [socket.create_server(("127.0.0.1", 0)) for _ in self.children]
        self.peers = tuple(f"http://127.0.0.1:{s.getsockname()[1]}" for s in self.privates)
        try:
            for child in self.children:
                self._start(child)
            while not self.stopping:
                self._watch()
            return self._drain()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self.sock.close()
            for private in self.privates:
                private.close()

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        """A signal: pass it on to the children as SIGTERM at once (they drain), and leave the
        watching loop. A second one while draining ends the children without waiting."""
        hard = self.stopping
        self.stopping = True
        for child in self.children:
            if child.process is not None and child.process.is_alive():
                if hard:
                    child.process.kill()
                else:
                    child.process.terminate()

    def _start(self, child: Child) -> None:
        # the environment is read by the child as it starts: set it just for this start
        os.environ[PROCESS_INDEX_ENV] = str(child.index)
        try:
            child.process = self.context.Process(
                target=child_main, args=(self.sock, self.privates[child.index], child.index,
                                         self.peers, self.settings),
                name=f"mazzo-serve-{child.index}")
            child.process.start()
        finally:
            os.environ.pop(PROCESS_INDEX_ENV, None)
        child.started = time.monotonic()
        child.restart_at = None

    def _watch(self) -> None:
        """Wait a moment for a child to end; schedule each one that ended, start those due."""
        alive = [c.process.sentinel for c in self.children
                 if c.process is not None and c.restart_at is None]
        multiprocessing.connection.wait(alive, timeout=POLL_S)
        now = time.monotonic()
        for child in self.children:
            process = child.process
            if child.restart_at is None and process is not None and not process.is_alive():
                self._died(child, now)
            if self.stopping:
                return
            if child.restart_at is not None and now >= child.restart_at:
                self._start(child)

    def _died(self, child: Child, now: float) -> None:
        """Schedule a restart: at once after a long run, else after the growing pause."""
        assert child.process is not None
        code = child.process.exitcode
        child.exits.append(code)
        if self.stopping:
            return
        if now - child.started >= STEADY_AFTER_S:
            child.backoff = RESTART_BACKOFF_S[0]
            pause = 0.0
        else:
            pause = child.backoff
            child.backoff = min(child.backoff * 2, RESTART_BACKOFF_S[1])
        child.restart_at = now + pause
        log.warning("mazzo: server process %d ended (%s); starting it again in %.1f s",
                    child.index, _exit_reason(code), pause)

    def _drain(self) -> int:
        """Wait for the children told to stop; kill those still running after ``DRAIN_S``."""
        deadline = time.monotonic() + DRAIN_S
        ok = True
        for child in self.children:
            process = child.process
            if process is None or child.restart_at is not None:
                continue  # dead already, waiting for its restart: nothing to drain
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                log.warning("mazzo: server process %d did not drain in %.0f s: killed",
                            child.index, DRAIN_S)
                process.kill()
                process.join()
                ok = False
            elif process.exitcode not in DRAINED:
                ok = False
        return 0 if ok else 1


def _exit_reason(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def supervise(processes: int, host: str, port: int, backlog: int,
              settings: dict[str, Any], database: str) -> int:
    """Bind ``host:port``, run ``processes`` children of :func:`mazzo.server.app.run_server`
    with ``settings`` and return the supervisor's exit code (``database`` says where the
    tables are, for the first line)."""
    sock = bind(host, port, backlog)
    bound = sock.getsockname()[1]
    announce(f"mazzo: serving on http://{host}:{bound} with {processes} processes  (database: "
             f"{database})", settings["log_format"])
    return Supervisor(processes, sock, settings).run()


def child_main(sock: socket.socket, private: socket.socket, index: int,
               peers: tuple[str, ...], settings: dict[str, Any]) -> None:
    """A child: its own session (a terminal's Ctrl-C reaches the supervisor only, which
    passes it on once), a drain when the supervisor ends however it ended, then the server on
    the shared socket and on its private one (``peers[index]``; ``peers`` are every child's)."""
    from mazzo.server.app import run_server

    os.setsid()
    _drain_with_parent()
    # which process is which, for whoever reads the log (or kills one)
    announce(f"mazzo: server process {index} (pid {os.getpid()}) is reached by the others at "
             f"{peers[index]}", settings["log_format"], sys.stderr)
    run_server(settings, sockets=[sock, private], peer_url=peers[index], peers=peers)


def _drain_with_parent() -> None:
    """SIGTERM this child (a drain) once the supervisor has ended, even by kill -9: a child
    left behind would hold the port for good."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="mazzo-drain-with-parent", daemon=True).start()
