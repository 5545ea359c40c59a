"""Rebuild and step through: the state after any event, as a seat or a spectator saw it then."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import PUBLIC, GameSpec, to_plain
from domain.core.seating import SEATING_COMMAND_TYPES
from domain.core.wording import hidden_line, names_after
from storage import CommandRecord, StoredEvent


def state_after(spec: GameSpec, events: list[StoredEvent], at: int) -> Any:
    """The game's state after its event `at` (a pure fold of events 1..at with the same `evolve`)."""
    return spec.fold([spec.events.decode_json(event.type, event.data_text) for event in events[:at]])


def replay_view(spec: GameSpec, events: list[StoredEvent], at: int, seat: int | None, finished: bool) -> dict[str, Any]:
    """The view after event `at` for `seat` (None: a spectator); once the game has ended, the full state too."""
    state = state_after(spec, events, at)
    body: dict[str, Any] = {
        "at": at,
        "as": seat,
        "to_act": sorted(spec.to_act(state)) if spec.result(state) is None else [],
        "state": spec.view(state, seat),
        "result": spec.result(state),
    }
    if finished:
        body["full_state"] = to_plain(state)
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
    (`spec.hidden_lines`). The events up to `after` are still folded (a label reads the state
    before its command), but not told: a client following a game asks only for what is new.
    """
    # seating commands (join, leave, timeout: domain/core/seating.py) are told by their events' lines
    by_first = {record.first_seq: record for record in commands
                if record.seat is not None and record.type not in SEATING_COMMAND_TYPES}
    entries = []
    state = None
    names: tuple[str, ...] = ()
    for event in events:
        decoded = spec.events.decode_json(event.type, event.data_text)
        names = names_after(names, decoded)
        if event.seq <= after:
            state = spec.evolve(state, decoded)
            continue
        record = by_first.get(event.seq)
        label = None
        if record is not None and _may_know(record, events, seat, finished):
            label = spec.label(state, record.seat, spec.commands.decode(record.type, record.args))
        if finished or event.visible_to(seat):
            text = spec.describe(decoded, names)
        else:
            text = hidden_line(spec.hidden_lines, event.type, event.visibility, names)
        entries.append({"seq": event.seq, "type": event.type, "seat": event.seat, "text": text, "label": label})
        state = spec.evolve(state, decoded)
    return entries


def _may_know(record: CommandRecord, events: list[StoredEvent], seat: int | None, finished: bool) -> bool:
    """Whether the caller may read what `record`'s seat chose (events are seq 1.. in order)."""
    if finished or seat == record.seat:
        return True
    return all(event.visibility == PUBLIC for event in events[record.first_seq - 1 : record.last_seq])
