"""Latency of one command early in a game (event ~10) and deep into one (event ~2,000).

    python bench/command_latency.py            # 200 samples each, a game of 2,000 events
    python bench/command_latency.py --quick    # a few seconds: 40 samples, 400 events

The service keeps folded states in an in-process cache, so a command should cost
the same at event 2,000 as at event 10 (target: ratio under 1.5). Measured two
ways, both on a real SQLite file (WAL, synchronous=FULL):

- direct: the message bus's `submit` (application/bus.py) in this process, a new connection
  per command as in a request; no HTTP.
- HTTP: one client, one request at a time, against the service served by
  gunicorn with 2 workers (each worker has its own cache).

The game is the toy game (tests/support/toy.py): after the bids, `Roll` adds one
event and can be sent forever. "Early" samples are the commands appending events
short_at-1 .. short_at+3 of many fresh games (5 per game); "deep" samples are the
next `--samples` commands of one game after it has passed `--events` events. The
cold load (fold the whole log from scratch, as after a restart or a cache
eviction) is printed for information.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.catalog import toy_spec
from bench.playbook import Playbook, Step, play, rolls_only
from bench.servers import describe, exit_on_sigterm, free_port, serve_command, serving

TARGET_RATIO = 1.5
PER_GAME = 5
OPTIONS = {"pile": 50}


@dataclasses.dataclass(frozen=True, slots=True)
class Samples:
    """Per-command latencies (seconds) early in fresh games and deep into one long game."""

    early: list[float]
    deep: list[float]
    deep_version: int

    @property
    def ratio(self) -> float:
        return statistics.median(self.deep) / statistics.median(self.early)


def early_window(playbook: Playbook, short_at: int) -> tuple[list[Step], list[Step]]:
    """The steps before the measured ones, and the PER_GAME measured steps around event `short_at`."""
    first = next(i for i, step in enumerate(playbook.steps) if step.version_after >= short_at - 1)
    return list(playbook.steps[:first]), list(playbook.steps[first:first + PER_GAME])


def deep_window(playbook: Playbook, events: int, samples: int) -> tuple[list[Step], list[Step]]:
    first = next(i for i, step in enumerate(playbook.steps) if step.version_after > events)
    return list(playbook.steps[:first]), list(playbook.steps[first:first + samples])


# -- direct: GameService in this process ------------------------------------------------------


class Direct:
    """The service's command handler in this process, wired as for a request (service.runtime).

    Each call runs in its own app context, so it opens and closes its own SQLite
    connection exactly as a request does, and shares the app's state cache and
    job runner (projections and bot turns run inline after the commit, as in
    `trailhead serve` without REDIS_URL).
    """

    def __init__(self, path: Path, synchronous: str) -> None:
        from service.app import create_app

        self.app = create_app({"DATABASE": str(path), "SYNCHRONOUS": synchronous, "GAMES": (toy_spec(),)})

    @contextlib.contextmanager
    def games(self) -> Iterator[Any]:
        from service.runtime import message_bus

        with self.app.app_context():
            yield message_bus()

    def create(self, playbook: Playbook) -> str:
        from domain.core import SeatConfig

        body = json.loads(playbook.create_body)
        with self.games() as games:
            committed = games.create(body["type"], [SeatConfig(name=s["name"]) for s in body["seats"]],
                                     body["options"], body["seed"])
        return committed.game.record.id

    def send(self, game_id: str, step: Step) -> float:
        body = json.loads(step.body)
        started = time.perf_counter()
        with self.games() as games:
            response = games.submit(game_id, step.seat, body["type"], body["args"],
                                    expected_version=body["expected_version"]).response()
        elapsed = time.perf_counter() - started
        assert response["version"] == step.version_after, (response["version"], step.version_after)
        return elapsed

    def cold_load(self, game_id: str) -> float:
        """Seconds to load the game with an empty cache: every event read and folded."""
        from application.handler import GameService, StateCache

        shared = self.app.extensions["trailhead"]
        cold = GameService(shared.store, shared.registry, StateCache())
        try:
            started = time.perf_counter()
            with self.app.app_context():
                cold.load(game_id)
            return time.perf_counter() - started
        finally:
            self.app.extensions["trailhead"] = shared


def sample(driver: Any, playbook: Playbook, args: argparse.Namespace) -> tuple[Samples, Any]:
    """Early and deep samples, taken alternately so that a busy machine slows both alike.

    The deep game is built first (untimed) and the early games brought to just
    before event `short_at - 1`; then each round times one early command and one
    deep command. Returns the samples and the deep game.
    """
    before_deep, measured_deep = deep_window(playbook, args.events, args.samples)
    deep_game = driver.create(playbook)
    for step in before_deep:
        driver.send(deep_game, step)
    before_early, measured_early = early_window(playbook, args.short_at)
    early_games = []
    for _ in range(-(-args.samples // PER_GAME)):
        game = driver.create(playbook)
        for step in before_early:
            driver.send(game, step)
        early_games.append(game)
    early: list[float] = []
    deep: list[float] = []
    for i in range(args.samples):
        early.append(driver.send(early_games[i // PER_GAME], measured_early[i % PER_GAME]))
        deep.append(driver.send(deep_game, measured_deep[i]))
    return Samples(early, deep, before_deep[-1].version_after), deep_game


def measure_direct(tmp: Path, playbook: Playbook, args: argparse.Namespace) -> tuple[Samples, list[float]]:
    direct = Direct(tmp / "direct.sqlite", args.synchronous)
    samples, deep_game = sample(direct, playbook, args)
    colds = [direct.cold_load(deep_game) for _ in range(5)]
    return samples, colds


# -- over HTTP: one client against gunicorn ---------------------------------------------------


class HttpClient:
    def __init__(self, port: int) -> None:
        self.port = port

    def post(self, path: str, body: bytes, auth: str = "") -> tuple[float, dict[str, Any]]:
        started = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json", "Authorization": auth})
            response = conn.getresponse()
            data = response.read()
        finally:
            conn.close()
        elapsed = time.perf_counter() - started
        if response.status != 201:
            raise RuntimeError(f"POST {path}: HTTP {response.status}: {data[:300]!r}")
        return elapsed, json.loads(data)

    def create(self, playbook: Playbook) -> tuple[str, dict[int, str]]:
        _, created = self.post("/api/v1/games", playbook.create_body)
        return created["id"], {row["index"]: f"Bearer {row['token']}" for row in created["seats"] if "token" in row}

    def send(self, game: tuple[str, dict[int, str]], step: Step) -> float:
        game_id, tokens = game
        elapsed, response = self.post(f"/api/v1/games/{game_id}/commands", step.body, tokens[step.seat])
        if response["version"] != step.version_after:
            raise RuntimeError(f"expected version {step.version_after}, the server says {response['version']}")
        return elapsed


def measure_http(tmp: Path, playbook: Playbook, args: argparse.Namespace) -> tuple[Samples, str]:
    port = free_port()
    command = serve_command(port, args.workers, "bench.service_app:create")
    with serving(command, port, tmp / "http.sqlite", tmp / "http.log") as server:
        samples, _ = sample(HttpClient(port), playbook, args)
        settings = server.gunicorn_settings()
    return samples, f"{describe(command)} (gunicorn {settings or 'as trailhead serve sets it'})"


# -- output -----------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}"


def report(args: argparse.Namespace, results: dict[str, Samples], colds: list[float], server: str) -> None:
    print()
    print(f"Command latency: toy game {OPTIONS}, 2 human seats, the random bot while bidding then Roll only; "
          f"SQLite WAL synchronous={args.synchronous}, a fresh temp file")
    print(f"  early: {args.samples} commands appending events {args.short_at - 1}..{args.short_at + PER_GAME - 2} "
          f"of fresh games ({PER_GAME} per game); deep: the {args.samples} commands after event "
          f"{next(iter(results.values())).deep_version}")
    if "HTTP" in results:
        print(f"  HTTP: one client, a new connection per request, against {server}")
    print(f"  machine load average (1 min) at the end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print()
    names = list(results)
    print(f"{'':34}" + "".join(f"{n:>22}" for n in names))
    rows = [
        (f"median at event ~{args.short_at} (ms)", [ms(statistics.median(r.early)) for r in results.values()]),
        (f"median at event ~{args.events} (ms)", [ms(statistics.median(r.deep)) for r in results.values()]),
        ("ratio deep/early (medians)", [f"{r.ratio:.2f}" for r in results.values()]),
        (f"p90 at event ~{args.short_at} (ms)", [ms(quantile(r.early, 0.9)) for r in results.values()]),
        (f"p90 at event ~{args.events} (ms)", [ms(quantile(r.deep, 0.9)) for r in results.values()]),
    ]
    for label, cells in rows:
        print(f"{label:34}" + "".join(f"{c:>22}" for c in cells))
    if colds:
        deep_version = results["direct"].deep_version
        print(f"\ncold load (fold from scratch, empty cache) at {deep_version} events: "
              f"{ms(statistics.median(colds))} ms (median of {len(colds)}), for information")
    print()
    for name, r in results.items():
        verdict = "MET" if r.ratio < TARGET_RATIO else "NOT MET"
        print(f"target ratio < {TARGET_RATIO}: {name}: {r.ratio:.2f} -> {verdict}")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=2000, help="how long the deep game gets (default 2000)")
    parser.add_argument("--short-at", type=int, default=10, help="the early event (default 10)")
    parser.add_argument("--samples", type=int, default=200, help="commands timed early and deep (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers for the HTTP part (default 2)")
    parser.add_argument("--synchronous", default="FULL", choices=("FULL", "NORMAL", "EXTRA"),
                        help="SQLite durability for the direct part (the server reads TRAILHEAD_SYNCHRONOUS)")
    parser.add_argument("--no-http", action="store_true", help="only the direct (in-process) measurement")
    parser.add_argument("--no-direct", action="store_true", help="only the HTTP measurement")
    parser.add_argument("--quick", action="store_true", help="smoke run: 40 samples, a 400-event game")
    args = parser.parse_args(argv)
    if args.quick:
        args.samples, args.events = 40, 400
    if args.short_at < 7:
        parser.error("--short-at must be at least 7 (the toy game's bids end at event 5)")
    if args.events < args.short_at + PER_GAME:
        parser.error("--events must be past --short-at")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    exit_on_sigterm()
    playbook = play(toy_spec(), 2, OPTIONS, "bench-latency", args.events + args.samples + 10, choose=rolls_only)
    results: dict[str, Samples] = {}
    colds: list[float] = []
    server = ""
    with tempfile.TemporaryDirectory(prefix="trailhead-bench-") as tmp:
        if not args.no_direct:
            results["direct"], colds = measure_direct(Path(tmp), playbook, args)
            print(f"direct: early {ms(statistics.median(results['direct'].early))} ms, "
                  f"deep {ms(statistics.median(results['direct'].deep))} ms", flush=True)
        if not args.no_http:
            results["HTTP"], server = measure_http(Path(tmp), playbook, args)
            print(f"HTTP:   early {ms(statistics.median(results['HTTP'].early))} ms, "
                  f"deep {ms(statistics.median(results['HTTP'].deep))} ms", flush=True)
    if not results:
        raise SystemExit("nothing to measure: --no-http and --no-direct together")
    report(args, results, colds, server)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted: servers stopped, temporary files removed", file=sys.stderr)
        sys.exit(130)
