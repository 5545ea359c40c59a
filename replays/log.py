"""A game's log as the audit reads it: raw events, command records, and the seed if revealed.

The same shape comes from the storage port (a stored game) and from a replay document (an
import), so one audit serves both. Event data is kept as the text that was stored, so a
changed byte is seen even where it still parses.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from storage import FINISHED, CommandRecord, EventText, GameRecord, Storage, StoredEvent

FORMAT = "trailhead-replay"
FORMAT_VERSION = 1


@dataclasses.dataclass(frozen=True, slots=True)
class RawEvent:
    """One event as recorded: its data as stored text, not yet trusted."""

    seq: int
    type: str
    data_text: str
    seat: int | None
    command_id: str | None
    visibility: Any
    prev_hash: str
    hash: str

    def data(self) -> Any:
        """The parsed data; raises ValueError if the stored text is not JSON."""
        return json.loads(self.data_text)

    def row(self) -> EventText:
        """The event as application/game.py's `fold` reads it (with no time: a replay document has none)."""
        return (self.seq, self.type, self.data_text, self.hash, self.seat, self.command_id,
                None)  # type: ignore[return-value]


@dataclasses.dataclass(frozen=True, slots=True)
class RecordedCommand:
    """A command record: which command produced which seq range, decided on which version."""

    command_id: str
    seat: int | None
    bot: str | None
    type: str
    args: dict[str, Any]
    expected_version: int
    first_seq: int
    last_seq: int


@dataclasses.dataclass(frozen=True, slots=True)
class GameLog:
    """Everything an audit needs about one game."""

    game_type: str
    events: tuple[RawEvent, ...]
    commands: tuple[RecordedCommand, ...]
    seed: str | None
    finished: bool
    source_events: tuple[RawEvent, ...] | None = None  # a fork's source game, when it is at hand
    salt_seed: str | None = None  # the server's own copy, to check hidden events' salted hashes; never shown


def log_from_store(store: Storage, game_id: str, reveal_seed: bool | None = None) -> GameLog:
    """The stored log of `game_id`; the seed only when revealed (by default: once the game has ended)."""
    game = store.game(game_id)
    assert game is not None
    source = None
    if game.forked_from and store.game(game.forked_from["game_id"]) is not None:
        source = log_from_store(store, game.forked_from["game_id"], reveal_seed=False).events
    return log_of(game, store.events(game_id), store.commands(game_id), store.seed(game_id), reveal_seed, source)


def log_of(game: GameRecord, events: Sequence[StoredEvent], commands: Sequence[CommandRecord], secret: str,
           reveal_seed: bool | None = None, source_events: tuple[RawEvent, ...] | None = None) -> GameLog:
    """A game's log from its stored rows; the seed only when revealed (by default: once the game has ended)."""
    finished = game.status == FINISHED
    raw = tuple(
        RawEvent(e.seq, e.type, e.data_text, e.seat, e.command_id, e.visibility_json(), e.prev_hash, e.hash)
        for e in events
    )
    recorded = tuple(
        RecordedCommand(c.command_id, c.seat, c.bot, c.type, c.args, c.expected_version, c.first_seq, c.last_seq)
        for c in commands
    )
    seed = secret if (finished if reveal_seed is None else reveal_seed) else None
    return GameLog(game.type, raw, recorded, seed, finished, source_events, salt_seed=secret)


def event_json(event: RawEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "type": event.type,
        "data": event.data(),
        "seat": event.seat,
        "command_id": event.command_id,
        "visibility": event.visibility,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def command_json(command: RecordedCommand) -> dict[str, Any]:
    # Field by field rather than dataclasses.asdict, whose deep copy of every command's args was over half of
    # what a bulk export spent; the args are the record's own (read for this log), and are only serialised.
    return {"command_id": command.command_id, "seat": command.seat, "bot": command.bot, "type": command.type,
            "args": command.args, "expected_version": command.expected_version, "first_seq": command.first_seq,
            "last_seq": command.last_seq}
