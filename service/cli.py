"""The `trailhead` command line: serve the API, play a bot game in-process."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from domain.core import DomainError, SeatConfig, Table


class Trailhead(click.Group):
    """The command group: every error is one line on standard error and exit status 1, never a traceback.

    A setting a command refuses (application.settings.SettingsError), a database or a Redis that does not
    answer, an unknown game or a refusal of the rules (DomainError) say what they are; anything else is named
    by its kind. TRAILHEAD_TRACEBACK=1 shows the traceback of an unexpected error instead (for a bug report).
    """

    def invoke(self, ctx: click.Context) -> Any:
        import os

        from redis.exceptions import RedisError

        from application.settings import SettingsError
        from storage import DatabaseUnavailable
        from storage.postgres import redacted

        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except (SettingsError, DatabaseUnavailable, DomainError) as error:
            raise click.ClickException(one_line(str(error))) from None
        except RedisError as error:
            where = redacted(os.environ.get("REDIS_URL") or "REDIS_URL")
            raise click.ClickException(one_line(f"Redis at {where} does not answer: {error}")) from None
        except Exception as error:
            if os.environ.get("TRAILHEAD_TRACEBACK"):
                raise
            raise click.ClickException(one_line(f"unexpected {type(error).__name__}: {error} "
                                                "(TRAILHEAD_TRACEBACK=1 shows where)")) from None


def one_line(message: str) -> str:
    """A message on one line: its lines joined, runs of white space made one space."""
    return " ".join(message.split())


@click.group(cls=Trailhead)
def main() -> None:
    """Trailhead: turn-based board games as seeded, auditable event logs."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(min=1), help="gunicorn worker processes.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(min=1),
              help="Threads per worker serving the Flask app (event streams need none).")
@click.option("--dev", is_flag=True, help="One uvicorn process that reloads on code changes, instead of gunicorn.")
@click.option("--access-log/--no-access-log", default=True, show_default=True,
              help="One line per request on standard output.")
def serve(host: str, port: int, workers: int, threads: int, dev: bool, access_log: bool) -> None:
    """Serve the REST API (TRAILHEAD_DB, REDIS_URL, TRAILHEAD_SYNCHRONOUS and TRAILHEAD_RATE_LIMITS configure it).

    gunicorn runs uvicorn workers (service/asgi.py): event streams wait on each worker's event
    loop, every other request runs in the Flask app on a pool of --threads threads.
    """
    import os

    from application.settings import settings_from_env

    from bootstrap import storage_of

    # A malformed setting or a database that does not answer stops here, not in every gunicorn worker as it boots.
    store = storage_of(settings_from_env())
    try:
        store.schema_version()
    finally:
        store.close()

    from service.metrics_process import child_exit, multiprocess_directory

    access_log = access_log and settings_from_env()["LOG_FORMAT"] != "json"  # JSON lines replace the access log
    if dev:
        import uvicorn

        from service.asgi import UVICORN_SETTINGS

        os.environ["TRAILHEAD_THREADS"] = str(threads)
        with multiprocess_directory():
            uvicorn.run("service.asgi:dev_app", factory=True, reload=True, host=host, port=port,
                        access_log=access_log, **UVICORN_SETTINGS)
        return
    from gunicorn.app.base import BaseApplication

    class Gunicorn(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "service.asgi.TrailheadWorker")
            self.cfg.set("accesslog", "-" if access_log else None)
            self.cfg.set("timeout", 60)
            self.cfg.set("child_exit", child_exit)

        def load(self) -> Any:
            from service.asgi import create_asgi_app

            return create_asgi_app(threads=threads)

    with multiprocess_directory():  # every worker's metrics, added up (service/metrics_process.py)
        Gunicorn().run()


@main.command()
@click.argument("game_type")
@click.option("--bot", "level", default="random", show_default=True, help="Bot level for every seat.")
@click.option("--seed", default=None, help="The game's seed: the same seed plays the same game (default: a random one, printed).")
@click.option("--seats", type=int, default=None, help="Number of seats (default: the fewest the game allows).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON only.")
def play(game_type: str, level: str, seed: str | None, seats: int | None, as_json: bool) -> None:
    """Play a bots-only game in-process and print its result."""
    import secrets

    from domain.games import game_spec

    seed = seed if seed is not None else secrets.token_hex(16)

    try:
        spec = game_spec(game_type)
        count = seats if seats is not None else spec.min_seats
        config = spec.normalize_config([SeatConfig(name=f"{level}-{i}", bot=level) for i in range(count)], {})
    except DomainError as error:
        raise click.UsageError(error.reason) from None
    table = Table(spec, config, seed)
    commands = table.play_bots([level] * count)
    result = spec.result(table.state)
    if as_json:
        click.echo(json.dumps({**result, "seed": seed}, sort_keys=True))
        return
    click.echo(f"{spec.title}: {count} seat(s) of bot '{level}', seed {seed!r}")
    click.echo(f"{commands} commands, {table.version} events")
    click.echo(json.dumps(result, indent=2, sort_keys=True))


@main.command()
@click.option("--queues", default="projections,bots", show_default=True,
              help="Comma-separated queue kinds to work: projections, bots.")
@click.option("--burst", is_flag=True, help="Quit once the queues are empty.")
def worker(queues: str, burst: bool) -> None:
    """Run an RQ worker (needs REDIS_URL); several may run against one Redis."""
    import logging

    from workers.rq import QUEUE_KINDS
    from workers.worker import run_worker

    kinds = [kind.strip() for kind in queues.split(",") if kind.strip()]
    unknown = sorted(set(kinds) - set(QUEUE_KINDS))
    if unknown or not kinds:
        raise click.UsageError(f"unknown queue kind(s) {', '.join(unknown)}; choose from {', '.join(QUEUE_KINDS)}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        from bootstrap import bootstrap

        from service.metrics import instrument

        run_worker(instrument(bootstrap()), kinds, burst=burst)
    except RuntimeError as error:
        raise click.ClickException(str(error)) from None


@main.group(invoke_without_command=True)
@click.pass_context
def jobs(ctx: click.Context) -> None:
    """Queues, failed jobs and the projection's checkpoint."""
    if ctx.invoked_subcommand is not None:
        return
    from bootstrap import bootstrap
    from workers.admin import status_lines

    for line in status_lines(bootstrap()):
        click.echo(line)


@jobs.command("failed")
@click.option("--limit", default=50, show_default=True, type=int)
def jobs_failed(limit: int) -> None:
    """List the jobs kept in RQ's failed registries, newest first."""
    from bootstrap import bootstrap
    from workers.admin import failed_lines

    for line in failed_lines(bootstrap(), limit):
        click.echo(line)


@main.group()
def bots() -> None:
    """Bot seats."""


@bots.command("resume")
@click.option("--wait/--no-wait", default=True, show_default=True,
              help="Without REDIS_URL: play the bot turns here until none is left to play.")
@click.option("--timeout", default=600.0, show_default=True, type=float, help="Seconds to wait at most.")
def bots_resume(wait: bool, timeout: float) -> None:
    """Hand every game whose bot seat is to act back to the bots (after a crash, say), and with REDIS_URL
    schedule every pending deadline again.

    With REDIS_URL the bot jobs are enqueued for the workers; without, this process plays them (the
    deadlines are then the service's: `trailhead serve` sets them again when it starts).
    """
    from bootstrap import bootstrap

    app = bootstrap()
    try:
        resumed = app.runner.resume(app.bus)
        where = "enqueued for the workers" if app.runner.kind == "rq" else "handed to this process's bot thread"
        click.echo(f"{resumed} game(s) with a bot seat to act: {where}")
        if app.runner.kind == "rq":
            click.echo(f"{len(app.bus.pending_deadlines())} pending deadline(s): scheduled for the workers")
        if app.runner.kind == "inline" and wait and resumed:
            if not app.runner.wait_idle(timeout):  # type: ignore[attr-defined]
                raise click.ClickException(f"the bots were still playing after {timeout:g} s")
            app.runner.catch_up()
            left = len(app.store.bot_waiting_games())
            click.echo(f"played until no bot seat is to act ({left} left waiting)")
    finally:
        app.close()


@main.group()
def projections() -> None:
    """The read-model projections."""


@projections.command("rebuild")
def projections_rebuild() -> None:
    """Drop the read models and fold the whole log again (the service may keep running)."""
    from bootstrap import bootstrap
    from workers.admin import rebuild_read_models

    outcome = rebuild_read_models(bootstrap())
    click.echo(f"rebuilt: {outcome.applied} events applied, checkpoint at position {outcome.position}")
    if outcome.halted_at is not None:
        raise click.ClickException(f"halted at position {outcome.halted_at}: {outcome.error}")


@main.group()
def db() -> None:
    """The database: its schema (version, migrations), copying it to another, backups and their audit."""


@db.command("migrate")
def db_migrate() -> None:
    """Apply the pending schema migrations (TRAILHEAD_DB names the database)."""
    from application.schema import migrate_schema
    from application.settings import settings_from_env
    from bootstrap import storage_of

    migrated = migrate_schema(storage_of(settings_from_env()))
    for name in migrated.applied:
        click.echo(f"applied: {name}")
    click.echo(f"schema version {migrated.after} (was {migrated.before}); "
               f"{'nothing to do' if not migrated.applied else f'{len(migrated.applied)} migration(s) applied'}")


@db.command("status")
def db_status() -> None:
    """The schema version and the migrations still pending."""
    from application.settings import settings_from_env
    from bootstrap import storage_of

    store = storage_of(settings_from_env())
    click.echo(f"schema version {store.schema_version()}")
    for name in store.pending_migrations():
        click.echo(f"pending: {name}")


@db.command("copy")
@click.argument("src")
@click.argument("dst")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Copy at most this many games in this run; run again to go on.")
@click.option("--progress-every", default=2.0, show_default=True, type=click.FloatRange(min=0),
              help="Seconds between progress lines (0: one per game).")
def db_copy(src: str, dst: str, limit: int | None, progress_every: float) -> None:
    """Copy every game from the database SRC into DST, verify each copy, rebuild DST's read models.

    SRC and DST are each a SQLite file path or a postgresql:// URL (any backend to any). DST is
    migrated first. Each game is copied in one transaction with its id, record, events (byte for
    byte, with their hashes and times), command records, seed and seat-token hashes, so seat
    tokens keep working against DST. Each game is audited (chain, seed, re-derivation of every
    event) in SRC before it is written, and its copy is read back and audited again in DST. Then
    DST's read models (lobby, leaderboard) are rebuilt.

    Resumable: a game DST already holds with the same head is skipped, so a run interrupted (or
    stopped by --limit) goes on where it stopped when repeated, and a repeated run copies nothing.
    A game DST holds under the same id with another log is a conflict: reported, never
    overwritten. Stop the service on SRC first: a game played on after it was copied is a
    conflict on the next run.

    Then the tournaments (each whole, audited in DST) and the ladders' rows, once every game is there.

    Progress goes to standard error; the exit status is 1 if any game or tournament conflicts, does
    not verify or fails to copy, or the rebuild halts.
    """
    import os
    import time

    from bootstrap import storage_of
    from application.settings import registry_of
    from domain.games import GAMES
    from replays.copy import COPIED, CONFLICT, FAILED, REFUSED, SKIPPED, CopyRefused, CopyReport, GameCopy, \
        copy_installation
    from storage import DatabaseUnavailable, is_postgresql_url

    def same_database(a: str, b: str) -> bool:
        if is_postgresql_url(a) or is_postgresql_url(b):
            return a == b
        return os.path.realpath(a) == os.path.realpath(b)

    if same_database(src, dst):
        raise click.UsageError("SRC and DST are the same database")
    if not is_postgresql_url(src) and not os.path.isfile(src):
        raise click.UsageError(f"SRC: no such SQLite file: {src}")

    def progress(report: CopyReport) -> str:
        elapsed = report.elapsed
        return (f"{report.done}/{report.total} games: {report.counts[COPIED]} copied, {report.counts[SKIPPED]} skipped,"
                f" {report.counts[CONFLICT]} conflicts, {report.counts[REFUSED]} refused, {report.counts[FAILED]} failed;"
                f" {report.events:,} events in {elapsed:.1f} s ({report.events / elapsed:,.0f} events/s,"
                f" {report.counts[COPIED] / elapsed:,.1f} games/s)")

    last = {"at": time.perf_counter(), "done": 0}

    def on_game(report: CopyReport, copy: GameCopy) -> None:
        if copy.reason is not None:
            click.echo(f"{copy.outcome.upper()} {copy.game_id} ({copy.type}): {copy.reason}")
        if time.perf_counter() - last["at"] >= progress_every or report.done == report.total:
            click.echo(progress(report), err=True)
            last.update(at=time.perf_counter(), done=report.done)

    registry = registry_of(GAMES)
    try:
        source, destination = storage_of({"DATABASE": src}), storage_of({"DATABASE": dst})
        try:
            report = copy_installation(source, destination, registry, limit, on_game)
        finally:
            source.close()
            destination.close()
    except (CopyRefused, DatabaseUnavailable) as error:
        raise click.ClickException(str(error)) from None
    except KeyboardInterrupt:
        click.echo("interrupted: the games copied so far stay (each whole); run the same command again to go on",
                   err=True)
        sys.exit(130)
    if report.done != last["done"]:  # stopped by --limit between two progress lines
        click.echo(progress(report), err=True)
    for name in report.migrations:
        click.echo(f"DST migrated: {name}")
    copied, skipped = report.counts[COPIED], report.counts[SKIPPED]
    if report.total == 0:
        click.echo("nothing to copy: SRC holds no games")
    elif copied == 0 and skipped == report.total:
        click.echo(f"nothing to copy: DST holds all {report.total} game(s) of SRC already (same heads)")
    else:
        click.echo(f"copied {copied} game(s) ({report.events:,} events) in {report.elapsed:.1f} s, skipped {skipped} "
                   f"already in DST, of {report.total} in SRC")
    if report.left:
        click.echo(f"limit reached: {report.left} game(s) not looked at; run the same command again to go on")
    if report.rebuilt is not None:
        click.echo(f"DST read models rebuilt: {report.rebuilt.applied:,} events applied, checkpoint at position "
                   f"{report.rebuilt.position}")
        if report.rebuilt.halted_at is not None:
            raise click.ClickException(f"the rebuild halted at position {report.rebuilt.halted_at}: "
                                       f"{report.rebuilt.error}")
    if report.competitions is not None:
        click.echo(report.competitions.summary())
    if not report.ok:
        raise click.ClickException(f"{len(report.problems)} game(s) not copied (tournaments above): "
                                   + ", ".join(f"{copy.game_id} ({copy.outcome})" for copy in report.problems[:10])
                                   + (" ..." if len(report.problems) > 10 else ""))


def _add_commands() -> None:  # the commands that live in modules of their own: replays, arena, admin, backups
    from service import cli_admin, cli_arena, cli_db, replay_cli

    for group, command in ((main, replay_cli.replay), (main, cli_arena.arena), (main, cli_admin.admin),
                           (db, cli_db.db_backup), (db, cli_db.db_restore), (db, cli_db.db_verify)):
        group.add_command(command)

_add_commands()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
