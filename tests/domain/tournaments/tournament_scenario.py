"""Driving a tournament through `decide` and `evolve`, as the application will: helpers for the tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.core import Event
from domain.tournaments import Entrant, Status, TimeControl, TournamentState, decide, evolve
from domain.tournaments.events import CreateTournament, LinkGame, PairRound, RecordResult, StartTournament
from domain.tournaments.state import GameRecord

SEED = "tournament-seed-1"
Result = Callable[[GameRecord], tuple[int, ...]]  # a game -> the places of its seats


def bots(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(entrant=f"e{i:02d}", name=f"Bot {i}", bot="random") for i in range(count))


def create(format: str = "swiss", entrants: int = 8, seats: int = 2, rounds: int | None = None,
           seed: str = SEED, **settings: object) -> CreateTournament:
    if format == "swiss" and rounds is None:
        rounds = 5
    if format == "arena":
        settings.setdefault("duration_minutes", 30)
    return CreateTournament(tournament_id="t1", game_type="hike", format=format, name="Test cup",  # type: ignore[arg-type]
                            seats_per_game=seats, rounds=rounds, entrants=bots(entrants), **settings)  # type: ignore[arg-type]


class Run:
    """A tournament being played: its state and every event so far."""

    def __init__(self, command: CreateTournament, seed: str = SEED) -> None:
        self.seed = seed
        self.events: list[Event] = []
        self.state: TournamentState = None  # type: ignore[assignment]
        self.do(command)

    def do(self, command: object) -> list[Event]:
        events = decide(self.state, command, self.seed)  # type: ignore[arg-type]
        for event in events:
            self.state = evolve(self.state, event)  # type: ignore[arg-type]
        self.events += events
        return events

    def play(self, game: GameRecord, places: Sequence[int], scores: Sequence[int] | None = None) -> list[Event]:
        if self.state.game(game.number).game_id is None:  # type: ignore[union-attr]
            self.do(LinkGame(number=game.number, game_id=f"g{game.number}"))
        scores = tuple(scores) if scores is not None else tuple(10 * (len(places) - p) for p in places)
        return self.do(RecordResult(number=game.number, places=tuple(places), scores=scores))

    def play_round(self, result: Result) -> None:
        for game in [g for g in self.state.games if not g.is_resulted]:
            self.play(game, result(game))

    def to_the_end(self, result: Result) -> TournamentState:
        """Start, then play every round with `result` and pair the next, until the tournament finishes."""
        if self.state.status is Status.OPEN:
            self.do(StartTournament())
        while self.state.status is not Status.FINISHED:
            if all(g.is_resulted for g in self.state.games):
                self.do(PairRound())
            self.play_round(result)
        return self.state


def first_seat_wins(game: GameRecord) -> tuple[int, ...]:
    return tuple(range(1, len(game.seats) + 1))


def lowest_id_wins(game: GameRecord) -> tuple[int, ...]:
    """The entrant with the smallest id takes first place, and so on: a strength order."""
    ranking = sorted(game.seats)
    return tuple(1 + ranking.index(seat) for seat in game.seats)


CLOCK = TimeControl(turn_seconds=60)
