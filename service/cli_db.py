"""`trailhead db backup`, `db restore` and `db verify`: copies taken while serving, each verified (replays/backup.py)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

import click

if TYPE_CHECKING:
    from replays.backup import Verified

T = TypeVar("T")

db_option = click.option("--db", "database", default=None,
                         help="The database (a SQLite path or a postgresql:// URL; default: TRAILHEAD_DB).")


def database_of(database: str | None) -> str:
    from application.settings import settings_from_env

    return database or str(settings_from_env()["DATABASE"])


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar on standard error, moved by `on_game(done, total)`."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task(label, total=None)

        def on_game(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield on_game


def report_verified(verified: Verified, what: str) -> None:
    for game_id, reason in verified.failures[:20]:
        click.echo(f"FAILED {game_id}: {reason}")
    if len(verified.failures) > 20:
        click.echo(f"... and {len(verified.failures) - 20} more")
    click.echo(f"{what}: {verified.summary()}")
    if not verified.ok:
        raise click.ClickException(f"{len(verified.failures)} game(s) of {what} do not verify")


def failing(call: Callable[[], T]) -> T:
    from replays.backup import BackupFailed

    try:
        return call()
    except BackupFailed as error:
        raise click.ClickException(str(error)) from None


@click.command("backup")
@click.argument("dst")
@db_option
@click.option("--logical", is_flag=True, help="PostgreSQL: copy through the port into DST (a SQLite path or an "
              "empty database) instead of pg_dump (the default when pg_dump is installed).")
def db_backup(dst: str, database: str | None, logical: bool) -> None:
    """Back up the database while the service runs, into DST (a new file), then audit every game of the copy.

    SQLite: the online backup API. PostgreSQL: pg_dump's custom format (verified by restoring it into a
    scratch database on the same server), or without pg_dump (or with --logical) a copy through the port.
    Exit status 1 if the copy fails or any game of it does not verify.
    """
    from replays.backup import backup

    src = database_of(database)
    with progress_bar("verifying") as on_game:
        report = failing(lambda: backup(src, dst, logical, on_game=on_game))
    click.echo(f"backed up with {report.method} into {dst} in {report.seconds:.1f} s")
    report_verified(report.verified, "the backup")


@click.command("restore")
@click.argument("src")
@db_option
def db_restore(src: str, database: str | None) -> None:
    """Restore the backup SRC into the database (TRAILHEAD_DB, or --db), which must be empty, then audit every
    game of it.

    SRC: a pg_dump archive (restored with pg_restore into PostgreSQL), a SQLite file, or a database URL.
    """
    from replays.backup import restore

    dst = database_of(database)
    if not os.path.exists(src) and "://" not in src:
        raise click.UsageError(f"SRC: no such file: {src}")
    with progress_bar("verifying") as on_game:
        report = failing(lambda: restore(src, dst, on_game=on_game))
    click.echo(f"restored with {report.method} in {report.seconds:.1f} s")
    report_verified(report.verified, "the restored database")


@click.command("verify")
@db_option
def db_verify(database: str | None) -> None:
    """Audit every game of the database (chain, head, seed, re-derivation of every event), with a progress bar
    and a summary; exit status 1 if any game fails."""
    from replays.backup import verify_url

    url = database_of(database)
    with progress_bar("auditing") as on_game:
        verified = verify_url(url, on_game=on_game)
    report_verified(verified, "the database")
