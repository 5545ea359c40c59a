"""Events as a seat may read them: the envelopes of the event log, of a stream and of a command's 201."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from storage import StoredEvent


def envelope(event: StoredEvent, seat: int | None, finished: bool,
             parse: Callable[[str], Any] = json.loads) -> dict[str, Any]:
    """An event as `seat` (None: a spectator) may read it: data hidden unless visible or the game ended.

    The data is `parse` of the event's stored JSON text (json.loads; msgspec.Raw to splice it
    into a response encoded by msgspec as it is stored).
    """
    shown = finished or event.visible_to(seat)
    return {
        "game_id": event.game_id,
        "seq": event.seq,
        "position": event.position,
        "type": event.type,
        "data": parse(event.data_text) if shown else None,
        "redacted": not shown,
        "seat": event.seat,
        "command_id": event.command_id,
        "visibility": event.visibility_json(),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
        "recorded_at": event.recorded_at,
    }


def command_response(events: Sequence[StoredEvent], seat: int | None, finished: bool,
                     parse: Callable[[str], Any] = json.loads) -> dict[str, Any]:
    """The body of a command's 201: the new version and head, and the events as `seat` may read them."""
    return {
        "version": events[-1].seq,
        "head_hash": events[-1].hash,
        "events": [envelope(event, seat, finished, parse) for event in events],
    }
