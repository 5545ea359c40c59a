"""Issue 29 figure: how long an analysis takes to answer, searched and kept, by budget.

A Nanga Parbat of two greedy bots is played into a fresh SQLite file (inline jobs, one app in this
process); at a few of its decisions the analysis is asked for at each budget through the app, once
(the search runs on the inline runner's analysis thread while the request waits) and again (read
back from the `analyses` table). Medians and maxima are printed with the iterations each budget buys.
The machine is shared: a search's time grows with its load (`uptime` is printed first).

    python bench/analysis_latency.py [--steps 5] [--budgets 100,500,2000] [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.app import create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=5, help="decisions asked about, per budget")
    parser.add_argument("--budgets", default="100,500,2000", help="budgets in ms, comma-separated")
    parser.add_argument("--quick", action="store_true", help="one decision at 100 ms: a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.steps, args.budgets = 1, "100"
    print("load:", " ".join(f"{load:.1f}" for load in os.getloadavg()))
    app = create_app({"DATABASE": os.path.join(tempfile.mkdtemp(), "bench.sqlite"), "REDIS_URL": None,
                      "RATE_LIMITS": "off", "CLIENT_SEEDS": "exact", "ANALYSIS_WAIT_SECONDS": 60})
    client = app.test_client()
    created = client.post("/api/v1/games", json={"type": "nanga-parbat", "seed": "bench-analysis", "seats": [
        {"name": "a", "bot": "greedy"}, {"name": "b", "bot": "greedy"}]}).get_json()
    app.extensions["trailhead"].runner.wait_idle()
    game_id = created["id"]
    decisions = []
    for end in sorted({record.last_seq for record in app.extensions["trailhead"].store.commands(game_id)}):
        to_act = client.get(f"/api/v1/games/{game_id}/replay?at={end}").get_json()["to_act"]
        if to_act:
            decisions.append((end, to_act[0]))
    chosen = decisions[1::max(1, len(decisions) // args.steps)][: args.steps]
    for budget in (int(each) for each in args.budgets.split(",")):
        searched, kept, iterations = [], [], 0
        for step, seat in chosen:
            url = f"/api/v1/games/{game_id}/analysis?as={seat}&at={step}&budget_ms={budget}"
            for times in (searched, kept):
                started = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - started)
                assert response.status_code == 200, response.get_json()
            iterations = response.get_json()["iterations"]
        print(f"budget {budget:>4} ms ({iterations} iterations): searched median {statistics.median(searched) * 1000:.0f}"
              f" ms (max {max(searched) * 1000:.0f}), kept median {statistics.median(kept) * 1000:.1f} ms,"
              f" {len(chosen)} decisions")
    app.extensions["trailhead"].close()


if __name__ == "__main__":
    main()
