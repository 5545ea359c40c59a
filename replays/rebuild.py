"""Rebuild and step through: the state after any event, as a seat or a spectator saw it then."""

from __future__ import annotations

from typing import Any

from domain.core import GameSpec, to_plain
from storage import StoredEvent


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


def timeline(spec: GameSpec, events: list[StoredEvent], seat: int | None, finished: bool) -> list[dict[str, Any]]:
    """One short line per event; an event the caller may not see yet is named, not told."""
    entries = []
    for event in events:
        if finished or event.visible_to(seat):
            text = spec.describe(spec.events.decode_json(event.type, event.data_text))
        else:
            text = f"({event.type}: hidden until the game ends)"
        entries.append({"seq": event.seq, "type": event.type, "seat": event.seat, "text": text})
    return entries
