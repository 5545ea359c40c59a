"""p99 of GET /healthz and of a command with 0 and with 1,000 idle event streams open.

Starts `trailhead serve` (2 workers, the embedded default, rate limits off, stream caps raised
so one address may open them all) on a fresh SQLite file, then for each crowd size opens that
many raw `GET /api/v1/games/{id}/stream` connections (spread over a few games, left idle),
and times sequential requests from one client: GET /healthz, and commands (POST
/games/{id}/commands, the first legal action; the GET /actions before each is not timed).
Each figure is the median over the runs of that run's p99.

    python bench/streams.py                 # 3 runs, 1,000 streams, 300 health checks + 150 commands per run
    python bench/streams.py --quick         # 1 run, 200 streams, fewer requests
"""

from __future__ import annotations

import argparse
import json
import resource
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import requests

from bench.servers import Server, exit_on_sigterm, free_port, prepare_database, serve_command

GAME = "hikes-of-the-west"


def raise_fd_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def new_game(base: str) -> tuple[str, dict[str, str]]:
    created = requests.post(f"{base}/api/v1/games", json={"type": GAME, "seats": [{"name": "Ann"}]}, timeout=10)
    body = created.json()
    return body["id"], {"Authorization": f"Bearer {body['seats'][0]['token']}"}


def open_streams(port: int, game_ids: list[str], count: int) -> list[socket.socket]:
    held = []
    for i in range(count):
        conn = socket.create_connection(("127.0.0.1", port), timeout=10)
        conn.sendall(f"GET /api/v1/games/{game_ids[i % len(game_ids)]}/stream HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = conn.recv(65536)
            if not chunk:
                raise RuntimeError(f"stream {i} closed before its headers: {head!r}")
            head += chunk
        status = int(head.split()[1])
        if status != 200:
            raise RuntimeError(f"stream {i} answered {status}")
        held.append(conn)
    return held


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def health_p99(base: str, count: int) -> float:
    session = requests.Session()
    timings = []
    for _ in range(count):
        started = time.perf_counter()
        session.get(f"{base}/healthz", timeout=10).raise_for_status()
        timings.append(time.perf_counter() - started)
    return p99(timings)


def command_p99(base: str, count: int) -> float:
    session = requests.Session()
    timings: list[float] = []
    game_id, headers = new_game(base)
    while len(timings) < count:
        actions = session.get(f"{base}/api/v1/games/{game_id}/actions", headers=headers, timeout=10).json()
        if not actions["actions"]:
            game_id, headers = new_game(base)
            continue
        started = time.perf_counter()
        reply = session.post(f"{base}/api/v1/games/{game_id}/commands", headers=headers, timeout=10,
                             json={**actions["actions"][0], "expected_version": actions["version"]})
        timings.append(time.perf_counter() - started)
        if reply.status_code != 201:
            raise RuntimeError(f"command answered {reply.status_code}: {reply.text}")
    return p99(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", type=int, default=1000, help="idle streams of the crowded measurement")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--health", type=int, default=300, help="GET /healthz per run")
    parser.add_argument("--commands", type=int, default=150, help="commands per run")
    parser.add_argument("--quick", action="store_true", help="1 run, 200 streams, 100 + 50 requests")
    args = parser.parse_args()
    if args.quick:
        args.streams, args.runs, args.health, args.commands = 200, 1, 100, 50
    exit_on_sigterm()
    raise_fd_limit(args.streams * 2 + 256)
    with tempfile.TemporaryDirectory(prefix="bench-streams-") as tmp:
        db_path, log_path, port = Path(tmp) / "t.sqlite", Path(tmp) / "server.log", free_port()
        prepare_database(db_path, "service")
        limits = str(args.streams * 2)
        server = Server(serve_command(port, 2) + ["--no-access-log"], port, db_path, log_path,
                        env={"TRAILHEAD_STREAMS_PER_CLIENT": limits, "TRAILHEAD_STREAMS_TOTAL": limits})
        try:
            server.wait_healthy()
            base = f"http://127.0.0.1:{port}"
            games = [new_game(base)[0] for _ in range(10)]
            results: dict[int, dict[str, list[float]]] = {}
            for crowd in (0, args.streams):
                held = open_streams(port, games, crowd)
                try:
                    time.sleep(1.0)  # let the watchers load the games' timelines
                    figures: dict[str, list[float]] = {"healthz": [], "command": []}
                    for _ in range(args.runs):
                        figures["healthz"].append(health_p99(base, args.health))
                        figures["command"].append(command_p99(base, args.commands))
                    results[crowd] = figures
                finally:
                    for conn in held:
                        conn.close()
            print(f"trailhead serve, 2 workers x 8 threads; median over {args.runs} run(s) of each run's p99 "
                  f"({args.health} GET /healthz, {args.commands} commands per run)")
            print(f"{'idle streams':>12}  {'GET /healthz p99':>17}  {'command p99':>12}")
            for crowd, figures in results.items():
                print(f"{crowd:>12}  {statistics.median(figures['healthz']) * 1000:>14.1f} ms"
                      f"  {statistics.median(figures['command']) * 1000:>9.1f} ms")
            print(json.dumps({str(crowd): {name: [round(v * 1000, 2) for v in values] for name, values in f.items()}
                              for crowd, f in results.items()}))
        except Exception:
            print(f"server log, last lines:\n{server.log_tail()}", file=sys.stderr)
            raise
        finally:
            server.stop()


if __name__ == "__main__":
    main()
