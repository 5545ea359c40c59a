"""The replay document of a game played offline, in memory (trailhead_env, an arena): importable and auditable.

A game played on an in-process `domain.core.Table` has its events and its seed, but no envelopes: this
wraps them as the service would have stored them (the same hash chain, application/chain.py; the same
command records, application/handler.py) and hands them to the export's own document builder
(replays/transfer.py `document_of`), so a document made here is the document `GET /games/{id}/export`
would give for the same game, and `POST /replays` verifies it with the same audit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from application.chain import GENESIS_HASH, chain
from application.handler import fingerprint
from application.seeds import CLIENT
from domain.core import Command, Event, GameConfig, GameCreated, GameSpec, IllegalCommand, to_plain
from replays.log import log_of
from replays.transfer import document_of
from storage import FINISHED, CommandRecord, GameRecord, StoredEvent


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """One command played offline: by which seat (and bot level, for a bot's), and the events it produced."""

    seat: int
    command: Command
    events: tuple[Event, ...]
    bot: str | None = None


def offline_document(spec: GameSpec, config: GameConfig, seed: str, opening: Sequence[Event],
                     moves: Sequence[Move], final_state: Any, seed_source: str = CLIENT) -> dict[str, Any]:
    """The portable replay document of a finished offline game: its `opening` events (GameCreated and the
    setup, `domain.core.opening_events`) and its `moves` in order, each decided on the version before it;
    `final_state` is the table's state after them.

    Command ids are `move-<first seq>`, so the same game gives the same document byte for byte.

    Raises:
        IllegalCommand: the game has not ended (its seed would be revealed too early).
    """
    created = opening[0]
    assert isinstance(created, GameCreated)
    if spec.result(final_state) is None:
        raise IllegalCommand("only a finished game can be exported: its seed is revealed at the end")
    game_id = created.game_id
    stored: list[StoredEvent] = chain(spec, game_id, seed, opening, 1, GENESIS_HASH, None, None)
    seats = [to_plain(seat) for seat in config.seats]
    options = dict(config.options)
    create_args = {"seats": seats, "options": options}
    commands = [CommandRecord(game_id, "creategame", None, None, "CreateGame", create_args, 0, 1, len(stored),
                              fingerprint(None, "CreateGame", create_args))]
    for move in moves:
        first = len(stored) + 1
        command_id = f"move-{first}"
        type_, args = spec.commands.encode(move.command)
        stored += chain(spec, game_id, seed, move.events, first, stored[-1].hash, move.seat, command_id)
        commands.append(CommandRecord(game_id, command_id, move.seat, move.bot, type_, dict(args), first - 1, first,
                                      len(stored), fingerprint(move.seat, type_, args)))
    record = GameRecord(
        id=game_id,
        type=spec.id,
        rules_version=created.rules_version,
        status=FINISHED,
        version=len(stored),
        head_hash=stored[-1].hash,
        seed_commitment=created.seed_commitment,
        seats=seats,
        options=options,
        original_id=game_id,
        forked_from=None,
        created_at="",
        updated_at="",
        seed_source=seed_source,
    )
    return document_of(record, log_of(record, stored, commands, seed))
