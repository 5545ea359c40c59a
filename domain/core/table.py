"""An in-memory table: the command cycle without storage (`trailhead play`, benches, conformance)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.core.cycle import decision_rng, opening_events, play_bot, play_command
from domain.core.protocol import Command, Event, GameConfig, GameSpec


class Table:
    """One game held in memory: its events, its folded state, and its seed."""

    def __init__(self, spec: GameSpec, config: GameConfig, seed: str, game_id: str = "table") -> None:
        self.spec = spec
        self.config = config
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
        """Play one command through the command cycle; raises the domain errors of `play_command`."""
        new_events, self.state = play_command(self.spec, self.state, seat, command,
                                              decision_rng(self.seed, self.version))
        self.events.extend(new_events)
        return new_events

    def bot_command(self, seat: int, level: str) -> Command:
        """What the bot of `level` in `seat` chooses, from that seat's view only (at the seat's own search budget
        when it was created a `search` seat with one)."""
        configured = self.config.seats[seat] if seat < len(self.config.seats) else None
        budget = configured.budget if configured is not None and configured.bot == level else None
        return play_bot(self.spec, self.state, seat, level, self.seed, self.version, budget)

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
