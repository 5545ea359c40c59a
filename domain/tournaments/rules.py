"""What a tournament allows: `decide(state, command, seed)` guards a command and returns its events.

The guards of what may be done now are refusals.py's predicates, shared with whoever shows it.

Malformed commands raise InvalidCommand (400), commands the rules forbid now IllegalCommand (422), in the
words of docs/tournaments.md. `seed` is the tournament's secret seed (the application keeps it; decide only
derives from it: seeds.py).
"""

from __future__ import annotations

from collections import Counter
from typing import assert_never

from domain.core import Event, IllegalCommand, InvalidCommand, refuse, seed_commitment
from domain.tournaments import pairing, scoring
from domain.tournaments.events import (
    CreateTournament,
    Entrant,
    EntrantJoined,
    EntrantWithdrew,
    FinishTournament,
    GameLinked,
    GameResulted,
    JoinTournament,
    LinkGame,
    PairArena,
    PairRound,
    RecordResult,
    RoundEnded,
    RoundPaired,
    StartTournament,
    Table,
    TableGame,
    TimeControl,
    TournamentCreated,
    TournamentFinished,
    TournamentStarted,
    WithdrawFromTournament,
)
from domain.tournaments.refusals import (
    arena_refusal,
    finish_refusal,
    join_refusal,
    link_refusal,
    pair_round_refusal,
    result_refusal,
    start_refusal,
    withdraw_refusal,
)
from domain.tournaments.seeds import game_seed_commitment, starting_order
from domain.tournaments.state import TournamentState, evolve

RULES_VERSION = 1
TournamentCommand = (CreateTournament | JoinTournament | WithdrawFromTournament | StartTournament | PairRound
                     | PairArena | LinkGame | RecordResult | FinishTournament)


def decide(state: TournamentState | None, command: TournamentCommand, seed: str) -> list[Event]:
    """The events of `command` on `state` (None: only CreateTournament).

    Raises:
        InvalidCommand: a malformed command (settings out of range, places that are no ranking).
        IllegalCommand: what the tournament's rules forbid now.
        ValueError: `seed` is not the one the tournament committed to (a bug of the caller).
    """
    if isinstance(command, CreateTournament):
        if state is not None:
            raise IllegalCommand("the tournament exists already")
        return create(command, seed)
    if state is None:
        raise IllegalCommand("no such tournament")
    if seed_commitment(seed) != state.created.seed_commitment:
        raise ValueError("the seed is not the one the tournament committed to")
    match command:
        case JoinTournament(entrant=entrant):
            return join(state, entrant)
        case WithdrawFromTournament(entrant=entrant):
            return withdraw(state, entrant)
        case StartTournament():
            return start(state, seed)
        case PairRound():
            return pair_round(state, seed)
        case PairArena(waiting=waiting):
            return pair_arena(state, waiting, seed)
        case LinkGame(number=number, game_id=game_id):
            return link_game(state, number, game_id)
        case RecordResult():
            return record_result(state, command)
        case FinishTournament():
            return finish(state)
        case _:
            assert_never(command)


# -- entry ------------------------------------------------------------------------------------------------


def create(command: CreateTournament, seed: str) -> list[Event]:
    """TournamentCreated, then an EntrantJoined for each entrant named at creation.

    Raises:
        InvalidCommand: settings that do not fit the format, a bad clock or entrant.
        IllegalCommand: a player entrant without a clock, or one entered twice.
    """
    _check_settings(command)
    created = TournamentCreated(
        tournament_id=command.tournament_id, rules_version=RULES_VERSION, game_type=command.game_type,
        format=command.format, name=command.name, seats_per_game=command.seats_per_game, rounds=command.rounds,
        duration_minutes=command.duration_minutes, duplicate=command.duplicate, options=dict(command.options),
        time_control=command.time_control, seed_commitment=seed_commitment(seed), creator=command.creator,
        open=command.open, lower_score_wins=command.lower_score_wins)
    events: list[Event] = [created]
    state = evolve(None, created)
    for entrant in command.entrants:
        joined = _entered(state, entrant, named=True)
        events += joined
        state = evolve(state, joined[0])
    return events


def _check_settings(command: CreateTournament) -> None:
    if not command.name.strip():
        raise InvalidCommand("name: must not be empty")
    if not 2 <= command.seats_per_game <= 8:
        raise InvalidCommand("seats_per_game: must be between 2 and 8")
    if command.format == "swiss" and (command.rounds is None or not 1 <= command.rounds <= 50):
        raise InvalidCommand("rounds: a Swiss tournament plays 1 to 50 rounds")
    if command.format == "round_robin" and command.rounds is not None and (
            command.seats_per_game == 2 or not 1 <= command.rounds <= 50):
        raise InvalidCommand("rounds: a round robin of two-seat games plays every pair once; "
                             "for larger tables, 1 to 50 rounds")
    if command.format == "arena":
        if command.rounds is not None:
            raise InvalidCommand("rounds: an arena lasts duration_minutes, it has no rounds")
        if command.duration_minutes is None or not 1 <= command.duration_minutes <= 24 * 60:
            raise InvalidCommand("duration_minutes: an arena lasts 1 to 1440 minutes")
    elif command.duration_minutes is not None:
        raise InvalidCommand("duration_minutes: only an arena has a duration")
    _check_clock(command.time_control)


def _check_clock(clock: TimeControl) -> None:
    if clock.turn_seconds is not None and (clock.initial_seconds is not None or clock.increment_seconds is not None):
        raise InvalidCommand("time control: a turn clock (turn_seconds) or a game clock "
                             "(initial_seconds, increment_seconds), not both")
    if clock.increment_seconds is not None and clock.initial_seconds is None:
        raise InvalidCommand("time control: increment_seconds needs initial_seconds")
    for name in ("turn_seconds", "initial_seconds"):
        value = getattr(clock, name)
        if value is not None and not 1 <= value <= 7 * 24 * 3600:
            raise InvalidCommand(f"time control: {name} must be between 1 and 604800")
    if clock.increment_seconds is not None and not 0 <= clock.increment_seconds <= 3600:
        raise InvalidCommand("time control: increment_seconds must be between 0 and 3600")


def join(state: TournamentState, entrant: Entrant) -> list[Event]:
    """Raises:
        IllegalCommand: the tournament has started, takes named entrants only, or has it already."""
    return _entered(state, entrant)


def named(state: TournamentState, entrant: Entrant) -> list[Event]:
    """An entrant named at creation (CreateTournament's `entrants`), who may enter a closed tournament."""
    return _entered(state, entrant, named=True)


def _entered(state: TournamentState, entrant: Entrant, named: bool = False) -> list[Event]:
    if (entrant.player is None) == (entrant.bot is None):
        raise InvalidCommand("entrant: a player or a bot level, one of the two")
    if not entrant.entrant or not entrant.name.strip():
        raise InvalidCommand("entrant: an id and a name")
    refuse(join_refusal(state, entrant, named))
    return [EntrantJoined(entrant=entrant)]


def withdraw(state: TournamentState, entrant: str) -> list[Event]:
    """Raises:
        IllegalCommand: not an entrant, withdrawn already, or the tournament is over."""
    refuse(withdraw_refusal(state, entrant))
    return [EntrantWithdrew(entrant=entrant)]


def start(state: TournamentState, seed: str) -> list[Event]:
    """TournamentStarted (the seeded starting order; the rounds to play) and, but for an arena, round 1.

    Raises:
        IllegalCommand: started already, or fewer entrants than a table has seats.
    """
    refuse(start_refusal(state))
    size = state.created.seats_per_game
    order = starting_order(seed, state.entrant_ids)
    rounds = {"arena": None, "swiss": state.created.rounds,
              "round_robin": state.created.rounds or pairing.round_robin_rounds(order, size)}[state.created.format]
    started = TournamentStarted(order=order, rounds=rounds)
    if state.created.format == "arena":
        return [started]
    return [started, *pair_round(evolve(state, started), seed)]


# -- rounds -----------------------------------------------------------------------------------------------


def pair_round(state: TournamentState, seed: str) -> list[Event]:
    """RoundPaired for the next round of a round robin or a Swiss tournament.

    Raises:
        IllegalCommand: not running, an arena, the round before has games to play, no round left, or
            fewer entrants left than a table has seats.
    """
    refuse(pair_round_refusal(state))
    number = len(state.rounds) + 1
    tables, byes = _pairing(state, number)
    paired: list[Event] = [_round_paired(state, number, tables, byes, seed)]
    if not tables:  # only byes (a round robin whose scheduled opponents withdrew): over as it is paired
        paired += _round_over(state, number)
    return paired


def _round_over(state: TournamentState, number: int) -> list[Event]:
    """RoundEnded, and TournamentFinished when it was the last round."""
    return [RoundEnded(round=number), *([TournamentFinished()] if number == state.rounds_to_play else [])]


def _pairing(state: TournamentState, number: int) -> pairing.Pairing:
    size = state.created.seats_per_game
    met = pairing.meetings_of([game.seats for game in state.games if game.rotation == 0])
    byes_had = Counter(scoring.byes(state))
    active = state.active
    if state.created.format == "swiss":
        totals = scoring.points(state)
        ranked = sorted(active, key=lambda e: (-totals[e], state.order.index(e)))
        return pairing.swiss_round(ranked, totals, met, byes_had, size)
    if size > 2:
        return pairing.round_robin_round(active, number, size, met, byes_had)
    scheduled, scheduled_byes = pairing.circle_schedule(state.order)[number - 1]
    tables = tuple(t for t in scheduled if all(e in active for e in t))
    lone = tuple(e for t in scheduled if not all(x in active for x in t) for e in t if e in active)
    byes = tuple(e for e in state.order if e in active and (e in scheduled_byes or e in lone))
    return tables, byes


def _round_paired(state: TournamentState, number: int, tables: tuple[tuple[str, ...], ...],
                  byes: tuple[str, ...], seed: str) -> RoundPaired:
    """The round's tables, each seated to even out seats (pairing.seated), with its games numbered on."""
    seat_counts: dict[str, list[int]] = {}
    for game in state.games:
        for seat, entrant in enumerate(game.seats):
            seat_counts.setdefault(entrant, [0] * len(game.seats))[seat] += 1
    next_number = len(state.games) + 1
    paired = []
    for index, members in enumerate(tables, start=1):
        seats = pairing.seated(members, seat_counts)
        for seat, entrant in enumerate(seats):
            seat_counts.setdefault(entrant, [0] * len(seats))[seat] += 1
        rotations = range(len(seats)) if state.created.duplicate else range(1)
        commitment = game_seed_commitment(seed, number, index)
        games = []
        for rotation in rotations:
            games.append(TableGame(number=next_number, seats=(*seats[rotation:], *seats[:rotation]),
                                   seed_commitment=commitment))
            next_number += 1
        paired.append(Table(table=index, entrants=seats, games=tuple(games)))
    return RoundPaired(round=number, tables=tuple(paired), byes=byes)


def pair_arena(state: TournamentState, waiting: tuple[str, ...], seed: str) -> list[Event]:
    """RoundPaired (a wave) seating waiting entrants at once (pairing.arena_pairings); no event when none
    can be seated now.

    Raises:
        InvalidCommand: an entrant listed twice.
        IllegalCommand: not a running arena, or a listed entrant is not active or is still playing.
    """
    if len(set(waiting)) != len(waiting):
        raise InvalidCommand("waiting: an entrant listed twice")
    refuse(arena_refusal(state, waiting))
    totals = scoring.points(state)
    lined = [pairing.Waiting(entrant=e, points=float(totals[e]), last_opponents=_last_opponents(state, e))
             for e in waiting]
    tables = pairing.arena_pairings(lined, state.created.seats_per_game)
    return [_round_paired(state, len(state.rounds) + 1, tables, (), seed)] if tables else []


def _last_opponents(state: TournamentState, entrant: str) -> frozenset[str]:
    for game in reversed(state.games):
        if entrant in game.seats:
            return frozenset(game.seats) - {entrant}
    return frozenset()


# -- games ------------------------------------------------------------------------------------------------


def link_game(state: TournamentState, number: int, game_id: str) -> list[Event]:
    """Raises:
        InvalidCommand: an empty game id.
        IllegalCommand: no such game, or it is linked already."""
    if not game_id:
        raise InvalidCommand("game_id: must not be empty")
    refuse(link_refusal(state, number))
    return [GameLinked(number=number, game_id=game_id)]


def record_result(state: TournamentState, command: RecordResult) -> list[Event]:
    """GameResulted; RoundEnded when it was the round's last game (not in an arena); TournamentFinished when
    that round was the last.

    Raises:
        InvalidCommand: places or scores not one per seat, or places that are no ranking (1, 1, 3).
        IllegalCommand: no such game, not linked yet, or resulted already.
    """
    refuse(result_refusal(state, command.number))
    game = state.game(command.number)
    assert game is not None
    size = len(game.seats)
    if len(command.places) != size or len(command.scores) != size:
        raise InvalidCommand(f"places, scores: one for each of the {size} seats")
    if any(place != 1 + sum(other < place for other in command.places) for place in command.places):
        raise InvalidCommand("places: each place is 1 + the number of seats placed before it (1, 1, 3)")
    events: list[Event] = [GameResulted(number=command.number, places=command.places, scores=command.scores)]
    after = evolve(state, events[0])
    if state.created.format != "arena" and all(g.is_resulted for g in after.round_games(game.round)):
        events += _round_over(state, game.round)
    return events


def finish(state: TournamentState) -> list[Event]:
    """TournamentFinished: an arena whose time is up, or a tournament with too few entrants left to pair,
    once no game is left to play.

    Raises:
        IllegalCommand: not running, games still to play, or rounds left to pair.
    """
    refuse(finish_refusal(state))
    return [TournamentFinished()]
