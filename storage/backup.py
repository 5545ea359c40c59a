"""Whole-database copies taken while the service writes: each backend's own online tool (issue 32).

SQLite: the online backup API (`sqlite3.Connection.backup`), all pages in one step, so the copy is the
database as one read transaction saw it; writers go on meanwhile (WAL). PostgreSQL: `pg_dump` in its custom
format (one repeatable-read snapshot), restored by `pg_restore`. What checks the copies (every game
audited) is replays/backup.py's; here are only the copying and the questions about a database it needs.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit, urlunsplit

import psycopg

from storage.postgres import is_postgresql_url, redacted

PG_DUMP_MAGIC = b"PGDMP"  # the first bytes of a custom-format dump


class BackupFailed(Exception):
    """A copy that could not be taken or restored, with the tool's own words."""


def sqlite_backup(src: str, dst: str) -> None:
    """Copy the SQLite database `src` into a new file `dst` with the online backup API, in one step.

    Written to a temporary file beside `dst` first and renamed when whole, so that a `dst` seen is complete.
    """
    partial = f"{dst}.partial-{secrets.token_hex(4)}"
    source = sqlite3.connect(src, timeout=30)
    try:
        target = sqlite3.connect(partial)
        try:
            source.backup(target)  # pages=-1: every page in one step, one consistent snapshot
        finally:
            target.close()
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    finally:
        source.close()
    os.replace(partial, dst)


def sqlite_is_empty(path: str) -> bool:
    """Whether the SQLite file `path` is missing, or holds no table."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return True
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0] == 0
    finally:
        conn.close()


def schema_of(url: str) -> str | None:
    """The schema a PostgreSQL URL's `options=-csearch_path=...` names, or None (the default, public)."""
    for option in parse_qs(urlsplit(url).query).get("options", []):
        for part in option.split():
            if part.startswith("-csearch_path="):
                return part.split("=", 1)[1].split(",")[0].strip() or None
    return None


def postgres_is_empty(url: str) -> bool:
    """Whether the database (its schema of the URL's search_path, or public) holds no table."""
    schema = schema_of(url) or "public"
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = %s",
                           [schema]).fetchone()
    return row is not None and row[0] == 0


def is_empty(url: str) -> bool:
    return postgres_is_empty(url) if is_postgresql_url(url) else sqlite_is_empty(url)


def pg_tool(name: str) -> str | None:
    """The path of `pg_dump` or `pg_restore`, or None when not installed (TRAILHEAD_PG_BIN names a directory
    to look in first; TRAILHEAD_PG_BIN=none pretends they are missing, for the logical fallback)."""
    where = os.environ.get("TRAILHEAD_PG_BIN")
    if where == "none":
        return None
    if where and os.access(os.path.join(where, name), os.X_OK):
        return os.path.join(where, name)
    return shutil.which(name)


def pg_dump(url: str, dst: str) -> None:
    """`pg_dump --format=custom` of the database (only the URL's schema, when it names one) into `dst`."""
    tool = pg_tool("pg_dump")
    if tool is None:
        raise BackupFailed("pg_dump is not installed")
    schema = schema_of(url)
    partial = f"{dst}.partial-{secrets.token_hex(4)}"
    command = [tool, "--format=custom", "--no-owner", f"--file={partial}", f"--dbname={url}"]
    if schema is not None:
        command.append(f"--schema={schema}")
    run(command, "pg_dump", partial)
    os.replace(partial, dst)


def pg_restore(src: str, url: str) -> None:
    """`pg_restore` of a custom-format dump into the database of `url` (the dump's schema, when it was of one,
    is created there: name the same schema in the URL to use it)."""
    tool = pg_tool("pg_restore")
    if tool is None:
        raise BackupFailed("pg_restore is not installed")
    run([tool, "--no-owner", "--exit-on-error", "--single-transaction", f"--dbname={url}", src], "pg_restore")


def run(command: list[str], name: str, partial: str | None = None) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        if partial is not None:
            Path(partial).unlink(missing_ok=True)
        said = " ".join(done.stderr.split())[:800]
        raise BackupFailed(f"{name} failed (exit {done.returncode}): {redacted(said)}")


def is_pg_dump(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(PG_DUMP_MAGIC)) == PG_DUMP_MAGIC
    except OSError:
        return False


def dump_schema(path: str) -> str | None:
    """The schema a custom-format dump was taken of (`pg_restore --list`), when it holds one other than public."""
    tool = pg_tool("pg_restore")
    if tool is None:
        return None
    listed = subprocess.run([tool, "--list", path], capture_output=True, text=True, check=False).stdout
    for line in listed.splitlines():
        parts = line.split()
        if len(parts) >= 6 and parts[3] == "SCHEMA" and parts[5] != "public":
            return parts[5]
    return None


@contextlib.contextmanager
def scratch_database(url: str, schema: str | None) -> Iterator[str]:
    """A new, empty database on the server of `url` (its URL, with `schema` as search_path), dropped after."""
    name = f"trailhead_verify_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urlsplit(url)
    query = f"options=-csearch_path%3D{schema}" if schema else ""
    try:
        yield urlunsplit(parts._replace(path=f"/{name}", query=query))
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
