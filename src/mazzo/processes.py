"""Worker processes that end with the process that started them.

Bottom layer (like ``cards``): imports nothing from mazzo. A ``concurrent.futures`` worker waits
for work on a queue whose other end it holds too, so it never sees its parent go: after a
kill -9 or the out-of-memory killer it would live on for good (and, under the forkserver, keep
the forkserver alive with it). :func:`end_with_parent`, given as a pool's ``initializer``, ends
it instead.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading


def end_with_parent() -> None:
    """Exit this worker as soon as its parent process has ended, however it ended.

    The parent's sentinel is a pipe the parent holds open while it lives (``multiprocessing``'s
    own ``parent_process().is_alive()`` reads it the same way), under fork, forkserver and
    spawn alike. The worker exits at once: a pool's work is owned by the parent that died."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a child process: nothing to watch
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="mazzo-end-with-parent", daemon=True).start()
