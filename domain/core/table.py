"""An in-memory table: the command cycle without storage.

The same steps the service's command handler takes (DESIGN.md): fold the events,
`decide` with the RNG derived from the seed and the next event's sequence number,
append. Used by `trailhead play`, the benchmarks and the conformance tests; the
service shares `opening_events`, `decision_rng` and `bot_rng` with it, so both
derive randomness the same way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

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


def opening_events(
    spec: GameSpec,
    game_id: str,
    config: GameConfig,
    seed: str,
    forked_from: Mapping[str, Any] | None = None,
) -> list[Event]:
    """GameCreated followed by the game's setup events, drawn from the RNG of seq 2."""
    created = GameCreated(
        game_id=game_id,
        game_type=spec.id,
        rules_version=spec.rules_version,
        seed_commitment=seed_commitment(seed),
        seats=config.seats,
        options=dict(config.options),
        forked_from=dict(forked_from) if forked_from is not None else None,
    )
    return [created, *spec.setup(config, decision_rng(seed, 1))]


class Table:
    """One game held in memory: its events, its folded state, and its seed."""

    def __init__(self, spec: GameSpec, config: GameConfig, seed: str, game_id: str = "table") -> None:
        self.spec = spec
        self.seed = seed
        self.events: list[Event] = opening_events(spec, game_id, config, seed)
        self.state = spec.fold(self.events)

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def finished(self) -> bool:
        return self.spec.result(self.state) is not None

    def submit(self, seat: int, command: Command) -> list[Event]:
        """Decide and apply one command; raises the domain errors of `decide`."""
        new_events = self.spec.decide(self.state, seat, command, decision_rng(self.seed, self.version))
        for event in new_events:
            self.state = self.spec.evolve(self.state, event)
        self.events.extend(new_events)
        return new_events

    def bot_command(self, seat: int, level: str) -> Command:
        """What the bot of `level` in `seat` chooses, from that seat's view only."""
        legal = self.spec.legal_commands(self.state, seat)
        view = self.spec.view(self.state, seat)
        return self.spec.bots[level](view, legal, bot_rng(self.seed, self.version, seat))

    def play_bots(self, levels: Sequence[str] | Mapping[int, str], max_commands: int = 100_000) -> int:
        """Let bots play every seat until the game ends; returns the number of commands.

        Raises:
            RuntimeError: the game did not end within `max_commands`.
        """
        by_seat = dict(enumerate(levels)) if isinstance(levels, Sequence) else dict(levels)
        for count in range(max_commands):
            if self.finished:
                return count
            seat = min(self.spec.to_act(self.state))
            self.submit(seat, self.bot_command(seat, by_seat[seat]))
        if self.finished:
            return max_commands
        raise RuntimeError(f"{self.spec.id} did not end within {max_commands} commands")
