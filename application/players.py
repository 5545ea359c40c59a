"""Players: registering one, and a player taking an open seat of a game (issue 15).

What the players' routes change, they change here: the service reads the request, calls one of
these and renders what it returns.
"""

from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from application.admin import ensure_not_banned
from application.auth import new_token, token_hash
from application.bus import MessageBus
from application.game import LoadedGame
from application.handler import GameService
from domain.core.seating import JoinSeat, SeatTaken
from storage import Players, VersionConflict

#: how many times a join is decided, each on the version another writer's commit left
JOIN_ATTEMPTS = 5


@dataclasses.dataclass(frozen=True, slots=True)
class NewPlayer:
    """A player just registered ({id, name, created_at}), and its key: shown only to whoever registered it."""

    player: dict[str, Any]
    key: str


@dataclasses.dataclass(frozen=True, slots=True)
class Joined:
    """A seat taken, its token (shown only to the player who took it) and the game as the join left it."""

    seat: int
    token: str
    game: LoadedGame


class NoSuchSeat(Exception):
    """The seat asked for is not one of the game's."""


def register_player(players: Players, name: str) -> NewPlayer:
    """A new player: its key (256 random bits) is stored as its sha256 only."""
    key = new_token()
    return NewPlayer(players.create_player(uuid.uuid4().hex, name, token_hash(key)), key)


def take_seat(games: GameService, bus: MessageBus, game_id: str, player: dict[str, Any],
              seat: int | None) -> Joined:
    """The player takes the open seat asked for, or the first open one, and gets the seat's token.

    Two players racing for the last seat: both are decided on the same version, one append
    wins, the other is decided again on the new version and finds the seat taken.

    Raises:
        UnknownGameId: no such game.
        SeatTaken: the player holds a seat of this game already, no seat is open, or the seat asked for is not.
        NoSuchSeat: the game has no seat `seat`.
        PlayerBanned: the player is banned.
        VersionConflict: another writer moved the game on before each of the attempts.
    """
    ensure_not_banned(player)
    for _attempt in range(JOIN_ATTEMPTS):
        game = games.load(game_id)
        seating = game.seating
        assert seating is not None
        held = seating.seat_of(player["id"])
        if held is not None:
            raise SeatTaken(f"you already hold seat {held} of this game; your key acts for it")
        taken = seat
        if taken is None:
            if not seating.open:
                raise SeatTaken("no seat of this game is open")
            taken = seating.open[0]
        elif not 0 <= taken < len(seating.names):
            raise NoSuchSeat(f"the game has seats 0 to {len(seating.names) - 1}")
        token = new_token()
        try:
            committed = bus.seat_command(
                game_id, JoinSeat(seat=taken, player=player["id"], name=player["name"]), taken,
                f"join:{taken}:{player['id']}", expected_version=game.version, tokens={taken: token})
        except VersionConflict:
            continue  # another writer went first: decide again on what it left
        return Joined(taken, token, committed.game)
    raise VersionConflict(game.version, games.load(game_id).version)
