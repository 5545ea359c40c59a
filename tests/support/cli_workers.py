"""Real `trailhead worker` processes for the end-to-end tests that run on RQ: started with an installation's
settings, each in a process group of its own (RQ's scheduler runs in a child, which must go with it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from support.served import ROOT


def start_worker(settings: Mapping[str, str], log: Path) -> subprocess.Popen[bytes]:
    """`trailhead worker` with `settings` in place of this process's TRAILHEAD_* and REDIS_URL, its output in `log`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAILHEAD_") and k != "REDIS_URL"}
    env.update({**settings, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))})
    with log.open("wb") as sink:
        return subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], cwd=ROOT, env=env,
                                stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM each worker's group, then SIGKILL a group that has not ended within 10 s."""
    for worker in workers:
        os.killpg(worker.pid, signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
