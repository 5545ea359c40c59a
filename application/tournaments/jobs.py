"""A tournament's jobs on the bus: create and link its games, record their results, pair, end.

Every message about a tournament runs `advance`, which looks at the tournament as stored and does what is due,
one step at a time, until nothing is: a game paired but not created yet is created (its seed
`game_seed(seed, round, table)`, bots seated as bot seats, players in seats reserved for them with the
tournament's clock) and linked; a linked game that ended gets its `RecordResult`; a round robin or a Swiss whose
round ended is paired again (`PairRound`); an arena pairs its waiting entrants (`PairArena`) until its time is
up (`start + duration_minutes`, from the store's `recorded_at` of `TournamentStarted`) and then ends
(`FinishTournament`) once its last game has its result. So a job run twice or late finds nothing left to do,
and a job lost would be made good by the next (nothing is polled).

A game's id is derived from the tournament's id and the game's number, so a game created twice (two workers,
a retried job) is stored once: the second finds it and links it.

Messages: `TournamentDue` (after the start), `TournamentGameEnded` (a follow-up of a tournament game's last
commit: application/bus.py `follow_ups`), `ArenaTimeUp` (a timer at the arena's end).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from application.chain import GENESIS_HASH, chain
from application.clock import instant, iso, utc_now
from application.messages import ArenaTimeUp, Message, TournamentDue, TournamentGameEnded
from application.seeds import TOURNAMENT
from application.tournaments.stream import LoadedTournament, commit, load
from domain.core import IllegalCommand, SeatConfig, opening_events, to_plain
from domain.core.seating import table_set
from domain.tournaments import decide, game_seed
from domain.tournaments.events import FinishTournament, LinkGame, PairArena, PairRound, RecordResult
from domain.tournaments.refusals import finish_refusal, pair_round_refusal
from domain.tournaments.state import GameRecord, Status
from storage import AlreadyStored, VersionConflict

if TYPE_CHECKING:
    from application.bus import MessageBus

MAX_STEPS = 2000  # a run's steps: far more than a tournament's (256 entrants' links and results of a round)


def tournament_game_id(tournament_id: str, number: int) -> str:
    """The id of the tournament's game `number`: derived, so that creating it twice stores it once."""
    return hashlib.sha256(f"trailhead-tournament-game\x00{tournament_id}\x00{number}".encode()).hexdigest()[:32]


def arena_ends(bus: MessageBus, loaded: LoadedTournament) -> str | None:
    """When an arena's time is up (ISO 8601, UTC): `duration_minutes` after its start, each minute lasting the
    bus's `arena_minute_seconds` (60; fewer in tests)."""
    started = loaded.recorded_at("TournamentStarted")
    minutes = loaded.state.created.duration_minutes
    if started is None or minutes is None:
        return None
    return iso(instant(started) + timedelta(seconds=minutes * bus.arena_minute_seconds))


def create_game(bus: MessageBus, loaded: LoadedTournament, game: GameRecord) -> str:
    """Create the tournament's game `game` (unless stored already) and return its id."""
    game_id = tournament_game_id(loaded.record.id, game.number)
    if bus.store.game(game_id) is not None:
        return game_id
    created = loaded.state.created
    spec = bus.games.registry(created.game_type)
    entrants = {entrant.entrant: entrant for entrant in loaded.state.entrants}
    seats, players = [], {}
    for index, entrant_id in enumerate(game.seats):
        entrant = entrants[entrant_id]
        seats.append(SeatConfig.of(entrant.name, entrant.bot))
        if entrant.player is not None:
            players[index] = entrant.player
    config = spec.normalize_config(seats, created.options)
    seed = game_seed(bus.store.tournament_seed(loaded.record.id), game.round, game.table)
    events = opening_events(spec, game_id, config, seed)
    args: dict[str, Any] = {}
    clock = {name: value for name, value in to_plain(created.time_control).items() if value is not None}
    if players or clock:
        holders = tuple(players.get(index) for index in range(len(seats)))
        rules = table_set(spec, len(seats), [], holders, **clock)
        events.append(rules)
        args["table"] = to_plain(rules)
    stored = chain(spec, game_id, seed, events, 1, GENESIS_HASH, None, None)
    try:
        committed = bus.games.open(spec, config, seed, events, stored, "CreateGame", args, TOURNAMENT,
                                   untokened=frozenset(players))
    except AlreadyStored:  # another run created it meanwhile (two workers): it is the same game
        return game_id
    bus.follow(committed)
    return game_id


def result_of(bus: MessageBus, game: GameRecord) -> RecordResult | None:
    """The result of a linked game that ended, as `RecordResult`; None while it runs."""
    assert game.game_id is not None
    played = bus.games.load(game.game_id)
    result = played.spec.result(played.state) if played.finished else None
    if result is None:
        return None
    rows = sorted(result["standings"], key=lambda row: row["seat"])
    return RecordResult(number=game.number, places=tuple(int(row["place"]) for row in rows),
                        scores=tuple(int(row.get("score") or 0) for row in rows))


def step(bus: MessageBus, loaded: LoadedTournament) -> LoadedTournament | None:
    """Do the first thing due on `loaded`: the tournament after it, or None when nothing is due.

    Raises:
        VersionConflict: another writer moved the tournament on first (decide again).
    """
    state = loaded.state
    if state.status is not Status.RUNNING:
        return None
    seed = bus.store.tournament_seed(loaded.record.id)
    for game in state.games:
        if game.game_id is None:
            game_id = create_game(bus, loaded, game)
            events = decide(state, LinkGame(number=game.number, game_id=game_id), seed)
            return commit(bus.store, loaded, events, [(game_id, game.number)])
    for game in state.games:
        if game.game_id is not None and not game.is_resulted and (result := result_of(bus, game)) is not None:
            return commit(bus.store, loaded, decide(state, result, seed))
    if state.created.format != "arena":
        if pair_round_refusal(state) is None:
            return commit(bus.store, loaded, decide(state, PairRound(), seed))
        if not state.playing and finish_refusal(state) is None:
            return commit(bus.store, loaded, decide(state, FinishTournament(), seed))
        return None
    ends = arena_ends(bus, loaded)
    if ends is not None and utc_now() < instant(ends):
        waiting = tuple(entrant for entrant in state.active if entrant not in state.playing)
        try:
            events = decide(state, PairArena(waiting=waiting), seed) if waiting else []
        except IllegalCommand:
            return None
        return commit(bus.store, loaded, events) if events else None
    if finish_refusal(state) is None:
        return commit(bus.store, loaded, decide(state, FinishTournament(), seed))
    return None


def advance(bus: MessageBus, tournament_id: str) -> list[Message]:
    """Do everything due on the tournament, one step at a time (module docstring)."""
    loaded = load(bus.store, tournament_id)
    for _ in range(MAX_STEPS):
        try:
            moved = step(bus, loaded)
        except VersionConflict:
            moved = load(bus.store, tournament_id)
        else:
            if moved is not None and moved is not loaded:  # appended: the tournament's streams are woken
                bus.tournament_committed(tournament_id, moved.version)
        if moved is None or moved is loaded:  # nothing due, or a step that emitted nothing: done
            return []
        loaded = moved
    return [TournamentDue(tournament_id, loaded.version)]


def tournament_due(bus: MessageBus, due: TournamentDue) -> list[Message]:
    """The tournament may have work (its start, a withdrawal, a step handed back). A running arena's end gets its
    timer from every such run, not only from the start's: that run may come after a withdrawal moved the arena
    on, and an arena whose entrants waiting cannot be paired again is woken by that timer alone. Setting it again
    costs a run at its time that finds nothing to do once the arena has ended."""
    loaded = load(bus.store, due.tournament_id)
    follow = advance(bus, due.tournament_id)
    ends = arena_ends(bus, loaded)
    if ends is not None and loaded.state.status is Status.RUNNING:
        follow.append(ArenaTimeUp(due.tournament_id, loaded.version, ends))
    return follow


def tournament_game_ended(bus: MessageBus, ended: TournamentGameEnded) -> list[Message]:
    """A tournament's game ended: its tournament records the result and goes on."""
    found = bus.store.tournament_of_game(ended.game_id)
    return advance(bus, found[0]) if found is not None else []


def arena_time_up(bus: MessageBus, due: ArenaTimeUp) -> list[Message]:
    """The arena's time is up (or its timer woke early: then it is set again)."""
    if utc_now() < instant(due.at):
        return [due]
    return advance(bus, due.tournament_id)


def running_tournaments(bus: MessageBus) -> list[Message]:
    """A run of every running tournament, and each running arena's end timer: what a restart (or the workers'
    sweep) sends again, in case a message was lost with a process."""
    due: list[Message] = []
    for tournament_id in bus.store.tournament_ids(Status.RUNNING.value):
        loaded = load(bus.store, tournament_id)
        due.append(TournamentDue(tournament_id, loaded.version))
        ends = arena_ends(bus, loaded)
        if ends is not None:
            due.append(ArenaTimeUp(tournament_id, loaded.version, ends))
    return due
