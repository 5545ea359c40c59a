"""`trailhead serve` with another app factory: the same gunicorn settings, another app.

    python -m bench.serve bench.bare_app:create --host 127.0.0.1 --port 8001 --workers 2

Imports the factory, makes `service.app.create_app` return its app, and runs the
`serve` command of service/cli.py, so the baseline (and the service with the toy
game) runs under exactly the gunicorn configuration `trailhead serve` uses
(worker class, threads, timeouts), whatever that configuration is today.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any


def main(argv: list[str]) -> None:
    if not argv or ":" not in argv[0]:
        raise SystemExit("usage: python -m bench.serve MODULE:FACTORY [trailhead serve options]")
    module_name, _, factory_name = argv[0].partition(":")
    # Import the factory before patching: bench.service_app binds the real create_app at import.
    factory = getattr(importlib.import_module(module_name), factory_name)

    import service.app

    def create_app(config: Any = None) -> Any:
        return factory()

    service.app.create_app = create_app  # serve() imports it from service.app when it runs
    log_settings()
    from service.cli import main as cli

    cli(["serve", *argv[1:]], prog_name="trailhead")


def log_settings() -> None:
    """Print the gunicorn settings `trailhead serve` chose, once, when gunicorn starts."""
    from gunicorn.app.base import BaseApplication

    from bench.servers import SETTINGS_PREFIX

    run = BaseApplication.run

    def run_and_log(self: Any) -> None:
        cfg = self.cfg
        print(f"{SETTINGS_PREFIX} worker_class={cfg.worker_class_str} workers={cfg.workers} threads={cfg.threads}"
              f" keepalive={cfg.keepalive}s timeout={cfg.timeout}s backlog={cfg.backlog}", flush=True)
        run(self)

    BaseApplication.run = run_and_log


if __name__ == "__main__":
    main(sys.argv[1:])
