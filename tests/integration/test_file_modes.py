"""The files of the SQLite backend: where they are made, and that only their owner may read them.

The database and every file created beside it are 0600: they hold every seat's token hash, the
secret seeds and every hidden card. The tests run under the common umask 022, with which files
would come out 0644 unless created with care.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.games import GAMES
from integration.toy_client import API, ToyGame
from service.app import create_app
from storage.sqlite import connect
from support.toy import SPEC as TOY


def test_a_database_in_a_directory_not_made_yet_is_created_there(tmp_path: Path) -> None:
    database = tmp_path / "not" / "made" / "yet" / "trailhead.sqlite"

    ToyGame(create_app({"DATABASE": str(database), "GAMES": (*GAMES, TOY), "TESTING": True}).test_client())

    assert database.is_file()


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def modes(directory: Path) -> dict[str, int]:
    return {path.name: stat.S_IMODE(path.stat().st_mode) for path in sorted(directory.iterdir())}


@pytest.mark.usefixtures("umask_022")
def test_the_database_its_wal_shm_and_lock_files_are_created_0600(tmp_path: Path) -> None:
    database = tmp_path / "data" / "trailhead.sqlite"
    client = create_app({"DATABASE": str(database), "GAMES": (*GAMES, TOY), "TESTING": True}).test_client()
    ToyGame(client).play(0, "Bid", {"amount": 1})
    assert client.get(f"{API}/games").status_code == 200  # the projection has run, under its own lock

    assert modes(database.parent) == dict.fromkeys(
        ["trailhead.sqlite", "trailhead.sqlite-shm", "trailhead.sqlite-wal", "trailhead.sqlite.projection-lock",
         "trailhead.sqlite.write-lock"], 0o600)


@pytest.mark.usefixtures("umask_022")
def test_a_database_file_that_exists_keeps_the_mode_its_operator_gave_it(tmp_path: Path) -> None:
    database = tmp_path / "trailhead.sqlite"
    database.touch(mode=0o640)
    database.chmod(0o640)
    client = create_app({"DATABASE": str(database), "GAMES": (*GAMES, TOY), "TESTING": True}).test_client()
    ToyGame(client)

    found = modes(tmp_path)
    assert found["trailhead.sqlite"] == found["trailhead.sqlite-wal"] == found["trailhead.sqlite-shm"] == 0o640
    assert found["trailhead.sqlite.write-lock"] == 0o600


def posix_locks(path: Path) -> list[tuple[str, ...]]:
    """The POSIX locks this process holds on the file, as (kind, start, end) (Linux's /proc/locks)."""
    inode, pid = os.stat(path).st_ino, str(os.getpid())
    with open("/proc/locks", encoding="ascii") as table:
        rows = [line.split()[1:] for line in table if "->" not in line]  # "->": a waiter, not a holder
    return sorted((row[2], row[5], row[6]) for row in rows
                  if row[0] == "POSIX" and row[3] == pid and row[4].endswith(f":{inode}"))


@pytest.mark.skipif(not Path("/proc/locks").exists(), reason="reads Linux's /proc/locks")
def test_a_new_connection_leaves_the_locks_of_the_open_ones_in_place(tmp_path: Path) -> None:
    """In WAL mode each connection holds a shared POSIX lock on the database file while it is open.

    Closing any other descriptor of the file in the same process drops all of them, and another
    process closing the database then takes itself for the last one and removes the WAL and the
    shared memory from under the open connections (which answer "disk I/O error" from then on).
    Making the file 0600 must not open an existing database file.
    """
    database = tmp_path / "trailhead.sqlite"
    first = connect(database).conn
    first.execute("CREATE TABLE t (x)")  # a database in WAL mode, open
    held = posix_locks(database)
    assert held

    second = connect(database).conn

    assert posix_locks(database) == held
    second.close()
    first.close()
