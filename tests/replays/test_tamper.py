"""The audit finds tampering at the right seq: altered bytes, reordered or dropped events, lies."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.core import canonical_json
from replays.audit import audit
from replays.log import log_from_store
from application.chain import GENESIS_HASH, event_hash, salt_for
from application.handler import GameService
from storage import CommandRecord, GameRecord, StoredEvent
from storage.postgres import is_postgresql_url
from support.rows import Sql, sql

from .conftest import REGISTRY, finished_bot_game, open_games

pytestmark = pytest.mark.both_backends  # rows altered by hand in each backend's tables

GAME_TABLES = ("events", "commands", "seat_tokens", "game_seeds", "games")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@dataclasses.dataclass(frozen=True)
class Template:
    """One finished game as its storage holds it: the record, seed, events, commands and token hashes."""

    record: GameRecord
    seed: str
    events: list[StoredEvent]
    commands: list[CommandRecord]
    tokens: dict[int, str]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    """One finished game, played once for the module; each example tampers with a stored copy of it."""
    games = open_games(tmp_path_factory.mktemp("tamper") / "template.sqlite")
    try:
        game_id = finished_bot_game(games, "hikes-of-the-west", "tamper")
        store = games.store
        record = store.game(game_id)
        assert record is not None
        return Template(record, store.seed(game_id), store.events(game_id), store.commands(game_id),
                        store.token_hashes(game_id))
    finally:
        games.store.close()


@pytest.fixture
def games(database: str) -> Iterator[GameService]:
    """The handler on the test's database (either backend), where each example stores the game afresh."""
    service = open_games(database)
    yield service
    service.store.close()


def fresh_game(games: GameService, database: str, template: Template) -> str:
    """The template's game stored alone in the test's database (whatever an earlier example did to it)."""
    with sql(database) as conn:
        for table in GAME_TABLES:
            conn.execute(f"DELETE FROM {table}")  # noqa: S608 - the tables of the log
    games.store.import_game(template.record, template.seed, template.events, template.commands, template.tokens)
    return template.record.id


def audit_of(games: GameService, game_id: str, head: str | None = None):
    return audit(log_from_store(games.store, game_id, reveal_seed=True), REGISTRY, expected_head=head)


def rows(games: GameService, game_id: str) -> list[tuple[int, str]]:
    return [(event.seq, event.data_text) for event in games.store.events(game_id)]


def test_an_untouched_game_verifies(template: Template, games: GameService, database: str) -> None:
    game_id = fresh_game(games, database, template)
    report = audit_of(games, game_id)
    assert report.ok and set(report.checks.values()) == {"ok", "skipped"}


@SETTINGS
@given(data=st.data())
def test_any_changed_byte_of_event_data_is_found_at_its_seq(template: Template, games: GameService, database: str,
                                                            data: st.DataObject) -> None:
    game_id = fresh_game(games, database, template)
    seq, text = data.draw(st.sampled_from(rows(games, game_id)))
    raw = bytearray(text.encode())
    index = data.draw(st.integers(0, len(raw) - 1))
    lowest = 1 if is_postgresql_url(database) else 0  # PostgreSQL's text holds every character but NUL
    raw[index] = data.draw(st.integers(lowest, 255).filter(lambda b: b != raw[index]))
    with sql(database) as conn:
        conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = ?",
                     [bytes(raw).decode("utf-8", "replace"), game_id, seq])
    report = audit_of(games, game_id)
    assert not report.ok
    assert report.failure.seq == seq, report.failure


@SETTINGS
@given(data=st.data())
def test_two_reordered_events_are_found_at_the_earlier(template: Template, games: GameService, database: str,
                                                       data: st.DataObject) -> None:
    game_id = fresh_game(games, database, template)
    count = len(rows(games, game_id))
    first = data.draw(st.integers(1, count - 1))
    second = data.draw(st.integers(first + 1, count))
    with sql(database) as conn:
        conn.execute("UPDATE events SET seq = -1 WHERE game_id = ? AND seq = ?", [game_id, first])
        conn.execute("UPDATE events SET seq = ? WHERE game_id = ? AND seq = ?", [first, game_id, second])
        conn.execute("UPDATE events SET seq = ? WHERE game_id = ? AND seq = -1", [second, game_id])
    report = audit_of(games, game_id)
    assert not report.ok and report.failure.seq == first, report.failure


@SETTINGS
@given(data=st.data())
def test_a_dropped_event_is_found_at_its_seq(template: Template, games: GameService, database: str,
                                             data: st.DataObject) -> None:
    game_id = fresh_game(games, database, template)
    count = len(rows(games, game_id))
    dropped = data.draw(st.integers(1, count))
    with sql(database) as conn:
        conn.execute("DELETE FROM events WHERE game_id = ? AND seq = ?", [game_id, dropped])
    report = audit_of(games, game_id)
    assert not report.ok and report.failure.seq == dropped, report.failure


def test_a_dropped_last_event_fails_against_the_head_a_client_held(template: Template, games: GameService,
                                                                   database: str) -> None:
    game_id = fresh_game(games, database, template)
    record = games.store.game(game_id)
    assert record is not None
    held, last = record.head_hash, rows(games, game_id)[-1][0]
    with sql(database) as conn:
        conn.execute("DELETE FROM events WHERE game_id = ? AND seq = ?", [game_id, last])
    report = audit_of(games, game_id, head=held)
    assert report.checks["chain"] == "ok"
    assert report.failure.check == "head" and report.failure.seq == last - 1


def rechain(conn: Sql, game_id: str) -> None:
    """Recompute every hash after an edit, as a forger who knows the chain rule would."""
    previous = GENESIS_HASH
    ((seed,),) = conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id])
    for seq, type_, data, seat, command_id, visibility in conn.execute(
        "SELECT seq, type, data, seat, command_id, visibility FROM events WHERE game_id = ? ORDER BY seq", [game_id]
    ):
        salt = salt_for("public" if visibility == "public" else json.loads(visibility), seed, seq)
        digest = event_hash(previous, seq, type_, json.loads(data), seat, command_id, salt)
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
                     [previous, digest, game_id, seq])
        previous = digest
    conn.execute("UPDATE games SET head_hash = ? WHERE id = ?", [previous, game_id])


def test_a_changed_roll_fails_rederivation_even_under_a_recomputed_chain(template: Template, games: GameService,
                                                                        database: str) -> None:
    game_id = fresh_game(games, database, template)
    with sql(database) as conn:
        ((seq, text),) = conn.execute(
            "SELECT seq, data FROM events WHERE game_id = ? AND type = 'DiceRolled' ORDER BY seq LIMIT 1", [game_id])
        data = json.loads(text)
        data["dice"] = [1 if pips != 1 else 2 for pips in data["dice"]]
        conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = ?", [canonical_json(data), game_id, seq])
        rechain(conn, game_id)
    report = audit_of(games, game_id)
    assert report.checks["chain"] == "ok"
    assert report.failure.check == "rederivation" and report.failure.seq == seq
    assert "differs from what the seed produces" in report.failure.reason
