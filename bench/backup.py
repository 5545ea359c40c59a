"""How long a verified backup, a restore and a verify take on a database of many finished games (issue 32).

    python bench/backup.py --games 10000                          # SQLite, toy games (18 events each)
    python bench/backup.py --games 10000 --backend postgresql     # pg_dump, verified in a scratch database
    python bench/backup.py --games 1000 --type hikes-of-the-west  # a real game (about 99 events each)
    python bench/backup.py --games 10000 --backend postgresql --logical   # the copy through the port

The games are bots-only games (random bots) played to their end through the handler (application/handler.py),
one commit per bot turn, on a database of their own made once and kept (bench/.backup-data/ for SQLite, the
database `bench_backup_<type>` on PostgreSQL at 127.0.0.1, written with synchronous_commit off; when the SQLite
run's games are there, PostgreSQL gets a copy of them instead): a later run with the same --games measures again
without playing them again (--fresh plays them again).

Then it times what the commands run (replays/backup.py): `db backup` (the copy, then every game of the copy
audited), `db restore` of that backup into an empty database (restore, then every game audited), and
`db verify` of the source alone. The toy game (tests/support/toy.py) is not among the command line's games, so
the functions are called with a registry that holds it; everything else is the commands' code.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from application.bus import play_bot_turn  # noqa: E402
from application.handler import GameService, StateCache  # noqa: E402
from application.settings import registry_of  # noqa: E402
from bench.catalog import toy_spec  # noqa: E402
from domain.core import SeatConfig  # noqa: E402
from domain.games import GAMES  # noqa: E402
from replays import backup as backups  # noqa: E402
from storage import FINISHED, open_storage  # noqa: E402
from storage.backup import dump_schema, scratch_database  # noqa: E402

SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
DATA = Path(__file__).resolve().parent / ".backup-data"


def populate(url: str, game_type: str, games: int, registry: object) -> None:
    store = open_storage(url, synchronous="NORMAL")
    store.migrate()
    held = len(store.game_ids(status=FINISHED))
    handler = GameService(store, registry, StateCache(), client_seeds="exact")  # type: ignore[arg-type]
    spec = registry(game_type)  # type: ignore[operator]
    started = time.perf_counter()
    for number in range(held, games):
        seats = [SeatConfig(name=f"random-{i}", bot="random") for i in range(spec.min_seats)]
        game_id = handler.create(game_type, seats, {}, f"bench-backup-{number}").game.record.id
        while play_bot_turn(handler, game_id) is not None:
            pass
        if (number + 1) % 1000 == 0:
            print(f"  {number + 1:,} games played ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    store.close()


def fill_from(sqlite: str, url: str, games: int, registry: object) -> None:
    """The games of the SQLite database made by a run on SQLite, copied into PostgreSQL by `trailhead db copy`'s
    code (about 4x faster than playing them again there), when PostgreSQL holds fewer than `games`."""
    from replays.copy import copy_installation

    source, destination = open_storage(sqlite), open_storage(url)
    try:
        destination.migrate()
        if len(destination.game_ids()) < games <= len(source.game_ids()):
            print(f"  copying the games of {sqlite} into PostgreSQL", file=sys.stderr)
            copy_installation(source, destination, registry)  # type: ignore[arg-type]
    finally:
        source.close()
        destination.close()


def postgres_database(name: str, fresh: bool) -> str:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and fresh:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        if not exists or fresh:
            admin.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql://postgres@127.0.0.1:5432/{name}?options=-csynchronous_commit%3Doff"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--type", default="toy")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--logical", action="store_true", help="PostgreSQL: the copy through the port")
    parser.add_argument("--fresh", action="store_true", help="play the games again")
    args = parser.parse_args()
    registry = registry_of((*GAMES, toy_spec()))
    DATA.mkdir(exist_ok=True)
    if args.backend == "sqlite":
        source = str(DATA / f"{args.type}.sqlite")
        if args.fresh:
            for path in DATA.glob(f"{args.type}.sqlite*"):
                path.unlink()
    else:
        source = postgres_database(f"bench_backup_{args.type.replace('-', '_')}", args.fresh)
    started = time.perf_counter()
    made = DATA / f"{args.type}.sqlite"
    if args.backend == "postgresql" and made.exists() and not args.fresh:
        fill_from(str(made), source, args.games, registry)
    populate(source, args.type, args.games, registry)
    store = open_storage(source)
    games, events = len(store.game_ids()), store.head_position()
    store.close()
    print(f"source: {games:,} finished {args.type} games, {events:,} events ({args.backend}; "
          f"made or checked in {time.perf_counter() - started:.0f} s)")

    scratch = DATA / "scratch"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir()
    target = str(scratch / ("backup.sqlite" if args.backend == "sqlite" or args.logical else "backup.dump"))
    took = time.perf_counter()
    report = backups.backup(source, target, args.logical, registry)
    total = time.perf_counter() - took
    size = os.path.getsize(target) / 2**20
    print(f"db backup ({report.method}): {total:.1f} s = copy {report.seconds:.1f} s ({size:.0f} MiB) + verify "
          f"{total - report.seconds:.1f} s; {report.verified.summary()}")

    took = time.perf_counter()
    if args.backend == "sqlite" or args.logical:
        restored = backups.restore(target, str(scratch / "restored.sqlite"), registry)
    else:
        with scratch_database(SERVER, dump_schema(target)) as empty:
            restored = backups.restore(target, empty, registry)
    total = time.perf_counter() - took
    print(f"db restore ({restored.method}): {total:.1f} s = restore {restored.seconds:.1f} s + verify "
          f"{total - restored.seconds:.1f} s; {restored.verified.summary()}")

    verified = backups.verify_url(source, registry)
    print(f"db verify of the source: {verified.summary()} ({verified.games / verified.seconds:,.0f} games/s)")
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
