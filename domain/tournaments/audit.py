"""Re-deriving a tournament from its events and its revealed seed (docs/tournaments.md, Audit).

Every event but the settings is a command's outcome, and the command can be read back from the event:
`TournamentStarted` is StartTournament's, a `RoundPaired` of a round robin or Swiss is PairRound's,
`GameResulted` is RecordResult's with its places and scores, and so on. `problems` re-runs each such
command through `decide` with the seed, on the state folded from the recorded events before it, and
compares what `decide` emits with what was recorded, byte for byte (canonical JSON): so the starting order,
every pairing and bye, every game's seed commitment, every round's end and the finish are re-derived. An
arena's wave depends on who was waiting, which no event records: its seed commitments and its seating of
entrants not then playing are checked instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.core import DomainError, Event, canonical_bytes, seed_commitment
from domain.tournaments import rules
from domain.tournaments.events import (
    EntrantJoined,
    EntrantWithdrew,
    FinishTournament,
    GameLinked,
    GameResulted,
    LinkGame,
    PairRound,
    RecordResult,
    RoundPaired,
    StartTournament,
    TournamentCreated,
    TournamentStarted,
    WithdrawFromTournament,
)
from domain.tournaments.events import TournamentFinished as Finished
from domain.tournaments.seeds import game_seed_commitment
from domain.tournaments.state import TournamentState, evolve


def problems(events: Sequence[Event], seed: str) -> list[str]:
    """What in `events` the seed and the rules do not give back, one sentence each (none: it re-derives)."""
    found: list[str] = []
    state: TournamentState | None = None
    index = 0
    while index < len(events):
        event = events[index]
        if isinstance(event, TournamentCreated):
            if seed_commitment(seed) != event.seed_commitment:
                found.append("event 1: the seed is not the one TournamentCreated committed to")
            expected: list[Event] | None = [event]
        elif state is None:
            return [*found, f"event {index + 1}: the stream does not begin with TournamentCreated"]
        elif isinstance(event, RoundPaired) and state.created.format == "arena":
            found += _wave_problems(state, event, seed, index)
            expected = [event]
        else:
            try:
                expected = _rederived(state, event, seed)
            except DomainError as error:
                found.append(f"event {index + 1} ({type(event).__name__}): the rules refuse it: {error.reason}")
                expected = [event]
            except ValueError as error:  # the seed does not match: reported at event 1
                return [*found, f"event {index + 1}: {error}"]
        recorded = list(events[index:index + len(expected)])
        if [canonical_bytes(e) for e in recorded] != [canonical_bytes(e) for e in expected] or \
                [type(e) for e in recorded] != [type(e) for e in expected]:
            found.append(f"event {index + 1} ({type(event).__name__}): not what the seed and the rules give")
        for applied in recorded:
            state = evolve(state, applied)  # type: ignore[arg-type]
        index += len(recorded)
    return found


def _rederived(state: TournamentState, event: Event, seed: str) -> list[Event]:
    """The events `decide` gives for the command `event` records, on `state`."""
    match event:
        case EntrantJoined(entrant=entrant):
            return rules.join(state, entrant) if state.created.open else rules.named(state, entrant)
        case EntrantWithdrew(entrant=entrant):
            return rules.decide(state, WithdrawFromTournament(entrant=entrant), seed)
        case TournamentStarted():
            return rules.decide(state, StartTournament(), seed)
        case RoundPaired():
            return rules.decide(state, PairRound(), seed)
        case GameLinked(number=number, game_id=game_id):
            return rules.decide(state, LinkGame(number=number, game_id=game_id), seed)
        case GameResulted(number=number, places=places, scores=scores):
            return rules.decide(state, RecordResult(number=number, places=places, scores=scores), seed)
        case Finished():
            return rules.decide(state, FinishTournament(), seed)
        case _:  # RoundEnded, or a second TournamentCreated: never recorded on their own
            return []


def _wave_problems(state: TournamentState, wave: RoundPaired, seed: str, index: int) -> list[str]:
    found = []
    playing = state.playing
    for table in wave.tables:
        for game in table.games:
            if game.seed_commitment != game_seed_commitment(seed, wave.round, table.table):
                found.append(f"event {index + 1}: game {game.number}'s seed commitment is not the seed's")
        busy = sorted(set(table.entrants) & playing | set(table.entrants) - set(state.active))
        if busy:
            found.append(f"event {index + 1}: {', '.join(busy)} seated while playing or withdrawn")
    return found
