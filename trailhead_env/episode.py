"""One game played in memory for the environment: a `domain.core.Table` plus the record of who played what.

The table is the very command cycle the server runs (guard, decide with the seed-derived RNG, fold), so an
episode's events are the events the server would record for the same seed and commands. The moves are kept
so the finished episode can be handed back as a replay document (replays/offline.py, imported only then).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from domain.core import Command, Event, GameSpec, SeatConfig, Table, canonical_json
from domain.core.protocol import strongest_bot
from trailhead_env.spaces import action_mask

SEAT_PREFIX = "seat_"


def agent_name(seat: int) -> str:
    return f"{SEAT_PREFIX}{seat}"


def seat_of(agent: str) -> int:
    return int(agent.removeprefix(SEAT_PREFIX))


def episode_seed(seed: int | str | None) -> str:
    """The game's seed as the domain takes it (a string); None draws a fresh one."""
    return secrets.token_hex(16) if seed is None else str(seed)


def episode_game_id(spec: GameSpec, seed: str) -> str:
    """A game id bound to the type and the seed, so the same episode gives the same document (and an import of
    it twice finds the first)."""
    return hashlib.sha256(f"trailhead-env\x00{spec.id}\x00{seed}".encode()).hexdigest()[:32]


class Episode:
    """A game in memory: its table, its moves, and the bot level of each bot seat."""

    def __init__(self, spec: GameSpec, seats: int, options: Mapping[str, Any] | None, seed: str,
                 rules_version: int | None = None, bots: Mapping[int, str] | None = None) -> None:
        bots = dict(bots or {})
        configs = [SeatConfig.of(agent_name(index), bots.get(index)) for index in range(seats)]
        self.spec = spec
        self.seed = seed
        self.bots = bots
        self.table = Table(spec, spec.normalize_config(configs, options, rules_version), seed,
                           episode_game_id(spec, seed))
        self.opening = tuple(self.table.events)
        self.moves: list[tuple[int, Command, tuple[Event, ...], str | None]] = []  # (seat, command, events, bot)
        self._known: tuple[int, dict[str, Any] | None, frozenset[int]] | None = None  # (version, result, to act)

    @property
    def finished(self) -> bool:
        return self._now()[1] is not None

    def to_act(self) -> frozenset[int]:
        return self._now()[2]

    def result(self) -> dict[str, Any] | None:
        return self._now()[1]

    def _now(self) -> tuple[int, dict[str, Any] | None, frozenset[int]]:
        """The result and the seats to act at this version, worked out once per version (an agent's step asks
        for them several times)."""
        version = self.table.version
        if self._known is None or self._known[0] != version:
            result = self.spec.result(self.table.state)
            self._known = (version, result, frozenset() if result is not None else self.spec.to_act(self.table.state))
        return self._known

    def play(self, seat: int, command: Command) -> None:
        """Play one command for `seat` (a bot seat's command is recorded as its level's)."""
        events = self.table.submit(seat, command)
        self.moves.append((seat, command, tuple(events), self.bots.get(seat)))

    def play_bot(self, seat: int) -> None:
        self.play(seat, self.table.bot_command(seat, self.bots[seat]))

    def observation(self, seat: int, listed: list[Command]) -> dict[str, Any]:
        """What `seat` observes (spaces.py): its view, its `listed` actions as the API lists them, their mask."""
        encode = self.spec.commands.encode
        actions = [dict(zip(("type", "args"), encode(command), strict=True)) for command in listed]
        return {"view": self.spec.view(self.table.state, seat), "actions": actions,
                "action_mask": action_mask(self.spec.id, len(listed))}

    def document(self) -> dict[str, Any]:
        """The finished game as a portable replay document.

        Raises:
            IllegalCommand: the game has not ended.
        """
        # Imported here, not at the top: the document is built by the export's own code (replays/, over the
        # application and storage packages), which a training loop that never asks for one need not load.
        from replays.offline import Move, offline_document

        moves = [Move(seat, command, events, bot) for seat, command, events, bot in self.moves]
        return offline_document(self.spec, self.table.config, self.seed, self.opening, moves, self.table.state)


def bot_level(spec: GameSpec, level: str | None) -> str:
    """A level of the game's bots; None: the strongest hand-written one (`search` must be named).

    Raises:
        ValueError: the game has no such level.
    """
    if level is None:
        return strongest_bot(spec)
    if level not in spec.bots:
        raise ValueError(f"{spec.id} has no bot level {level!r}; levels: {', '.join(spec.bots)}")
    return level


class EpisodeHolder:
    """What both environments (the PettingZoo one and the single-seat gymnasium one) do with their current
    episode: hand it out once reset, render it, and give it as a replay document once finished."""

    spec: GameSpec
    episode: Episode | None
    render_mode: str | None
    _base_seed: str | None  # the seed of the sequence: the constructor's or the last reset's
    _resets: int  # episodes played on it

    def _next_seed(self, seed: int | str | None) -> str:
        """The seed of the episode a reset starts: `seed` when given (a new sequence), else the sequence's next,
        `S`, `S/1`, `S/2`... (a fresh `S` drawn when there is none yet)."""
        if seed is not None:
            self._base_seed, self._resets = str(seed), 0
        elif self._base_seed is None:
            self._base_seed, self._resets = episode_seed(None), 0
        game_seed = self._base_seed if self._resets == 0 else f"{self._base_seed}/{self._resets}"
        self._resets += 1
        return game_seed

    def _current(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() first")
        return self.episode

    def replay_document(self) -> dict[str, Any]:
        """The finished episode as the portable replay document `GET /api/v1/games/{id}/export` gives, which
        `POST /api/v1/replays` imports and the audit verifies.

        Raises:
            IllegalCommand: the game has not ended (its seed is revealed only at the end).
        """
        return self._current().document()

    def render(self) -> str | None:
        """`ansi`: the spectator's view as canonical JSON."""
        if self.render_mode != "ansi":
            return None
        return canonical_json(self.spec.view(self._current().table.state, None))
