"""Commands per second through the HTTP API, and their p50/p99 latency, against a bare baseline.

    python bench/http_commands.py              # 3 runs x (service, bare), 10 s each, 16 clients
    python bench/http_commands.py --quick      # a few seconds: 1 run, 1.5 s each

Each run serves, on a fresh temporary SQLite file, first (or second: the order
alternates between runs) the service with gunicorn and 2 workers, then the bare
baseline (bench/bare_app.py, served the same way). The same load hits both: 16
closed-loop clients (2 processes x 8 threads, http.client, one request at a time
each) sending the same command bodies. Against the service, each client plays its
own games: it creates a game over HTTP with a known seed, then sends the commands
worked out in-process for that seed (bench/playbook.py), each with its
`expected_version` and the acting seat's token. The bare app gets the same bodies
and headers and appends each one as a row.
"""

from __future__ import annotations

import argparse
import array
import dataclasses
import http.client
import json
import multiprocessing
import os
import queue
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from collections.abc import Sequence
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.catalog import DEFAULT_GAME, TOY_ID, in_registry, registry_games, spec_of
from bench.playbook import Playbook, play
from bench.servers import Server, exit_on_sigterm, free_port, serve_command, serving

SERVICE, BARE = "service", "bare"
TARGET_SHARE = 0.5
TARGET_CPU_RATIO = 1.3
TARGET_P99_MS = 20.0


@dataclasses.dataclass(frozen=True, slots=True)
class Window:
    """Absolute monotonic times: clients start at `start`, are measured from `measure` to `end`."""

    start: float
    measure: float
    end: float
    interval: float = 0.0  # seconds between one client's sends in open loop; 0 for closed loop


@dataclasses.dataclass(slots=True)
class Measurement:
    """One target in one run."""

    target: str
    requests: int
    seconds: float
    latencies: list[float]
    games_created: int
    errors: list[str]
    server_cpu: float
    client_cpu: float
    settings: str = ""
    db_cpu: float = float("nan")  # CPU of the database server's processes serving this run (PostgreSQL only)

    load_average: float = 0.0

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def per_request_ms(self, seconds: float) -> float:
        return 1000 * seconds / self.requests if self.requests else float("nan")

    def percentile_ms(self, p: float) -> float:
        return percentile(self.latencies, p) * 1000 if self.latencies else float("nan")


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of unsorted `values` (p in 0..100)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


# -- the load generator (runs in forked client processes) -----------------------------------


def post(port: int, path: str, body: bytes, auth: str) -> tuple[int, bytes]:
    """One POST on a new connection, closed after the response (no keep-alive)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json", "Authorization": auth})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


class Client:
    """One closed-loop client: one request in flight at a time, until the window ends.

    With several servers (`ports`), client `index` sends everything to ports[index % len(ports)].
    """

    def __init__(self, target: str, ports: Sequence[int], playbooks: list[Playbook], index: int, clients: int,
                 window: Window) -> None:
        self.target, self.port, self.playbooks = target, ports[index % len(ports)], playbooks
        self.index, self.clients, self.window = index, clients, window
        self.latencies = array.array("d")
        self.next_send = time.monotonic()
        self.games_created = 0
        self.errors: list[str] = []

    def run(self) -> None:
        game = self.index
        while time.monotonic() < self.window.end and len(self.errors) < 5:
            playbook = self.playbooks[game % len(self.playbooks)]
            path, auth = self.open_game(playbook, game)
            game += self.clients
            if path is not None:
                self.play(playbook, path, auth)

    def open_game(self, playbook: Playbook, game: int) -> tuple[str | None, dict[int, str]]:
        if self.target == BARE:
            return f"/api/v1/games/bare-{game}/commands", {}
        try:
            status, body = post(self.port, "/api/v1/games", playbook.create_body, "")
        except OSError as error:
            self.errors.append(f"create: {error!r}")
            return None, {}
        if status != 201:
            self.errors.append(f"create: HTTP {status}: {body[:300]!r}")
            return None, {}
        if self.window.measure <= time.monotonic() <= self.window.end:
            self.games_created += 1
        created = json.loads(body)
        tokens = {row["index"]: f"Bearer {row['token']}" for row in created["seats"] if "token" in row}
        return f"/api/v1/games/{created['id']}/commands", tokens

    def play(self, playbook: Playbook, path: str, auth: dict[int, str]) -> None:
        window = self.window
        for step in playbook.steps:
            if self.window.interval:
                # open loop: this client sends on a fixed schedule, whatever the server's latency
                self.next_send = max(self.next_send + self.window.interval, time.monotonic() - self.window.interval)
                time.sleep(max(0.0, self.next_send - time.monotonic()))
            started = time.monotonic()
            if started >= window.end:
                return
            try:
                status, body = post(self.port, path, step.body, auth.get(step.seat, "Bearer bare"))
            except OSError as error:
                self.errors.append(f"command: {error!r}")
                return
            done = time.monotonic()
            if status != 201:
                self.errors.append(f"command at version {step.version_after - 1}: HTTP {status}: {body[:300]!r}")
                return
            if window.measure <= done <= window.end:
                self.latencies.append(done - started)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def load_process(target: str, ports: Sequence[int], playbooks: list[Playbook], first: int, threads: int, clients: int,
                 window: Window, results: Any) -> None:
    """`threads` clients in this process; puts their merged results on `results`."""
    try:
        run_clients(target, ports, playbooks, first, threads, clients, window, results)
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group; the parent reports it
        pass


def run_clients(target: str, ports: Sequence[int], playbooks: list[Playbook], first: int, threads: int, clients: int,
                window: Window, results: Any) -> None:
    workers = [Client(target, ports, playbooks, first + i, clients, window) for i in range(threads)]
    runners = [threading.Thread(target=c.run, daemon=True) for c in workers]
    time.sleep(max(0.0, window.start - time.monotonic()))
    for runner in runners:
        runner.start()
    time.sleep(max(0.0, window.measure - time.monotonic()))
    cpu_at_measure = cpu_seconds()
    time.sleep(max(0.0, window.end - time.monotonic()))
    cpu_in_window = cpu_seconds() - cpu_at_measure
    for runner in runners:
        runner.join()
    latencies = array.array("d")
    for client in workers:
        latencies.extend(client.latencies)
    results.put({
        "latencies": latencies.tobytes(),
        "games_created": sum(c.games_created for c in workers),
        "errors": [e for c in workers for e in c.errors],
        "client_cpu": cpu_in_window,
    })


# -- one measurement --------------------------------------------------------------------------


class CpuProbe:
    """Anything whose CPU time (seconds so far) the measurement window should count: `cpu_seconds()`."""

    def cpu_seconds(self) -> float:
        raise NotImplementedError


def measure(target: str, server: Server | Sequence[Server], playbooks: list[Playbook], args: argparse.Namespace,
            db: CpuProbe | None = None) -> Measurement:
    """Drive `server` (or several: the clients are spread over them) with args.clients clients over
    args.procs processes for one window; `db`, if given, is the database server's CPU to count."""
    servers = [server] if isinstance(server, Server) else list(server)
    ports = [s.port for s in servers]
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    now = time.monotonic()
    interval = args.clients / args.rate if args.rate else 0.0
    window = Window(now + 0.5, now + 0.5 + args.warmup, now + 0.5 + args.warmup + args.duration, interval)
    per_process = [args.clients // args.procs + (1 if i < args.clients % args.procs else 0) for i in range(args.procs)]
    processes = []
    try:
        first = 0
        for threads in per_process:
            process = context.Process(target=load_process, daemon=True,
                                      args=(target, ports, playbooks, first, threads, args.clients, window,
                                            results))
            process.start()
            processes.append(process)
            first += threads
        time.sleep(max(0.0, window.measure - time.monotonic()))
        server_cpu_at_measure = sum(s.cpu_seconds() for s in servers)
        db_cpu_at_measure = db.cpu_seconds() if db is not None else float("nan")
        time.sleep(max(0.0, window.end - time.monotonic()))
        server_cpu = sum(s.cpu_seconds() for s in servers) - server_cpu_at_measure
        db_cpu = db.cpu_seconds() - db_cpu_at_measure if db is not None else float("nan")
        parts = [results.get(timeout=120) for _ in processes]
    except queue.Empty:
        logs = "\n".join(s.log_tail() for s in servers)
        raise RuntimeError(f"a load process did not report; server log(s):\n{logs}") from None
    except BaseException:  # Ctrl-C, SIGTERM, errors: stop the load at once
        for process in processes:
            process.terminate()
        raise
    finally:
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join()
    latencies: list[float] = []
    for part in parts:
        chunk = array.array("d")
        chunk.frombytes(part["latencies"])
        latencies.extend(chunk)
    return Measurement(
        target=target,
        requests=len(latencies),
        seconds=args.duration,
        latencies=latencies,
        games_created=sum(p["games_created"] for p in parts),
        errors=[e for p in parts for e in p["errors"]],
        server_cpu=server_cpu,
        client_cpu=sum(p["client_cpu"] for p in parts),
        db_cpu=db_cpu,
    )


def run_target(target: str, run: int, tmp: Path, playbooks: list[Playbook], args: argparse.Namespace,
               via_cli: bool) -> Measurement:
    port = free_port()
    if target == SERVICE:
        command = serve_command(port, args.workers, None if via_cli else "bench.service_app:create")
    else:
        command = serve_command(port, args.workers, "bench.bare_app:create")
    db_path = tmp / f"{target}-{run}.sqlite"
    with serving(command, port, db_path, tmp / f"{target}-{run}.log", app=target) as server:
        result = measure(target, server, playbooks, args)
        result.settings = server.gunicorn_settings()
        result.load_average = os.getloadavg()[0]
    for name in os.listdir(tmp):  # each run starts from a fresh file
        if name.startswith(f"{target}-{run}.sqlite"):
            os.remove(tmp / name)
    return result


# -- choosing the game -----------------------------------------------------------------------


def playbooks_for(args: argparse.Namespace) -> tuple[str, list[Playbook], bool, str]:
    """The game id, one playbook per seed, whether `trailhead serve` offers it, and a note on the choice."""
    note = ""
    game = args.game
    if game is None:
        games, why = registry_games()
        if any(spec.id == DEFAULT_GAME for spec in games):
            try:
                return DEFAULT_GAME, make_playbooks(DEFAULT_GAME, args), True, ""
            except Exception as error:  # noqa: BLE001 - the game is being written: fall back to the toy game
                note = f"{DEFAULT_GAME} could not be played in-process ({type(error).__name__}: {error}); "
        else:
            note = f"{DEFAULT_GAME} is not available ({why or 'not in domain.games.GAMES'}); "
        game = TOY_ID
        note += "using the toy game (tests/support/toy.py) instead"
    return game, make_playbooks(game, args), in_registry(game), note


def make_playbooks(game: str, args: argparse.Namespace) -> list[Playbook]:
    spec = spec_of(game)
    seats = args.seats or spec.min_seats
    options = json.loads(args.options) if args.options else ({"pile": 50} if game == TOY_ID else {})
    return [play(spec, seats, options, f"bench-{game}-{i}", args.max_steps) for i in range(args.seeds)]


# -- output -----------------------------------------------------------------------------------


def table(rows: list[tuple[str, list[float], str]]) -> str:
    runs = len(rows[0][1])
    header = f"{'':34}" + "".join(f"{f'run {i + 1}':>10}" for i in range(runs)) + f"{'median':>10}"
    lines = [header, "-" * len(header)]
    for label, values, fmt in rows:
        cells = "".join(f"{format(v, fmt):>10}" for v in values)
        lines.append(f"{label:34}{cells}{format(statistics.median(values), fmt):>10}")
    return "\n".join(lines)


def report(game: str, playbooks: list[Playbook], note: str, via_cli: bool, args: argparse.Namespace,
           results: list[dict[str, Measurement]]) -> None:
    service = [r[SERVICE] for r in results]
    bare = [r[BARE] for r in results]
    ratios = [s.rate / b.rate for s, b in zip(service, bare)]
    cpu_ratios = [s.per_request_ms(s.server_cpu) / b.per_request_ms(b.server_cpu) for s, b in zip(service, bare)]
    rows = [
        ("service: commands/s", [m.rate for m in service], ".0f"),
        ("service: p50 latency (ms)", [m.percentile_ms(50) for m in service], ".2f"),
        ("service: p99 latency (ms)", [m.percentile_ms(99) for m in service], ".2f"),
        ("bare:    requests/s", [m.rate for m in bare], ".0f"),
        ("bare:    p50 latency (ms)", [m.percentile_ms(50) for m in bare], ".2f"),
        ("bare:    p99 latency (ms)", [m.percentile_ms(99) for m in bare], ".2f"),
        ("ratio service/bare (rate)", ratios, ".1%"),
        ("service: server CPU ms/command", [m.per_request_ms(m.server_cpu) for m in service], ".2f"),
        ("bare:    server CPU ms/request", [m.per_request_ms(m.server_cpu) for m in bare], ".2f"),
        ("ratio service/bare (server CPU)", cpu_ratios, ".2f"),
        ("service: client CPU ms/command", [m.per_request_ms(m.client_cpu) for m in service], ".2f"),
        ("bare:    client CPU ms/request", [m.per_request_ms(m.client_cpu) for m in bare], ".2f"),
        ("service: games created in window", [float(m.games_created) for m in service], ".0f"),
        ("load average (1 min) after service", [m.load_average for m in service], ".2f"),
        ("load average (1 min) after bare", [m.load_average for m in bare], ".2f"),
    ]
    steps = [len(p.steps) for p in playbooks]
    print()
    print(f"HTTP commands: game {game!r}, {statistics.mean(steps):.0f} commands per game on average "
          f"({len(playbooks)} seeded playbooks, {sum(p.finished for p in playbooks)} played to the end)")
    if note:
        print(f"  note: {note}")
    server = "trailhead serve" if via_cli else "bench.serve bench.service_app:create (trailhead serve + the toy game)"
    settings = next((m.settings for r in results for m in r.values() if m.settings), "see service/cli.py")
    print(f"  service: {server}; bare: bench.serve bench.bare_app:create (trailhead serve's gunicorn setup)")
    print(f"  both: --workers {args.workers}, gunicorn {settings}; inline jobs (no REDIS_URL)")
    print(f"  SQLite: fresh temp file per run and target, WAL, synchronous={os.environ.get('TRAILHEAD_SYNCHRONOUS', 'FULL')}")
    print(f"  load: {args.clients} closed-loop clients = {args.procs} processes x ~{args.clients // args.procs} threads, "
          f"http.client, a new connection per request, on the same {os.cpu_count()} CPUs as the server")
    print(f"  per run: {args.warmup:g} s warm-up, {args.duration:g} s measured per target; {args.runs} run(s), "
          "targets alternating order; latency = connect + request + full response, at the client")
    print()
    print(table(rows))
    errors = [e for r in results for m in r.values() for e in m.errors]
    if errors:
        print(f"\n{len(errors)} error(s), first: {errors[:3]}")
    share, p99 = statistics.median(ratios), statistics.median(m.percentile_ms(99) for m in service)
    print()
    print(f"target service >= {TARGET_SHARE:.0%} of bare: {share:.1%} -> {'MET' if share >= TARGET_SHARE else 'NOT MET'}")
    print(f"target service p99 < {TARGET_P99_MS:g} ms: {p99:.2f} ms -> {'MET' if p99 < TARGET_P99_MS else 'NOT MET'}")
    cpu = statistics.median(cpu_ratios)
    print(f"target server CPU per command <= {TARGET_CPU_RATIO:g}x bare: {cpu:.2f}x -> "
          f"{'MET' if cpu <= TARGET_CPU_RATIO else 'NOT MET'}")


def add_load_options(parser: argparse.ArgumentParser) -> None:
    """The options of the game, the load and the runs, shared with the benches that reuse this load generator."""
    parser.add_argument("--game", default=None,
                        help=f"game type (default: {DEFAULT_GAME} if domain.games has it and it plays, else toy)")
    parser.add_argument("--seats", type=int, default=None, help="seats per game, all human (default: the game's minimum)")
    parser.add_argument("--options", default=None, help='game options as JSON (default: {"pile": 50} for toy, else {})')
    parser.add_argument("--duration", type=float, default=10.0, help="measured seconds per target and run (default 10)")
    parser.add_argument("--warmup", type=float, default=3.0, help="warm-up seconds before each measurement (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of the whole measurement (default 3)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent closed-loop clients (default 16)")
    parser.add_argument("--procs", type=int, default=2, help="client processes the clients are spread over (default 2)")
    parser.add_argument("--seeds", type=int, default=16, help="distinct seeded games (playbooks) to cycle through")
    parser.add_argument("--max-steps", type=int, default=5000, help="commands per playbook at most")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="open loop: offer this many commands/s in all, spread over the clients "
                             "(default 0: closed loop, each client sends as soon as its last answer came)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 1 run, 0.5 s warm-up, 1.5 s measured")


def check_load_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """--quick's settings, and the checks of add_load_options' values."""
    if args.quick:
        args.runs, args.warmup, args.duration, args.seeds = 1, 0.5, 1.5, 4
    if args.procs < 1 or args.clients < args.procs:
        parser.error("need at least one client per process")
    return args


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_load_options(parser)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers for both servers (default 2)")
    return check_load_options(parser, parser.parse_args(argv))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    exit_on_sigterm()
    game, playbooks, via_cli, note = playbooks_for(args)
    if not any(p.steps for p in playbooks):
        raise SystemExit(f"{game}: the playbooks hold no commands")
    results: list[dict[str, Measurement]] = []
    with tempfile.TemporaryDirectory(prefix="trailhead-bench-") as tmp:
        for run in range(args.runs):
            order = (SERVICE, BARE) if run % 2 == 0 else (BARE, SERVICE)
            measured = {}
            for target in order:
                m = measure_and_say(target, run, Path(tmp), playbooks, args, via_cli)
                measured[target] = m
            results.append(measured)
    report(game, playbooks, note, via_cli, args, results)
    return 0


def measure_and_say(target: str, run: int, tmp: Path, playbooks: list[Playbook], args: argparse.Namespace,
                    via_cli: bool) -> Measurement:
    m = run_target(target, run, tmp, playbooks, args, via_cli)
    print(f"run {run + 1} {target:7}: {m.rate:7.0f}/s  p50 {m.percentile_ms(50):6.2f} ms  "
          f"p99 {m.percentile_ms(99):6.2f} ms  ({m.requests} in {m.seconds:g} s, load average "
          f"{m.load_average:.2f}{f', {len(m.errors)} errors' if m.errors else ''})", flush=True)
    for error in m.errors[:3]:
        print(f"    error: {error}", flush=True)
    return m


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted: servers stopped, temporary files removed", file=sys.stderr)
        sys.exit(130)
