"""What metrics and JSON request logs cost per command: `trailhead serve` with them off, and on, in one run.

    python bench/metrics_cost.py              # 3 runs x 3 settings, 10 s each, 16 clients
    python bench/metrics_cost.py --quick      # a few seconds
    python bench/metrics_cost.py --in-process # the app alone (Flask's test client), CPU per command, less noise


The same load as bench/http_commands.py (closed-loop clients playing seeded games over HTTP, one
new connection per command) hits `trailhead serve` (2 workers, SQLite, inline jobs) under three
settings, in an order that rotates between runs:

- off:     TRAILHEAD_METRICS=off, gunicorn's access log (the text default before metrics existed);
- metrics: metrics on (multiprocess files, every request and command counted), the access log;
- on:      metrics on and TRAILHEAD_LOG_FORMAT=json (one JSON line per request, no access log).

It reports commands/s, p50/p99 latency and the server's CPU per command (all gunicorn processes)
for each, the medians over the runs, and the differences to `off`. On a shared machine the server's
CPU per command varies by a few tenths of a millisecond from run to run, more than what is measured:
`--in-process` measures the app alone instead (no server, no sockets), its CPU time per command with
each setting, the settings interleaved game by game, with the multiprocess mode on as under `serve`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.http_commands import Measurement, add_load_options, check_load_options, measure, playbooks_for, table
from bench.servers import cluster, exit_on_sigterm, free_port, serve_command

SETTINGS = {
    "off": {"TRAILHEAD_METRICS": "off", "TRAILHEAD_LOG_FORMAT": "text"},
    "metrics": {"TRAILHEAD_METRICS": "on", "TRAILHEAD_LOG_FORMAT": "text"},
    "on": {"TRAILHEAD_METRICS": "on", "TRAILHEAD_LOG_FORMAT": "json"},
}


def run_setting(name: str, run: int, tmp: Path, args: argparse.Namespace, playbooks: list) -> Measurement:  # type: ignore[type-arg]
    port = free_port()
    command = serve_command(port, args.workers, None if args.via_cli else "bench.service_app:create")
    db = tmp / f"{name}-{run}.sqlite"
    env = {**SETTINGS[name], "PROMETHEUS_MULTIPROC_DIR": ""}
    with cluster([(command, port, tmp / f"{name}-{run}.log")], db, "service", env) as servers:
        result = measure("service", servers[0], playbooks, args)
    for file in os.listdir(tmp):
        if file.startswith(f"{name}-{run}.sqlite"):
            os.remove(tmp / file)
    return result


def in_process(args: argparse.Namespace, playbooks: list, game: str) -> None:  # type: ignore[type-arg]
    """CPU seconds per command of the Flask app alone under each setting, the settings interleaved per game."""
    import logging
    import time

    with tempfile.TemporaryDirectory(prefix="trailhead-bench-metrics-") as tmp:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tmp  # before prometheus-client is first imported, as under serve
        from service.app import create_app

        clients = {}
        for name, env in SETTINGS.items():
            clients[name] = create_app({"DATABASE": os.path.join(tmp, f"{name}.sqlite"), "RATE_LIMITS": "off",
                                        "CLIENT_SEEDS": "exact", "METRICS": env["TRAILHEAD_METRICS"] == "on",
                                        "LOG_FORMAT": env["TRAILHEAD_LOG_FORMAT"]}).test_client()
        sink = open(os.devnull, "w")  # noqa: SIM115 - the JSON lines go nowhere, but are written
        for handler in logging.getLogger("trailhead.requests").handlers:
            handler.setStream(sink)  # type: ignore[attr-defined]
        cpu: dict[str, list[float]] = {name: [] for name in SETTINGS}
        commands = {name: 0 for name in SETTINGS}
        rounds = max(1, args.runs) * len(playbooks)
        for round_ in range(rounds):
            playbook = playbooks[round_ % len(playbooks)]
            for name in list(SETTINGS)[round_ % 3:] + list(SETTINGS)[:round_ % 3]:
                client = clients[name]
                created = client.post("/api/v1/games", data=playbook.create_body, content_type="application/json").json
                tokens = {row["index"]: f"Bearer {row['token']}" for row in created["seats"] if "token" in row}
                path = f"/api/v1/games/{created['id']}/commands"
                started = time.thread_time()
                for step in playbook.steps:
                    answer = client.post(path, data=step.body, content_type="application/json",
                                         headers={"Authorization": tokens[step.seat]})
                    assert answer.status_code == 201, answer.text
                cpu[name].append((time.thread_time() - started) / len(playbook.steps))
                commands[name] += len(playbook.steps)
        print(f"in-process: game {game!r}, {rounds} games per setting ({commands['off']} commands), CPU per command "
              "(this thread only: the request through Flask's test client; follow-ups run on other threads)")
        off = statistics.median(cpu["off"])
        for name in SETTINGS:
            median = statistics.median(cpu[name])
            print(f"  {name:8} median {median * 1000:.3f} ms/command  ({median * 1000 - off * 1000:+.3f} ms vs off, "
                  f"{median / off - 1:+.1%})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_load_options(parser)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--in-process", action="store_true", help="the app alone, CPU per command (see above)")
    args = check_load_options(parser, parser.parse_args(argv))
    exit_on_sigterm()
    game, playbooks, args.via_cli, note = playbooks_for(args)
    if args.in_process:
        in_process(args, playbooks, game)
        return 0
    names = list(SETTINGS)
    results: dict[str, list[Measurement]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory(prefix="trailhead-bench-metrics-") as tmp:
        for run in range(args.runs):
            for name in names[run % len(names):] + names[:run % len(names)]:
                m = run_setting(name, run, Path(tmp), args, playbooks)
                results[name].append(m)
                print(f"run {run + 1} {name:8}: {m.rate:6.0f}/s  p50 {m.percentile_ms(50):6.2f} ms  p99 "
                      f"{m.percentile_ms(99):6.2f} ms  server CPU {m.per_request_ms(m.server_cpu):.3f} ms/command"
                      f"{f', {len(m.errors)} errors' if m.errors else ''}", flush=True)
    print(f"\nmetrics and request logs: game {game!r}{f' ({note})' if note else ''}; trailhead serve --workers "
          f"{args.workers}, SQLite, inline jobs; {args.clients} clients; {args.runs} run(s) of {args.duration:g} s")
    rows = []
    for name in names:
        rows += [(f"{name}: commands/s", [m.rate for m in results[name]], ".0f"),
                 (f"{name}: p50 latency (ms)", [m.percentile_ms(50) for m in results[name]], ".2f"),
                 (f"{name}: p99 latency (ms)", [m.percentile_ms(99) for m in results[name]], ".2f"),
                 (f"{name}: server CPU ms/command", [m.per_request_ms(m.server_cpu) for m in results[name]], ".3f")]
    for name in names[1:]:
        rows.append((f"{name}-off: CPU ms/command", [
            m.per_request_ms(m.server_cpu) - o.per_request_ms(o.server_cpu)
            for m, o in zip(results[name], results["off"])], "+.3f"))
        rows.append((f"{name}/off: commands/s", [m.rate / o.rate for m, o in zip(results[name], results["off"])],
                     ".1%"))
    print(table(rows))
    errors = [e for ms in results.values() for m in ms for e in m.errors]
    if errors:
        print(f"\n{len(errors)} error(s), first: {errors[:3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
