"""Issue 3 figures: projection lag under steady load, bot games per minute, the RQ job ceiling.

Runs against a real Redis (REDIS_URL, default redis://127.0.0.1:6379/9, flushed first)
with real `trailhead worker` processes on a fresh SQLite file:

1. the ceiling: one worker of the same class (RQ SimpleWorker) draining trivial jobs;
2. projection lag: commands committed at a steady rate (default 200/s) through the
   message bus with the RQ runner (the container `bootstrap` builds with REDIS_URL); a
   poller watches the projection's checkpoint and records, per command, the time from its
   commit to the read model having applied it;
3. bots-only games finished per minute through the workers, per registered game type.

    python bench/workers_lag.py [--rate 200] [--seconds 10] [--runs 3] [--quick]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import redis
from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.container import Trailhead  # noqa: E402
from application.projections import PROJECTION  # noqa: E402
from bootstrap import bootstrap  # noqa: E402
from domain.core import SeatConfig  # noqa: E402
from domain.games import GAMES  # noqa: E402
from storage import SqliteStorage  # noqa: E402
from workers.rq import RqRunner  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def trivial_ceiling(url: str, jobs: int) -> float:
    """Trivial jobs per second for one SimpleWorker (burst), the same worker class as `trailhead worker`."""
    connection = redis.Redis.from_url(url)
    queue = Queue("bench-trivial", connection=connection, serializer=JSONSerializer)
    queue.empty()
    for i in range(jobs):
        queue.enqueue("builtins.abs", -i, result_ttl=0)
    worker = SimpleWorker([queue], connection=connection, serializer=JSONSerializer)
    started = time.perf_counter()
    worker.work(burst=True, logging_level="WARNING")
    return jobs / (time.perf_counter() - started)


class Workers:
    """`trailhead worker` processes on the bench's database and Redis."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, queues: str = "projections,bots") -> None:
        self.processes.append(subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker", "--queues", queues], cwd=ROOT, env=self.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()


def container(config: dict) -> Trailhead:
    """The writer's container: storage, handler and the message bus with the RQ runner (REDIS_URL is set)."""
    app = bootstrap(config, GAMES)
    assert isinstance(app.runner, RqRunner), "the bench needs the RQ runner (REDIS_URL)"
    return app


def projection_lag(config: dict, rate: float, seconds: float) -> tuple[list[float], int]:
    """Lags (ms) from commit to projection for commands sent at `rate` per second."""
    app = container(config)
    games, bus = app.games, app.bus
    spec = app.registry("hikes-of-the-west")
    tables = []
    for i in range(8):
        committed = bus.create(spec.id, [SeatConfig(name=f"hiker-{i}")], {}, f"lag-{i}")
        tables.append(committed.game.record.id)
    time.sleep(0.5)
    commits: list[tuple[float, int]] = []
    done = threading.Event()
    seen: dict[int, float] = {}
    watcher_store = SqliteStorage(config["DATABASE"], config["SYNCHRONOUS"])

    def watch() -> None:
        last = -1
        while not done.is_set() or last < (commits[-1][1] if commits else 0):
            position = watcher_store.checkpoint(PROJECTION).position
            if position != last:
                seen[position] = time.perf_counter()
                last = position
            time.sleep(0.0005)

    watcher = threading.Thread(target=watch)
    watcher.start()
    interval = 1.0 / rate
    start = time.perf_counter()
    sent = 0
    while time.perf_counter() - start < seconds:
        game_id = tables[sent % len(tables)]
        game = games.load(game_id)
        if game.finished:
            committed = bus.create(spec.id, [SeatConfig(name="hiker")], {}, f"lag-more-{sent}")
            tables[sent % len(tables)] = committed.game.record.id
            continue
        command = spec.legal_commands(game.state, 0)[0]
        type_, args = spec.commands.encode(command)
        committed = bus.submit(game_id, 0, type_, args, expected_version=game.version)
        commits.append((time.perf_counter(), committed.events[-1].position))
        sent += 1
        next_at = start + sent * interval
        pause = next_at - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    elapsed = time.perf_counter() - start
    done.set()
    watcher.join(timeout=30)
    watcher_store.close()
    app.close()
    marks = sorted(seen.items())
    lags = []
    for committed_at, position in commits:
        applied_at = next((at for mark, at in marks if mark >= position), None)
        if applied_at is not None:
            lags.append(max(0.0, (applied_at - committed_at) * 1000))
    return lags, round(sent / elapsed)


def bot_games_per_minute(config: dict, games_per_type: int) -> dict[str, float]:
    """Bots-only games created through the bus (which enqueues their bot jobs) and played by the workers."""
    app = container(config)
    games, bus = app.games, app.bus
    rates = {}
    try:
        for spec in GAMES:
            started = time.perf_counter()
            ids = [
                bus.create(spec.id, [SeatConfig(name=f"b{s}", bot="random") for s in range(spec.min_seats)], {},
                           f"bots-{spec.id}-{i}").game.record.id
                for i in range(games_per_type)
            ]
            deadline = started + 600
            while time.perf_counter() < deadline:
                if all(games.load(game_id).finished for game_id in ids):
                    break
                time.sleep(0.05)
            rates[spec.id] = games_per_type / ((time.perf_counter() - started) / 60)
    finally:
        app.close()
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"))
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bot-games", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="a few seconds in all")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.runs, args.bot_games = 2, 1, 2
    connection = redis.Redis.from_url(args.redis)
    connection.flushdb()
    workdir = tempfile.mkdtemp(prefix="trailhead-bench-")
    config = {"DATABASE": str(Path(workdir) / "bench.sqlite"), "SYNCHRONOUS": "FULL", "REDIS_URL": args.redis,
              "QUEUE_PREFIX": "bench", "SWEEP_SECONDS": 30, "BOT_BUDGET_SECONDS": 2.0, "PROJECTION_BATCH": 500}
    env = {**os.environ, "TRAILHEAD_DB": config["DATABASE"], "REDIS_URL": args.redis,
           "TRAILHEAD_QUEUE_PREFIX": config["QUEUE_PREFIX"], "TRAILHEAD_SYNCHRONOUS": config["SYNCHRONOUS"],
           "TRAILHEAD_SWEEP_SECONDS": str(config["SWEEP_SECONDS"]),
           "TRAILHEAD_BOT_BUDGET_SECONDS": str(config["BOT_BUDGET_SECONDS"]),
           "TRAILHEAD_PROJECTION_BATCH": str(config["PROJECTION_BATCH"]), "PYTHONPATH": str(ROOT)}
    workers = Workers(env)
    try:
        store = SqliteStorage(config["DATABASE"], config["SYNCHRONOUS"])
        store.migrate()  # before any worker starts, so the workers' bootstrap finds nothing to migrate
        store.close()
        ceilings, p50s, p99s, rates = [], [], [], []
        for run in range(args.runs):
            ceilings.append(trivial_ceiling(args.redis, 2000 if not args.quick else 300))
            workers.start("projections")
            time.sleep(1.0)
            lags, rate = projection_lag(config, args.rate, args.seconds)
            workers.stop()
            p50s.append(statistics.median(lags))
            p99s.append(percentile(lags, 0.99))
            rates.append(rate)
            print(f"run {run + 1}: ceiling {ceilings[-1]:.0f} trivial jobs/s; {rate} commands/s sent; "
                  f"projection lag p50 {p50s[-1]:.1f} ms, p99 {p99s[-1]:.1f} ms over {len(lags)} commands")
        workers.start("projections,bots")
        bots = bot_games_per_minute(config, args.bot_games)
        workers.stop()
        ceiling = statistics.median(ceilings)
        print()
        print("figure                                   median of runs")
        print(f"trivial jobs/s (one SimpleWorker)        {ceiling:.0f}")
        print(f"commands/s sent                          {statistics.median(rates):.0f}")
        print(f"projection lag p50                       {statistics.median(p50s):.1f} ms")
        print(f"projection lag p99                       {statistics.median(p99s):.1f} ms  (target < 50 ms)")
        print(f"commands projected per trivial job slot  {statistics.median(rates) / ceiling:.2f}  "
              "(commands/s over the trivial-job ceiling: one job per event could not exceed 1.0)")
        for game_type, per_minute in bots.items():
            print(f"bots-only games/min, {game_type:<22} {per_minute:.1f}  (one worker, {args.bot_games} games)")
    finally:
        workers.stop()
        connection.flushdb()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
