"""Export and import: one portable, verifiable replay document for every game.

A document carries the format and its version, the game type and rules version,
the seats, options, revealed seed, every event with its hashes and every command
record. An import is accepted only if the whole audit passes on the document
(re-derived from its seed); the game keeps its original id inside GameCreated,
so its hashes are the same under the new local id.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from application.handler import fingerprint
from application.seeds import UNKNOWN
from domain.core import GameSpec, IllegalCommand, canonical_json
from replays.audit import AuditReport, Failure, audit
from replays.log import (
    FORMAT,
    FORMAT_VERSION,
    GameLog,
    RawEvent,
    RecordedCommand,
    command_json,
    event_json,
    log_from_store,
)
from storage import FINISHED, CommandRecord, GameRecord, Storage, StoredEvent


class ImportRefused(Exception):
    """The document does not verify; `failure` names the first bad event."""

    def __init__(self, failure: Failure) -> None:
        where = f"event {failure.seq}" if failure.seq is not None else "the document"
        super().__init__(f"{where} fails the {failure.check} check: {failure.reason}")
        self.failure = failure


def export_document(store: Storage, log: GameLog, game_id: str) -> dict[str, Any]:
    """The replay document of a finished game.

    Raises:
        IllegalCommand: the game is still running (its seed is secret until the end).
    """
    record = store.game(game_id)
    assert record is not None
    if record.status != FINISHED or log.seed is None:
        raise IllegalCommand("only a finished game can be exported: its seed is revealed at the end")
    return document_of(record, log)


def document_of(record: GameRecord, log: GameLog) -> dict[str, Any]:
    """The replay document of a finished game's record and revealed log (stored here, or played elsewhere on
    the same rules: an environment's episode or an arena's game, replays/offline.py)."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_type": record.type,
        "rules_version": record.rules_version,
        "game_id": record.original_id,
        "seats": record.seats,
        "options": record.options,
        "forked_from": record.forked_from,
        "seed": log.seed,
        "seed_source": record.seed_source,
        "seed_commitment": record.seed_commitment,
        "version": record.version,
        "head_hash": record.head_hash,
        "events": [event_json(event) for event in log.events],
        "commands": [command_json(command) for command in log.commands],
    }


def finished_documents(store: Storage, after: int, limit: int,
                       type_: str | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """(finishing position, replay document) of at most `limit` finished games that finished after the global
    position `after`, in the order they finished (the bulk export). The page's games are looked up now (a
    failing database fails the call, not the iteration); each document is read only when it is asked for, so
    a long page is never held whole. Running games are never among them: their seeds are secret until the end,
    and so are their hidden events."""
    page = store.finished_games(after, limit, type_)
    return ((position, export_document(store, log_from_store(store, game_id), game_id)) for position, game_id in page)


def log_from_document(document: dict[str, Any]) -> GameLog:
    """The document as a log for the audit (data re-serialised canonically, as the chain hashes it)."""
    events = tuple(
        RawEvent(e["seq"], e["type"], canonical_json(e["data"]), e["seat"], e["command_id"], e["visibility"],
                 e["prev_hash"], e["hash"])
        for e in document["events"]
    )
    commands = tuple(RecordedCommand(**c) for c in document["commands"])
    return GameLog(document["game_type"], events, commands, document["seed"], True, salt_seed=document["seed"])


def verify_document(document: dict[str, Any], registry: Callable[[str], GameSpec]) -> AuditReport:
    """The audit of a document, plus the agreement of its header with its own first event."""
    log = log_from_document(document)
    report = audit(log, registry, expected_head=document["head_hash"])
    if report.ok:
        created = log.events[0].data()
        header = {key: document[key] for key in ("game_type", "rules_version", "seed_commitment", "seats", "options",
                                                 "forked_from")}
        header["game_id"] = document["game_id"]
        mismatched = [key for key, value in header.items() if created.get(key) != value]
        if mismatched:
            report.failure = Failure(1, "chain", f"the document's {mismatched[0]} disagrees with its GameCreated")
        elif document["version"] != len(log.events):
            report.failure = Failure(len(log.events), "chain", "the document's version is not its number of events")
    return report


def import_document(store: Storage, document: dict[str, Any], registry: Callable[[str], GameSpec]) -> tuple[str, bool]:
    """Store a verified document as a finished game; returns its local id and whether it is new.

    Importing the same document twice returns the game of the first import.

    Raises:
        ImportRefused: the document does not verify.
    """
    report = verify_document(document, registry)
    if report.failure is not None:
        raise ImportRefused(report.failure)
    existing = store.imported_game(document["game_id"], document["head_hash"])
    if existing is not None:
        return existing, False
    game_id = uuid.uuid4().hex
    record = GameRecord(
        id=game_id,
        type=document["game_type"],
        rules_version=document["rules_version"],
        status=FINISHED,
        version=document["version"],
        head_hash=document["head_hash"],
        seed_commitment=document["seed_commitment"],
        seats=document["seats"],
        options=document["options"],
        original_id=document["game_id"],
        forked_from=document["forked_from"],
        created_at="",
        updated_at="",
        seed_source=document.get("seed_source", UNKNOWN),
    )
    events = [
        StoredEvent(game_id, e["seq"], e["type"], canonical_json(e["data"]), e["seat"], e["command_id"],
                    "public" if e["visibility"] == "public" else tuple(e["visibility"]), e["prev_hash"], e["hash"])
        for e in document["events"]
    ]
    commands = [
        CommandRecord(game_id, c["command_id"], c["seat"], c["bot"], c["type"], c["args"], c["expected_version"],
                      c["first_seq"], c["last_seq"], fingerprint(c["seat"], c["type"], c["args"]))
        for c in document["commands"]
    ]
    store.import_game(record, document["seed"], events, commands)
    return game_id, True


def document_bytes(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()

