"""Command sequences worked out in-process, so a client never asks the server what is legal.

The server is deterministic: a game created with the same type, seats, options
and seed accepts the same commands in the same order, at the same versions. A
`Playbook` holds, for one seed, the commands `domain.core.Table` plays with the
`random` bot for the seat to act (the lowest seat when several may act), each as
the exact HTTP body to POST (`{type, args, expected_version}`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

from domain.core import Command, GameSpec, SeatConfig, Table


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One command: the seat that sends it, its HTTP body, and the version it leaves the game at."""

    seat: int
    body: bytes
    version_after: int


@dataclasses.dataclass(frozen=True, slots=True)
class Playbook:
    """A game's creation request and the commands to send after it, in order."""

    seed: str
    create_body: bytes
    steps: tuple[Step, ...]
    finished: bool


def human_seats(count: int) -> list[SeatConfig]:
    return [SeatConfig(name=f"bench-{index}", bot=None) for index in range(count)]


def create_body(spec: GameSpec, seats: int, options: Mapping[str, Any], seed: str) -> bytes:
    return json.dumps({"type": spec.id, "seats": [{"name": s.name} for s in human_seats(seats)],
                       "options": dict(options), "seed": seed}).encode()


def command_body(spec: GameSpec, command: Command, expected_version: int) -> bytes:
    type_, args = spec.commands.encode(command)
    return json.dumps({"type": type_, "args": args, "expected_version": expected_version}).encode()


def play(spec: GameSpec, seats: int, options: Mapping[str, Any], seed: str, max_steps: int,
         choose: Callable[[Table, int], Command] | None = None) -> Playbook:
    """Up to `max_steps` commands of one seeded game, chosen by `choose` (default: the random bot)."""
    config = spec.normalize_config(human_seats(seats), options)
    table = Table(spec, config, seed)
    pick = choose or (lambda t, seat: t.bot_command(seat, "random"))
    steps = []
    while len(steps) < max_steps and not table.finished:
        seat = min(spec.to_act(table.state))
        command = pick(table, seat)
        before = table.version
        table.submit(seat, command)
        steps.append(Step(seat, command_body(spec, command, before), table.version))
    return Playbook(seed, create_body(spec, seats, options, seed), tuple(steps), table.finished)


def rolls_only(table: Table, seat: int) -> Command:
    """For the toy game: the random bot while bidding, then always `Roll`, so the game never ends."""
    legal = table.spec.legal_commands(table.state, seat)
    rolls = [command for command in legal if type(command).__name__ == "Roll"]
    return rolls[0] if rolls else table.bot_command(seat, "random")
