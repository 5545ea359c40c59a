"""`trailhead db copy` carries the competitions (issue 30): a finished and an open tournament (streams, seeds,
creator hashes, the index of their games, `starts_at`) and the ladder's rows go from one backend to the other,
the copied tournaments audit clean in the destination, and a repeated copy writes nothing again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from application.tournaments import entry
from application.tournaments.stream import load
from bootstrap import bootstrap
from replays.tournaments import tournament_audit
from service.cli import main
from storage import Storage, open_storage
from support.databases import TestDatabases
from support.handler import REGISTRY, bot_game

pytestmark = pytest.mark.both_backends  # the source on each backend, the destination on the other


@pytest.fixture
def destination(database: str, tmp_path: Path, postgres: TestDatabases) -> Iterator[str]:
    if database.endswith(".sqlite"):
        with postgres.schema() as url:
            yield url
    else:
        yield str(tmp_path / "destination.sqlite")


def populate(database: str) -> tuple[str, str, str]:
    """A round robin of three bots played to its end, an open tournament with a start time and a creator's
    token, and a ladder with two entrants and a game: (finished id, open id, ladder game id)."""
    app = bootstrap({"DATABASE": database, "REDIS_URL": "", "RESUME_BOTS": False})
    try:
        done = entry.create(app.bus, {"type": "nanga-parbat", "format": "round_robin", "name": "Copied",
                                      "seats_per_game": 2, "entrants": [{"bot": "random"}] * 3}, None)
        finished = done.loaded.record.id
        entry.start(app.bus, finished, done.creator_token, None)
        ends = time.monotonic() + 30
        while load(app.store, finished).record.status != "finished":
            assert time.monotonic() < ends
            time.sleep(0.05)
        waiting = entry.create(app.bus, {"type": "hike", "format": "swiss", "name": "Later", "seats_per_game": 2,
                                         "rounds": 2, "entrants": [{"bot": "random"}],
                                         "starts_at": datetime.now(UTC) + timedelta(days=1)}, None)
        game_id = bot_game(app.games, "hike", "ladder-copy")
        app.store.create_player("p1", "Entering bots", "h" * 64)
        app.store.ladder_enter("hike", "bot:random", None, "random", "random bot", "p1")
        app.store.ladder_enter("hike", "bot:greedy", None, "greedy", "greedy bot", "p1")
        assert app.store.ladder_claim("hike", game_id, ["bot:random", "bot:greedy"])
        assert app.runner.wait_idle(30)  # type: ignore[attr-defined]
        return finished, waiting.loaded.record.id, game_id
    finally:
        app.close()


def tournament_rows(store: Storage, tournament_id: str) -> tuple[object, ...]:
    return (store.tournament(tournament_id), store.tournament_events(tournament_id), store.tournament_seed(tournament_id),
            store.tournament_creator(tournament_id), store.tournament_links(tournament_id))


def test_tournaments_and_ladders_are_copied_whole_and_audit_in_the_destination(database: str,
                                                                                destination: str) -> None:
    finished, waiting, ladder_game = populate(database)
    result = CliRunner().invoke(main, ["db", "copy", database, destination, "--progress-every", "0"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert ("tournaments: 2 copied, 0 skipped, 0 not copied; ladder rows written: 3;"
                          " players written: 1") in result.output
    source, copied = open_storage(database), open_storage(destination)
    try:
        for tournament_id in (finished, waiting):
            assert tournament_rows(copied, tournament_id) == tournament_rows(source, tournament_id)
        assert copied.tournament(waiting).starts_at == source.tournament(waiting).starts_at is not None
        report = tournament_audit(copied, REGISTRY, finished)
        assert report["ok"] and set(report["checks"].values()) == {"ok"}, report
        assert len(copied.tournament_links(finished)) == 3
        assert copied.ladder_rows() == source.ladder_rows()
        assert copied.player_rows() == source.player_rows() and copied.player_by_key("h" * 64)["id"] == "p1"
        assert [entry.entrant for entry in copied.ladder_entries("hike")] == ["bot:random", "bot:greedy"]
        assert [game["game_id"] for game in copied.ladder_games("hike", 5)] == [ladder_game]
    finally:
        source.close()
        copied.close()
    again = CliRunner().invoke(main, ["db", "copy", database, destination, "--progress-every", "0"])
    assert again.exit_code == 0 and "tournaments: 0 copied, 2 skipped, 0 not copied; ladder rows written: 0;" \
        in again.output, again.output
