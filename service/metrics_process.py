"""How the processes of one installation share their metrics: prometheus-client's multiprocess directory.

prometheus-client picks where a metric keeps its values when it is first imported: in the process's
memory, or, when PROMETHEUS_MULTIPROC_DIR names a directory, in memory-mapped files there, one per
process, which a scrape of any process adds up. So the variable must be set before any process of
`trailhead serve` imports it: `multiprocess_directory()` does that in the gunicorn master, which
imports no metric itself, before it forks its workers. This module imports prometheus-client only
inside functions, for that reason.

Without PROMETHEUS_MULTIPROC_DIR, `trailhead serve` makes a directory of its own and removes it when
it stops (killed outright, it cannot: the next `trailhead serve` on the machine removes it then);
`trailhead worker` processes count into the same sums only if they are given the same directory
(set PROMETHEUS_MULTIPROC_DIR for both, on one host). A directory the operator names is left in
place: empty it before a restart, as prometheus-client's documentation asks.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
PREFIX = "trailhead-metrics-"  # then the process id of the `trailhead serve` that made it


@contextlib.contextmanager
def multiprocess_directory() -> Iterator[str]:
    """The directory every process of this run writes its metrics to: PROMETHEUS_MULTIPROC_DIR's, or a fresh one,
    set in the environment for the processes forked from here and removed on the way out."""
    named = os.environ.get(VARIABLE)
    if named:
        os.makedirs(named, exist_ok=True)
        yield named
        return
    remove_abandoned()
    made = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    os.environ[VARIABLE] = made
    try:
        yield made
    finally:
        os.environ.pop(VARIABLE, None)
        shutil.rmtree(made, ignore_errors=True)


def remove_abandoned() -> None:
    """Remove the directories that a `trailhead serve` killed outright (SIGKILL: no way out) left behind: those
    whose maker (the process id in the name) is gone."""
    for path in glob.glob(os.path.join(tempfile.gettempdir(), f"{PREFIX}*-*")):
        maker = os.path.basename(path).removeprefix(PREFIX).split("-", 1)[0]
        if maker.isdigit() and not is_running(int(maker)):
            shutil.rmtree(path, ignore_errors=True)


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def child_exit(_server: Any, worker: Any) -> None:
    """gunicorn's hook when a worker process ends: its live gauges (streams open) stop counting."""
    if os.environ.get(VARIABLE):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
