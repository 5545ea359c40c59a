"""The command handler: load a game, decide with the seed-derived RNG, append, dispatch.

One handler for every writer (the API and the bot turns), its dependencies passed
in (DESIGN.md; cosmicpython's service layer). Folded states are kept in a small
in-process cache keyed by version, so a command's cost does not grow with the
length of its game: only the events after the cached version are read and folded.
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import secrets
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from domain.core import (
    DomainError,
    Event,
    GameConfig,
    GameCreated,
    GameSpec,
    IllegalCommand,
    SeatConfig,
    canonical_json,
    decision_rng,
    opening_events,
)
from service.auth import new_token, token_hash
from service.chain import GENESIS_HASH, event_hash, salt_for
from service.store import CommandRecord, EventStore, GameRecord, StoredEvent, VersionConflict

ACTIVE = "active"
FINISHED = "finished"


class UnknownGameId(DomainError):
    """No game with that id is stored (HTTP 404)."""


class CommandIdReused(DomainError):
    """A command id already used for a different command in this game (HTTP 422)."""


class RulesVersionMismatch(DomainError):
    """The game was recorded under other rules than this server runs (HTTP 409)."""


class Jobs(Protocol):
    """What runs after a command's events commit (inline, or enqueued on RQ)."""

    def after_commit(self, games: GameService, game_id: str, game: LoadedGame | None = None) -> None:
        """Follow a commit; `game`, when given, is the game as that commit left it (saves a reload)."""


@dataclasses.dataclass(frozen=True, slots=True)
class LoadedGame:
    """A game's record and its state folded up to `version`."""

    record: GameRecord
    spec: GameSpec
    state: Any
    version: int
    head_hash: str

    @property
    def finished(self) -> bool:
        return self.spec.result(self.state) is not None

    @property
    def status(self) -> str:
        return FINISHED if self.finished else ACTIVE

    def to_act(self) -> list[int]:
        return [] if self.finished else sorted(self.spec.to_act(self.state))

    def bot_level(self, seat: int) -> str | None:
        return self.record.seats[seat].get("bot")


class StateCache:
    """Folded states by game id, least recently used dropped first; shared by threads."""

    def __init__(self, capacity: int = 512) -> None:
        self.capacity = capacity
        self._items: collections.OrderedDict[str, tuple[int, str, Any]] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[int, str, Any] | None:
        with self._lock:
            item = self._items.get(game_id)
            if item is not None:
                self._items.move_to_end(game_id)
            return item

    def put(self, game_id: str, version: int, head_hash: str, state: Any) -> None:
        with self._lock:
            current = self._items.get(game_id)
            if current is None or current[0] <= version:
                self._items[game_id] = (version, head_hash, state)
                self._items.move_to_end(game_id)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)


def fingerprint(seat: int | None, type_: str, args: Mapping[str, Any]) -> str:
    """What makes two commands 'the same' for an idempotent retry."""
    return hashlib.sha256(canonical_json({"seat": seat, "type": type_, "args": args}).encode()).hexdigest()


def chain(spec: GameSpec, game_id: str, seed: str, events: Sequence[Event], first_seq: int, prev_hash: str,
          seat: int | None, command_id: str | None) -> list[StoredEvent]:
    """Envelopes for one command's `events`: seq numbered from `first_seq`, hashed onto `prev_hash`."""
    return chain_each(spec, game_id, seed, events, first_seq, prev_hash, [(seat, command_id)] * len(events))


def chain_each(spec: GameSpec, game_id: str, seed: str, events: Sequence[Event], first_seq: int, prev_hash: str,
               origins: Sequence[tuple[int | None, str | None]]) -> list[StoredEvent]:
    """Envelopes for `events`, each with its own (seat, command_id), chained from `prev_hash`.

    Hidden events are hashed with a salt from the seed (service/chain.py).
    """
    stored = []
    for offset, (event, (seat, command_id)) in enumerate(zip(events, origins, strict=True)):
        type_, data = spec.events.encode(event)
        seq = first_seq + offset
        visibility = event.visibility()
        digest = event_hash(prev_hash, seq, type_, data, seat, command_id, salt_for(visibility, seed, seq))
        stored.append(StoredEvent(game_id, seq, type_, data, seat, command_id, visibility, prev_hash, digest))
        prev_hash = digest
    return stored


def envelope(event: StoredEvent, seat: int | None, finished: bool) -> dict[str, Any]:
    """An event as `seat` (None: a spectator) may read it: data hidden unless visible or the game ended."""
    shown = finished or event.visible_to(seat)
    return {
        "game_id": event.game_id,
        "seq": event.seq,
        "position": event.position,
        "type": event.type,
        "data": event.data if shown else None,
        "redacted": not shown,
        "seat": event.seat,
        "command_id": event.command_id,
        "visibility": event.visibility if event.visibility == "public" else list(event.visibility),
        "prev_hash": event.prev_hash,
        "hash": event.hash,
        "recorded_at": event.recorded_at,
    }


class GameService:
    """Creates games and runs commands against the event store."""

    def __init__(self, store: EventStore, registry: Callable[[str], GameSpec], cache: StateCache, jobs: Jobs) -> None:
        self.store = store
        self.registry = registry
        self.cache = cache
        self.jobs = jobs

    # -- queries -----------------------------------------------------------------------

    def record(self, game_id: str) -> GameRecord:
        record = self.store.game(game_id)
        if record is None:
            raise UnknownGameId(f"no game with id {game_id!r}")
        return record

    def load(self, game_id: str) -> LoadedGame:
        """The game folded up to its last stored event.

        Raises:
            UnknownGameId: no such game.
        """
        record = self.record(game_id)
        spec = self.registry(record.type)
        cached = self.cache.get(game_id)
        version, head_hash, state = cached if cached is not None else (0, GENESIS_HASH, None)
        evolve, decode = spec.evolve, spec.events.decode
        unseen = self.store.event_data(game_id, after=version)
        for _seq, type_, data, _hash in unseen:
            state = evolve(state, decode(type_, data))
        if unseen:
            version, head_hash = unseen[-1][0], unseen[-1][3]
        self.cache.put(game_id, version, head_hash, state)
        return LoadedGame(record, spec, state, version, head_hash)

    def seed(self, game_id: str) -> str:
        return self.store.seed(game_id)

    # -- commands ----------------------------------------------------------------------

    def create(
        self,
        type_: str,
        seats: Sequence[SeatConfig],
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> tuple[LoadedGame, dict[int, str]]:
        """Create a game, returning it and the secret tokens of its human seats.

        Raises:
            UnknownGame: no such game type.
            InvalidCommand: seat count, bot level or options out of bounds.
        """
        spec = self.registry(type_)
        config = spec.normalize_config(seats, options)
        game_id = uuid.uuid4().hex
        seed = seed if seed is not None else secrets.token_hex(32)
        events = opening_events(spec, game_id, config, seed)
        stored = chain(spec, game_id, seed, events, 1, GENESIS_HASH, None, None)
        return self.open(spec, config, seed, events, stored, "CreateGame", {})

    def open(
        self,
        spec: GameSpec,
        config: GameConfig,
        seed: str,
        events: Sequence[Event],
        stored: Sequence[StoredEvent],
        command_type: str,
        command_args: Mapping[str, Any],
    ) -> tuple[LoadedGame, dict[int, str]]:
        """Store a new game from its opening events (created, or forked), with tokens for its human seats."""
        game_id = stored[0].game_id
        created = events[0]
        assert isinstance(created, GameCreated)
        state = spec.fold(events)
        tokens = {index: new_token() for index, seat in enumerate(config.seats) if seat.bot is None}
        record = GameRecord(
            id=game_id,
            type=spec.id,
            rules_version=spec.rules_version,
            status=FINISHED if spec.result(state) is not None else ACTIVE,
            version=len(stored),
            head_hash=stored[-1].hash,
            seed_commitment=created.seed_commitment,
            seats=[{"name": seat.name, "bot": seat.bot} for seat in config.seats],
            options=dict(config.options),
            original_id=game_id,
            forked_from=created.forked_from,
            created_at="",
            updated_at="",
        )
        args = {"seats": record.seats, "options": record.options, **command_args}
        response = {"version": record.version, "head_hash": record.head_hash}
        command = CommandRecord(game_id, command_type.lower(), None, None, command_type, args, 0, 1, len(stored),
                                fingerprint(None, command_type, args), response)
        self.store.create_game(record, seed, {seat: token_hash(t) for seat, t in tokens.items()}, stored, command)
        self.cache.put(game_id, record.version, record.head_hash, state)
        self.jobs.after_commit(self, game_id)
        return self.load(game_id), tokens

    def submit(
        self,
        game_id: str,
        seat: int,
        type_: str,
        args: Mapping[str, Any],
        expected_version: int | None = None,
        command_id: str | None = None,
        bot: str | None = None,
    ) -> dict[str, Any]:
        """Decide and append one command for `seat`; returns `{version, head_hash, events}`.

        Without `expected_version` the command is decided on the latest version and
        retried if another writer got there first.

        Raises:
            UnknownGameId, InvalidCommand, IllegalCommand, CommandIdReused,
            RulesVersionMismatch, VersionConflict.
        """
        print_ = fingerprint(seat, type_, args)
        if command_id is not None:
            earlier = self.store.command(game_id, command_id)
            if earlier is not None:
                return self._replayed(earlier, print_)
        command_id = command_id if command_id is not None else uuid.uuid4().hex
        attempts = 1 if expected_version is not None else 5
        for attempt in range(attempts):
            game = self.load(game_id)
            if game.record.rules_version != game.spec.rules_version:
                raise RulesVersionMismatch(
                    f"this game was recorded under rules_version {game.record.rules_version}; "
                    f"the server runs {game.spec.rules_version}"
                )
            command = game.spec.commands.decode(type_, args)
            if expected_version is not None and expected_version != game.version:
                earlier = self.store.command(game_id, command_id)
                if earlier is not None:  # the same command committed meanwhile: its first outcome stands
                    return self._replayed(earlier, print_)
                raise VersionConflict(expected_version, game.version)
            if game.finished:
                raise IllegalCommand("the game is over")
            to_act = game.to_act()
            if seat not in to_act:
                raise IllegalCommand(f"it is not seat {seat}'s turn; to act: {', '.join(map(str, to_act))}")
            seed = self.seed(game_id)
            events = game.spec.decide(game.state, seat, command, decision_rng(seed, game.version))
            state = game.spec.fold(events, game.state)
            stored = chain(game.spec, game_id, seed, events, game.version + 1, game.head_hash, seat, command_id)
            finished = game.spec.result(state) is not None

            def record(
                positioned: list[StoredEvent], finished: bool = finished, game: LoadedGame = game
            ) -> CommandRecord:
                response = {
                    "version": positioned[-1].seq,
                    "head_hash": positioned[-1].hash,
                    "events": [envelope(event, seat, finished) for event in positioned],
                }
                return CommandRecord(game_id, command_id, seat, bot, type_, dict(args), game.version,  # type: ignore[arg-type]
                                     positioned[0].seq, positioned[-1].seq, print_, response)

            try:
                outcome, appended = self.store.append(game_id, game.version, stored, record, FINISHED if finished else ACTIVE)
            except VersionConflict:
                if attempt + 1 == attempts:
                    raise
                continue
            if not appended:
                return self._replayed(outcome, print_)
            self.cache.put(game_id, stored[-1].seq, stored[-1].hash, state)
            self.jobs.after_commit(self, game_id, LoadedGame(game.record, game.spec, state, stored[-1].seq,
                                                             stored[-1].hash))
            return outcome.response
        raise AssertionError("unreachable")

    @staticmethod
    def _replayed(earlier: CommandRecord, print_: str) -> dict[str, Any]:
        if earlier.fingerprint != print_:
            raise CommandIdReused(
                f"command_id {earlier.command_id!r} was already used in this game for a different command "
                f"({earlier.type} by seat {earlier.seat}); use a new command_id"
            )
        return earlier.response
