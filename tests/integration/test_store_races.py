"""Racing writers against one real database, on each backend: optimistic concurrency, idempotency, a sound log.

Every racer has its own storage (a SQLite connection, or a PostgreSQL pool) and GameService,
every migration applied, as the API hosts' workers and the bot jobs do; a barrier releases
them together, so they really decide on the same version and collide where the backend
serialises writers (SQLite's BEGIN IMMEDIATE; PostgreSQL's row lock on the game).
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.core import SeatConfig
from integration.event_log import assert_sound_log, event_rows, open_service, submitted
from application.handler import CommandIdReused, GameService
from storage import VersionConflict, open_storage
from storage.migrations import LATEST

pytestmark = pytest.mark.both_backends  # racing writers: each backend serialises and locks its own way


THREADS = 20
PROCESSES = 8
ROUNDS = 30
RETRIES = 20  # as many as THREADS: each racer holds a PostgreSQL connection, and PostgreSQL's default cap is 100
STAGGER = 0.0002  # seconds between two retries' starts
BOOT_ROUNDS = 8
RACER = Path(__file__).with_name("racer.py")


def new_toy_game(games: GameService) -> str:
    created = games.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")])
    game, tokens = created.game, created.tokens
    assert game.version == 3 and sorted(tokens) == [0, 1]
    return game.record.id


def command_count(games: GameService, game_id: str) -> int:
    return len(games.store.commands(game_id))


class Racers:
    """`count` threads, each with a command handler on its own storage of the database (opened in
    the thread, as each API worker opens its own), kept for as many races as a test runs: every
    race hands each thread the attempt and releases them all together through one barrier.
    """

    def __init__(self, database: str, count: int) -> None:
        self.count = count
        self._jobs: list[queue.Queue[tuple[Callable[[GameService, int], Any], threading.Barrier] | None]] = [
            queue.Queue() for _ in range(count)]
        self._outcomes: queue.Queue[tuple[int, tuple[str, Any]]] = queue.Queue()
        self._threads = [threading.Thread(target=self._serve, args=(database, i), daemon=True) for i in range(count)]
        for thread in self._threads:
            thread.start()
        opened = self._collect()
        assert all(kind == "opened" for kind, _ in opened), opened

    def _serve(self, database: str, index: int) -> None:
        try:
            games = open_service(database)
            games.store.head_position()  # this thread's connection is open before any race
        except Exception as error:  # noqa: BLE001 - reported by the constructor's assertion
            self._outcomes.put((index, ("error", repr(error))))
            return
        self._outcomes.put((index, ("opened", None)))
        try:
            while (job := self._jobs[index].get()) is not None:
                attempt, barrier = job
                try:
                    barrier.wait(timeout=30)
                    outcome: tuple[str, Any] = ("answered", attempt(games, index))
                except VersionConflict as conflict:
                    outcome = ("conflict", conflict)
                except Exception as error:  # noqa: BLE001 - reported by the assertions, never lost in the thread
                    outcome = ("error", repr(error))
                self._outcomes.put((index, outcome))
        finally:
            games.store.close()

    def _collect(self) -> list[tuple[str, Any]]:
        outcomes: list[tuple[str, Any]] = [("not run", None)] * self.count
        for _ in range(self.count):
            try:
                index, outcome = self._outcomes.get(timeout=60)
            except queue.Empty:
                raise AssertionError(f"a racer hung: {outcomes}") from None
            outcomes[index] = outcome
        return outcomes

    def race(self, attempt: Callable[[GameService, int], Any]) -> list[tuple[str, Any]]:
        """Run `attempt(games, i)` in every thread at once; the outcome of each, in thread order."""
        barrier = threading.Barrier(self.count)
        for jobs in self._jobs:
            jobs.put((attempt, barrier))
        return self._collect()

    def close(self) -> None:
        for jobs in self._jobs:
            jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=60)


@contextlib.contextmanager
def racers(database: str, count: int) -> Iterator[Racers]:
    running = Racers(database, count)
    try:
        yield running
    finally:
        running.close()


def race(database: str, count: int, attempt: Callable[[GameService, int], Any]) -> list[tuple[str, Any]]:
    """One race of `count` threads, each on its own storage, released by one barrier."""
    with racers(database, count) as threads:
        return threads.race(attempt)


def test_twenty_threads_at_one_expected_version_exactly_one_wins(database: str, service: GameService) -> None:
    game_id = new_toy_game(service)

    outcomes = race(
        database,
        THREADS,
        lambda games, i: submitted(games, game_id, i % 2, "Bid", {"amount": i % 4}, expected_version=3,
                                      command_id=f"thread-{i}"),
    )

    kinds = [kind for kind, _ in outcomes]
    assert kinds.count("answered") == 1, outcomes
    assert kinds.count("conflict") == THREADS - 1, outcomes
    assert all(conflict.expected == 3 and conflict.current == 4 for kind, conflict in outcomes if kind == "conflict")
    (winner,) = [response for kind, response in outcomes if kind == "answered"]
    assert winner["version"] == 4
    rows = event_rows(database, game_id)
    assert len(rows) == 4
    assert_sound_log(rows)
    assert rows[-1]["hash"] == winner["head_hash"]
    assert command_count(service, game_id) == 2  # CreateGame and the one winner: no loser left a record


def race_processes(*commands: list[str]) -> list[tuple[int, dict[str, Any] | str]]:
    """Run racer.py once per argument list, release all at once; (returncode, JSON outcome or stderr) each."""
    racers = [
        subprocess.Popen([sys.executable, str(RACER), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for args in commands
    ]
    try:
        for racer in racers:  # the barrier: every racer is set up and waits for "go"
            assert racer.stdout is not None
            assert racer.stdout.readline().strip() == "ready", racer.communicate()[1]
        for racer in racers:
            assert racer.stdin is not None
            racer.stdin.write("go\n")
            racer.stdin.flush()
        finished = [racer.communicate(timeout=60) for racer in racers]
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
                racer.communicate()
    return [
        (racer.returncode, json.loads(out.strip().splitlines()[-1]) if racer.returncode == 0 else err.strip())
        for racer, (out, err) in zip(racers, finished)
    ]


@pytest.mark.slow
def test_eight_processes_at_one_expected_version_exactly_one_wins(database: str, service: GameService) -> None:
    game_id = new_toy_game(service)

    results = race_processes(
        *[["bid", database, game_id, str(i % 2), "3", f"process-{i}", str(i % 4)] for i in range(PROCESSES)]
    )

    assert [code for code, _ in results] == [0] * PROCESSES, results
    outcomes = [outcome for _, outcome in results]
    kinds = [outcome["outcome"] for outcome in outcomes]  # type: ignore[index]
    assert kinds.count("answered") == 1, outcomes
    assert kinds.count("conflict") == PROCESSES - 1, outcomes
    assert {o["current"] for o in outcomes if o["outcome"] == "conflict"} == {4}  # type: ignore[index]
    rows = event_rows(database, game_id)
    assert len(rows) == 4
    assert_sound_log(rows)
    assert command_count(service, game_id) == 2


@pytest.mark.slow
def test_two_processes_starting_on_a_fresh_database_both_boot(new_database: Callable[[str], str]) -> None:
    """What `trailhead serve --workers 2` does on a new TRAILHEAD_DB: each worker creates the app at once.

    Two booting processes get one fresh database (a new SQLite file, or a new PostgreSQL schema)
    after another, released together each time: both migrate it, and it ends fully migrated.
    """
    racers = [
        subprocess.Popen([sys.executable, str(RACER), "boot"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outcomes = []
    try:
        for racer in racers:
            assert racer.stdout is not None
            assert racer.stdout.readline().strip() == "ready", racer.communicate()[1]
        for round_ in range(BOOT_ROUNDS):
            fresh = new_database(f"fresh-{round_}")
            for racer in racers:
                assert racer.stdin is not None
                racer.stdin.write(f"{fresh}\n")
                racer.stdin.flush()
            outcomes += [json.loads(racer.stdout.readline()) for racer in racers]  # type: ignore[union-attr]
            store = open_storage(fresh)
            try:
                assert (store.schema_version(), store.pending_migrations()) == (LATEST, [])
                assert store.game_ids() == [] and store.head_position() == 0
            finally:
                store.close()
    finally:
        for racer in racers:
            racer.communicate(timeout=60)  # closes stdin: the racer ends

    failed = [outcome["error"] for outcome in outcomes if outcome["outcome"] != "booted"]
    assert not failed, f"{len(failed)} of {len(outcomes)} boots on a fresh database failed: {failed[0]}"


def test_concurrent_games_get_gapless_increasing_global_positions(database: str, service: GameService) -> None:
    game_ids = [new_toy_game(service) for _ in range(6)]

    def play(games: GameService, index: int) -> int:
        game_id = game_ids[index]
        submitted(games, game_id, 0, "Bid", {"amount": 1})
        submitted(games, game_id, 1, "Bid", {"amount": 0})
        while games.load(game_id).to_act():
            submitted(games, game_id, games.load(game_id).to_act()[0], "Take", {"count": 1})
        return games.load(game_id).version

    outcomes = race(database, len(game_ids), play)

    assert [kind for kind, _ in outcomes] == ["answered"] * len(game_ids), outcomes
    every = event_rows(database)
    assert [row["position"] for row in every] == list(range(1, len(every) + 1))
    for game_id, (_, version) in zip(game_ids, outcomes):
        rows = event_rows(database, game_id)
        assert len(rows) == version
        assert_sound_log(rows)


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads hand the GIL over every 10 µs: more interleavings per race, as on a busy multi-core server."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(interval)


@pytest.mark.usefixtures("busy_switching")
def test_concurrent_retries_of_one_command_id_all_get_the_first_response(database: str, service: GameService) -> None:
    """A client retrying while its first try is in flight must get the first outcome, never a 409.

    The window (a retry that looks the command id up before the first try commits, and
    loads the game after) is narrow, so the retries start a little apart and the race
    runs several rounds (it stops at the first that fails).
    """
    with racers(database, RETRIES) as threads:
        for round_ in range(ROUNDS):
            game_id = new_toy_game(service)

            def retry(games: GameService, index: int, game_id: str = game_id) -> dict[str, Any]:
                time.sleep(index * STAGGER)  # spread the retries over the moment the first one commits
                return submitted(games, game_id, 0, "Bid", {"amount": 2}, expected_version=3, command_id="retry-me")

            outcomes = threads.race(retry)

            conflicts = [outcome for kind, outcome in outcomes if kind != "answered"]
            assert not conflicts, f"round {round_}: {len(conflicts)} of {RETRIES} retries failed, e.g. {conflicts[0]!r}"
            responses = [response for _, response in outcomes]
            assert all(response == responses[0] for response in responses)
            assert len(event_rows(database, game_id)) == 4
            assert command_count(service, game_id) == 2


def test_repeated_command_id_with_the_same_body_appends_nothing_and_returns_the_first_response(
    database: str, service: GameService
) -> None:
    game_id = new_toy_game(service)
    first = submitted(service, game_id, 0, "Bid", {"amount": 2}, expected_version=3, command_id="c-1")

    again = submitted(service, game_id, 0, "Bid", {"amount": 2}, expected_version=3, command_id="c-1")
    without_version = submitted(service, game_id, 0, "Bid", {"amount": 2}, command_id="c-1")
    from_elsewhere = open_service(database)  # another connection, with a cold state cache
    try:
        other = submitted(from_elsewhere, game_id, 0, "Bid", {"amount": 2}, expected_version=3, command_id="c-1")
    finally:
        from_elsewhere.store.close()

    assert again == first and without_version == first and other == first
    assert [e["seq"] for e in first["events"]] == [4]
    rows = event_rows(database, game_id)
    assert len(rows) == 4
    assert_sound_log(rows)
    assert command_count(service, game_id) == 2


@pytest.mark.parametrize(
    ("seat", "type_", "args"),
    [(0, "Bid", {"amount": 3}), (1, "Bid", {"amount": 2}), (0, "Take", {"count": 1})],
    ids=["other-args", "other-seat", "other-type"],
)
def test_same_command_id_with_a_different_body_raises_command_id_reused(
    database: str, service: GameService, seat: int, type_: str, args: dict[str, Any]
) -> None:
    game_id = new_toy_game(service)
    submitted(service, game_id, 0, "Bid", {"amount": 2}, expected_version=3, command_id="c-1")

    with pytest.raises(CommandIdReused, match="c-1"):
        submitted(service, game_id, seat, type_, args, command_id="c-1")

    assert len(event_rows(database, game_id)) == 4
    assert command_count(service, game_id) == 2


@pytest.mark.parametrize("stale", [0, 3, 5, 99], ids=["zero", "behind", "ahead", "far-ahead"])
def test_wrong_expected_version_is_a_conflict_and_appends_nothing(
    database: str, service: GameService, stale: int
) -> None:
    game_id = new_toy_game(service)
    submitted(service, game_id, 0, "Bid", {"amount": 2}, expected_version=3)
    before = event_rows(database, game_id)

    with pytest.raises(VersionConflict) as conflict:
        submitted(service, game_id, 1, "Bid", {"amount": 1}, expected_version=stale, command_id="late")

    assert (conflict.value.expected, conflict.value.current) == (stale, 4)
    assert event_rows(database, game_id) == before
    assert service.store.command(game_id, "late") is None
    # The conflict left the command id unused: the same command decided on the current version goes through.
    assert submitted(service, game_id, 1, "Bid", {"amount": 1}, expected_version=4, command_id="late")["version"] == 5


def test_a_handler_sees_what_another_process_committed_since_it_cached_the_game(database: str,
                                                                                service: GameService) -> None:
    """The state cache holds the record as of its version; another writer's events refresh both."""
    game_id = new_toy_game(service)
    other = open_service(database)
    try:
        assert other.load(game_id).version == 3  # now cached by `other`
        submitted(service, game_id, 0, "Bid", {"amount": 1})
        submitted(service, game_id, 1, "Bid", {"amount": 0})
        seen = other.load(game_id)
        stored = service.store.game(game_id)
        assert stored is not None
        assert (seen.version, seen.head_hash) == (stored.version, stored.head_hash)
        assert seen.record == stored
        committed = other.submit(game_id, 0, "Take", {"count": 2}, expected_version=seen.version)
        assert committed.game.record == service.store.game(game_id)  # updated_at included
    finally:
        other.store.close()
