"""A game at the end of a command can always move; between two events of one command it only is shown.

A fork is taken at the end of a command only (replays/fork.py): there the game must be able to go
on, with a seat to act and at least one listed action for each seat to act (else a fork, or a bot,
would wait forever). Between two events of one command the state is half-way through a decision (a
hike's last terrain covered, its end not yet recorded): a replay shows it (GET /games/{id}/replay?at=N),
and a fork taken there before forks were held to command ends stays in its database. Every read of it,
the view of each seat and (after the set-up) the listed actions of each seat it names to act with their
labels and ranges, must answer without raising. Seeded playouts of every game type, at its
smallest and largest tables, with random bots and with the strongest.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core import GameSpec, SeatConfig, Table
from domain.core.seating import strongest_bot
from domain.games import GAMES

MAX_COMMANDS = 50_000

CASES = [
    pytest.param(spec, seats, level, id=f"{spec.id}-{seats}-{level}")
    for spec in GAMES
    for seats, level in ((spec.min_seats, strongest_bot(spec)), (spec.max_seats, "random"))
]


def playout(spec: GameSpec, seats: int, level: str, seed: str) -> tuple[list[Any], set[int]]:
    """A seeded game played by bots to its end: its events, and the versions at which a command ended
    (the end of the set-up included)."""
    config = spec.normalize_config([SeatConfig(name=f"p{i}") for i in range(seats)], {})
    table = Table(spec, config, seed)
    ends = {table.version}
    for _ in range(MAX_COMMANDS):
        if table.finished:
            return table.events, ends
        seat = min(spec.to_act(table.state))
        table.submit(seat, table.bot_command(seat, level))
        ends.add(table.version)
    raise AssertionError(f"{spec.id} did not end within {MAX_COMMANDS} commands")


def listed(spec: GameSpec, state: Any, seat: int) -> list[dict[str, Any]]:
    """What GET /actions lists for `seat`: each legal command with its label and ranges."""
    actions = []
    for command in spec.legal_commands(state, seat):
        type_, args = spec.commands.encode(command)
        actions.append({"type": type_, "args": args, "label": spec.label(state, seat, command),
                        "ranges": spec.ranges(state, seat, command)})
    return actions


@pytest.mark.parametrize(("spec", "seats", "level"), CASES)
def test_at_each_command_end_a_seat_is_to_act_with_listed_actions(spec: GameSpec, seats: int, level: str) -> None:
    events, ends = playout(spec, seats, level, "fork-points")
    state = None
    for version, event in enumerate(events, start=1):
        state = spec.evolve(state, event)
        if version not in ends or spec.result(state) is not None:
            continue
        to_act = sorted(spec.to_act(state))
        assert to_act, f"after event {version} ({event.TYPE}), the end of a command, nobody is to act"
        for seat in to_act:
            assert listed(spec, state, seat), f"after event {version} ({event.TYPE}) seat {seat} is to act " \
                                              "but has no listed action"


@pytest.mark.parametrize(("spec", "seats", "level"), CASES)
def test_between_a_commands_events_every_read_answers(spec: GameSpec, seats: int, level: str) -> None:
    events, ends = playout(spec, seats, level, "between-events")
    state = None
    between = 0
    for version, event in enumerate(events, start=1):
        state = spec.evolve(state, event)
        if version in ends:
            continue
        for viewer in (None, *range(seats)):
            spec.view(state, viewer)
        spec.result(state)
        if version < min(ends):
            continue  # the set-up: only a replay shows it, a fork starts after it
        between += 1
        for seat in sorted(spec.to_act(state)):
            listed(spec, state, seat)  # raises nothing (GET /actions answers, never a 500)
    assert between, "the playout has no command of several events"
