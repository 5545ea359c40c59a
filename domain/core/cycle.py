"""The command cycle, written once: guard, decide, fold (DESIGN.md, The game protocol).

`play_command` is what every writer runs: the in-process table, the service's command
handler, the bot turns and the audit's re-derivation. The RNG of a decision comes from the
game's seed and the seq of the decision's first event, so all of them derive chance alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import msgspec

from domain.core.errors import IllegalCommand, NoLegalCommand
from domain.core.protocol import Command, Event, GameConfig, GameCreated, GameSpec
from domain.core.rng import Rng


def seed_commitment(seed: str) -> str:
    """sha256 of the seed, published in GameCreated while the seed stays secret."""
    return hashlib.sha256(seed.encode()).hexdigest()


def decision_rng(seed: str, version: int) -> Rng:
    """The RNG for the decision whose first event will be `version + 1`."""
    return Rng(seed, version + 1)


def bot_rng(seed: str, version: int, seat: int) -> Rng:
    """A bot's own stream: one-way from the seed, so it reveals nothing of the game's draws."""
    return Rng(seed, version + 1, label=f"bot:{seat}")


def game_created(
    spec: GameSpec,
    game_id: str,
    config: GameConfig,
    seed: str,
    forked_from: Mapping[str, Any] | None = None,
    rematch_of: str | None = None,
    ladder: bool = False,
) -> GameCreated:
    """The first event of a game (created, or forked): its type, rules version, seats, options and seed commitment."""
    return GameCreated(
        game_id=game_id,
        game_type=spec.id,
        rules_version=spec.rules_version if config.rules_version is None else config.rules_version,
        seed_commitment=seed_commitment(seed),
        seats=config.seats,
        options=dict(config.options),
        forked_from=dict(forked_from) if forked_from is not None else None,
        rematch_of=msgspec.UNSET if rematch_of is None else rematch_of,
        ladder=True if ladder else msgspec.UNSET,
    )


def opening_events(
    spec: GameSpec,
    game_id: str,
    config: GameConfig,
    seed: str,
    forked_from: Mapping[str, Any] | None = None,
    rematch_of: str | None = None,
    ladder: bool = False,
) -> list[Event]:
    """GameCreated followed by the game's setup events, drawn from the RNG of seq 2."""
    return [game_created(spec, game_id, config, seed, forked_from, rematch_of, ladder),
            *spec.setup(config, decision_rng(seed, 1))]


def check_turn(spec: GameSpec, state: Any, seat: int) -> None:
    """The guard before any decision: the game is not over, and `seat` is to act.

    Raises:
        IllegalCommand: the game is over, or it is not that seat's turn.
    """
    if spec.result(state) is not None:
        raise IllegalCommand("the game is over")
    to_act = spec.to_act(state)
    if seat not in to_act:
        raise IllegalCommand(f"it is not seat {seat}'s turn; to act: {', '.join(map(str, sorted(to_act)))}")


def play_command(spec: GameSpec, state: Any, seat: int, command: Command, rng: Rng) -> tuple[list[Event], Any]:
    """Guard, decide and fold one command: its events and the state after them.

    `evolve` runs once per event: a `decide` that emits through `domain.core.Emitter`
    returns its events with the state they lead to.

    Raises:
        IllegalCommand: the game is over, it is not the seat's turn, or the rules forbid it.
        InvalidCommand: the command is malformed for this game.
    """
    check_turn(spec, state, seat)
    events = spec.decide(state, seat, command, rng)
    after = getattr(events, "state", None)
    if after is None:
        after = spec.fold(events, state)
    return list(events), after


def play_bot(spec: GameSpec, state: Any, seat: int, level: str, seed: str, version: int,
             iterations: int | None = None) -> Command:
    """The command the bot of `level` in `seat` chooses, from that seat's view and legal commands only;
    `iterations` is a `search` seat's own budget (SeatConfig.iterations; None: the game's default).

    Raises:
        NoLegalCommand: the seat has no legal command (a state no bot can move on from).
    """
    legal = spec.legal_commands(state, seat)
    if not legal:
        raise NoLegalCommand(f"seat {seat} is to act but has no legal command")
    view = spec.view(state, seat)
    bot = spec.bots[level]
    if iterations is not None:
        return bot(view, legal, bot_rng(seed, version, seat), iterations=iterations)  # type: ignore[call-arg]
    return bot(view, legal, bot_rng(seed, version, seat))

