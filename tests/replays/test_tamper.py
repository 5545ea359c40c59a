"""The audit finds tampering at the right seq: altered bytes, reordered or dropped events, lies."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.core import canonical_json
from replays.audit import audit
from replays.log import log_from_store
from application.chain import GENESIS_HASH, event_hash, salt_for

from .conftest import REGISTRY, finished_bot_game, open_games

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """One finished game, played once for the module; each example tampers with a copy."""
    path = tmp_path_factory.mktemp("tamper") / "template.sqlite"
    games = open_games(path)
    game_id = finished_bot_game(games, "hikes-of-the-west", "tamper")
    games.store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    games.store.close()
    return path, game_id


def fresh_game(template: tuple[Path, str], tmp_path: Path, name: str) -> tuple[Path, str]:
    source, game_id = template
    path = tmp_path / f"{name}.sqlite"
    shutil.copyfile(source, path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path, game_id


def audit_of(path: Path, game_id: str, head: str | None = None):
    games = open_games(path)
    try:
        return audit(log_from_store(games.store, game_id, reveal_seed=True), REGISTRY, expected_head=head)
    finally:
        games.store.close()


def rows(path: Path, game_id: str) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT seq, data FROM events WHERE game_id = ? ORDER BY seq", [game_id]).fetchall()
    finally:
        conn.close()


def test_an_untouched_game_verifies(template: tuple[Path, str], tmp_path: Path) -> None:
    path, game_id = fresh_game(template, tmp_path, "clean")
    report = audit_of(path, game_id)
    assert report.ok and set(report.checks.values()) == {"ok", "skipped"}


@SETTINGS
@given(data=st.data())
def test_any_changed_byte_of_event_data_is_found_at_its_seq(template: tuple[Path, str], tmp_path: Path, data: st.DataObject) -> None:
    path, game_id = fresh_game(template, tmp_path, "byte")
    events = rows(path, game_id)
    seq, text = data.draw(st.sampled_from(events))
    raw = bytearray(text.encode())
    index = data.draw(st.integers(0, len(raw) - 1))
    raw[index] = data.draw(st.integers(0, 255).filter(lambda b: b != raw[index]))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = ?", [bytes(raw).decode("utf-8", "replace"),
                                                                          game_id, seq])
    conn.commit()
    conn.close()
    report = audit_of(path, game_id)
    assert not report.ok
    assert report.failure.seq == seq, report.failure


@SETTINGS
@given(data=st.data())
def test_two_reordered_events_are_found_at_the_earlier(template: tuple[Path, str], tmp_path: Path, data: st.DataObject) -> None:
    path, game_id = fresh_game(template, tmp_path, "swap")
    count = len(rows(path, game_id))
    first = data.draw(st.integers(1, count - 1))
    second = data.draw(st.integers(first + 1, count))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET seq = -1 WHERE game_id = ? AND seq = ?", [game_id, first])
    conn.execute("UPDATE events SET seq = ? WHERE game_id = ? AND seq = ?", [first, game_id, second])
    conn.execute("UPDATE events SET seq = ? WHERE game_id = ? AND seq = -1", [second, game_id])
    conn.commit()
    conn.close()
    report = audit_of(path, game_id)
    assert not report.ok and report.failure.seq == first, report.failure


@SETTINGS
@given(data=st.data())
def test_a_dropped_event_is_found_at_its_seq(template: tuple[Path, str], tmp_path: Path, data: st.DataObject) -> None:
    path, game_id = fresh_game(template, tmp_path, "drop")
    count = len(rows(path, game_id))
    dropped = data.draw(st.integers(1, count))
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM events WHERE game_id = ? AND seq = ?", [game_id, dropped])
    conn.commit()
    conn.close()
    report = audit_of(path, game_id)
    assert not report.ok and report.failure.seq == dropped, report.failure


def test_a_dropped_last_event_fails_against_the_head_a_client_held(template: tuple[Path, str], tmp_path: Path) -> None:
    path, game_id = fresh_game(template, tmp_path, "held")
    conn = sqlite3.connect(path)
    (held,) = conn.execute("SELECT head_hash FROM games WHERE id = ?", [game_id]).fetchone()
    last = conn.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", [game_id]).fetchone()[0]
    conn.execute("DELETE FROM events WHERE game_id = ? AND seq = ?", [game_id, last])
    conn.commit()
    conn.close()
    report = audit_of(path, game_id, head=held)
    assert report.checks["chain"] == "ok"
    assert report.failure.check == "head" and report.failure.seq == last - 1


def rechain(conn: sqlite3.Connection, game_id: str) -> None:
    """Recompute every hash after an edit, as a forger who knows the chain rule would."""
    previous = GENESIS_HASH
    (seed,) = conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id]).fetchone()
    for seq, type_, data, seat, command_id, visibility in conn.execute(
        "SELECT seq, type, data, seat, command_id, visibility FROM events WHERE game_id = ? ORDER BY seq", [game_id]
    ).fetchall():
        salt = salt_for("public" if visibility == "public" else json.loads(visibility), seed, seq)
        digest = event_hash(previous, seq, type_, json.loads(data), seat, command_id, salt)
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?",
                     [previous, digest, game_id, seq])
        previous = digest
    conn.execute("UPDATE games SET head_hash = ? WHERE id = ?", [previous, game_id])


def test_a_changed_roll_fails_rederivation_even_under_a_recomputed_chain(template: tuple[Path, str], tmp_path: Path) -> None:
    path, game_id = fresh_game(template, tmp_path, "lie")
    conn = sqlite3.connect(path)
    seq, text = conn.execute(
        "SELECT seq, data FROM events WHERE game_id = ? AND type = 'DiceRolled' ORDER BY seq LIMIT 1", [game_id]
    ).fetchone()
    data = json.loads(text)
    data["dice"] = [1 if pips != 1 else 2 for pips in data["dice"]]
    conn.execute("UPDATE events SET data = ? WHERE game_id = ? AND seq = ?", [canonical_json(data), game_id, seq])
    rechain(conn, game_id)
    conn.commit()
    conn.close()
    report = audit_of(path, game_id)
    assert report.checks["chain"] == "ok"
    assert report.failure.check == "rederivation" and report.failure.seq == seq
    assert "differs from what the seed produces" in report.failure.reason
