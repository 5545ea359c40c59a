"""Why the rules forbid a tournament command now, or None when they allow it: one predicate per command,
shared by `decide` (rules.py) and by whatever shows what may be done (the API's links, the page's buttons),
so the two cannot drift (STYLE.md). The reasons are the 422's words."""

from __future__ import annotations

from domain.tournaments.events import Entrant
from domain.tournaments.state import Status, TournamentState

#: The most entrants a format takes: a round robin of 32 is 31 rounds already, and its larger tables' seating
#: search grows with the square of the field.
MOST_ENTRANTS = {"round_robin": 32, "swiss": 256, "arena": 256}


def join_refusal(state: TournamentState, entrant: Entrant, named: bool = False) -> str | None:
    """Entry: open until the start (to anyone unless the tournament takes only the entrants `named` at its
    creation), once per entrant id and per player, up to the format's limit; a player only with a clock."""
    if state.status is not Status.OPEN:
        return "the tournament has started: entry is closed"
    if not named and not state.created.open:
        return "this tournament takes only the entrants named at its creation"
    if entrant.entrant in state.entrant_ids:
        return f"{entrant.entrant} has entered already"
    most = MOST_ENTRANTS[state.created.format]
    if len(state.entrants) >= most:
        return f"the tournament is full: a {state.created.format} takes {most} entrants at most"
    if entrant.player is not None:
        if not state.created.time_control.is_clocked:
            return "a player's tournament needs a clock, so that a missed game can be played on"
        if any(e.player == entrant.player for e in state.entrants):
            return "that player has entered already"
    return None


def withdraw_refusal(state: TournamentState, entrant: str) -> str | None:
    """An entrant may withdraw once, until the tournament is over."""
    if state.status is Status.FINISHED:
        return "the tournament is over"
    if entrant not in state.entrant_ids:
        return f"{entrant} is not an entrant"
    if entrant in state.withdrawn:
        return f"{entrant} has withdrawn already"
    return None


def start_refusal(state: TournamentState) -> str | None:
    """A tournament starts once, with at least a table's worth of entrants."""
    if state.status is not Status.OPEN:
        return "the tournament has started already"
    size = state.created.seats_per_game
    if len(state.entrants) < size:
        return f"a tournament of {size}-seat games needs {size} entrants at least"
    return None


def pair_round_refusal(state: TournamentState) -> str | None:
    """The next round of a running round robin or Swiss, once the last has ended, while rounds are left and
    a table's worth of entrants is still in."""
    if state.status is not Status.RUNNING:
        return "the tournament is not running"
    if state.created.format == "arena":
        return "an arena pairs its waiting entrants (PairArena), not rounds"
    current = state.current_round
    if current and not current.ended:
        return f"round {current.round} has games still to play"
    if len(state.rounds) >= (state.rounds_to_play or 0):
        return "every round has been paired"
    if len(state.active) < state.created.seats_per_game:
        return "too few entrants are left to seat a table"
    return None


def arena_refusal(state: TournamentState, waiting: tuple[str, ...]) -> str | None:
    """A running arena seats active entrants who are not playing."""
    if state.created.format != "arena":
        return "only an arena pairs its waiting entrants"
    if state.status is not Status.RUNNING:
        return "the tournament is not running"
    playing, active = state.playing, state.active
    for entrant in waiting:
        if entrant not in active:
            return f"{entrant} is not an active entrant"
        if entrant in playing:
            return f"{entrant} is still playing"
    return None


def link_refusal(state: TournamentState, number: int) -> str | None:
    game = state.game(number)
    if game is None:
        return f"the tournament has no game {number}"
    if game.game_id is not None:
        return f"game {number} is linked already"
    return None


def result_refusal(state: TournamentState, number: int) -> str | None:
    """A linked game's result, once."""
    game = state.game(number)
    if game is None:
        return f"the tournament has no game {number}"
    if game.game_id is None:
        return f"game {number} has no service game linked yet"
    if game.is_resulted:
        return f"game {number} has its result already"
    return None


def finish_refusal(state: TournamentState) -> str | None:
    """An arena whose time is up, or a tournament with too few entrants left to pair, finishes once no game
    is left to play."""
    if state.status is not Status.RUNNING:
        return "the tournament is not running"
    if any(not game.is_resulted for game in state.games):
        return "games are still being played"
    if state.created.format != "arena" and len(state.active) >= state.created.seats_per_game:
        return "rounds are left to pair"
    return None
