"""`trailhead db copy SRC DST`: an installation moved from SQLite to PostgreSQL and back, on real databases.

The source holds several games of every type (finished bots-only games, active games with a
human seat waiting and a bot, an active bots-only game, a fork and an imported game). After
the copy every game audits ok in the destination, its rows read back through the port are the
source's (positions aside), seat tokens of the source play on against an app on the
destination, and the destination's read models list every game. The copy is resumable and
refuses to overwrite another log.
"""

from __future__ import annotations

import dataclasses
import gzip
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from flask import Flask

from application.projections import PROJECTION
from domain.core import SeatConfig
from domain.core.seating import strongest_bot
from domain.games import GAMES
from replays.audit import audit
from replays.copy import COPIED, FAILED, copy_game
from replays.fork import fork_game
from replays.log import log_from_store
from replays.transfer import import_document
from service.app import create_app
from service.cli import main
from storage import FINISHED, AlreadyStored, Storage, open_storage
from storage.migrations import MIGRATIONS
from support.databases import TestDatabases
from support.handler import REGISTRY, bot_game, bot_game_export, open_games, play_bots

pytestmark = pytest.mark.both_backends  # copies between the two backends

API = "/api/v1"
ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "release-0.1"


@dataclasses.dataclass(frozen=True)
class Installation:
    """A populated source database: its URL, every game id in stored order, the human seats' tokens."""

    url: str
    game_ids: tuple[str, ...]
    finished: tuple[str, ...]
    tokens: dict[str, dict[int, str]]  # active game with a human seat -> seat -> token
    bots_waiting: str  # an active bots-only game whose bot seat is to act
    fork: str
    imported: str
    imported_from: str  # the imported game's id where it was played


def populate(url: str, scratch: Path) -> Installation:
    """Every game type: a finished bots-only game and an active game with a human seat; plus a bots-only
    game not yet played, a fork of a finished game and an imported one."""
    games = open_games(url)
    try:
        finished, tokens = [], {}
        for spec in GAMES:
            finished.append(bot_game(games, spec.id, f"copy-{spec.id}"))
            seats = [SeatConfig(name="ann")] + [SeatConfig(name=f"bot-{i}", bot=strongest_bot(spec))
                                                for i in range(1, min(max(spec.min_seats, 2), spec.max_seats))]
            committed = games.create(spec.id, seats, {}, f"copy-active-{spec.id}")
            game_id = committed.game.record.id
            play_bots(games, game_id)  # the bots play until the human is to act
            assert games.record(game_id).status == "active"
            tokens[game_id] = dict(committed.tokens)
        waiting = games.create("hike", [SeatConfig(name=f"b{i}", bot="random") for i in range(2)], {}, "waiting")
        bots_waiting = waiting.game.record.id
        source = games.load(finished[0])
        middle = max(c.last_seq for c in games.store.commands(finished[0]) if c.last_seq <= source.version // 2)
        fork = fork_game(games, finished[0], middle).game.record.id  # a fork point ends a command
        play_bots(games, fork)
        document = bot_game_export(scratch / "elsewhere.sqlite", "peaks", "elsewhere")  # played elsewhere
        imported, new = import_document(games.store, document, REGISTRY)
        assert new and document["game_id"] != imported
        return Installation(url, tuple(games.store.game_ids()), tuple(finished), tokens, bots_waiting, fork,
                            imported, document["game_id"])
    finally:
        games.store.close()


@pytest.fixture(scope="module", params=("sqlite", "postgresql"))
def installation(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installation]:
    """The source, played once per module and backend; the tests only read it."""
    scratch = tmp_path_factory.mktemp("source")
    if request.param == "sqlite":
        yield populate(str(scratch / "source.sqlite"), scratch)
        return
    with request.getfixturevalue("postgres").schema() as url:
        yield populate(url, scratch)


@pytest.fixture
def destination(installation: Installation, tmp_path: Path, postgres: TestDatabases) -> Iterator[str]:
    """An empty database on the other backend than the source's."""
    if installation.url.endswith(".sqlite"):
        with postgres.schema() as url:
            yield url
    else:
        yield str(tmp_path / "destination.sqlite")


def copy(src: str, dst: str, *options: str, exit_code: int = 0) -> Result:
    result = CliRunner().invoke(main, ["db", "copy", src, dst, "--progress-every", "0", *options])
    assert result.exit_code == exit_code, (result.output, result.exception)
    return result


def rows(store: Storage, game_id: str) -> tuple[Any, ...]:
    """A game as the port reads it, positions aside."""
    return (store.game(game_id), [dataclasses.replace(e, position=None) for e in store.events(game_id)],
            store.commands(game_id), store.seed(game_id), store.token_hashes(game_id))


@pytest.fixture
def stores(installation: Installation, destination: str) -> Iterator[tuple[Storage, Storage]]:
    source, dst = open_storage(installation.url), open_storage(destination)
    yield source, dst
    source.close()
    dst.close()


@pytest.fixture
def app_on() -> Iterator[Callable[[str], Flask]]:
    """Apps on a database (the bots-only game left waiting: the test decides what moves)."""
    made: list[Flask] = []

    def make(database: str) -> Flask:
        made.append(create_app({"DATABASE": database, "TESTING": True, "CLIENT_SEEDS": "exact",
                                "RATE_LIMITS": "off", "RESUME_BOTS": False}))
        return made[-1]

    yield make
    for app in made:
        runner = app.extensions["trailhead"].runner
        assert runner.wait_idle(30)
        # The inline runner has no stop: its projection thread would go on projecting this test's
        # database after it is dropped, logging a traceback a second for the rest of the run.
        runner.catch_up = lambda wait=True: None


# -- the whole installation --------------------------------------------------------------------------------


def test_every_game_is_copied_identical_and_verifies_in_the_destination(
        installation: Installation, destination: str, stores: tuple[Storage, Storage]) -> None:
    result = copy(installation.url, destination)
    total = len(installation.game_ids)
    assert f"copied {total} game(s)" in result.stdout
    assert f"{total}/{total} games: {total} copied, 0 skipped" in result.stderr
    source, dst = stores
    assert dst.game_ids() == list(installation.game_ids)  # stored in the source's order
    for game_id in installation.game_ids:
        assert rows(dst, game_id) == rows(source, game_id), game_id
        report = audit(log_from_store(dst, game_id, reveal_seed=True), REGISTRY, source.game(game_id).head_hash)
        assert report.ok, (game_id, report.failure)
        assert report.checks["rederivation"] == "ok"
    # the fork finds its source game in the destination, the import keeps its original id
    assert any("inherited from game" in note and "match it" in note
               for note in audit(log_from_store(dst, installation.fork, True), REGISTRY).notes)
    assert dst.game(installation.imported).original_id == installation.imported_from != installation.imported
    # global positions: the destination's own, gapless, one game after another in the order copied
    copied = dst.events_from(0, 100_000)
    assert [e.position for e in copied] == list(range(1, len(copied) + 1))
    order = list(dict.fromkeys(e.game_id for e in copied))
    assert order == list(installation.game_ids)
    assert [(e.game_id, e.seq) for e in copied] == [(g, e.seq) for g in order for e in source.events(g)]
    # the bulk export's finishing positions: each finished game's last event here, in the order copied
    finished = [g for g in order if source.game(g).status == "finished"]
    assert finished and dst.finished_games(0, 1000) == [(dst.events(g)[-1].position, g) for g in finished]


def test_the_destination_read_models_are_rebuilt_and_list_every_game(
        installation: Installation, destination: str, stores: tuple[Storage, Storage],
        app_on: Callable[[str], Flask]) -> None:
    result = copy(installation.url, destination)
    source, dst = stores
    assert f"read models rebuilt: {dst.head_position():,} events applied" in result.stdout
    # as the copy left them, before any app on the destination catches them up
    assert dst.checkpoint(PROJECTION).position == dst.head_position()
    listed, cursor = dst.summaries(None, None, None, 200, None)
    assert cursor is None
    assert {s["id"]: (s["status"], s["version"]) for s in listed} == {
        game_id: (source.game(game_id).status, source.game(game_id).version) for game_id in installation.game_ids}
    assert [game_id for game_id, _ in dst.bot_waiting_games()] == [installation.bots_waiting]
    for spec in GAMES:  # the statistics count every finished game's seats, once
        played: dict[str, int] = {}
        for game_id in installation.game_ids:
            record = source.game(game_id)
            if record.type == spec.id and record.status == FINISHED:
                for seat in record.seats:
                    played[seat["name"]] = played.get(seat["name"], 0) + 1
        assert played, spec.id
        assert {row["name"]: row["games_played"] for row in dst.seat_name_stats(spec.id)} == played, spec.id
    client = app_on(destination).test_client()
    lobby = client.get(f"{API}/games", query_string={"limit": 200}).get_json()["games"]
    assert sorted(game["id"] for game in lobby) == sorted(installation.game_ids)


def test_a_repeated_copy_copies_nothing_and_says_so(installation: Installation, destination: str,
                                                    stores: tuple[Storage, Storage]) -> None:
    copy(installation.url, destination)
    _, dst = stores
    head = dst.head_position()
    result = copy(installation.url, destination)
    total = len(installation.game_ids)
    assert f"nothing to copy: DST holds all {total} game(s) of SRC already" in result.stdout
    assert f"{total}/{total} games: 0 copied, {total} skipped" in result.stderr
    assert "rebuilt" not in result.stdout  # the read models were up to date
    assert dst.head_position() == head


def test_an_interrupted_copy_goes_on_where_it_stopped(installation: Installation, destination: str,
                                                      stores: tuple[Storage, Storage]) -> None:
    source, dst = stores
    ids = installation.game_ids
    dst.migrate()
    # a game already in the destination (copied by hand, as a run killed after it would leave it)
    assert copy_game(source, dst, REGISTRY, ids[5]).outcome == COPIED
    result = copy(installation.url, destination, "--limit", "3")
    assert "limit reached" in result.stdout
    assert dst.game_ids() == [ids[5], *ids[:3]]
    assert {s["id"] for s in dst.summaries(None, None, None, 200, None)[0]} == {ids[5], *ids[:3]}
    result = copy(installation.url, destination)
    assert f"copied {len(ids) - 4} game(s)" in result.stdout and "skipped 4 already in DST" in result.stdout
    assert sorted(dst.game_ids()) == sorted(ids)
    for game_id in ids:
        assert rows(dst, game_id) == rows(source, game_id)
        assert audit(log_from_store(dst, game_id, True), REGISTRY).ok
    assert {s["id"] for s in dst.summaries(None, None, None, 200, None)[0]} == set(ids)
    copied = dst.events_from(0, 100_000)
    assert [e.position for e in copied] == list(range(1, len(copied) + 1))


def test_a_copy_killed_midway_leaves_only_whole_games_and_the_next_run_finishes(
        installation: Installation, destination: str, stores: tuple[Storage, Storage]) -> None:
    command = [sys.executable, "-m", "service.cli", "db", "copy", installation.url, destination, "--progress-every", "0"]
    with subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True) as process:
        try:
            assert process.stderr is not None
            for line in process.stderr:  # a line per game: kill it as the third game starts
                if line.startswith("2/"):
                    break
            assert process.poll() is None, "the copy ended before it could be killed"
            process.send_signal(signal.SIGKILL)
        finally:
            process.kill()
            process.wait()
    source, dst = stores
    there = dst.game_ids()
    assert 2 <= len(there) < len(installation.game_ids)
    assert there == list(installation.game_ids[: len(there)])
    for game_id in there:  # each game is there whole or not at all
        assert rows(dst, game_id) == rows(source, game_id)
    result = copy(installation.url, destination)
    assert f"skipped {len(there)} already in DST" in result.stdout
    for game_id in installation.game_ids:
        assert rows(dst, game_id) == rows(source, game_id)
    assert {s["id"] for s in dst.summaries(None, None, None, 200, None)[0]} == set(installation.game_ids)


# -- seat tokens ----------------------------------------------------------------------------------------------


def test_a_seat_token_of_the_source_plays_on_against_the_destination(installation: Installation, destination: str,
                                                                      app_on: Callable[[str], Flask]) -> None:
    copy(installation.url, destination)
    client = app_on(destination).test_client()
    for game_id, tokens in installation.tokens.items():
        (seat, token), = tokens.items()
        headers = {"Authorization": f"Bearer {token}"}
        actions = client.get(f"{API}/games/{game_id}/actions", headers=headers).get_json()
        assert actions["seat"] == seat and actions["actions"], game_id
        before = actions["version"]
        action = actions["actions"][0]
        played = client.post(f"{API}/games/{game_id}/commands", headers=headers,
                             json={**action, "expected_version": before})
        assert played.status_code == 201, played.get_json()
        assert played.get_json()["version"] > before
        assert client.get(f"{API}/games/{game_id}/audit").get_json()["ok"]
    assert client.application.extensions["trailhead"].runner.wait_idle(30)
    some_game = next(iter(installation.tokens))
    refused = client.get(f"{API}/games/{some_game}/actions", headers={"Authorization": "Bearer not-a-token"})
    assert refused.status_code == 401


# -- what is not copied ----------------------------------------------------------------------------------------


def test_a_game_that_went_on_in_the_destination_is_a_conflict_left_as_it_is(
        installation: Installation, destination: str, stores: tuple[Storage, Storage],
        app_on: Callable[[str], Flask]) -> None:
    copy(installation.url, destination)
    _, dst = stores
    game_id, tokens = next(iter(installation.tokens.items()))
    (token,) = tokens.values()
    client = app_on(destination).test_client()
    headers = {"Authorization": f"Bearer {token}"}
    action = client.get(f"{API}/games/{game_id}/actions", headers=headers).get_json()["actions"][0]
    assert client.post(f"{API}/games/{game_id}/commands", headers=headers, json=action).status_code == 201
    assert client.application.extensions["trailhead"].runner.wait_idle(30)
    held = rows(dst, game_id)
    result = copy(installation.url, destination, exit_code=1)
    assert f"CONFLICT {game_id}" in result.stdout
    assert "went on in the destination after an earlier copy" in result.stdout
    assert f"{game_id} (conflict)" in result.output  # the closing error names it
    assert rows(dst, game_id) == held  # not overwritten


def test_another_log_under_the_same_id_is_a_conflict_and_a_clashing_token_fails(tmp_path: Path) -> None:
    src, other = str(tmp_path / "src.sqlite"), str(tmp_path / "other.sqlite")
    games = open_games(src)
    first = bot_game(games, "hikes-of-the-west", "one")
    second = bot_game(games, "hikes-of-the-west", "two")
    human = games.create("peaks", [SeatConfig(name="ann"), SeatConfig(name="bot", bot="random")], {}, "three")
    third = human.game.record.id
    dst = open_storage(other)
    dst.migrate()
    # the destination holds `first`'s id with the log of `second`, and `third`'s token under another game's id
    log_of_second = rows(games.store, second)
    dst.restore_game(dataclasses.replace(log_of_second[0], id=first, original_id=first), games.store.seed(second),
                     {}, [dataclasses.replace(e, game_id=first) for e in log_of_second[1]],
                     [dataclasses.replace(c, game_id=first) for c in log_of_second[2]])
    stray = rows(games.store, second)
    dst.restore_game(dataclasses.replace(stray[0], id="stray"), games.store.seed(second),
                     games.store.token_hashes(third), [dataclasses.replace(e, game_id="stray") for e in stray[1]],
                     [dataclasses.replace(c, game_id="stray") for c in stray[2]])
    held = rows(dst, first)
    result = copy(src, other, exit_code=1)
    assert f"CONFLICT {first} (hikes-of-the-west): the destination holds another log under this id" in result.stdout
    assert f"FAILED {third} (peaks): not written" in result.stdout
    assert rows(dst, first) == held
    assert dst.game(third) is None and dst.events(third) == [] and dst.token_owner(
        next(iter(games.store.token_hashes(third).values())))[0] == "stray"
    assert rows(dst, second) == rows(games.store, second)  # the other game was copied
    assert "3/3 games: 1 copied, 0 skipped, 1 conflicts, 0 refused, 1 failed" in result.stderr
    assert audit(log_from_store(dst, second, True), REGISTRY).ok
    games.store.close()
    dst.close()


def test_a_game_that_does_not_verify_in_the_source_is_refused(tmp_path: Path, postgres: TestDatabases) -> None:
    src = tmp_path / "src.sqlite"
    games = open_games(src)
    good = bot_game(games, "hike", "good")
    bad = bot_game(games, "nanga-parbat", "bad")
    games.store.close()
    with sqlite3.connect(src) as conn:  # a chance outcome changed in the file, its hash left as it was
        (data,) = conn.execute("SELECT data FROM events WHERE game_id = ? AND seq = 5", [bad]).fetchone()
        altered = re.sub(r"\d", lambda digit: str((int(digit[0]) + 1) % 10), data, count=1)
        assert altered != data
        conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = 5", [altered, bad])
    with postgres.schema() as url:
        result = copy(str(src), url, exit_code=1)
        assert f"REFUSED {bad} (nanga-parbat): does not verify in the source: event 5 fails the chain check" \
            in result.stdout
        dst = open_storage(url)
        assert dst.game_ids() == [good] and dst.events(bad) == []
        assert audit(log_from_store(dst, good, True), REGISTRY).ok
        assert [s["id"] for s in dst.summaries(None, None, None, 10, None)[0]] == [good]


# -- the port's restore ---------------------------------------------------------------------------------------


def test_restore_writes_a_game_whole_with_its_own_times_or_nothing(database: str, tmp_path: Path) -> None:
    games = open_games(tmp_path / "made.sqlite")
    committed = games.create("peaks", [SeatConfig(name="ann"), SeatConfig(name="bot", bot="random")], {}, "times")
    game_id = committed.game.record.id
    play_bots(games, game_id)
    record, events, commands, seed, tokens = rows(games.store, game_id)
    assert tokens and record.created_at and all(e.recorded_at for e in events)
    old = "2001-02-03T04:05:06.000007Z"  # times unlike any now(): kept, not restamped
    record = dataclasses.replace(record, created_at=old, updated_at=old)
    events = [dataclasses.replace(e, recorded_at=old) for e in events]
    commands = [dataclasses.replace(c, recorded_at=old) for c in commands]
    store = open_storage(database)
    store.migrate()
    stored = store.restore_game(record, seed, tokens, events, commands)
    assert [e.position for e in stored] == list(range(1, len(events) + 1))
    assert rows(store, game_id) == (record, events, commands, seed, tokens)
    assert store.token_owner(next(iter(tokens.values()))) == (game_id, 0)
    with pytest.raises(AlreadyStored):  # the same id again
        store.restore_game(record, seed, {}, events, commands)
    other = "f" * 32
    with pytest.raises(AlreadyStored):  # another id, but a token hash already stored: nothing of it is written
        store.restore_game(dataclasses.replace(record, id=other), seed, tokens,
                           [dataclasses.replace(e, game_id=other) for e in events],
                           [dataclasses.replace(c, game_id=other) for c in commands])
    assert store.game(other) is None and store.events(other) == [] and store.commands(other) == []
    assert store.head_position() == len(events)
    follow = store.restore_game(dataclasses.replace(record, id=other), seed, {},
                                [dataclasses.replace(e, game_id=other) for e in events],
                                [dataclasses.replace(c, game_id=other) for c in commands])
    assert follow[0].position == len(events) + 1  # positions go on gapless after a refused restore
    games.store.close()
    store.close()


# -- what the command refuses -----------------------------------------------------------------------------


def test_the_command_refuses_a_missing_source_the_same_database_and_an_old_schema(tmp_path: Path) -> None:
    missing, dst = tmp_path / "missing.sqlite", tmp_path / "dst.sqlite"
    result = copy(str(missing), str(dst), exit_code=2)
    assert "no such SQLite file" in result.output and not missing.exists() and not dst.exists()
    open_games(dst).store.close()
    assert "the same database" in copy(str(dst), f"{tmp_path}/./dst.sqlite", exit_code=2).output
    old = tmp_path / "release-0.1.sqlite"
    with gzip.open(FIXTURES / "trailhead.sqlite.gz") as packed, open(old, "wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    result = copy(str(old), str(tmp_path / "new.sqlite"), exit_code=1)
    assert f"needs {len(MIGRATIONS) - 1} migration(s)" in result.output and "trailhead db migrate" in result.output
    assert not (tmp_path / "new.sqlite").exists()
    assert open_storage(str(old)).schema_version() == 1  # the source is left as it was


def test_the_help_says_what_the_copy_does() -> None:
    result = CliRunner().invoke(main, ["db", "copy", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for said in ("SRC", "DST", "postgresql://", "one transaction", "seat tokens keep working", "audited",
                 "rebuilt", "Resumable", "conflict", "--limit"):
        assert said in text, said
