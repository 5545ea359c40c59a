"""Rebuild and step through: the state after any event, as a seat or a spectator saw it then."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from application.game import FoldedGame, fold, rows_of
from domain.core import PUBLIC, GameSpec, to_plain
from domain.core.seating import SEATING_COMMAND_TYPES
from domain.core.wording import hidden_line, names_after
from storage import CommandRecord, StoredEvent


def game_after(spec: GameSpec, events: list[StoredEvent], at: int) -> FoldedGame:
    """The game after its event `at`: a pure fold of events 1..at (application/game.py), with no clock."""
    return fold(FoldedGame(spec), rows_of(events[:at]), timed=False)


def state_after(spec: GameSpec, events: list[StoredEvent], at: int) -> Any:
    """The game's state after its event `at`."""
    return game_after(spec, events, at).state


def replay_view(spec: GameSpec, events: list[StoredEvent], at: int, seat: int | None, finished: bool) -> dict[str, Any]:
    """The view after event `at` for `seat` (None: a spectator); once the game has ended, the full state too.

    `to_act` is the game's then: none once it was over or while it waited for players.
    """
    game = game_after(spec, events, at)
    body: dict[str, Any] = {
        "at": at,
        "as": seat,
        "to_act": game.to_act(),
        "state": spec.view(game.state, seat),
        "result": spec.result(game.state),
    }
    if finished:
        body["full_state"] = to_plain(game.state)
    return body


def timeline(spec: GameSpec, events: list[StoredEvent], seat: int | None, finished: bool,
             commands: Sequence[CommandRecord] = (), after: int = 0) -> list[dict[str, Any]]:
    """One short line per event after seq `after`; an event the caller may not see yet is named, not told.

    The first event of each command also carries the command's `label`, worded as its seat read it
    in the list of actions (the label of that command in the state before it), when the caller may
    know what was chosen: after the end, as the seat that chose, or when every event of the command
    is public. Otherwise, and for events no command caused (setup, bot-free chance) or a seating
    command caused, `label` is None. Seats are called by their names as the log stood at each event (GameCreated,
    then GameStarted); an event the caller may not see is told only by its type and who sees it
    (`spec.hidden_lines`). The events up to `after` are not told (a client following a game asks
    only for what is new), but a label still reads the state before its command: the game is
    folded (application/game.py) up to each labelled command as it comes.
    """
    # seating commands (join, leave, timeout: domain/core/seating.py) are told by their events' lines
    by_first = {record.first_seq: record for record in commands
                if record.seat is not None and record.type not in SEATING_COMMAND_TYPES}
    entries = []
    game = FoldedGame(spec)
    names: tuple[str, ...] = ()
    for index, event in enumerate(events):
        decoded = spec.events.decode_json(event.type, event.data_text)
        names = names_after(names, decoded)
        if event.seq <= after:
            continue
        record = by_first.get(event.seq)
        label = None
        if record is not None and _may_know(record, events, seat, finished):
            game = fold(game, rows_of(events[game.version:index]), timed=False)  # the game before the command
            label = spec.label(game.state, record.seat, spec.commands.decode(record.type, record.args))
        if finished or event.visible_to(seat):
            text = spec.describe(decoded, names)
        else:
            text = hidden_line(spec.hidden_lines, event.type, event.visibility, names)
        entries.append({"seq": event.seq, "type": event.type, "seat": event.seat, "text": text, "label": label})
    return entries


def _may_know(record: CommandRecord, events: list[StoredEvent], seat: int | None, finished: bool) -> bool:
    """Whether the caller may read what `record`'s seat chose (events are seq 1.. in order)."""
    if finished or seat == record.seat:
        return True
    return all(event.visibility == PUBLIC for event in events[record.first_seq - 1 : record.last_seq])
