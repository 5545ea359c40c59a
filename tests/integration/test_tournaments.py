"""Tournaments in the application: the stream and the game index stored on both backends, and the bus's jobs
playing formats to the end on the embedded runner, after a restart too, and a tournament exported and imported
into another installation (issue 30; docs/tournaments.md)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest

from application.chain import GENESIS_HASH, text_hash
from application.container import Trailhead
from application.messages import TournamentDue
from application.tournaments import entry
from application.tournaments.jobs import tournament_game_id
from application.tournaments.stream import UnknownTournament, load
from bootstrap import bootstrap
from domain.core import IllegalCommand, InvalidCommand
from storage import VersionConflict


@pytest.fixture
def app(database: str) -> Iterator[Trailhead]:
    trailhead = bootstrap({"DATABASE": database, "REDIS_URL": "", "ARENA_MINUTE_SECONDS": 0.5})
    yield trailhead
    trailhead.runner.wait_idle(30)  # type: ignore[attr-defined]
    trailhead.close()


def bots(level: str, count: int) -> list[dict[str, Any]]:
    return [{"bot": level} for _ in range(count)]


def wait_finished(app: Trailhead, tournament_id: str) -> Any:
    assert app.runner.wait_idle(60)  # type: ignore[attr-defined]
    return load(app.store, tournament_id)


@pytest.mark.both_backends  # what the rows hold, optimistic concurrency
def test_a_tournament_is_stored_as_a_hash_chained_stream_with_its_seed_apart(app: Trailhead) -> None:
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "round_robin", "name": "Chain",
                                     "seats_per_game": 2, "entrants": bots("random", 3)}, None)
    loaded = created.loaded
    rows = app.store.tournament_events(loaded.record.id)
    assert [row.type for row in rows] == ["TournamentCreated", *["EntrantJoined"] * 3]
    prev = GENESIS_HASH
    for row in rows:
        assert row.prev_hash == prev and row.hash == text_hash(prev, row.seq, row.type, row.data_text, None, None)
        prev = row.hash
    seed = app.store.tournament_seed(loaded.record.id)
    assert hashlib.sha256(seed.encode()).hexdigest() == loaded.record.seed_commitment
    assert seed not in "".join(row.data_text for row in rows)
    assert app.store.tournament(loaded.record.id).status == "open"  # type: ignore[union-attr]
    assert app.store.tournament_ids("open") == [loaded.record.id] and app.store.tournament_ids("finished") == []
    with pytest.raises(VersionConflict):  # optimistic concurrency, as a game's log
        app.store.append_tournament(loaded.record.id, 2, rows[-1:], "open")
    assert app.store.tournament_creator(loaded.record.id) == hashlib.sha256(created.creator_token.encode()).hexdigest()


def test_creation_checks_the_game_and_its_entrants(app: Trailhead) -> None:
    base = {"type": "nanga-parbat", "format": "swiss", "name": "S", "seats_per_game": 2, "rounds": 2}
    with pytest.raises(InvalidCommand, match="seats_per_game"):
        entry.create(app.bus, {**base, "seats_per_game": 3}, None)
    with pytest.raises(InvalidCommand, match="bot level"):
        entry.create(app.bus, {**base, "entrants": [{"bot": "nobody"}]}, None)
    with pytest.raises(InvalidCommand, match="no player"):
        entry.create(app.bus, {**base, "entrants": [{"player": "ghost"}]}, None)
    with pytest.raises(UnknownTournament):
        load(app.store, "nope")


@pytest.mark.both_backends  # the game index and the links written with GameLinked
def test_only_the_creator_starts_and_a_round_robin_of_bots_plays_to_the_end(app: Trailhead) -> None:
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "round_robin", "name": "RR",
                                     "seats_per_game": 2, "entrants": bots("random", 4)}, None)
    tid = created.loaded.record.id
    with pytest.raises(entry.NotTheCreator):
        entry.start(app.bus, tid, "not-the-token", None)
    entry.start(app.bus, tid, created.creator_token, None)
    with pytest.raises(IllegalCommand):
        entry.start(app.bus, tid, created.creator_token, None)
    loaded = wait_finished(app, tid)
    state = loaded.state
    assert state.status.value == "finished" and len(state.games) == 6  # every pair of 4 once
    assert all(game.is_resulted for game in state.games)
    assert app.store.tournament(tid).status == "finished"  # type: ignore[union-attr]
    for game in state.games:
        assert game.game_id == tournament_game_id(tid, game.number)
        assert app.store.tournament_of_game(game.game_id) == (tid, game.number)
        record = app.store.game(game.game_id)
        assert record is not None and record.seed_commitment == game.seed_commitment
        assert record.seed_source == "tournament" and record.status == "finished"
    from domain.tournaments import standings
    assert sum(row["points"] for row in standings(state)) == 6


def test_an_arena_pairs_waiting_entrants_until_its_time_is_up(app: Trailhead) -> None:
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "arena", "name": "A", "seats_per_game": 2,
                                     "duration_minutes": 1, "entrants": bots("random", 4)}, None)
    tid = created.loaded.record.id
    entry.start(app.bus, tid, created.creator_token, None)
    import time
    deadline = time.monotonic() + 30
    while load(app.store, tid).state.status.value != "finished" and time.monotonic() < deadline:
        time.sleep(0.1)
    state = load(app.store, tid).state
    assert state.status.value == "finished" and len(state.games) >= 2
    assert all(game.is_resulted for game in state.games)


def test_an_arena_whose_start_job_runs_after_a_withdrawal_still_ends_by_its_timer(app: Trailhead) -> None:
    """The start's TournamentDue ran only once a withdrawal had moved the arena on (a race between the start's
    job and the request): the arena's end still gets its timer. The two bots left play each other once and may
    not meet again while nobody else waits, so that timer alone can end the arena (it stayed running: its
    timer was set only by a run at the start's own version)."""
    import time

    from application.tournaments.stream import run
    from domain.tournaments.events import StartTournament, WithdrawFromTournament

    player = app.store.create_player("quitter", "Quitter", "q" * 64)
    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "arena", "name": "Raced", "seats_per_game": 2,
                                     "duration_minutes": 8, "turn_seconds": 60,  # 4 s: a minute is 0.5 s
                                     "entrants": [*bots("random", 2), {"player": "quitter"}]}, None)
    tid = created.loaded.record.id
    started = run(app.store, tid, StartTournament())[0]  # committed; its job not run yet
    withdrawn = run(app.store, tid, WithdrawFromTournament(entrant=player["id"]))[0]
    app.bus.drain([TournamentDue(tid, started.version), TournamentDue(tid, withdrawn.version)])  # in that order
    deadline = time.monotonic() + 30
    while load(app.store, tid).state.status.value != "finished" and time.monotonic() < deadline:
        time.sleep(0.1)
    state = load(app.store, tid).state
    assert state.status.value == "finished" and len(state.games) == 1  # the two bots met once, then time was up


def test_a_restart_runs_every_running_tournament_again(app: Trailhead) -> None:
    """The start committed, but its process died before its job ran: resuming (a restart) runs it."""
    from application.tournaments.stream import run
    from domain.tournaments.events import StartTournament

    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "swiss", "name": "Lost", "seats_per_game": 2,
                                     "rounds": 2, "entrants": bots("random", 4)}, None)
    tid = created.loaded.record.id
    run(app.store, tid, StartTournament())  # no TournamentDue sent
    assert app.runner.wait_idle(5)  # type: ignore[attr-defined]
    assert all(game.game_id is None for game in load(app.store, tid).state.games)  # nothing happened
    assert [type(m).__name__ for m in app.bus.tournaments_due()] == ["TournamentDue"]
    app.runner.resume(app.bus)
    state = wait_finished(app, tid).state
    assert state.status.value == "finished" and len(state.games) == 4
    assert app.bus.tournaments_due() == []


def test_an_exported_tournament_imports_into_another_installation_and_audits_clean(app: Trailhead,
                                                                                   tmp_path: Any) -> None:
    from replays.log import log_from_store
    from replays.tournaments import export_tournament, import_tournament, tournament_audit
    from replays.transfer import export_document

    created = entry.create(app.bus, {"type": "hike", "format": "round_robin", "name": "Travels", "seats_per_game": 3,
                                     "rounds": 2, "entrants": bots("random", 4)}, None)
    tid = created.loaded.record.id
    entry.start(app.bus, tid, created.creator_token, None)
    assert wait_finished(app, tid).state.status.value == "finished"
    document = export_tournament(app.store, tid, lambda game_id: export_document(
        app.store, log_from_store(app.store, game_id), game_id))
    other = bootstrap({"DATABASE": str(tmp_path / "other.sqlite"), "REDIS_URL": ""})
    try:
        assert import_tournament(other.store, document, other.games.registry) == (tid, True)
        assert import_tournament(other.store, document, other.games.registry) == (tid, False)
        report = tournament_audit(other.store, other.games.registry, tid)
        assert report["ok"], report["problems"]
        here, there = load(app.store, tid), load(other.store, tid)
        assert there.head_hash == here.head_hash and there.state.status.value == "finished"
        local = other.store.tournament_game_ids(tid)  # the games linked to their imported copies, by number
        assert sorted(local) == [game.number for game in here.state.games]
        for game in here.state.games:
            copy = other.store.game(local[game.number])
            assert copy is not None and copy.original_id == game.game_id and copy.id != game.game_id
            assert other.store.tournament_of_game(copy.id) == (tid, game.number)
    finally:
        other.close()


def test_an_imported_tournament_shows_and_streams_the_ids_its_games_got_and_exports_again(app: Trailhead,
                                                                                        tmp_path: Any) -> None:
    """The imported games are stored under ids of their own: the tournament's body, its stream and its audit name
    those, while its GameLinked events (hash-chained) keep the originals; its export imports into a third one."""
    import json

    from application.tournaments.documents import tournament_body
    from replays.log import log_from_store
    from replays.tournaments import export_tournament, import_tournament, tournament_audit
    from replays.transfer import export_document
    from service.tournament_stream import messages_after

    def exported(trailhead: Trailhead, tournament_id: str) -> dict[str, Any]:
        return export_tournament(trailhead.store, tournament_id, lambda game_id: export_document(
            trailhead.store, log_from_store(trailhead.store, game_id), game_id))

    def streamed(trailhead: Trailhead, tournament_id: str) -> dict[str, set[str]]:
        text = messages_after(trailhead.store, tournament_id, 0)[0]
        ids: dict[str, set[str]] = {"gameStarted": set(), "gameFinished": set()}
        for block in text.strip().split("\n\n"):
            lines = dict(line.split(": ", 1) for line in block.splitlines())
            if lines["event"] in ids:
                ids[lines["event"]].add(json.loads(lines["data"])["game_id"])
        return ids

    created = entry.create(app.bus, {"type": "nanga-parbat", "format": "round_robin", "name": "Moved",
                                     "seats_per_game": 2, "entrants": bots("random", 3)}, None)
    tid = created.loaded.record.id
    entry.start(app.bus, tid, created.creator_token, None)
    originals = {game.game_id for game in wait_finished(app, tid).state.games}
    assert len(originals) == 3 and streamed(app, tid) == {"gameStarted": originals, "gameFinished": originals}
    other = bootstrap({"DATABASE": str(tmp_path / "other.sqlite"), "REDIS_URL": ""})
    third = bootstrap({"DATABASE": str(tmp_path / "third.sqlite"), "REDIS_URL": ""})
    try:
        assert import_tournament(other.store, exported(app, tid), other.games.registry) == (tid, True)
        copies = set(other.store.tournament_game_ids(tid).values())
        assert len(copies) == 3 and not copies & originals
        assert {game.game_id for game in load(other.store, tid).state.games} == originals  # the chain's own
        body = tournament_body(other.store, load(other.store, tid))
        shown = [game for round_ in body["rounds"] for table in round_["tables"] for game in table["games"]]
        assert {game["game_id"] for game in shown} == copies
        assert {game["link"] for game in shown} == {f"/api/v1/games/{game_id}" for game_id in copies}
        assert all(other.store.game(game_id).status == "finished" for game_id in copies)  # type: ignore[union-attr]
        assert streamed(other, tid) == {"gameStarted": copies, "gameFinished": copies}
        assert body["standings"] == tournament_body(app.store, load(app.store, tid))["standings"]
        report = tournament_audit(other.store, other.games.registry, tid)
        assert report["ok"] and set(report["checks"].values()) == {"ok"}, report["problems"]
        again = exported(other, tid)  # an imported tournament's export names its games' original ids again
        assert {game["game_id"] for game in again["games"]} == originals
        assert import_tournament(third.store, again, third.games.registry) == (tid, True)
        assert tournament_audit(third.store, third.games.registry, tid)["ok"]
        assert streamed(third, tid)["gameFinished"] == set(third.store.tournament_game_ids(tid).values())
    finally:
        other.close()
        third.close()
