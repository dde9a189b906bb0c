"""The processes a process started, read from /proc (Linux), for tests that kill a parent and
check that nothing it started lives on."""

from __future__ import annotations

import time
from pathlib import Path


def running() -> dict[int, int]:
    """Each running process's parent (a zombie, dead and not yet reaped, is not running)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]  # after "(name)": state, parent
        if state != "Z":
            parents[int(entry.name)] = int(ppid)
    return parents


def descendants(pid: int) -> set[int]:
    """The running processes ``pid`` started, and those they started, and so on."""
    parents = running()
    found: set[int] = set()
    while grown := {p for p, parent in parents.items() if parent in found | {pid}} - found:
        found |= grown
    return found


def wait_for_descendants(pid: int, count: int, seconds: float = 20) -> set[int]:
    """``pid``'s descendants once there are at least ``count`` of them."""
    deadline = time.monotonic() + seconds
    while len(found := descendants(pid)) < count:
        assert time.monotonic() < deadline, f"only {sorted(found)} started in {seconds} s"
        time.sleep(0.1)
    return found


def assert_all_end(pids: set[int], seconds: float = 10) -> None:
    """Every process of ``pids`` ends within ``seconds``."""
    deadline = time.monotonic() + seconds
    while left := pids & set(running()):
        assert time.monotonic() < deadline, f"processes left running: {sorted(left)}"
        time.sleep(0.1)
