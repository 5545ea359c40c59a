"""A watched game's timeline: its events and the game's status and seats to act after each one.

The stream watcher (service/streams.py) keeps one per game that has a stream open, folded once per
process on the watcher's thread (application/game.py), and the streams send from it: a game's
stream its events (`message`), a player's stream its turns (service/player_stream.py).
"""

from __future__ import annotations

import dataclasses
import json

from application.envelopes import envelope
from application.game import FoldedGame, fold, rows_of
from domain.core import GameSpec
from storage import FINISHED, StoredEvent


@dataclasses.dataclass(frozen=True, slots=True)
class Mark:
    """The game after one event: its status and the seats to act."""

    status: str
    to_act: tuple[int, ...]


class Timeline:
    """A watched game's events and the Mark after each, seq 1 up to `version`.

    Written by the hub's thread only (appends, then `version`); read by the streams on the event
    loop up to the `version` they saw, so a reader never sees half an event. `game` is the game
    folded up to the last event, without its clock: the watcher notes the deadlines the handler's
    game (with its clock) gives at the timeline's version.
    """

    def __init__(self, game_id: str, spec: GameSpec) -> None:
        self.game_id = game_id
        self.game = FoldedGame(spec)
        self.events: list[StoredEvent] = []
        self.marks: list[Mark] = []
        self.version = 0
        self.deadlines: dict[tuple[int, int], str | None] = {}  # (seat, version) -> deadline, clocked games

    def apply(self, event: StoredEvent) -> None:
        game = fold(self.game, rows_of([event]), timed=False)  # one event at a time: no clock
        self.game = game
        self.events.append(event)
        self.marks.append(Mark(game.status, tuple(game.to_act())))
        self.version = event.seq

    def ends_commit(self, index: int) -> bool:
        """Whether event `index` (0-based) is the last of its command: the game is at rest after it."""
        following = index + 1
        return following == len(self.events) or self.events[following].command_id != self.events[index].command_id

    def finished_at(self, version: int) -> bool:
        return version > 0 and self.marks[version - 1].status == FINISHED


def message(event: StoredEvent, mark: Mark, seat: int | None, finished: bool) -> str:
    """One SSE message: `id:` the seq, `data:` the envelope as the seat may read it, plus the game's
    version, status and to_act after this event."""
    body = envelope(event, seat, finished)
    body["version"] = event.seq
    body["status"] = mark.status
    body["to_act"] = list(mark.to_act)
    return f"id: {event.seq}\ndata: {json.dumps(body, separators=(',', ':'))}\n\n"
