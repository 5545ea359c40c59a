"""Rematch: a finished game played again by the same table, its seats turned by one (issue 30, item 7).

A seat of a finished game asks for its rematch; the rematch is a new game of the same type, options
and table rules (clock, takeover bot, missed turns), whose seat (i + 1) mod n is old seat i's: a player's
seat is reserved for that player (it plays with its key), a bot seat gets the same level and budget, a
seat filled by a bot is a bot seat of that level, and a seat held by a bare seat token is open for a
player to join, but for the asker's own, whose new token is answered to the asker only (once). The
rematch's `GameCreated` records `rematch_of`. Its id is derived from the finished game's, so asking
again, or two seats asking at once, finds the one rematch instead of creating two.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from application.bus import MessageBus
from application.game import LoadedGame
from domain.core import IllegalCommand, SeatConfig
from storage import AlreadyStored


class GameStillRunning(IllegalCommand):
    """A rematch of a game that has not finished (HTTP 409)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rematch:
    """The rematch of a finished game; `created` is False when it existed already (then no token is shown)."""

    game: LoadedGame
    created: bool
    tokens: dict[int, str]


def rematch_id(game_id: str) -> str:
    """The id of `game_id`'s rematch: one per finished game, whoever asks."""
    return hashlib.sha256(f"trailhead-rematch/v1\0{game_id}".encode()).hexdigest()[:32]


def rematch(bus: MessageBus, game_id: str, seat: int) -> Rematch:
    """The rematch of finished game `game_id`, asked for by its seat `seat`: created, or found.

    Raises:
        UnknownGameId: no such game.
        GameStillRunning: the game has not finished.
    """
    games = bus.games
    game = games.load(game_id)
    if not game.finished:
        raise GameStillRunning("the game is still being played: a rematch follows a finished game")
    new_id = rematch_id(game_id)
    if games.store.game(new_id) is not None:
        return Rematch(games.load(new_id), False, {})
    seats, open_seats, players = rotated_seats(game, seat)
    try:
        committed = bus.create(game.record.type, seats, game.record.options, None, open_seats, players,
                               table_rules(game, bool(open_seats)), game_id=new_id, rematch_of=game_id)
    except AlreadyStored:  # another seat asked at the same moment and got there first
        return Rematch(games.load(new_id), False, {})
    return Rematch(games.load(new_id), True, dict(committed.tokens))


def rotated_seats(game: LoadedGame, asker: int) -> tuple[list[SeatConfig], list[int], dict[int, str]]:
    """The rematch's seats, old seat i at seat (i + 1) mod n; its open seats and its players' seats."""
    count = len(game.record.seats)
    seating = game.seating
    seats: list[SeatConfig | None] = [None] * count
    open_seats, players = [], {}
    for old, recorded in enumerate(game.record.seats):
        new = (old + 1) % count
        player = seating.players[old] if seating is not None else None
        filled = seating.bots[old] if seating is not None and seating.rules is not None and (
            old in seating.rules.open_seats) else None
        name = seating.names[old] if seating is not None else recorded["name"]
        if player is not None:
            players[new] = player
            seats[new] = SeatConfig(name=name)
        elif recorded.get("bot") is not None:
            seats[new] = SeatConfig.of(recorded["name"], recorded["bot"], recorded.get("iterations"))
        elif filled is not None:
            seats[new] = SeatConfig(name=name, bot=filled)
        elif old == asker:
            seats[new] = SeatConfig(name=name)
        else:
            open_seats.append(new)
            seats[new] = SeatConfig(name=f"Open seat {new}")
    return [seat for seat in seats if seat is not None], sorted(open_seats), players


def table_rules(game: LoadedGame, has_open_seats: bool) -> dict[str, Any]:
    """The finished game's table rules for its rematch: the clock, the takeover bot, the missed turns allowed,
    and the filling delay when the rematch has open seats."""
    rules = game.seating.rules if game.seating is not None else None
    if rules is None:
        return {}
    table = {"turn_seconds": rules.turn_seconds, "initial_seconds": rules.initial_seconds,
             "increment_seconds": rules.increment_seconds, "takeover_bot": rules.takeover_bot,
             "missed_turns_limit": rules.missed_turns_limit}
    if has_open_seats and rules.fill_with_bots_after is not None:
        table["fill_with_bots_after"] = rules.fill_with_bots_after
    return {name: value for name, value in table.items() if value is not None}
