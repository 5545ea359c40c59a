"""`trailhead serve` on a SQLite file of its own, for the client tests: start it, wait for it, stop it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from support.serving import wait_healthy

ROOT = Path(__file__).resolve().parents[2]


class Served:
    """A running `trailhead serve` and its log."""

    def __init__(self, base_url: str, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
        self.base_url = base_url
        self.port = port
        self.process = process
        self.log = log

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(workdir: Path, **settings: str) -> Served:
    """Start `trailhead serve` on a fresh SQLite file in `workdir` with these environment settings."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRAILHEAD_") and k != "REDIS_URL"}
    env.update({"TRAILHEAD_DB": str(workdir / "trailhead.sqlite"), "TRAILHEAD_RATE_LIMITS": "off",
                "TRAILHEAD_CLIENT_SEEDS": "exact", **settings})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = workdir / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
                                    "--port", str(port), "--workers", "1", "--no-access-log"],
                                   cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    served = Served(f"http://127.0.0.1:{port}", port, process, log)
    try:
        wait_healthy(served.base_url, process, timeout=60, output=served.output)
    except BaseException:
        stop(served)
        raise
    return served


def stop(served: Served) -> None:
    served.process.terminate()
    try:
        served.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()
