"""Issue 3 and 13 figures: projection lag under steady load, bot games per minute, the RQ job ceiling.

Runs against a real Redis (--redis, default redis://127.0.0.1:6379/9: the bench's own
database number, flushed before and after; each measurement also takes a queue prefix of its
own, TRAILHEAD_QUEUE_PREFIX=bench-<random>) with real `trailhead worker` processes, on a
fresh database per measurement: a temporary SQLite file, or a PostgreSQL database of its own
(CREATE DATABASE bench_<random>, dropped afterwards; --backend, --postgres):

1. the ceiling: one worker of the same class (RQ SimpleWorker) draining trivial jobs;
2. projection lag: commands committed at a steady rate (default 200/s) through the
   message bus with the RQ runner (the container `bootstrap` builds with REDIS_URL), in this
   process, as a host does before it answers 201 (--writers threads share the rate, each
   on its own games, on a fixed schedule); --workers `trailhead worker --queues
   projections` processes (default 2) project. A poller watches the projection's checkpoint
   through the storage port and records, per command, the time from its commit having
   returned to the checkpoint having passed its position (the read model includes it);
3. bots-only games finished per minute through one worker, per registered game type.

With both backends, each run measures both (the order alternating between runs).

    python bench/workers_lag.py [--rate 200] [--seconds 10] [--runs 3] [--backend sqlite,postgresql] [--quick]
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import redis
from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.container import Trailhead  # noqa: E402
from application.projections import PROJECTION  # noqa: E402
from bench.databases import BACKENDS, DEFAULT_SERVER, fresh_database  # noqa: E402
from bench.servers import exit_on_sigterm, uninterrupted  # noqa: E402
from bootstrap import bootstrap  # noqa: E402
from domain.core import SeatConfig  # noqa: E402
from domain.games import GAMES  # noqa: E402
from storage import open_storage  # noqa: E402
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
    """`trailhead worker` processes on the bench's database and Redis, each in a process group of
    its own (with RQ's scheduler child), logging to files in `logs`."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.processes: list[subprocess.Popen[bytes]] = []
        self.log_paths: list[Path] = []

    def start(self, queues: str = "projections,bots") -> None:
        path = self.logs / f"worker-{secrets.token_hex(4)}.log"
        self.log_paths.append(path)
        with open(path, "wb") as log:
            self.processes.append(subprocess.Popen(
                [sys.executable, "-m", "service.cli", "worker", "--queues", queues], cwd=ROOT, env=self.env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True))

    def stop(self) -> None:
        with uninterrupted():
            for process in self.processes:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
            for process in self.processes:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
            self.processes.clear()

    def problems(self) -> list[str]:
        """Tracebacks and errors the workers logged (their last line), then forget the logs."""
        found = []
        for path in self.log_paths:
            lines = path.read_text(errors="replace").splitlines() if path.exists() else []
            for number, line in enumerate(lines):
                if line.startswith("Traceback"):
                    end = next((i for i in range(number + 1, len(lines)) if lines[i] and not lines[i][0].isspace()),
                               None)
                    found.append(f"traceback: {lines[end][:300] if end is not None else '?'}")
                elif " ERROR " in line or " CRITICAL " in line:
                    found.append(line[:300])
            path.unlink(missing_ok=True)
        self.log_paths.clear()
        return found


def container(config: dict) -> Trailhead:
    """The writer's container: storage, handler and the message bus with the RQ runner (REDIS_URL is set)."""
    app = bootstrap(config, GAMES)
    assert isinstance(app.runner, RqRunner), "the bench needs the RQ runner (REDIS_URL)"
    return app


def projection_lag(config: dict, rate: float, seconds: float, poll_seconds: float,
                   writers: int) -> tuple[list[float], int]:
    """Lags (ms) from commit to projection for commands sent at `rate` per second in all.

    `writers` threads share the rate, each on its own games and on a fixed schedule (open
    loop: one that falls behind sends at once until it is back on time), as the threads of
    a host's request pool would; with one writer a slow commit could not be made up for.
    """
    app = container(config)
    games, bus = app.games, app.bus
    spec = app.registry("hikes-of-the-west")
    tables = [[bus.create(spec.id, [SeatConfig(name=f"hiker-{w}-{i}")], {}, f"lag-{w}-{i}").game.record.id
               for i in range(2)] for w in range(writers)]
    time.sleep(0.5)
    commits: list[tuple[float, int]] = []  # appended by every writer (list.append is atomic)
    done = threading.Event()
    seen: dict[int, float] = {}
    watcher_store = open_storage(config["DATABASE"], config["SYNCHRONOUS"], 2)
    failures: list[BaseException] = []

    def watch() -> None:
        last = -1
        while not done.is_set() or last < max((position for _, position in commits), default=0):
            position = watcher_store.checkpoint(PROJECTION).position
            if position != last:
                seen[position] = time.perf_counter()
                last = position
            time.sleep(poll_seconds)

    def write(index: int, start: float) -> None:
        interval = writers / rate
        mine = tables[index]
        sent = 0
        try:
            while True:
                next_at = start + (sent + index / writers) * interval
                if next_at - start >= seconds:
                    return
                pause = next_at - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
                game_id = mine[sent % len(mine)]
                game = games.load(game_id)
                if game.finished:
                    committed = bus.create(spec.id, [SeatConfig(name="hiker")], {}, f"lag-more-{index}-{sent}")
                    mine[sent % len(mine)] = committed.game.record.id
                    continue
                command = spec.legal_commands(game.state, 0)[0]
                type_, args = spec.commands.encode(command)
                committed = bus.submit(game_id, 0, type_, args, expected_version=game.version)
                commits.append((time.perf_counter(), committed.events[-1].position))
                sent += 1
        except BaseException as failure:  # noqa: BLE001 - reported by the main thread
            failures.append(failure)

    watcher = threading.Thread(target=watch)
    watcher.start()
    start = time.perf_counter()
    threads = [threading.Thread(target=write, args=(index, start)) for index in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    done.set()
    watcher.join(timeout=30)
    watcher_store.close()
    app.close()
    if failures:
        raise RuntimeError(f"a writer failed: {failures[0]!r}") from failures[0]
    marks = sorted(seen.items())
    positions = [mark for mark, _ in marks]
    lags = []
    for committed_at, position in commits:
        at = bisect.bisect_left(positions, position)  # the first checkpoint at or past the command
        if at < len(marks):
            lags.append(max(0.0, (marks[at][1] - committed_at) * 1000))
    return lags, round(len(commits) / elapsed)


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


@contextlib.contextmanager
def installation(backend: str, tmp: Path, args: argparse.Namespace) -> Iterator[tuple[dict, Workers]]:
    """A fresh database (migrated) and queue prefix: the writer's config, and workers to start on them."""
    with fresh_database(backend, tmp, args.postgres) as db:
        config = {"DATABASE": db, "SYNCHRONOUS": "FULL", "REDIS_URL": args.redis,
                  "QUEUE_PREFIX": f"bench-{secrets.token_hex(4)}", "SWEEP_SECONDS": 30, "BOT_BUDGET_SECONDS": 2.0,
                  "PROJECTION_BATCH": 500}
        env = {**os.environ, "TRAILHEAD_DB": db, "REDIS_URL": args.redis,
               "TRAILHEAD_QUEUE_PREFIX": config["QUEUE_PREFIX"], "TRAILHEAD_SYNCHRONOUS": config["SYNCHRONOUS"],
               "TRAILHEAD_SWEEP_SECONDS": str(config["SWEEP_SECONDS"]),
               "TRAILHEAD_BOT_BUDGET_SECONDS": str(config["BOT_BUDGET_SECONDS"]),
               "TRAILHEAD_PROJECTION_BATCH": str(config["PROJECTION_BATCH"]), "PYTHONPATH": str(ROOT)}
        store = open_storage(db, config["SYNCHRONOUS"])
        try:
            store.migrate()  # before any worker starts, so the workers' bootstrap finds nothing to migrate
        finally:
            store.close()
        workers = Workers(env, tmp)
        try:
            yield config, workers
        finally:
            workers.stop()  # before the database is dropped


def lag_run(backend: str, tmp: Path, args: argparse.Namespace) -> dict:
    with installation(backend, tmp, args) as (config, workers):
        for _ in range(args.workers):
            workers.start("projections")
        time.sleep(1.0)
        lags, rate = projection_lag(config, args.rate, args.seconds, args.poll_ms / 1000, args.writers)
        workers.stop()
        problems = workers.problems()
    return {"p50": statistics.median(lags), "p99": percentile(lags, 0.99), "rate": rate, "lags": len(lags),
            "problems": problems, "load": os.getloadavg()[0]}


def bots_run(backend: str, tmp: Path, args: argparse.Namespace) -> tuple[dict[str, float], list[str]]:
    with installation(backend, tmp, args) as (config, workers):
        workers.start("projections,bots")
        bots = bot_games_per_minute(config, args.bot_games)
        workers.stop()
        return bots, workers.problems()


def backend_list(text: str) -> list[str]:
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    if not chosen or set(chosen) - set(BACKENDS):
        raise argparse.ArgumentTypeError(f"choose from {', '.join(BACKENDS)} (comma-separated)")
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9"),
                        help="Redis, with a database number of the bench's own: it is flushed (default %(default)s)")
    parser.add_argument("--backend", "--db", type=backend_list, default=list(BACKENDS),
                        help="sqlite, postgresql, or both comma-separated (default both)")
    parser.add_argument("--postgres", default=DEFAULT_SERVER,
                        help="PostgreSQL server, a URL to any database of it that may CREATE DATABASE "
                             "(default BENCH_POSTGRES or %(default)s)")
    parser.add_argument("--rate", type=float, default=200, help="commands/s sent (default 200)")
    parser.add_argument("--seconds", type=float, default=10, help="seconds of commands per run (default 10)")
    parser.add_argument("--runs", type=int, default=3, help="runs (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="projection workers (default 2)")
    parser.add_argument("--writers", type=int, default=4,
                        help="threads committing the commands, sharing --rate, each on its own games (default 4)")
    parser.add_argument("--poll-ms", type=float, default=1.0,
                        help="pause between two reads of the checkpoint by the poller (default 1 ms)")
    parser.add_argument("--bot-games", type=int, default=None,
                        help="bots-only games per type (default 10, 1 with --quick; 0: skip that part)")
    parser.add_argument("--quick", action="store_true", help="a few seconds in all")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.runs = 2, 1
    if args.bot_games is None:
        args.bot_games = 1 if args.quick else 10
    exit_on_sigterm()
    connection = redis.Redis.from_url(args.redis)
    connection.flushdb()
    try:
        with tempfile.TemporaryDirectory(prefix="trailhead-bench-") as workdir:
            measure(Path(workdir), args)
    except KeyboardInterrupt:
        print("interrupted: workers stopped, databases dropped, temporary files removed", file=sys.stderr)
        sys.exit(130)
    finally:
        with uninterrupted():
            connection.flushdb()


def measure(tmp: Path, args: argparse.Namespace) -> None:
    ceilings: list[float] = []
    runs: dict[str, list[dict]] = {backend: [] for backend in args.backend}
    for run in range(args.runs):
        ceilings.append(trivial_ceiling(args.redis, 2000 if not args.quick else 300))
        order = args.backend if run % 2 == 0 else list(reversed(args.backend))
        for backend in order:
            result = lag_run(backend, tmp, args)
            runs[backend].append(result)
            print(f"run {run + 1} {backend:10}: ceiling {ceilings[-1]:.0f} trivial jobs/s; {result['rate']} commands/s "
                  f"sent; projection lag p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms over "
                  f"{result['lags']} commands; load average {result['load']:.2f}", flush=True)
            for problem in result["problems"][:3]:
                print(f"    worker log: {problem}", flush=True)
    bots = {}
    if args.bot_games:
        for backend in args.backend:
            bots[backend], problems = bots_run(backend, tmp, args)
            for problem in problems[:3]:
                print(f"    worker log ({backend}, bots): {problem}", flush=True)
    ceiling = statistics.median(ceilings)
    print()
    print(f"{args.workers} projection worker(s); {args.rate:g} commands/s offered by {args.writers} writer thread(s) "
          f"for {args.seconds:g} s per run; checkpoint polled every {args.poll_ms:g} ms; medians of {args.runs} run(s)")
    print(f"{'figure':40} " + " ".join(f"{backend:>12}" for backend in args.backend))

    def line(label: str, values: list[str]) -> None:
        print(f"{label:40} " + " ".join(f"{value:>12}" for value in values))

    def median(backend: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[backend])

    line("trivial jobs/s (one SimpleWorker)", [f"{ceiling:.0f}"] * len(args.backend))
    line("commands/s sent", [f"{median(b, 'rate'):.0f}" for b in args.backend])
    line("projection lag p50 (ms)", [f"{median(b, 'p50'):.1f}" for b in args.backend])
    line("projection lag p99 (ms, target < 50)", [f"{median(b, 'p99'):.1f}" for b in args.backend])
    line("commands/s sent, slowest run", [f"{min(r['rate'] for r in runs[b]):.0f}" for b in args.backend])
    line("commands per trivial job slot", [f"{median(b, 'rate') / ceiling:.2f}" for b in args.backend])
    line("load average (1 min) after", [f"{median(b, 'load'):.2f}" for b in args.backend])
    for game_type in (next(iter(bots.values())) if bots else {}):
        line(f"bots-only games/min, {game_type}", [f"{bots[b][game_type]:.1f}" for b in args.backend])
    for backend in args.backend:
        print(f"per run, {backend}: lag p99 " + ", ".join(f"{r['p99']:.0f}" for r in runs[backend]) + " ms; p50 "
              + ", ".join(f"{r['p50']:.0f}" for r in runs[backend]) + " ms; commands/s "
              + ", ".join(f"{r['rate']}" for r in runs[backend]))
    if bots:
        print(f"(bots-only games: one worker, {args.bot_games} games per type, once per backend)")
    print("(commands per trivial job slot: commands/s over the trivial-job ceiling; one job per event could not "
          "exceed 1.0)")


if __name__ == "__main__":
    main()
