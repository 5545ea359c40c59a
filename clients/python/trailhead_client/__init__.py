"""trailhead-client: a Python SDK for the Trailhead board-game service.

    from trailhead_client import Client

    client = Client("http://localhost:8000")
    game = client.create_game("hike", ["Ann", {"name": "Bot", "bot": client.strongest_bot("hike")}])
    seat = client.seats_of(game)[0]
    for turn in seat.turns():
        turn.play(turn.actions[0])
    print(seat.result())
"""

from trailhead_client.actions import Action, ActionList, Range
from trailhead_client.client import LISTED, Client, new_command_id
from trailhead_client.errors import (
    BadRequest, CommandIdReused, ConnectionFailed, Forbidden, GameRunning, IllegalCommand, NoSearchLevel, NotFound,
    NotToAct,
    ProblemError, ProtocolError, RateLimited, SeatTaken, TrailheadError, Unauthorized, Unavailable, VersionConflict,
)
from trailhead_client.exports import ExportLine
from trailhead_client.seat import SeatHandle, Turn

__version__ = "0.1.0"

__all__ = [
    "LISTED", "Action", "ActionList", "BadRequest", "Client", "CommandIdReused", "ConnectionFailed", "ExportLine",
    "Forbidden",
    "GameRunning", "IllegalCommand", "NoSearchLevel", "NotFound", "NotToAct", "ProblemError", "ProtocolError", "Range",
    "RateLimited", "SeatHandle", "SeatTaken", "TrailheadError", "Turn", "Unauthorized", "Unavailable",
    "VersionConflict", "new_command_id",
]
