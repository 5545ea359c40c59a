"""One arena game on domain.core.Table: bot levels choose with the table's own bots, engines over the protocol.

An engine's failed decision (it exited, was late, or answered with something that is not a listed
action nor a command the rules accept) is played by the takeover bot and counted per reason; the
command is recorded with that bot's level, as the service records a bot's command, so the exported
document audits like any other.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from pathlib import Path
from typing import Any

from application.engine_protocol import (ChoiceRefused, chosen_command, decide_message, hello_message,
                                         over_message)
from arena.engines import ILLEGAL, EngineFailed, EngineProcess
from domain.core import Command, DomainError, GameSpec, SeatConfig, Table
from domain.games import game_spec
from replays.offline import Move, offline_document
from replays.transfer import document_bytes

RUNNER = "trailhead-arena/0.1.0"
MAX_DECISIONS = 100_000


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    """A contestant: a bot level (`bot:LEVEL`, a search budget as `bot:search:ITERATIONS`) or an engine
    (`engine:CMD ...`). `label` names it in the tables, unique within the arena."""

    label: str
    level: str | None = None
    iterations: int | None = None
    command: str | None = None

    @property
    def is_engine(self) -> bool:
        return self.command is not None


@dataclasses.dataclass(frozen=True, slots=True)
class Arena:
    """What every game of a run shares (handed to each worker process once)."""

    type_: str
    players: tuple[Player, ...]
    options: dict[str, Any]
    takeover: str
    move_seconds: float
    export: str | None
    seed_source: str


@dataclasses.dataclass(frozen=True, slots=True)
class Job:
    """One game: the seed's number, the rotation of the seats, who sits where (players' indices) and the seed."""

    number: int
    rotation: int
    seating: tuple[int, ...]
    seed: str


@dataclasses.dataclass(slots=True)
class Outcome:
    job: Job
    game_id: str
    places: list[int]  # by seat
    scores: list[int]  # by seat
    decisions: list[int]  # by seat: the decisions its player was asked for
    takeovers: list[dict[str, int]]  # by seat: failed decisions by reason
    seconds: float
    file: str | None


def game_id_of(arena: Arena, job: Job) -> str:
    """A game id from the seed, the rotation and who plays: a run again with the same `--seed` names its games
    the same (a server that imports a document twice keeps the first)."""
    key = "\x00".join(["trailhead-arena", arena.type_, job.seed, str(job.rotation),
                       *(arena.players[index].label for index in job.seating)])
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def engine_command(spec: GameSpec, table: Table, seat: int, engine: EngineProcess, game_id: str) -> Command:
    """The command an engine chooses for `seat`, from a `decide` message like trailhead-bot's
    (application/engine_protocol.py builds it and reads the answer, as for a webhook seat).

    Raises:
        EngineFailed: no usable answer (its reason says why).
    """
    legal = spec.legal_commands(table.state, seat)
    answer = engine.decide(decide_message(spec, table.state, seat, table.version, game_id, legal))
    try:
        return chosen_command(spec, legal, answer)
    except ChoiceRefused as refused:
        raise EngineFailed(ILLEGAL, str(refused)) from None


class Worker:
    """Plays the games of one process, keeping each engine player's process from game to game."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.spec = game_spec(arena.type_)
        hello = hello_message(self.spec, RUNNER)
        self.engines = {index: EngineProcess(player.command, hello, arena.move_seconds)
                        for index, player in enumerate(arena.players) if player.command is not None}

    def close(self) -> None:
        for engine in self.engines.values():
            engine.stop()

    def play(self, job: Job) -> Outcome:
        arena, spec = self.arena, self.spec
        started = time.monotonic()
        players = [arena.players[index] for index in job.seating]
        seats = [SeatConfig.of(player.label, player.level, player.iterations) for player in players]
        config = spec.normalize_config(seats, arena.options)
        game_id = game_id_of(arena, job)
        table = Table(spec, config, job.seed, game_id)
        opening = list(table.events)
        moves: list[Move] = []
        asked = [0] * len(seats)
        takeovers: list[dict[str, int]] = [{} for _ in seats]
        for index in set(job.seating) & set(self.engines):
            self.engines[index].new_game()
        while not table.finished:
            if len(moves) >= MAX_DECISIONS:
                raise RuntimeError(f"{spec.id} did not end within {MAX_DECISIONS} decisions (seed {job.seed})")
            seat = min(spec.to_act(table.state))
            player, bot = players[seat], players[seat].level
            before, command = table.version, None
            asked[seat] += 1
            if player.is_engine:
                try:
                    command = engine_command(spec, table, seat, self.engines[job.seating[seat]], game_id)
                    table.submit(seat, command)
                except (EngineFailed, DomainError) as failed:
                    reason = failed.reason if isinstance(failed, EngineFailed) else ILLEGAL
                    takeovers[seat][reason] = takeovers[seat].get(reason, 0) + 1
                    command, bot = None, arena.takeover
            if command is None:
                command = table.bot_command(seat, bot)  # type: ignore[arg-type]
                table.submit(seat, command)
            moves.append(Move(seat, command, tuple(table.events[before:]), bot))
        result = spec.result(table.state)
        assert result is not None
        places, scores = [0] * len(seats), [0] * len(seats)
        for row in result["standings"]:
            places[row["seat"]], scores[row["seat"]] = row["place"], row.get("score", 0)
        for seat, index in enumerate(job.seating):
            if index in self.engines:
                self.engines[index].tell(over_message(spec, game_id, table.version, seat, result))
        file = None
        if arena.export is not None:
            document = offline_document(spec, config, job.seed, opening, moves, table.state, arena.seed_source)
            path = Path(arena.export) / f"{game_id}.json"
            path.write_bytes(document_bytes(document))
            file = str(path)
        return Outcome(job, game_id, places, scores, asked, takeovers, time.monotonic() - started, file)
