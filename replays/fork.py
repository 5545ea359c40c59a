"""Fork: a new game from the state after event N of a finished game, with a fresh seed after it."""

from __future__ import annotations

import bisect
import secrets
import uuid
from collections.abc import Sequence
from typing import Any

from application.chain import GENESIS_HASH, chain_each
from application.handler import Committed, GameService
from domain.core import IllegalCommand, InvalidCommand, SeatConfig, game_created


class ForkPointInsideCommand(IllegalCommand):
    """A fork point between two events of one command: the game there is half-way through a decision
    (a hike's last terrain covered, its end not yet recorded), a state nobody could ever act in (HTTP 422,
    naming the nearest allowed steps)."""

    def __init__(self, at: int, nearest: list[int]) -> None:
        steps = " and ".join(map(str, nearest))
        super().__init__(f"a fork point must be the last event of a command: event {at} is followed by more "
                         f"events of the same command; the nearest allowed steps are {steps}")
        self.at = at
        self.nearest = nearest


def nearest(ends: list[int], at: int) -> list[int]:
    """The command ends closest to `at` on either side (sorted `ends`, `at` not among them)."""
    index = bisect.bisect_left(ends, at)
    return [ends[i] for i in (index - 1, index) if 0 <= i < len(ends)]


def fork_game(
    games: GameService, source_id: str, at: int, seats: Sequence[SeatConfig] | None = None
) -> Committed:
    """Start a what-if game from event `at` of a finished game.

    The new log opens with its own GameCreated (recording the source game, the fork
    point and the source's hash there) followed by the source's events 2..at; what
    comes after is decided with the new game's own fresh seed.

    A fork point must end a command (the state after it is one the source's seats were asked to act in);
    the fork's seats start as its GameCreated has them, whoever left a seat of the source before `at`.

    Raises:
        UnknownGameId: no such source game.
        IllegalCommand: the source is still running, has a table (seating.py), or `at` is outside its play.
        ForkPointInsideCommand: `at` is followed by more events of its command.
        InvalidCommand: seats of the wrong number or with an unknown bot level.
    """
    source = games.load(source_id)
    if not source.finished:
        raise IllegalCommand("only a finished game can be forked (its seed must be revealed first)")
    opening = games.store.command(source_id, "creategame") or games.store.command(source_id, "forkgame")
    first = opening.last_seq if opening is not None else 1
    if not first <= at < source.version:
        raise IllegalCommand(f"a fork point must be an event from {first} (the end of the set-up) to "
                             f"{source.version - 1} (before the last); got {at}")
    if source.seating is not None and source.seating.rules is not None:
        # Its inherited seating events would hand the fork's seats to the source's players, with its
        # table's clock: not what a what-if game means. Not supported until a fork can reset its table.
        raise IllegalCommand("a game with a table (open seats, players or a clock) cannot be forked")
    ends = sorted({first, *(command.last_seq for command in games.store.commands(source_id))})
    if at not in ends:
        raise ForkPointInsideCommand(at, [end for end in nearest(ends, at) if first <= end < source.version])
    spec = source.spec
    previous = [SeatConfig.of(s["name"], s.get("bot"), s.get("iterations")) for s in source.record.seats]
    if seats is not None and len(seats) != len(previous):
        raise InvalidCommand(f"seats: a fork keeps the {len(previous)} seats of its source")
    config = spec.normalize_config(seats if seats is not None else previous, source.record.options,
                                   source.record.rules_version)  # a what-if game keeps its source's rules
    inherited = games.store.events(source_id, after=1, limit=at - 1)
    game_id = uuid.uuid4().hex
    seed = secrets.token_hex(32)
    forked_from: dict[str, Any] = {
        "game_id": source_id,
        "original_id": source.record.original_id,
        "at": at,
        "head_hash": games.store.events(source_id, after=at - 1, limit=1)[0].hash,
    }
    created = game_created(spec, game_id, config, seed, forked_from)
    events = [created, *(spec.events.decode_json(e.type, e.data_text) for e in inherited)]
    origins = [(None, None), *((e.seat, e.command_id) for e in inherited)]
    stored = chain_each(spec, game_id, seed, events, 1, GENESIS_HASH, origins)
    return games.open(spec, config, seed, events, stored, "ForkGame", {"source": source_id, "at": at})
