"""A tournament's state: a frozen value folded from its events by `evolve` (never raises on a recorded event)."""

from __future__ import annotations

import enum
from typing import assert_never

from domain.core import Value, replace
from domain.tournaments.events import (
    Entrant,
    EntrantJoined,
    EntrantWithdrew,
    GameLinked,
    GameResulted,
    RoundEnded,
    RoundPaired,
    TableGame,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentStarted,
)


class Status(enum.Enum):
    OPEN = "open"  # taking entrants
    RUNNING = "running"
    FINISHED = "finished"


class GameRecord(Value):
    """A game of the tournament as it stands: where it was paired, its service id, its result."""

    number: int
    round: int
    table: int
    rotation: int
    seats: tuple[str, ...]
    seed_commitment: str
    game_id: str | None = None
    places: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None

    @property
    def is_resulted(self) -> bool:
        return self.places is not None


class RoundRecord(Value):
    round: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    ended: bool = False


class TournamentState(Value):
    created: TournamentCreated
    status: Status = Status.OPEN
    entrants: tuple[Entrant, ...] = ()  # in joining order; withdrawn ones stay when they had started
    withdrawn: frozenset[str] = frozenset()
    order: tuple[str, ...] = ()  # the starting order (TournamentStarted)
    rounds_to_play: int | None = None
    rounds: tuple[RoundRecord, ...] = ()
    games: tuple[GameRecord, ...] = ()  # by number - 1

    @property
    def entrant_ids(self) -> tuple[str, ...]:
        return tuple(entrant.entrant for entrant in self.entrants)

    @property
    def active(self) -> tuple[str, ...]:
        """The entrants still paired, in the starting order (joining order before the start)."""
        ids = self.order or self.entrant_ids
        return tuple(entrant for entrant in ids if entrant not in self.withdrawn)

    @property
    def current_round(self) -> RoundRecord | None:
        return self.rounds[-1] if self.rounds else None

    def game(self, number: int) -> GameRecord | None:
        return self.games[number - 1] if 1 <= number <= len(self.games) else None

    def round_games(self, round_: int) -> tuple[GameRecord, ...]:
        return tuple(game for game in self.games if game.round == round_)

    @property
    def playing(self) -> frozenset[str]:
        """Entrants seated in a game without a result."""
        return frozenset(seat for game in self.games if not game.is_resulted for seat in game.seats)


def evolve(state: TournamentState | None, event: TournamentEvent) -> TournamentState:
    """Apply one recorded event; the first is TournamentCreated on None."""
    if isinstance(event, TournamentCreated):
        return TournamentState(created=event)
    assert state is not None, "a tournament's first event is TournamentCreated"
    match event:
        case EntrantJoined(entrant=entrant):
            return replace(state, entrants=(*state.entrants, entrant))
        case EntrantWithdrew(entrant=entrant):
            if state.status is Status.OPEN:
                return replace(state, entrants=tuple(e for e in state.entrants if e.entrant != entrant))
            return replace(state, withdrawn=state.withdrawn | {entrant})
        case TournamentStarted(order=order, rounds=rounds):
            return replace(state, status=Status.RUNNING, order=order, rounds_to_play=rounds)
        case RoundPaired():
            return _paired(state, event)
        case GameLinked(number=number, game_id=game_id):
            return _with_game(state, number, game_id=game_id)
        case GameResulted(number=number, places=places, scores=scores):
            return _with_game(state, number, places=places, scores=scores)
        case RoundEnded(round=round_):
            rounds = tuple(replace(r, ended=True) if r.round == round_ else r for r in state.rounds)
            return replace(state, rounds=rounds)
        case TournamentFinished():
            return replace(state, status=Status.FINISHED)
        case _:
            assert_never(event)


def _paired(state: TournamentState, event: RoundPaired) -> TournamentState:
    games = list(state.games)
    for table in event.tables:
        for rotation, game in enumerate(table.games):
            games.append(_record(game, event.round, table.table, rotation))
    record = RoundRecord(round=event.round, tables=tuple(t.entrants for t in event.tables), byes=event.byes)
    return replace(state, rounds=(*state.rounds, record), games=tuple(games))


def _record(game: TableGame, round_: int, table: int, rotation: int) -> GameRecord:
    return GameRecord(number=game.number, round=round_, table=table, rotation=rotation, seats=game.seats,
                      seed_commitment=game.seed_commitment)


def _with_game(state: TournamentState, number: int, **changes: object) -> TournamentState:
    games = tuple(replace(game, **changes) if game.number == number else game for game in state.games)
    return replace(state, games=games)


def fold_tournament(events: list[TournamentEvent] | tuple[TournamentEvent, ...],
         state: TournamentState | None = None) -> TournamentState | None:
    """The state after `events` in order."""
    for event in events:
        state = evolve(state, event)
    return state
