"""An arena game as the portable replay document the service exports (replays/transfer.py).

The arena plays on domain.core.Table, not through the storage port, so this module wraps what the
table recorded in the same envelopes the command handler writes (application/chain.py: seq, seat,
command id, visibility, the hash chain salted from the seed), the same command records (the opening
as `CreateGame`, then one record per decision) and the same game record, and hands them to
`replays.transfer.document_of`, the function `GET /api/v1/games/{id}/export` uses. So the document
imports through `POST /api/v1/replays` and its audit re-derives every event from the revealed seed.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from application.chain import GENESIS_HASH, chain
from application.handler import fingerprint
from domain.core import Event, GameConfig, GameSpec, to_plain
from replays.log import log_of
from replays.transfer import document_of
from storage import FINISHED, CommandRecord, GameRecord, StoredEvent


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """One command played at the table: who played it (the bot level when a bot chose it) and its events."""

    seat: int
    bot: str | None
    type: str
    args: dict[str, Any]
    events: tuple[Event, ...]


def replay_document(spec: GameSpec, config: GameConfig, game_id: str, seed: str, seed_source: str,
                    opening: list[Event], decisions: list[Decision]) -> dict[str, Any]:
    """The replay document of a finished table game: `opening` are its first events (GameCreated and the
    setup), `decisions` every command after them in order."""
    stored: list[StoredEvent] = chain(spec, game_id, seed, opening, 1, GENESIS_HASH, None, None)
    seats = [to_plain(seat) for seat in config.seats]
    options = dict(config.options)
    created_args = {"seats": seats, "options": options}
    records = [CommandRecord(game_id, "creategame", None, None, "CreateGame", created_args, 0, 1, len(stored),
                             fingerprint(None, "CreateGame", created_args))]
    for number, decision in enumerate(decisions, start=1):
        command_id = f"arena-{number}"
        version = len(stored)
        stored += chain(spec, game_id, seed, decision.events, version + 1, stored[-1].hash, decision.seat, command_id)
        records.append(CommandRecord(game_id, command_id, decision.seat, decision.bot, decision.type,
                                     dict(decision.args), version, version + 1, len(stored),
                                     fingerprint(decision.seat, decision.type, decision.args)))
    created = opening[0]
    record = GameRecord(id=game_id, type=spec.id, rules_version=config.rules_version, status=FINISHED,
                        version=len(stored), head_hash=stored[-1].hash,
                        seed_commitment=created.seed_commitment,  # type: ignore[attr-defined]
                        seats=seats, options=options, original_id=game_id, forked_from=None, created_at="",
                        updated_at="", seed_source=seed_source)
    return document_of(record, log_of(record, stored, records, seed, reveal_seed=True))
