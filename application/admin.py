"""An operator's actions on players (issue 32): a new key in place of a leaked one, a ban and its lifting.

Keys are checked against the database on every request (service/identity.py keeps none between
requests), so a key replaced here is refused at once by every host. A banned player starts no game,
takes no seat and enters no ladder or tournament (`PlayerBanned`, a 403 in the API); the seats it holds in
running games are handed to the takeover bot, as if it had left each of them. Every action is written with
who took it, when and why, in the same transaction as its change (storage: `admin_actions`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from application.auth import new_token, token_hash
from domain.core import DomainError
from domain.core.seating import LeaveSeat
from storage import FINISHED, Players, now

if TYPE_CHECKING:
    from application.bus import MessageBus

REVOKE_KEY, ROTATE_KEY, BAN, UNBAN = "revoke-key", "rotate-key", "ban", "unban"


class PlayerBanned(Exception):
    """The player is banned: what it asked for (a new game, a seat, a ladder or tournament entry) is refused."""

    def __init__(self, player: dict[str, Any]) -> None:
        why = f": {player['ban_reason']}" if player.get("ban_reason") else ""
        super().__init__(f"player {player['id']} ({player['name']}) is banned since {player['banned_at']}{why}")
        self.reason = str(self)


class UnknownPlayer(Exception):
    """No player by that id, or the name matches none or several."""


@dataclasses.dataclass(frozen=True, slots=True)
class Handed:
    """A running game whose seat of the banned player was handed to the takeover bot, or why it was not."""

    game_id: str
    seat: int
    refused: str | None = None


def ensure_not_banned(player: dict[str, Any] | None) -> None:
    """Raises PlayerBanned if `player` (as the storage port gives it) is banned."""
    if player is not None and player.get("banned_at"):
        raise PlayerBanned(player)


def find_player(players: Players, ref: str) -> dict[str, Any]:
    """The player whose id is `ref`, or else the one whose name is `ref` exactly (any case)."""
    found = players.player(ref)
    if found is not None:
        return found
    named = [p for p in players.players(ref) if p["name"].lower() == ref.lower()]
    if len(named) == 1:
        return named[0]
    if named:
        raise UnknownPlayer(f"{len(named)} players are named {ref!r}: name one by its id "
                            f"({', '.join(p['id'] for p in named)})")
    raise UnknownPlayer(f"no player with the id or name {ref!r}")


def action(kind: str, player_id: str, actor: str, reason: str | None) -> dict[str, Any]:
    return {"at": now(), "actor": actor, "action": kind, "player": player_id, "reason": reason}


def revoke_key(players: Players, player_id: str, actor: str, reason: str | None = None) -> str:
    """Replace the player's key by a new one (returned, to be handed over once); the old one is refused at once."""
    key = new_token()
    if not players.set_player_key(player_id, token_hash(key), action(REVOKE_KEY, player_id, actor, reason)):
        raise UnknownPlayer(f"no player with id {player_id!r}")
    return key


def rotate_key(players: Players, player: dict[str, Any]) -> str:
    """The player's own new key, asked for with its current one (which is refused from now on)."""
    key = new_token()
    players.set_player_key(player["id"], token_hash(key))
    return key


@dataclasses.dataclass(frozen=True, slots=True)
class Banned:
    seats: list[Handed]
    ladders: list[str]  # the game types whose ladder the player (or a bot level it entered) was taken out of


def ban(bus: MessageBus, player_id: str, actor: str, reason: str | None = None) -> Banned:
    """Ban the player, take it (and the bot levels it entered) out of every ladder, so that no matchmaker seats
    it again, then hand each seat it holds in a running game to the takeover bot (LeaveSeat, the same command
    as the player's own leave). A game still waiting for players keeps the seat until it starts."""
    store = bus.store
    if not store.set_player_ban(player_id, now(), reason, action(BAN, player_id, actor, reason)):
        raise UnknownPlayer(f"no player with id {player_id!r}")
    ladders = []
    for entry in store.ladder_rows()[0]:  # game_type, entrant, player, bot, name, entered_by, active, ...
        if entry[6] and player_id in (entry[2], entry[5]) and store.ladder_leave(entry[0], entry[1]):
            ladders.append(entry[0])
    handed = []
    for game_id, seat in running_seats(bus, player_id):
        try:
            bus.seat_command(game_id, LeaveSeat(seat=seat), seat, f"leave:{seat}")
        except DomainError as refused:
            handed.append(Handed(game_id, seat, refused.reason))
            continue
        handed.append(Handed(game_id, seat))
    return Banned(handed, sorted(set(ladders)))


def unban(players: Players, player_id: str, actor: str, reason: str | None = None) -> None:
    if not players.set_player_ban(player_id, None, None, action(UNBAN, player_id, actor, reason)):
        raise UnknownPlayer(f"no player with id {player_id!r}")


def running_seats(bus: MessageBus, player_id: str) -> list[tuple[str, int]]:
    """The (game, seat) the player holds in games not finished: the games the read model lists for the player
    (caught up by the caller), each loaded to see whether the player holds the seat still."""
    seats = []
    for row in bus.store.player_games(player_id, 100_000):
        if row["status"] == FINISHED:
            continue
        game = bus.games.load(row["id"])
        seat = game.seating.seat_of(player_id) if game.seating is not None else None
        if seat is not None and not game.finished and seat not in game.seating.gone:  # type: ignore[union-attr]
            seats.append((row["id"], seat))
    return seats
