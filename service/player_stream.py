"""A player's stream: `gameStart`, `yourTurn`, `seatTakenOver` and `gameFinish` across all of the player's games.

`GET /api/v1/players/me/stream` (Server-Sent Events, with the player's key; cf. Lichess's
`/api/stream/event`). Like a game's stream it is admitted by a Flask view (who the player is,
which games are theirs, where to resume) and then served on the ASGI front's event loop by the
process's stream watcher (service/streams.py), which keeps one timeline per watched game and
finds the player's new games in the log itself (the TableSet and SeatJoined events that name
the player), with no read-model lag.

The messages are derived from each game's timeline at its commits (the last event of each
command: the game at rest):
- `gameStart` once, at the first commit after which the game is no longer open;
- `yourTurn` at every commit after which the player's seat is to act (`version` is the game's
  version then; `deadline` the seat's deadline when the game has a clock, else null);
- `seatTakenOver` once, at the commit that hands the player's seat to a bot for the rest of the
  game (its `SeatLeft`: the player left, resigned, or missed too many turns on the clock), with
  the `reason` (left, resigned, timeout) and the `bot` level now playing; no `yourTurn` follows
  it, since the player's commands for the seat are refused from then on;
- `gameFinish` at the commit that ends the game, with the winners.
Each message's SSE `id` is the global position of that commit's last event, so a client that
reconnects with `Last-Event-ID` gets every message after it, across all its games, in order.
Without one the stream starts from now: `gameStart` for each ongoing game, `seatTakenOver` where
a bot plays the player's seat, and `yourTurn` where the player is to act (not the history).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import NotImplemented as NotServedHere

from application.auth import token_hash
from service.identity import bearer_token, required_player
from service.runtime import event_log, read_models, trailhead
from service.stream import last_event_id
from service.timeline import Timeline
from domain.core.seating import TIMEOUT
from storage import ACTIVE, FINISHED, OPEN, StoredEvent

player_stream_api = Blueprint("player_stream_api", __name__, url_prefix="/api/v1")

PLAYER_ADMISSION = "trailhead.player_stream_admission"
PLAYER_GAMES_WATCHED = 200  # the newest games of a player a stream starts with (ongoing ones are what matter)


@player_stream_api.get("/players/me/stream")
def player_stream() -> Response:
    player = required_player()
    after = last_event_id()  # a global position here
    admission = (request.environ.get("asgi.scope") or {}).get(PLAYER_ADMISSION)
    if admission is None:
        raise NotServedHere("event streams are served by `trailhead serve` (the ASGI front, service/asgi.py)")
    # The log's head first: a game given to the player after it is found in the log by the stream watcher,
    # one given before it is in the read model once caught up (so none falls between the two)
    since = event_log().head_position()
    trailhead().runner.catch_up()  # the read model knows every game the player had until now
    ids = [game["id"] for game in read_models().player_games(player["id"], PLAYER_GAMES_WATCHED)
           if after is not None or game["status"] != FINISHED]
    admission.update(player=player["id"], games=ids, after=after, since=since,
                     client=f"player:{token_hash(bearer_token() or '')}")
    return Response(status=204)


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerMessage:
    position: int
    kind: str  # gameStart, yourTurn, seatTakenOver, gameFinish
    body: dict[str, Any]

    def sse(self) -> str:
        return f"id: {self.position}\nevent: {self.kind}\ndata: {json.dumps(self.body, separators=(',', ':'))}\n\n"


@dataclasses.dataclass(slots=True)
class GameProgress:
    """How far one stream has read one game's timeline."""

    index: int = 0  # events looked at
    started: bool = False
    finished: bool = False
    takeover: dict[str, Any] | None = None  # the seat's SeatLeft, until the end of its command
    taken_over: bool = False  # a bot plays the seat for good: no more turns for the player


def game_messages(timeline: Timeline, player: str, progress: GameProgress,
                  deadline: Callable[[str, int, int], str | None]) -> list[PlayerMessage]:
    """The messages of `timeline` for `player` beyond `progress` (which moves on).

    `deadline(game_id, seat, version)` is the seat's deadline at that version, or None.
    """
    messages: list[PlayerMessage] = []
    seating = timeline.game.seating
    seat = seating.seat_of(player) if seating is not None else None
    while progress.index < timeline.version and not progress.finished:
        index = progress.index
        progress.index += 1
        if seat is None:
            continue
        event, mark = timeline.events[index], timeline.marks[index]
        if not progress.taken_over and is_seat_left(event, seat):
            progress.taken_over = True
            progress.takeover = event.data
        if not timeline.ends_commit(index):
            continue
        base = {"game_id": timeline.game_id, "game_type": timeline.game.spec.id, "seat": seat, "version": event.seq,
                "status": mark.status}
        if mark.status != OPEN and not progress.started:
            progress.started = True
            messages.append(PlayerMessage(event.position, "gameStart", {"type": "gameStart", **base}))
        if progress.takeover is not None:
            messages.append(PlayerMessage(event.position, "seatTakenOver",
                                          {"type": "seatTakenOver", **base, "game": timeline.game_id,
                                           "reason": takeover_reason(progress.takeover),
                                           "bot": progress.takeover["bot"]}))
            progress.takeover = None
        if mark.status == ACTIVE and seat in mark.to_act and not progress.taken_over:
            messages.append(PlayerMessage(event.position, "yourTurn",
                                          {"type": "yourTurn", **base,
                                           "deadline": deadline(timeline.game_id, seat, event.seq)}))
        if mark.status == FINISHED:
            progress.finished = True
            result = timeline.game.spec.result(timeline.game.state) or {}
            messages.append(PlayerMessage(event.position, "gameFinish",
                                          {"type": "gameFinish", **base, "winners": result.get("winners", [])}))
    return messages


def is_seat_left(event: StoredEvent, seat: int) -> bool:
    """Whether `event` hands `seat` to a bot for the rest of the game."""
    return event.type == "SeatLeft" and event.data["seat"] == seat


def takeover_reason(seat_left: dict[str, Any]) -> str:
    """Why a bot took the seat over: `resigned`, `timeout` (too many turns missed) or `left`."""
    if seat_left.get("resigned"):
        return "resigned"
    return "timeout" if seat_left["reason"] == TIMEOUT else "left"


def current_only(messages: list[PlayerMessage], latest: int) -> list[PlayerMessage]:
    """For a stream that starts from now: an ongoing game's start, its takeover if a bot plays the
    player's seat, and, if the player is to act after the game's latest commit (at global
    position `latest`), that turn."""
    if not messages or messages[-1].kind == "gameFinish":
        return []
    return [m for m in messages if m.kind in ("gameStart", "seatTakenOver")
            or (m.kind == "yourTurn" and m.position == latest)]
