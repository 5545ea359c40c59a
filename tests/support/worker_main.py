"""A real RQ worker process for the tests: the registered games plus the toy game, and the toy messages.

Run as `python tests/support/worker_main.py [--burst] [kinds...]` with the same
environment as `trailhead worker` (TRAILHEAD_DB, REDIS_URL, TRAILHEAD_QUEUE_PREFIX).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.append(str(Path(__file__).resolve().parents[1]))

from bootstrap import bootstrap  # noqa: E402
from domain.games import GAMES  # noqa: E402
from support.toy import SPEC as TOY  # noqa: E402
from support.toy_messages import TOY_HANDLERS  # noqa: E402
from workers.rq import QUEUE_KINDS  # noqa: E402
from workers.worker import run_worker  # noqa: E402

if __name__ == "__main__":
    args = sys.argv[1:]
    burst = "--burst" in args
    kinds = [arg for arg in args if arg != "--burst"] or list(QUEUE_KINDS)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    run_worker(bootstrap(games=(*GAMES, TOY), messages=TOY_HANDLERS), kinds, burst=burst)
