"""A full disk under the database: writes answered 503 `storage-full` with Retry-After, /healthz failing
with 503 and the reason, and everything resumes without a restart once space is freed.

SQLite runs on a real tiny filesystem (a tmpfs mounted with `size=`, which needs root: the test
is skipped without it); PostgreSQL's disk_full (SQLSTATE 53100) is raised by the server itself, from
a trigger the test puts on the games table (no test can fill a shared server's disk).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from domain.games import GAMES
from integration.toy_client import ToyGame
from service.app import create_app
from service.problems import PROBLEM_TYPE, STORAGE_FULL_RETRY_SECONDS
from support.toy import SPEC as TOY

API = "/api/v1"
CONFIG = {"GAMES": (*GAMES, TOY), "TESTING": True, "CLIENT_SEEDS": "exact", "RATE_LIMITS": "off",
          "RESUME_BOTS": False}


@contextlib.contextmanager
def tiny_filesystem(where: Path, size: str = "2m") -> Iterator[Path]:
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(directory: Path) -> Path:
    """Write a file in `directory` until its filesystem has no byte left."""
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as out:
        for chunk in (65536, 512):
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * chunk)
    return filler


def assert_storage_full(response: object) -> None:
    assert response.status_code == 503, response.get_json()  # type: ignore[attr-defined]
    assert response.get_json()["type"] == f"{PROBLEM_TYPE}storage-full"  # type: ignore[attr-defined]
    assert response.headers["Retry-After"] == str(STORAGE_FULL_RETRY_SECONDS)  # type: ignore[attr-defined]


def assert_healthz_storage_failing(client: FlaskClient) -> None:
    health = client.get("/healthz")
    assert health.status_code == 503
    body = health.get_json()
    assert body["status"] == "failing"
    assert [reason["check"] for reason in body["reasons"]] == ["storage"]
    assert "disk holding the database is full" in body["reasons"][0]["detail"]


def test_a_full_disk_refuses_writes_with_503_and_healthz_fails_until_space_is_freed(tmp_path: Path) -> None:
    with tiny_filesystem(tmp_path / "tiny") as tiny:
        app = create_app({**CONFIG, "DATABASE": str(tiny / "trailhead.sqlite")})
        client = app.test_client()
        try:
            game = ToyGame(client)
            game.play(0, "Bid", {"amount": 1}, expected_version=3, command_id="first")
            filler = fill(tiny)

            refused = [game.send(1, "Bid", {"amount": 2}, expected_version=4, command_id=f"second-{i}")
                       for i in range(20)]  # the first may fit in a page the file had spare
            assert_storage_full(refused[-1])
            assert_storage_full(client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": "a"},
                                                                                            {"name": "b"}]}))
            assert_healthz_storage_failing(client)
            assert client.get(game.url).status_code == 200  # reads go on

            filler.unlink()
            health = client.get("/healthz")
            assert health.status_code == 200 and health.get_json()["reasons"] == [], health.get_json()
            done = game.send(1, "Bid", {"amount": 2}, expected_version=game.get()["version"], command_id="third")
            assert done.status_code == 201, done.get_json()
            assert ToyGame(client).created["status"] == "active"
        finally:
            app.extensions["trailhead"].close()


def test_postgresql_disk_full_is_a_503_storage_full(postgres: object) -> None:
    with postgres.schema() as url:  # type: ignore[attr-defined]
        app = create_app({**CONFIG, "DATABASE": url})
        client = app.test_client()
        store = app.extensions["trailhead"].store
        try:
            with store._writer() as conn:  # the server itself raises 53100 on the next game stored
                conn.execute("CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS"
                             " $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'"
                             " USING ERRCODE = 'disk_full'; END $$")
                conn.execute("CREATE TRIGGER disk_is_full BEFORE INSERT ON games FOR EACH ROW"
                             " EXECUTE FUNCTION disk_is_full()")
            assert_storage_full(client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": "a"},
                                                                                            {"name": "b"}]}))
            assert_healthz_storage_failing(client)
            with store._writer() as conn:
                conn.execute("DROP TRIGGER disk_is_full ON games")
            assert ToyGame(client).created["status"] == "active"
            assert client.get("/healthz").status_code == 200
        finally:
            app.extensions["trailhead"].close()
