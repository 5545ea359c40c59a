"""A tournament's stream without a server (service/tournament_stream.py, service/tournament_streams.py): what it
sends, folding each event once, is what it sent when it folded every event's state from the start, from every
resume point; and its watcher reads a tournament when the tournament moves (its appends wake it), not on a
clock, besides the safety poll."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from application.container import Trailhead
from application.players import register_player
from application.tournaments import entry
from application.tournaments.stream import decoded, load, run
from domain.tournaments import Entrant, fold_tournament, standings
from domain.tournaments.events import JoinTournament
from service.tournament_stream import Cursor, Read, messages_after, sse
from service.tournament_streams import TournamentStreams


@pytest.fixture
def app(embedded: Trailhead) -> Trailhead:
    return embedded


def reference(store: Any, tournament_id: str, after: int) -> str:
    """The stream's text as it was computed before (every event's state folded again from the first event)."""
    loaded = load(store, tournament_id)
    events = decoded(loaded.rows)
    local = store.tournament_game_ids(tournament_id)
    text = []
    for index, row in enumerate(loaded.rows):
        if row.seq <= after:
            continue
        event: Any = events[index]
        state = fold_tournament(events[:index + 1])  # type: ignore[arg-type]
        assert state is not None
        if row.type == "RoundPaired":
            text.append(sse(row.seq, "roundStarted", {"round": event.round, "byes": list(event.byes), "tables": [
                {"table": t.table, "entrants": list(t.entrants)} for t in event.tables]}))
        elif row.type == "GameLinked":
            game = state.game(event.number)
            assert game is not None
            text.append(sse(row.seq, "gameStarted", {"number": game.number, "game_id": local.get(game.number),
                                                     "round": game.round, "table": game.table,
                                                     "seats": list(game.seats)}))
        elif row.type == "GameResulted":
            game = state.game(event.number)
            assert game is not None
            text.append(sse(row.seq, "gameFinished", {"number": game.number, "game_id": local.get(game.number),
                                                      "places": list(game.places or ()),
                                                      "scores": list(game.scores or ())}))
            text.append(sse(row.seq, "standings", {"standings": standings(state)}))
        elif row.type == "TournamentFinished":
            text.append(sse(row.seq, "tournamentFinished", {"standings": standings(state),
                                                            "seed": store.tournament_seed(tournament_id)}))
    return "".join(text)


def finished_tournament(app: Trailhead, **body: Any) -> str:
    created = entry.create(app.bus, {"seats_per_game": 2, **body}, None)
    tournament_id = created.loaded.record.id
    entry.start(app.bus, tournament_id, created.creator_token, None)
    assert app.runner.wait_idle(60)  # type: ignore[attr-defined]
    assert load(app.store, tournament_id).state.status.value == "finished"
    return tournament_id


def test_a_finished_tournament_streams_the_same_messages_as_before_from_every_resume_point(app: Trailhead) -> None:
    swiss = finished_tournament(app, type="nanga-parbat", format="swiss", name="Swiss", rounds=3,
                                entrants=[{"bot": "random"} for _ in range(5)])  # a bye each round
    duplicate = finished_tournament(app, type="hike", format="round_robin", name="Duplicate", duplicate=True,
                                    entrants=[{"bot": "random"} for _ in range(3)])
    for tournament_id in (swiss, duplicate):
        rows = app.store.tournament_events(tournament_id)
        whole = reference(app.store, tournament_id, 0)
        assert whole.count("event: gameFinished") == whole.count("event: standings") >= 6
        assert whole.count("event: tournamentFinished") == 1
        for after in range(len(rows) + 1):
            assert messages_after(app.store, tournament_id, after) == (
                reference(app.store, tournament_id, after), len(rows), True)
        # as the watcher gives it: the events read a few at a time, each stream folding at most two per write
        read, cursor, sent = Read(), Cursor(0), []
        for start in range(0, len(rows), 3):
            read.extend(app.store, tournament_id, rows[start:start + 3])
            while cursor.index < len(read.rows):
                sent.append(cursor.advance(read, 2))
        assert "".join(sent) == whole and cursor.finished
        late = Cursor(len(rows) // 2)  # a second stream, resuming halfway, shares what the first rendered
        assert late.advance(read) == reference(app.store, tournament_id, len(rows) // 2)


async def read_stream(streams: TournamentStreams, tournament_id: str, got: list[str]) -> None:
    async for text in streams.messages(tournament_id, 0):
        got.append(text)


async def until(check: Any, seconds: float, what: str) -> None:
    ends = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < ends, what
        await asyncio.sleep(0.02)


def test_an_idle_stream_reads_nothing_and_the_tournaments_appends_wake_it(app: Trailhead) -> None:
    """No poll (an hour): the stream reads its tournament once when opened, never while nothing happens, and
    again only when an append of this process (a start, the jobs on the runner's threads) wakes it."""
    streams = TournamentStreams(app.store, {"TOURNAMENT_STREAM_POLL_SECONDS": 3600})
    app.bus.on_tournament_commit(streams.on_commit)
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "swiss", "name": "Woken", "seats_per_game": 2,
                                     "rounds": 2, "entrants": [{"bot": "random"} for _ in range(4)]}, None)
    tournament_id = created.loaded.record.id

    async def scenario() -> list[str]:
        got: list[str] = []
        reader = asyncio.create_task(read_stream(streams, tournament_id, got))
        await until(lambda: streams.reads["woken"] == 1, 5, "the first read")
        await asyncio.sleep(1.0)  # an open tournament: nothing happens
        assert streams.reads == {"woken": 1, "polled": 0}
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, entry.start, app.bus, tournament_id, created.creator_token, None)
        await asyncio.wait_for(reader, 60)
        return got

    try:
        got = asyncio.run(scenario())
    finally:
        streams._executor.shutdown()
    text = "".join(got)
    assert text.endswith("event: end\ndata: {}\n\n")
    assert text.removeprefix("retry: 1000\n\n").removesuffix("event: end\ndata: {}\n\n") == reference(
        app.store, tournament_id, 0)
    version = load(app.store, tournament_id).version
    assert streams.reads["polled"] == 0 and 2 <= streams.reads["woken"] <= version  # at most a read an append


def test_without_redis_the_safety_poll_finds_what_another_process_appended(app: Trailhead) -> None:
    """Without Redis, another server process's appends cannot wake this one's streams: the poll finds them, reading
    the tournament's events after the last read (nothing while nothing moved)."""
    streams = TournamentStreams(app.store, {"STREAM_POLL_SECONDS": 0.05})  # no Redis: the games' watcher's period
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "round_robin", "name": "Polled",
                                     "seats_per_game": 2, "turn_seconds": 600}, None)
    tournament_id = created.loaded.record.id
    ann = register_player(app.store, "Ann").player

    async def scenario() -> tuple[dict[str, int], int]:
        reader = asyncio.create_task(read_stream(streams, tournament_id, []))
        await until(lambda: streams.reads["woken"] == 1, 5, "the first read")
        await asyncio.sleep(1.0)
        idle = dict(streams.reads)
        followed = streams.followed[tournament_id]
        assert followed.read.version == 1  # TournamentCreated
        # an append this process's bus does not see (as another process's would be)
        run(app.store, tournament_id, JoinTournament(entrant=Entrant(entrant=ann["id"], name="Ann", player=ann["id"])))
        appended = time.monotonic()
        await until(lambda: followed.read.version == 2, 5, "the poll finding the join")
        reader.cancel()
        return idle, round((time.monotonic() - appended) * 1000)

    try:
        idle, found_ms = asyncio.run(scenario())
    finally:
        streams._executor.shutdown()
    assert idle["woken"] == 1 and 5 <= idle["polled"] <= 40  # a second of 50 ms polls, nothing new in them
    assert found_ms < 1000
