"""Several `trailhead serve` hosts on one database: PostgreSQL against SQLite (issue 13).

    python bench/hosts.py              # 3 runs; per run 1, 2 and 4 hosts on each backend, + 2 hosts without
                                       # synchronous_commit; 10 s measured each (about 2 min per run)
    python bench/hosts.py --quick      # smoke run: 1 run of 1 and 2 hosts, 1.5 s measured each
    python bench/hosts.py --hosts 1,2 --backends postgresql --runs 5

A "host" is one `trailhead serve --workers 1` process on its own port (--workers-per-host),
so that 1, 2 and 4 hosts are 1, 2 and 4 Python processes serving, as 1, 2 and 4 machines
would be; all of them on the same database: a fresh PostgreSQL database per measurement
(CREATE DATABASE bench_<random>, `trailhead db migrate`'s schema, dropped afterwards) or a
fresh temporary SQLite file that every host opens (WAL; writers take turns on the file's
write lock). Jobs run inline in each host (no REDIS_URL), as in http_commands.py; rate
limits are off.

The load is http_commands.py's: closed-loop clients (default 16, over 2 processes) each
playing its own seeded games from the playbooks worked out in-process, client i sending
everything to host i mod N. Every run measures every configuration, one after the other
(the order reverses on odd runs), so that the ratios (PostgreSQL/SQLite at the same number
of hosts, N hosts/1 host, synchronous_commit off/on) are taken within one run; the figures
are the medians over the runs.

synchronous_commit: the server's setting (on by default, checked and printed) for the
main rows; the extra row sets it off for its own database only (ALTER DATABASE ... SET
synchronous_commit = off), which answers a 201 before the commit's WAL is on disk.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import re
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.databases import (
    BACKENDS,
    DEFAULT_SERVER,
    POSTGRESQL,
    SQLITE,
    Backends,
    WaitSampler,
    database_name,
    durability,
    fresh_database,
)
from bench.http_commands import (
    SERVICE,
    Measurement,
    add_load_options,
    check_load_options,
    measure,
    playbooks_for,
    table,
)
from bench.playbook import Playbook
from bench.servers import cluster, exit_on_sigterm, free_port, serve_command


@dataclasses.dataclass(frozen=True, slots=True)
class Setup:
    """One configuration measured in every run."""

    backend: str
    hosts: int
    synchronous_commit: bool = True  # PostgreSQL: the server's default (on); False: off for this database

    @property
    def label(self) -> str:
        name = "pg" if self.backend == POSTGRESQL else "sqlite"
        return f"{name} x{self.hosts}{'' if self.synchronous_commit else ' sync off'}"


@dataclasses.dataclass(slots=True)
class Outcome:
    measurement: Measurement
    problems: list[str]  # from the servers' logs: 5xx answers, tracebacks
    durability: dict[str, str]
    waits: list[tuple[float, tuple[str, str, str]]] = dataclasses.field(default_factory=list)


STATUS = re.compile(r'" (\d{3})\s*$')


def log_problems(paths: list[Path]) -> list[str]:
    """What the servers' logs say went wrong: answers other than 2xx, and tracebacks (their last line)."""
    statuses: Counter[str] = Counter()
    tracebacks: Counter[str] = Counter()
    for path in paths:
        lines = path.read_text(errors="replace").splitlines()
        for number, line in enumerate(lines):
            status = STATUS.search(line)
            if status and not status.group(1).startswith("2"):
                statuses[status.group(1)] += 1
            if line.startswith("Traceback"):
                end = next((i for i in range(number + 1, len(lines)) if lines[i] and not lines[i][0].isspace()),
                           None)
                tracebacks[lines[end][:300] if end is not None else "?"] += 1
    found = [f"{count} answer(s) HTTP {status}" for status, count in sorted(statuses.items())]
    found += [f"{count} traceback(s): {last}" for last, count in tracebacks.most_common(3)]
    return found


def run_setup(setup: Setup, run: int, tmp: Path, playbooks: list[Playbook], args: argparse.Namespace,
              via_cli: bool) -> Outcome:
    sync = None if setup.backend == SQLITE or setup.synchronous_commit else False
    with fresh_database(setup.backend, tmp, args.postgres, synchronous_commit=sync) as db:
        settings = durability(db) if setup.backend == POSTGRESQL else {}
        ports: list[int] = []
        while len(ports) < setup.hosts:
            port = free_port()
            if port not in ports:
                ports.append(port)
        tag = setup.label.replace(" ", "-")
        logs = [tmp / f"{tag}-run{run}-host{i}.log" for i in range(setup.hosts)]
        factory = None if via_cli else "bench.service_app:create"
        commands = [(serve_command(port, args.workers_per_host, factory), port, log) for port, log in zip(ports, logs)]
        env = {"TRAILHEAD_DB_POOL_SIZE": str(args.pool_size)} if args.pool_size else None
        with cluster(commands, db, env=env) as servers:
            probe = Backends(args.postgres, database_name(db)) if setup.backend == POSTGRESQL else None
            sampler = WaitSampler(args.postgres, database_name(db)) if args.waits and probe else None
            with sampler or contextlib.nullcontext():
                measured = measure(SERVICE, servers, playbooks, args, db=probe)
            measured.load_average = os.getloadavg()[0]
        problems = log_problems(logs)
        for log in logs:
            log.unlink(missing_ok=True)
    return Outcome(measured, problems, settings, sampler.top() if sampler else [])


def setups(args: argparse.Namespace) -> list[Setup]:
    chosen = []
    for hosts in args.hosts:
        for backend in args.backends:
            chosen.append(Setup(backend, hosts))
            if backend == POSTGRESQL and hosts in args.sync_off_hosts:
                chosen.append(Setup(backend, hosts, synchronous_commit=False))
    return chosen


def say(setup: Setup, run: int, outcome: Outcome) -> None:
    m = outcome.measurement
    print(f"run {run + 1} {setup.label:16}: {m.rate:6.0f}/s  p50 {m.percentile_ms(50):6.2f} ms  "
          f"p99 {m.percentile_ms(99):7.2f} ms  ({m.requests} in {m.seconds:g} s, load average {m.load_average:.2f}"
          f"{f', {len(m.errors)} client errors' if m.errors else ''})", flush=True)
    for error in m.errors[:3]:
        print(f"    client error: {error}", flush=True)
    for problem in outcome.problems[:4]:
        print(f"    server log: {problem}", flush=True)
    for sessions, (state, wait, query) in outcome.waits:
        print(f"    {sessions:5.2f} sessions {state:19} {wait:22} {query}", flush=True)


def report(game: str, note: str, args: argparse.Namespace, chosen: list[Setup],
           results: list[dict[Setup, Outcome]]) -> None:
    def series(setup: Setup) -> list[Measurement]:
        return [r[setup].measurement for r in results]

    rows: list[tuple[str, list[float], str]] = []
    for setup in chosen:
        ms = series(setup)
        rows += [
            (f"{setup.label}: commands/s", [m.rate for m in ms], ".0f"),
            (f"{setup.label}: p50 (ms)", [m.percentile_ms(50) for m in ms], ".2f"),
            (f"{setup.label}: p99 (ms)", [m.percentile_ms(99) for m in ms], ".2f"),
            (f"{setup.label}: serve CPU ms/cmd", [m.per_request_ms(m.server_cpu) for m in ms], ".2f"),
        ]
        if setup.backend == POSTGRESQL:
            rows.append((f"{setup.label}: postgres CPU ms/cmd", [m.per_request_ms(m.db_cpu) for m in ms], ".2f"))
        rows.append((f"{setup.label}: client CPU ms/cmd", [m.per_request_ms(m.client_cpu) for m in ms], ".2f"))
    by_key = {(s.backend, s.hosts, s.synchronous_commit): s for s in chosen}
    ratios: list[tuple[str, list[float], str]] = []
    for hosts in args.hosts:
        pg, lite = by_key.get((POSTGRESQL, hosts, True)), by_key.get((SQLITE, hosts, True))
        if pg and lite:
            ratios.append((f"pg/sqlite commands/s, x{hosts}",
                           [p.rate / s.rate for p, s in zip(series(pg), series(lite))], ".2f"))
    for backend in args.backends:
        one = by_key.get((backend, 1, True))
        for hosts in args.hosts:
            many = by_key.get((backend, hosts, True))
            if one and many and hosts != 1:
                ratios.append((f"{'pg' if backend == POSTGRESQL else 'sqlite'} x{hosts}/x1 commands/s",
                               [m.rate / o.rate for m, o in zip(series(many), series(one))], ".2f"))
    for hosts in args.sync_off_hosts:
        on, off = by_key.get((POSTGRESQL, hosts, True)), by_key.get((POSTGRESQL, hosts, False))
        if on and off:
            ratios.append((f"pg x{hosts} sync off/on commands/s",
                           [f.rate / o.rate for f, o in zip(series(off), series(on))], ".2f"))
    rows += ratios
    rows.append(("load average (1 min), per run", [statistics.mean(o.measurement.load_average for o in r.values())
                                                   for r in results], ".2f"))
    print()
    print(f"Several hosts on one database: game {game!r}, {args.clients} closed-loop clients over "
          f"{args.procs} processes, spread over the hosts (client i -> host i mod N)")
    if note:
        print(f"  note: {note}")
    print(f"  host: trailhead serve --workers {args.workers_per_host} (uvicorn workers, Flask on 8 threads each), "
          f"own port; inline jobs; rate limits off; PostgreSQL pool {args.pool_size or 8} connections per process")
    print(f"  per measurement: fresh database, {args.warmup:g} s warm-up, {args.duration:g} s measured; "
          f"{args.runs} run(s); load generator on the same {os.cpu_count()} CPUs")
    sqlite_sync = os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper()
    print(f"  SQLite: WAL, synchronous={sqlite_sync}"
          f"{': a 201 is durable (the WAL is fsynced at each commit)' if sqlite_sync in ('FULL', 'EXTRA') else ''}")
    pg_settings = next((o.durability for r in results for s, o in r.items() if s.synchronous_commit and o.durability),
                       None)
    if pg_settings:
        durable = pg_settings["synchronous_commit"] in ("on", "remote_apply", "remote_write", "local") \
            and pg_settings["fsync"] == "on"
        print(f"  PostgreSQL {pg_settings['server_version']}: synchronous_commit={pg_settings['synchronous_commit']}, "
              f"fsync={pg_settings['fsync']}, wal_sync_method={pg_settings['wal_sync_method']}, "
              f"full_page_writes={pg_settings['full_page_writes']} (as the bench database's sessions see them)"
              + (": a 201 is durable, answered after COMMIT returned, i.e. after the WAL was flushed to disk"
                 if durable else ": a 201 is NOT durable with these settings"))
    off = next((o.durability for r in results for s, o in r.items() if not s.synchronous_commit and o.durability),
               None)
    if off:
        print(f"  'sync off' rows: synchronous_commit={off['synchronous_commit']} for that database only: a 201 may "
              "precede the WAL flush (up to 3 x wal_writer_delay), so a crash can lose the last answered commands")
    print("  serve CPU: the serve processes; postgres CPU: the server's backends of the bench database "
          "(not the WAL writer, checkpointer)")
    print()
    print(table(rows))
    print()
    print(f"{'summary (medians)':24}{'commands/s':>12}{'p50 ms':>10}{'p99 ms':>10}")
    for setup in chosen:
        ms = series(setup)
        print(f"{setup.label:24}{statistics.median(m.rate for m in ms):12.0f}"
              f"{statistics.median(m.percentile_ms(50) for m in ms):10.1f}"
              f"{statistics.median(m.percentile_ms(99) for m in ms):10.1f}")
    for label, values, fmt in ratios:
        print(f"{label:34}{format(statistics.median(values), fmt):>12}")
    problems = [(s.label, p) for r in results for s, o in r.items() for p in o.problems]
    errors = [(s.label, e) for r in results for s, o in r.items() for e in o.measurement.errors]
    if errors or problems:
        print(f"\n{len(errors)} client error(s), {len(problems)} server log finding(s):")
        for label, text in (errors[:5] + problems[:10]):
            print(f"  {label}: {text}")
    else:
        print("\nno errors: every command answered 201, no 5xx or traceback in the servers' logs")


def int_list(text: str) -> list[int]:
    values = [int(part) for part in text.split(",") if part.strip()]
    if any(v < 1 for v in values):
        raise argparse.ArgumentTypeError("host counts are at least 1")
    return values


def names(text: str) -> list[str]:
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = sorted(set(chosen) - set(BACKENDS))
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(BACKENDS)}")
    return chosen


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_load_options(parser)
    parser.add_argument("--hosts", type=int_list, default=None,
                        help="host counts, comma-separated (default 1,2,4; with --quick 1,2)")
    parser.add_argument("--backends", type=names, default=list(BACKENDS),
                        help="sqlite, postgresql or both, comma-separated (default both)")
    parser.add_argument("--sync-off-hosts", type=lambda t: [] if t in ("", "0", "none") else int_list(t),
                        default=[2], help="host counts also measured on PostgreSQL with synchronous_commit off "
                                          "(default 2; 'none' for none)")
    parser.add_argument("--workers-per-host", type=int, default=1, help="gunicorn workers per serve (default 1)")
    parser.add_argument("--pool-size", type=int, default=0,
                        help="TRAILHEAD_DB_POOL_SIZE for each serve process (default: the service's, 8)")
    parser.add_argument("--waits", action="store_true",
                        help="sample pg_stat_activity every 20 ms during each PostgreSQL measurement and print "
                             "what the sessions were doing (mean sessions per state, wait event, statement)")
    parser.add_argument("--postgres", default=DEFAULT_SERVER,
                        help="the PostgreSQL server, as a URL to any database of it that may CREATE DATABASE "
                             f"(default BENCH_POSTGRES or {DEFAULT_SERVER})")
    args = check_load_options(parser, parser.parse_args(argv))
    if args.hosts is None:
        args.hosts = [1, 2] if args.quick else [1, 2, 4]
    args.sync_off_hosts = [h for h in args.sync_off_hosts if h in args.hosts and POSTGRESQL in args.backends]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    exit_on_sigterm()
    game, playbooks, via_cli, note = playbooks_for(args)
    if not any(p.steps for p in playbooks):
        raise SystemExit(f"{game}: the playbooks hold no commands")
    chosen = setups(args)
    results: list[dict[Setup, Outcome]] = []
    with tempfile.TemporaryDirectory(prefix="trailhead-bench-") as tmp:
        for run in range(args.runs):
            order = chosen if run % 2 == 0 else list(reversed(chosen))
            outcomes = {}
            for setup in order:
                outcomes[setup] = run_setup(setup, run, Path(tmp), playbooks, args, via_cli)
                say(setup, run, outcomes[setup])
            results.append(outcomes)
    report(game, note, args, chosen, results)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted: servers stopped, databases dropped, temporary files removed", file=sys.stderr)
        sys.exit(130)
