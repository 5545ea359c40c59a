"""Issue 30's figures: tournaments of bots run to their end, on the embedded default and on PostgreSQL with two
RQ workers: wall time, games per minute, and the share of the time the bots spent choosing.

Two tournaments (by default): a 16-entrant Swiss of Nanga Parbat's `greedy` level (5 rounds) and an 8-entrant
duplicate round robin of Hike's `expert` level (2 seats). Each runs on a fresh database: a temporary SQLite
file with the inline runner, then a PostgreSQL database of its own (bench/databases.py) with the RQ runner and
two `trailhead worker` processes (Redis at --redis, its database flushed before and after). The tournament is
created and started through the application (application/tournaments/entry.py) in this process, as the API
does; its games are created, played and recorded by the jobs. The bots' share: every game is played again here,
from its seed, timing only the bots' choices (`play_bot`), and that sum is set against the wall time (so with
two workers playing two games at once it may pass 1).

    python bench/tournaments.py [--backend sqlite,postgresql] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis

from application.tournaments import entry
from application.tournaments.stream import load
from bench.databases import DEFAULT_SERVER, fresh_database
from bench.workers_lag import Workers
from bootstrap import bootstrap
from domain.core import play_bot
from domain.games import GAMES

SPECS = {spec.id: spec for spec in GAMES}
TOURNAMENTS = {
    "swiss": {"type": "nanga-parbat", "format": "swiss", "name": "Bench Swiss", "seats_per_game": 2, "rounds": 5,
              "entrants": [{"bot": "greedy"}] * 16},
    "duplicate": {"type": "hike", "format": "round_robin", "name": "Bench duplicate", "seats_per_game": 2,
                  "duplicate": True, "entrants": [{"bot": "expert"}] * 8},
}
QUICK = {"swiss": {"rounds": 2, "entrants": [{"bot": "greedy"}] * 6},
         "duplicate": {"entrants": [{"bot": "expert"}] * 4}}


def bots_seconds(store: Any, game_id: str) -> float:
    """The bots' choosing time in one stored game: each bot command's choice made again on the state it was
    decided on (the stored events folded up to it), timed alone."""
    record = store.game(game_id)
    spec = SPECS[record.type]
    seed = store.seed(game_id)
    decided = {command.first_seq: command for command in store.commands(game_id) if command.bot}
    state, spent = None, 0.0
    for event in store.events(game_id):
        command = decided.get(event.seq)
        if command is not None:
            began = time.perf_counter()
            play_bot(spec, state, command.seat, command.bot, seed, event.seq - 1, None)
            spent += time.perf_counter() - began
        state = spec.evolve(state, spec.events.decode_json(event.type, event.data_text))
    return spent


def run_one(backend: str, kind: str, body: dict[str, Any], tmp: Path, redis_url: str) -> dict[str, Any]:
    with fresh_database(backend, tmp) as database:
        settings: dict[str, Any] = {"DATABASE": database, "REDIS_URL": ""}
        workers = None
        if backend == "postgresql":
            prefix = f"bench-{uuid.uuid4().hex[:8]}"
            settings.update(REDIS_URL=redis_url, QUEUE_PREFIX=prefix)
            env = {"TRAILHEAD_DB": database, "REDIS_URL": redis_url, "TRAILHEAD_QUEUE_PREFIX": prefix,
                   "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        app = bootstrap(settings)
        try:
            app.store.migrate()
            if backend == "postgresql":
                workers = Workers(env, tmp)
                workers.start()
                workers.start()
            created = entry.create(app.bus, body, None)
            tournament_id = created.loaded.record.id
            began = time.monotonic()
            entry.start(app.bus, tournament_id, created.creator_token, None)
            while load(app.store, tournament_id).state.status.value != "finished":
                time.sleep(0.05)
            wall = time.monotonic() - began
            state = load(app.store, tournament_id).state
            games = len(state.games)
            thinking = sum(bots_seconds(app.store, game.game_id) for game in state.games if game.game_id)
        finally:
            if workers is not None:
                problems = workers.problems()
                workers.stop()
                for problem in problems[:5]:
                    print(f"    worker log: {problem}", flush=True)
            app.runner.wait_idle(30) if hasattr(app.runner, "wait_idle") else None
            app.close()
    return {"backend": backend, "kind": kind, "games": games, "wall": wall, "per_minute": games * 60 / wall,
            "bots_share": thinking / wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="sqlite,postgresql")
    parser.add_argument("--postgres", default=DEFAULT_SERVER)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--quick", action="store_true", help="small tournaments (6-entrant Swiss of 2 rounds, 4 duplicate)")
    args = parser.parse_args(argv)
    client = redis.Redis.from_url(args.redis)
    client.flushdb()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for backend in args.backend.split(","):
                for kind, body in TOURNAMENTS.items():
                    body = {**body, **(QUICK[kind] if args.quick else {})}
                    got = run_one(backend, kind, body, Path(tmp), args.redis)
                    print(f"{got['backend']:<10} {got['kind']:<9} {got['games']:>3} games  {got['wall']:6.1f} s  "
                          f"{got['per_minute']:6.1f} games/min  bots choosing {got['bots_share']:.0%} of the wall time",
                          flush=True)
    finally:
        with contextlib.suppress(redis.RedisError):
            client.flushdb()
    return 0


if __name__ == "__main__":
    sys.exit(main())
