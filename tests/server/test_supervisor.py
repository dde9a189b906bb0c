"""The supervisor's restart schedule (``mazzo serve --processes``): a process that keeps dying
soon after starting waits longer each time, up to a bound, so a crash loop does not spin; one
that had run a while is started again at once. (The live tests cover the processes
themselves: test_live_supervisor.py.)"""

from __future__ import annotations

import signal
import socket
from dataclasses import dataclass

from mazzo.server.supervisor import (
    RESTART_BACKOFF_S,
    STEADY_AFTER_S,
    Child,
    Supervisor,
    _exit_reason,
)


@dataclass
class Ended:
    """A stand-in for a process that has ended."""

    exitcode: int | None


def test_quick_deaths_wait_longer_each_time_up_to_the_bound() -> None:
    with socket.socket() as sock:
        supervisor = Supervisor(1, sock, {})
    child = Child(0, process=Ended(1))  # type: ignore[arg-type]
    pauses = []
    now = 1000.0
    for _ in range(10):
        child.started = now - 1.0  # died a second after starting
        supervisor._died(child, now)
        assert child.restart_at is not None
        pauses.append(child.restart_at - now)
    first, bound = RESTART_BACKOFF_S
    assert pauses[:4] == [first, first * 2, first * 4, first * 8]
    assert max(pauses) == bound and pauses[-1] == bound
    # a process that ran a while before ending is started again at once, the pause reset
    child.started = now - STEADY_AFTER_S - 1
    supervisor._died(child, now)
    assert child.restart_at == now and child.backoff == first
    assert child.exits == [1] * 11


def test_no_restart_is_scheduled_while_stopping() -> None:
    with socket.socket() as sock:
        supervisor = Supervisor(1, sock, {})
    supervisor.stopping = True
    child = Child(0, process=Ended(-signal.SIGTERM))  # type: ignore[arg-type]
    supervisor._died(child, 5.0)
    assert child.restart_at is None and child.exits == [-signal.SIGTERM]


def test_exit_reasons_read_well() -> None:
    assert _exit_reason(-signal.SIGKILL) == "signal SIGKILL"
    assert _exit_reason(3) == "exit code 3"
