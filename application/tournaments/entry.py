"""Creating a tournament, entering and leaving it, starting it: what its entrants and its creator do.

The game's rules are the game spec's: the type must exist, `seats_per_game` lie in its seat range, the options
pass its `normalize_config`, bot entrants name its levels, and whether the lower score wins is the spec's.
Entrant ids are the tournament's: a player's id, or `bot-N` (N counting the bot entrants from 1).

Who created it: every creation returns a `creator_token` (256 random bits, shown only there, kept as its
sha256); when the request carried a player's key, that player is the recorded `creator` and the key starts it
too. Only the creator may start the tournament (`NotTheCreator`, HTTP 403).
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from application.admin import ensure_not_banned
from application.auth import new_token, same_hash, token_hash
from application.chain import GENESIS_HASH
from application.clock import instant, utc_now
from application.bus import MessageBus
from application.seeds import game_seed
from application.messages import TournamentDue, TournamentStartsAt
from application.tournaments.starts import starts_at
from application.tournaments.stream import LoadedTournament, chained, load, run
from domain.core import DomainError, GameSpec, InvalidCommand, SeatConfig, seed_commitment
from domain.tournaments import Entrant, TimeControl, decide
from domain.tournaments.events import (
    CreateTournament,
    JoinTournament,
    StartTournament,
    WithdrawFromTournament,
)
from domain.tournaments.state import Status
from storage import Storage, TournamentRecord


class NotTheCreator(DomainError):
    """Only the tournament's creator may do that (HTTP 403)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Created:
    loaded: LoadedTournament
    creator_token: str


def entrants_of(spec: GameSpec, store: Storage, wanted: Sequence[Mapping[str, Any]]) -> tuple[Entrant, ...]:
    """The entrants named at creation: `{"player": id}` or `{"bot": level, "name"?}`.

    Raises:
        InvalidCommand: an unknown player or bot level, or neither or both given.
    """
    entrants, bots = [], 0
    for index, asked in enumerate(wanted):
        player, bot = asked.get("player"), asked.get("bot")
        if (player is None) == (bot is None):
            raise InvalidCommand(f"entrants[{index}]: a player or a bot level, one of the two")
        if bot is not None:
            if bot not in spec.bots:
                raise InvalidCommand(f"entrants[{index}].bot: {spec.id} has no bot level {bot!r}"
                                     f" (it has {', '.join(spec.bots)})")
            bots += 1
            entrants.append(Entrant(entrant=f"bot-{bots}", name=asked.get("name") or f"Bot {bots} ({bot})", bot=bot))
            continue
        found = store.player(player)
        if found is None:
            raise InvalidCommand(f"entrants[{index}].player: no player with id {player!r}")
        ensure_not_banned(found)
        entrants.append(Entrant(entrant=player, name=found["name"], player=player))
    return tuple(entrants)


def options_of(spec: GameSpec, seats_per_game: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's options as its spec normalises them for a table of `seats_per_game`.

    Raises:
        InvalidCommand: a seat count out of the game's range, or options it refuses.
    """
    if not spec.min_seats <= seats_per_game <= spec.max_seats:
        raise InvalidCommand(f"seats_per_game: {spec.id} is played by {spec.min_seats} to {spec.max_seats} seats")
    seats = [SeatConfig(name=f"Seat {index}") for index in range(seats_per_game)]
    return dict(spec.normalize_config(seats, options).options)


def create(bus: MessageBus, body: Mapping[str, Any], creator: str | None) -> Created:
    """A new tournament from the API's body (openapi.yaml, CreateTournamentRequest); `creator` the caller's
    player id, if a player's key came with it.

    Raises:
        UnknownGame, InvalidCommand, IllegalCommand (the domain's: docs/tournaments.md).
    """
    store = bus.store
    spec = bus.games.registry(body["type"])
    options = options_of(spec, body["seats_per_game"], body.get("options"))
    clock = TimeControl(turn_seconds=body.get("turn_seconds"), initial_seconds=body.get("initial_seconds"),
                        increment_seconds=body.get("increment_seconds"))
    start_at = starts_at(body.get("starts_at"))
    tournament_id = uuid.uuid4().hex
    command = CreateTournament(
        tournament_id=tournament_id, game_type=spec.id, format=body["format"], name=body["name"],
        seats_per_game=body["seats_per_game"], rounds=body.get("rounds"), duration_minutes=body.get("duration_minutes"),
        duplicate=bool(body.get("duplicate")), options=options, time_control=clock, creator=creator,
        open=body.get("open", True), lower_score_wins=spec.lower_score_wins,
        entrants=entrants_of(spec, store, body.get("entrants") or ()))
    seed, _source = game_seed(body.get("seed"), bus.games.client_seeds)
    events = decide(None, command, seed)
    rows = chained(tournament_id, events, 1, GENESIS_HASH)
    token = new_token()
    record = TournamentRecord(tournament_id, spec.id, command.format, command.name, Status.OPEN.value, rows[-1].seq,
                              rows[-1].hash, seed_commitment(seed), starts_at=start_at,
                              seats_per_game=command.seats_per_game, entrant_count=len(command.entrants),
                              rounds_played=0)
    store.create_tournament(record, seed, token_hash(token), rows)
    if start_at is not None:
        bus.drain([TournamentStartsAt(tournament_id, start_at)])
    return Created(load(store, tournament_id), token)  # the record as stored, with its times


def join(bus: MessageBus, tournament_id: str, player: Mapping[str, Any]) -> LoadedTournament:
    """The player enters (while the tournament is open to entry). A tournament whose `starts_at` passed with
    too few entrants starts once this entry makes a table's worth (application/tournaments/starts.py).

    Raises:
        UnknownTournament, IllegalCommand.
    """
    ensure_not_banned(dict(player))
    entrant = Entrant(entrant=player["id"], name=player["name"], player=player["id"])
    loaded = run(bus.store, tournament_id, JoinTournament(entrant=entrant))[0]
    bus.tournament_committed(tournament_id, loaded.version)
    if (at := loaded.record.starts_at) is not None and instant(at) <= utc_now():  # its time passed with too few
        bus.drain([TournamentStartsAt(tournament_id, at)])
    return loaded


def withdraw(bus: MessageBus, tournament_id: str, player: Mapping[str, Any]) -> LoadedTournament:
    """The player leaves: before the start it is gone; after, it is paired no more (docs/tournaments.md).

    Raises:
        UnknownTournament, IllegalCommand.
    """
    loaded = run(bus.store, tournament_id, WithdrawFromTournament(entrant=player["id"]))[0]
    bus.tournament_committed(tournament_id, loaded.version)
    if loaded.state.status is Status.RUNNING:  # fewer to pair: a round or the end may be due now
        bus.drain([TournamentDue(tournament_id, loaded.version)])
    return loaded


def is_creator(store: Storage, loaded: LoadedTournament, bearer: str | None, player_id: str | None) -> bool:
    """Whether the caller is the creator: its creator token, or the key of the player who created it."""
    if player_id is not None and player_id == loaded.state.created.creator:
        return True
    kept = store.tournament_creator(loaded.record.id)
    return bearer is not None and kept is not None and same_hash(token_hash(bearer), kept)


def start(bus: MessageBus, tournament_id: str, bearer: str | None, player_id: str | None) -> LoadedTournament:
    """The creator closes the entry: the starting order and the first round are decided; the jobs take over.

    Raises:
        UnknownTournament, NotTheCreator, IllegalCommand.
    """
    if not is_creator(bus.store, load(bus.store, tournament_id), bearer, player_id):
        raise NotTheCreator("only the tournament's creator may start it (its creator_token, or its player's key)")
    loaded, _events = run(bus.store, tournament_id, StartTournament())
    bus.tournament_committed(tournament_id, loaded.version)
    bus.drain([TournamentDue(tournament_id, loaded.version)])
    return loaded
