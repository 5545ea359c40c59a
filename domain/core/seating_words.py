"""The timeline's sentences for the seating events (domain/core/seating.py)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.core.protocol import Event
from domain.core.seating import (LEFT, WEBHOOK, GameStarted, SeatFilledByBot, SeatJoined, SeatLeft, TableSet,
                                  TurnTimedOut)
from domain.core.wording import seat_name


def describe_seating(event: Event, names: Sequence[str] = ()) -> str:
    """A sentence for the timeline (seats by their names; an open seat has none until someone takes it)."""
    match event:
        case TableSet():
            parts = []
            if event.open_seats:
                count = len(event.open_seats)
                parts.append(f"{count} seat{'s' if count > 1 else ''} open for players to join")
            if event.turn_seconds is not None:
                parts.append(f"{event.turn_seconds} s per decision")
            if event.initial_seconds is not None:
                parts.append(f"{event.initial_seconds} s each plus {event.increment_seconds} s per decision")
            return "The table is set" + (": " + "; ".join(parts) if parts else "")
        case SeatJoined():
            return f"{event.name} joined the table"
        case SeatFilledByBot():
            return f"A {event.bot} bot took an open seat"
        case GameStarted():
            return "Every seat is filled: the game starts"
        case TurnTimedOut():
            what = "'s webhook gave no usable answer" if event.reason == WEBHOOK else " ran out of time"
            return f"{seat_name(names, event.seat)}{what}; the {event.bot} bot plays this decision for them"
        case SeatLeft():
            why = "resigned" if event.resigned else ("missed too many turns" if event.reason != LEFT else "left")
            return f"{seat_name(names, event.seat)} {why}; the {event.bot} bot plays for them from now on"
    raise ValueError(f"not a seating event: {event!r}")
