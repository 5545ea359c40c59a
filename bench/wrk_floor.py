"""The floor under the floor: commands driven by Debian's `wrk`, on sync and gthread gunicorn workers.

    python bench/wrk_floor.py              # 3 runs x 4 targets, 8 s each, 16 connections
    python bench/wrk_floor.py --quick      # 1 run, 2 s each

`bench/http_commands.py` compares the service with a bare Flask app, both served the
way `trailhead serve` serves (gthread workers) and driven by a Python load generator
that opens a new connection per request on the same two cores. This bench takes the
load generator and the serving stack out of the comparison, one at a time. The same
load drives four targets, each on a fresh temporary SQLite file (WAL, synchronous=FULL):

- bare/sync: bench/bare_app.py (decode JSON, one `BEGIN IMMEDIATE` append on a
  connection kept per thread, writers queued in arrival order, both as the service
  does: BARE_CONNECTION=thread) served by gunicorn with 2 *sync* workers: the
  cheapest durable JSON append this stack serves;
- service/sync: the service (`service.app:create_app()`, inline jobs) on the same workers;
- bare/serve and service/serve: the same two apps on `trailhead serve`'s stack (gunicorn with
  uvicorn workers, Flask behind a2wsgi's thread pool, since the streams moved to an ASGI front).

The load is `wrk` (Debian's package `wrk`) with 16 connections and 16 threads, one
connection per thread, so each connection's requests go strictly one after another
(the default is HTTP/1.1 keep-alive; sync workers close the connection after each
answer and wrk reconnects). Against the service each connection plays its own games:
the games are created over HTTP before the clock starts, from seeds whose commands
were worked out in-process (bench/playbook.py), and wrk's Lua script sends each
game's commands in order with their `expected_version` and the seat's token. The
bare app gets the same bodies and headers.

What the figures mean (medians of the runs; the runs are shown too):
- requests/s: 2xx answers divided by the run's length (every non-2xx is an error and
  is reported: a 409 would mean the script ran out of prepared commands);
- server CPU ms/request: the gunicorn processes' CPU time (user + system) during the
  wrk run divided by the answers;
- the split: (service/sync - bare/sync) is what our own code costs per command on
  the cheapest stack; (service/serve - service/sync) is what the serving stack
  `trailhead serve` uses (threads, keep-alive handling) adds on top.
"""

from __future__ import annotations

import argparse
import dataclasses
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.catalog import DEFAULT_GAME, spec_of
from bench.playbook import Playbook, play
from bench.servers import Server, describe, exit_on_sigterm, free_port, prepare_database, serve_command

CONNECTIONS = 16
TARGETS = ("bare/sync", "service/sync", "bare/serve", "service/serve")
MAX_RATE = 3000  # commands/s the prepared games must be able to feed for the whole run


@dataclasses.dataclass(frozen=True, slots=True)
class Result:
    target: str
    answered: int
    errors: int
    seconds: float
    server_cpu: float
    p50_ms: float
    p99_ms: float

    @property
    def rate(self) -> float:
        return self.answered / self.seconds

    @property
    def cpu_ms(self) -> float:
        return 1000 * self.server_cpu / self.answered if self.answered else float("nan")


def command_for(target: str, port: int) -> list[str]:
    app, stack = target.split("/")
    if stack == "serve":
        return serve_command(port, 2, None if app == "service" else "bench.bare_app:create")
    factory = "service.app:create_app()" if app == "service" else "bench.bare_app:create()"
    return [sys.executable, "-m", "gunicorn", "--worker-class", "sync", "--workers", "2", "--bind",
            f"127.0.0.1:{port}", "--backlog", "2048", "--timeout", "60", "--log-level", "warning", factory]


def post(port: int, path: str, body: bytes, auth: str = "") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json", **({"Authorization": auth} if auth else {})}
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def plans_for(app: str, port: int, playbooks: list[Playbook], per_connection: int) -> list[list[tuple[str, str, bytes]]]:
    """For each connection, the (path, authorization, body) of its requests, in order."""
    plans: list[list[tuple[str, str, bytes]]] = []
    game = 0
    for connection in range(CONNECTIONS):
        plan: list[tuple[str, str, bytes]] = []
        while len(plan) < per_connection:
            playbook = playbooks[game % len(playbooks)]
            if app == "bare":
                path, tokens = f"/api/v1/games/bare-{connection}-{game}/commands", {}
            else:
                status, body = post(port, "/api/v1/games", playbook.create_body)
                if status != 201:
                    raise RuntimeError(f"creating a game: HTTP {status}: {body[:300]!r}")
                created = json.loads(body)
                path = f"/api/v1/games/{created['id']}/commands"
                tokens = {row["index"]: f"Bearer {row['token']}" for row in created["seats"] if "token" in row}
            plan.extend((path, tokens.get(step.seat, "Bearer bare"), step.body) for step in playbook.steps)
            game += 1
        plans.append(plan)
    return plans


def lua_string(data: bytes | str) -> str:
    text = data.decode() if isinstance(data, bytes) else data
    return "[==[" + text + "]==]"


def write_script(path: Path, plans: list[list[tuple[str, str, bytes]]]) -> None:
    """A wrk script: thread i sends plan i's requests in order (one connection per thread)."""
    lines = ["local plans = {"]
    for plan in plans:
        lines.append("{")
        lines.extend(f"{{{lua_string(p)},{lua_string(a)},{lua_string(b)}}}," for p, a, b in plan)
        lines.append("},")
    lines.append("}")
    lines.append("""
local count = 0
function setup(thread)
  count = count + 1
  thread:set("index", count)
end
function init(args)
  requests, sent = {}, 0
  if index == 1 then
    -- wrk calls the first thread's request() once before the run to check the script, and
    -- drops what it returns: a harmless GET takes that call (or, sent, one 200 more)
    requests[1] = wrk.format("GET", "/healthz")
  end
  for _, r in ipairs(plans[index]) do
    requests[#requests + 1] = wrk.format("POST", r[1], {["Content-Type"] = "application/json",
                                                         ["Authorization"] = r[2]}, r[3])
  end
end
function request()
  sent = sent + 1
  if sent > #requests then sent = #requests end  -- ran out: repeated, answered 409, reported
  return requests[sent]
end
function done(summary, latency, requests)
  io.write(string.format("WRK requests=%d non2xx=%d connect=%d read=%d write=%d timeout=%d p50=%d p99=%d\\n",
    summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, latency:percentile(50), latency:percentile(99)))
end
""")
    path.write_text("\n".join(lines))


def run_target(target: str, playbooks: list[Playbook], seconds: float, workdir: Path) -> Result:
    app = target.split("/")[0]
    db_path = workdir / f"{target.replace('/', '-')}.sqlite"
    for stale in workdir.glob(f"{db_path.name}*"):
        stale.unlink()
    prepare_database(db_path, app)
    port = free_port()
    server = Server(command_for(target, port), port, db_path, workdir / "server.log",
                    env={"BARE_CONNECTION": "thread"})
    try:
        server.wait_healthy()
        per_connection = int(MAX_RATE * seconds / CONNECTIONS) + 50
        script = workdir / "plan.lua"
        write_script(script, plans_for(app, port, playbooks, per_connection))
        before = server.cpu_seconds()
        wrk = subprocess.run(["wrk", "-t", str(CONNECTIONS), "-c", str(CONNECTIONS), "-d", f"{seconds:g}s",
                              "--timeout", "30s", "-s", str(script), f"http://127.0.0.1:{port}"],
                             capture_output=True, text=True, check=False)
        server_cpu = server.cpu_seconds() - before
    finally:
        server.stop()
    found = re.search(r"WRK requests=(\d+) non2xx=(\d+) connect=(\d+) read=(\d+) write=(\d+) timeout=(\d+)"
                      r" p50=(\d+) p99=(\d+)", wrk.stdout)
    if wrk.returncode != 0 or found is None or wrk.stderr.strip():
        raise RuntimeError(f"wrk failed ({wrk.returncode}):\n{wrk.stdout}\n{wrk.stderr[:2000]}")
    requests, non2xx, connect, read, write, timeout, p50, p99 = (int(g) for g in found.groups())
    # sync workers close each connection after answering: wrk counts those closes as read errors
    errors = non2xx + connect + write + timeout
    return Result(target, requests - non2xx, errors, seconds, server_cpu, p50 / 1000, p99 / 1000)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME)
    parser.add_argument("--duration", type=float, default=8.0, help="seconds per target and run (default 8)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=8, help="seeded playbooks to cycle through (default 8)")
    parser.add_argument("--quick", action="store_true", help="1 run, 2 s per target")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.duration = 1, 2.0
    if shutil.which("wrk") is None:
        raise SystemExit("this bench needs wrk: apt-get install wrk (Debian's package)")
    exit_on_sigterm()
    spec = spec_of(args.game)
    playbooks = [play(spec, spec.min_seats, {}, f"wrk-{i}", 500) for i in range(args.seeds)]
    runs: list[dict[str, Result]] = []
    with tempfile.TemporaryDirectory(prefix="trailhead-wrk-") as tmp:
        for run in range(args.runs):
            order = TARGETS if run % 2 == 0 else tuple(reversed(TARGETS))
            results = {}
            for target in order:
                result = run_target(target, playbooks, args.duration, Path(tmp))
                results[target] = result
                print(f"run {run + 1} {target:16} {result.rate:7.0f}/s  {result.cpu_ms:.3f} ms CPU/request  "
                      f"p50 {result.p50_ms:.2f} ms  p99 {result.p99_ms:.2f} ms  errors {result.errors}", flush=True)
            runs.append(results)
    report(args, playbooks, runs)


def report(args: argparse.Namespace, playbooks: list[Playbook], runs: list[dict[str, Result]]) -> None:
    def row(label: str, values: list[float], fmt: str) -> str:
        cells = "".join(f"{format(v, fmt):>10}" for v in values)
        return f"{label:44}{cells}{format(statistics.median(values), fmt):>10}"

    print()
    print(f"wrk floor: game {args.game!r}, {statistics.mean(len(p.steps) for p in playbooks):.0f} commands per game; "
          f"wrk -t{CONNECTIONS} -c{CONNECTIONS} -d{args.duration:g}s; gunicorn 2 workers; SQLite WAL synchronous=FULL")
    print(f"  sync: {describe(command_for('service/sync', 0))}")
    print(f"  serve: {describe(command_for('service/serve', 0))} (trailhead serve)")
    print()
    header = "".join(f"{'run ' + str(i + 1):>10}" for i in range(len(runs)))
    print(f"{'':44}{header}{'median':>10}")
    for target in TARGETS:
        print(row(f"{target}: requests/s", [r[target].rate for r in runs], ".0f"))
    for target in TARGETS:
        print(row(f"{target}: server CPU ms/request", [r[target].cpu_ms for r in runs], ".3f"))
    for target in TARGETS:
        print(row(f"{target}: p99 latency (ms)", [r[target].p99_ms for r in runs], ".2f"))
    ratio = [r["service/sync"].cpu_ms / r["bare/sync"].cpu_ms for r in runs]
    ratio_gthread = [r["service/serve"].cpu_ms / r["bare/sync"].cpu_ms for r in runs]
    own = [r["service/sync"].cpu_ms - r["bare/sync"].cpu_ms for r in runs]
    stack = [r["service/serve"].cpu_ms - r["service/sync"].cpu_ms for r in runs]
    bare_stack = [r["bare/serve"].cpu_ms - r["bare/sync"].cpu_ms for r in runs]
    print(row("service/sync over bare/sync (CPU ratio)", ratio, ".2f"))
    print(row("service/serve over bare/sync (CPU ratio)", ratio_gthread, ".2f"))
    print(row("own code: service/sync - bare/sync (ms)", own, ".3f"))
    print(row("serving stack: service serve - sync (ms)", stack, ".3f"))
    print(row("serving stack: bare serve - sync (ms)", bare_stack, ".3f"))
    errors = sum(r[t].errors for r in runs for t in TARGETS)
    print(f"\nerrors (non-2xx, connect, write, timeout): {errors}")


if __name__ == "__main__":
    main()
