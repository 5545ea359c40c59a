"""The command handler: load a game, run the command cycle, append, return what it committed.

One handler for every writer (the API, the bot turns, forks), its dependencies passed in
(cosmicpython's service layer). It never runs follow-up work itself: it returns what it
committed and the message bus (bus.py) runs the follow-ups after it returns. Folded states
are kept in a small in-process cache keyed by version, so a command's cost does not grow
with the length of its game: only the events after the cached version are read and folded.
A game is folded by application/game.py, its clock (application/clock.py) with its state, one
step per commit.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from application.auth import new_token, token_hash
from application.chain import GENESIS_HASH, chain
from application.clock import clock_after
from application.conflicts import conflict_of
from application.envelopes import command_response
from application.game import FoldedGame, LoadedGame, fold, played, rows_of
from application.instruments import Instruments
from application.seeds import CLIENT_SEED_MODES, SERVER, game_seed
from application.state_cache import Cached, StateCache
from domain.core import (
    Command,
    DomainError,
    Event,
    GameConfig,
    GameCreated,
    GameSpec,
    SeatConfig,
    canonical_json,
    decision_rng,
    opening_events,
    play_command,
    to_plain,
)
from domain.core.seating import SEATING_CODEC, seating_events, table_set
from storage import CommandRecord, GameRecord, Storage, StoredEvent, VersionConflict


class UnknownGameId(DomainError):
    """No game with that id is stored (HTTP 404)."""


class CommandIdReused(DomainError):
    """A command id already used for a different command in this game (HTTP 422)."""


class RulesVersionMismatch(DomainError):
    """The game was recorded under other rules than this server runs (HTTP 409)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Committed:
    """What one command (or a game's opening) committed: the game as it now stands and its new events.

    `new` is False for an idempotent retry: nothing was appended, `events` are the first
    outcome's. `tokens` are the secrets of a new game's human seats.
    """

    game: LoadedGame
    events: tuple[StoredEvent, ...]
    seat: int | None = None
    new: bool = True
    tokens: Mapping[int, str] = dataclasses.field(default_factory=dict)

    def response(self, parse: Callable[[str], Any] = json.loads) -> dict[str, Any]:
        """The body of a command's 201: the new version and head, and the events as the seat may read them
        (each event's data is `parse` of its stored JSON text)."""
        return command_response(self.events, self.seat, self.finished_at_commit(), parse)

    def finished_at_commit(self) -> bool:
        return self.game.finished and self.events[-1].seq == self.game.version


def fingerprint(seat: int | None, type_: str, args: Mapping[str, Any]) -> str:
    """What makes two commands 'the same' for an idempotent retry."""
    return hashlib.sha256(canonical_json({"seat": seat, "type": type_, "args": args}).encode()).hexdigest()


class GameService:
    """Creates games and runs commands against the storage port."""

    instruments = Instruments()  # what it reports (application/instruments.py); the service gives its own

    def __init__(self, store: Storage, registry: Callable[[str], GameSpec], cache: StateCache,
                 client_seeds: str = "mixed") -> None:
        if client_seeds not in CLIENT_SEED_MODES:
            raise ValueError(f"TRAILHEAD_CLIENT_SEEDS must be one of {', '.join(CLIENT_SEED_MODES)}, not {client_seeds!r}")
        self.store = store
        self.registry = registry
        self.cache = cache
        self.client_seeds = client_seeds

    # -- queries -----------------------------------------------------------------------

    def record(self, game_id: str) -> GameRecord:
        record = self.store.game(game_id)
        if record is None:
            raise UnknownGameId(f"no game with id {game_id!r}")
        return record

    def load(self, game_id: str) -> LoadedGame:
        """The game folded up to its last stored event (application/game.py).

        Only the events after the cached version are read, and the record with them (one round
        trip) when there are some (a record changes with the events and only with them).

        Raises:
            UnknownGameId: no such game.
        """
        cached = self.cache.get(game_id)
        record, unseen = self.store.game_since(game_id, cached.game.version if cached is not None else 0)
        if cached is None:
            if record is None or not unseen:  # not stored (or not yet committed)
                raise UnknownGameId(f"no game with id {game_id!r}")
            cached = Cached(LoadedGame(self.registry(record.type), record=record))
        if not unseen or record is None:
            return cached.game
        game = dataclasses.replace(fold(cached.game, unseen), record=record)
        self.cache.put(game_id, Cached(game, cached.seed))
        return game

    def _cached_at(self, game_id: str, version: int | None) -> LoadedGame | None:
        """The game as this process cached it, if it stands at `version` (the stored game is at it, or beyond)."""
        cached = self.cache.get(game_id)
        return cached.game if cached is not None and version is not None and cached.game.version == version else None

    def seed(self, game_id: str) -> str:
        """The game's secret seed (read once per process: it never changes)."""
        cached = self.cache.get(game_id)
        if cached is not None and cached.seed is not None:
            return cached.seed
        seed = self.store.seed(game_id)
        if cached is not None:
            self.cache.put(game_id, dataclasses.replace(cached, seed=seed))
        return seed

    # -- commands ----------------------------------------------------------------------

    def create(
        self,
        type_: str,
        seats: Sequence[SeatConfig],
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        open_seats: Sequence[int] = (),
        players: Mapping[int, str] | None = None,
        table: Mapping[str, Any] | None = None,
        game_id: str | None = None,
        rematch_of: str | None = None,
        ladder: bool = False,
    ) -> Committed:
        """Create a game: its opening events and the secret tokens of its human seats.

        A client's `seed` is mixed with 256 bits the server draws, unless the handler was built
        with `client_seeds="exact"` (application/seeds.py). Seats may be `open_seats` for players
        to join, or held by `players` (seat -> player id); `table` holds the table's other rules
        (domain.core.seating.table_set: filling, clock, takeover bot). With any of them the
        opening ends with a TableSet event; open seats and players' seats get no token here. A rematch
        (application/rematch.py) names its own `game_id` and the game it follows (`rematch_of`); a ladder's
        game (application/ladder.py) is marked `ladder`.

        Raises:
            AlreadyStored: a game with that `game_id` is stored already.
            UnknownGame: no such game type.
            InvalidCommand: seat count, bot level, options or table rules out of bounds.
        """
        spec = self.registry(type_)
        config = spec.normalize_config(seats, options)
        game_id = game_id if game_id is not None else uuid.uuid4().hex
        seed, source = game_seed(seed, self.client_seeds)
        events = opening_events(spec, game_id, config, seed, rematch_of=rematch_of, ladder=ladder)
        players = dict(players or {})
        args: dict[str, Any] = {}
        if open_seats or players or table:
            holders = tuple(players.get(index) for index in range(len(config.seats)))
            rules = table_set(spec, len(config.seats), sorted(open_seats), holders, **(table or {}))
            events.append(rules)
            args["table"] = to_plain(rules)  # the creator's choice, recorded for the audit to compare
        stored = chain(spec, game_id, seed, events, 1, GENESIS_HASH, None, None)
        return self.open(spec, config, seed, events, stored, "CreateGame", args, source,
                         untokened=frozenset(open_seats) | frozenset(players))

    def open(
        self,
        spec: GameSpec,
        config: GameConfig,
        seed: str,
        events: Sequence[Event],
        stored: Sequence[StoredEvent],
        command_type: str,
        command_args: Mapping[str, Any],
        seed_source: str = SERVER,
        untokened: frozenset[int] = frozenset(),
    ) -> Committed:
        """Store a new game from its opening events (created, or forked), with tokens for its human seats
        (but the `untokened`: open seats and players' seats)."""
        game_id = stored[0].game_id
        created = events[0]
        assert isinstance(created, GameCreated)
        opening = fold(FoldedGame(spec), rows_of(stored), timed=False)  # its clock starts once stored, below
        tokens = {index: new_token() for index, seat in enumerate(config.seats)  # a webhook seat's engine has none
                  if seat.bot is None and seat.hook is None and index not in untokened}
        record = GameRecord(
            id=game_id,
            type=spec.id,
            rules_version=created.rules_version,
            status=opening.status,
            version=opening.version,
            head_hash=opening.head_hash,
            seed_commitment=created.seed_commitment,
            seats=[to_plain(seat) for seat in config.seats],  # {name, bot}, and a search seat's own `iterations`
            options=dict(config.options),
            original_id=game_id,
            forked_from=created.forked_from,
            created_at="",
            updated_at="",
            seed_source=seed_source,
        )
        args = {"seats": record.seats, "options": record.options, **command_args}
        command = CommandRecord(game_id, command_type.lower(), None, None, command_type, args, 0, 1, len(stored),
                                fingerprint(None, command_type, args))
        positioned = self.store.create_game(record, seed, {seat: token_hash(t) for seat, t in tokens.items()},
                                            stored, command)
        clock = clock_after(None, spec, opening.state, opening.seating, None, positioned[-1].recorded_at)
        game = LoadedGame(spec, opening.state, opening.version, opening.head_hash, opening.seating, clock,
                          record=self.record(game_id))
        self.cache.put(game_id, Cached(game, seed))
        return Committed(game, positioned, None, True, tokens)

    def submit(
        self,
        game_id: str,
        seat: int,
        type_: str,
        args: Mapping[str, Any],
        expected_version: int | None = None,
        command_id: str | None = None,
        bot: str | None = None,
        read: bool = False,
    ) -> Committed:
        """Run one command for `seat` through the command cycle and append its events.

        Without `expected_version` the command is decided on the latest version and
        retried if another writer got there first. A `command_id` already recorded for
        the same command returns its first outcome (`new` False), rebuilt from its events:
        the append finds it (the key of `commands`), or a refusal before the append looks.
        A command expecting the version this process cached is decided on the cached game without
        reading it again (unless `read`): the append's version check refuses it if another process
        moved the game on, and a refusal is given only after reading the game.

        Raises:
            UnknownGameId, InvalidCommand, IllegalCommand, CommandIdReused,
            RulesVersionMismatch, VersionConflict.
        """
        print_ = fingerprint(seat, type_, args)
        given, command_id = command_id, command_id if command_id is not None else uuid.uuid4().hex
        attempts = 1 if expected_version is not None else 5
        for attempt in range(attempts):
            game = self._cached_at(game_id, expected_version) if not read else None
            unread, game = game is not None, game or self.load(game_id)
            try:
                self._check_rules(game)
                command = game.spec.commands.decode(type_, args)
                if game.seating is not None and bot is None:
                    game.seating.check_playable(seat)
                if expected_version is not None and expected_version != game.version:
                    earlier = self.store.command(game_id, command_id)
                    if earlier is not None:  # the same command committed meanwhile: its first outcome stands
                        return self._replayed(game_id, earlier, print_)
                    raise conflict_of(self.store, game, seat, expected_version) if bot is None else VersionConflict(
                        expected_version, game.version)
                seed = self.seed(game_id)
                events, state = play_command(game.spec, game.state, seat, command, decision_rng(seed, game.version))
            except DomainError:  # refused now, but a retry of a command that moved the game on stands as it was
                if unread:  # refused on the cached game: answered on the stored one, as read (a conflict, perhaps)
                    return self.submit(game_id, seat, type_, args, expected_version, given, bot, read=True)
                if given is None or (earlier := self.store.command(game_id, given)) is None:
                    raise
                return self._replayed(game_id, earlier, print_)
            stored = chain(game.spec, game_id, seed, events, game.version + 1, game.head_hash, seat, command_id)
            record = CommandRecord(game_id, command_id, seat, bot, type_, dict(args), game.version, stored[0].seq,
                                   stored[-1].seq, print_)
            try:
                return self._commit(game, played(game, state, stored[-1].seq, stored[-1].hash), seed, stored,
                                    record, print_)
            except VersionConflict as conflict:
                if attempt + 1 == attempts:
                    if expected_version is not None and bot is None:
                        raise conflict_of(self.store, self.load(game_id), seat, expected_version) from conflict
                    raise
        raise AssertionError("unreachable")

    def seat_command(self, game_id: str, command: Command, seat: int | None, command_id: str,
                     expected_version: int | None = None, bot: str | None = None,
                     tokens: Mapping[int, str] | None = None) -> Committed:
        """Run one seating command (domain.core.seating: join, fill, timeout, leave) and append its events.

        Decided on the latest version (or on `expected_version`, a conflict otherwise), retried
        when another writer got there first; a `command_id` already recorded returns its first
        outcome. `tokens` (seat -> secret) are stored, hashed, with the events.

        Raises:
            UnknownGameId, IllegalCommand (SeatTaken), RulesVersionMismatch, VersionConflict.
        """
        type_, args = SEATING_CODEC.encode(command)
        print_ = fingerprint(seat, type_, args)
        earlier = self.store.command(game_id, command_id)
        if earlier is not None:
            return self._replayed(game_id, earlier, print_)
        attempts = 1 if expected_version is not None else 5
        for attempt in range(attempts):
            game = self.load(game_id)
            self._check_rules(game)
            if expected_version is not None and expected_version != game.version:
                raise VersionConflict(expected_version, game.version)
            seed = self.seed(game_id)
            assert game.seating is not None
            events = seating_events(game.spec, game.seating, game.state, command, seed, game.version)
            stored = chain(game.spec, game_id, seed, events, game.version + 1, game.head_hash, seat, command_id)
            record = CommandRecord(game_id, command_id, seat, bot, type_, args, game.version, stored[0].seq,
                                   stored[-1].seq, print_)
            now = fold(game, rows_of(stored), timed=False)  # the clock steps when they commit
            hashes = {index: token_hash(token) for index, token in (tokens or {}).items()}
            try:
                committed = self._commit(game, now, seed, stored, record, print_, hashes)
            except VersionConflict:
                if attempt + 1 == attempts:
                    raise
                continue
            return dataclasses.replace(committed, tokens=dict(tokens or {})) if committed.new else committed
        raise AssertionError("unreachable")

    @staticmethod
    def _check_rules(game: LoadedGame) -> None:
        if game.record.rules_version not in game.spec.rules_versions:
            raise RulesVersionMismatch(
                f"this game was recorded under rules_version {game.record.rules_version}; "
                f"the server plays {', '.join(map(str, game.spec.rules_versions))}"
            )

    def _commit(self, game: LoadedGame, now: LoadedGame, seed: str, stored: Sequence[StoredEvent],
                record: CommandRecord, print_: str, token_hashes: dict[int, str] | None = None) -> Committed:
        """Append one command's events (`game` folded with them is `now`, its clock not yet stepped) and cache
        the game as it now stands.

        Raises:
            VersionConflict: another writer moved the game on first.
        """
        game_id = game.record.id
        appended = self.store.append(game_id, game.version, stored, record, now.status, token_hashes)
        if not appended.new:
            return self._replayed(game_id, appended.command, print_)
        stamp = appended.events[-1].recorded_at
        now_record = dataclasses.replace(game.record, version=now.version, head_hash=now.head_hash, status=now.status,
                                         updated_at=stamp)
        clock = clock_after(now.clock, game.spec, now.state, now.seating, record.seat, stamp)
        now = dataclasses.replace(now, record=now_record, clock=clock)
        self.cache.put(game_id, Cached(now, seed))
        return Committed(now, appended.events, record.seat)

    def _replayed(self, game_id: str, earlier: CommandRecord, print_: str) -> Committed:
        """The first outcome of a repeated command id, rebuilt from its events (byte for byte the first answer)."""
        if earlier.fingerprint != print_:
            # Only that it was used: which command of which seat used it is not the sender's to know.
            raise CommandIdReused(f"command_id {earlier.command_id!r} was already used in this game; "
                                  "use a new command_id")
        events = self.store.events(game_id, after=earlier.first_seq - 1, limit=earlier.last_seq - earlier.first_seq + 1)
        return Committed(self.load(game_id), tuple(events), earlier.seat, new=False)
