"""The ladder's part of the storage port (application/ladder.py): entrants per game type, the game each plays
now, and the ladder's games. Every backend implements it in storage/sql/ladder.py."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol


@dataclasses.dataclass(frozen=True, slots=True)
class LadderEntry:
    """An entrant of a game type's ladder: a player (`player`) or a bot level (`bot`), entered by `entered_by`.

    `playing` is the ladder game it plays now (None when waiting) and `playing_status` that game's status
    (None while it is being created, or when it never was: a matchmaker stopped between the two)."""

    entrant: str
    player: str | None
    bot: str | None
    name: str
    entered_by: str
    active: bool
    joined_at: str
    games: int
    last_opponents: tuple[str, ...]
    playing: str | None
    playing_status: str | None

    @property
    def waiting(self) -> bool:
        """Entered, and in no ladder game that runs (or is being created)."""
        return self.active and (self.playing is None or self.playing_status == "finished")


class Ladder(Protocol):
    """The ladders' entrants and games."""

    def ladder_enter(self, game_type: str, entrant: str, player: str | None, bot: str | None, name: str,
                     entered_by: str) -> bool:
        """Enter (or enter again) the ladder; returns False if the entrant was in it already."""

    def ladder_leave(self, game_type: str, entrant: str) -> bool:
        """Leave the ladder (its games and rating are kept); returns False if the entrant was not in it."""

    def ladder_entries(self, game_type: str) -> list[LadderEntry]:
        """Every entrant who ever entered the type's ladder, in the order they first entered."""

    def ladder_types(self) -> list[str]:
        """The game types whose ladder has entrants now."""

    def ladder_release(self, game_type: str, stale_before: str) -> int:
        """Mark waiting again the entrants whose ladder game finished, or was never created though claimed
        before `stale_before`; returns how many."""

    def ladder_claim(self, game_type: str, game_id: str, entrants: Sequence[str]) -> bool:
        """Claim `entrants` (all waiting and entered) for ladder game `game_id`, count the game and record who
        met whom, all at once; False (nothing written) if one of them was claimed meanwhile or left."""

    def ladder_games(self, game_type: str, limit: int) -> list[dict[str, Any]]:
        """The ladder's latest games, newest first: {game_id, entrants (by seat), created_at, status}."""

    def ladder_rows(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """Every row of the ladders as stored (entries, then games), for `trailhead db copy`."""

    def restore_ladder(self, entries: Sequence[Sequence[Any]], games: Sequence[Sequence[Any]]) -> int:
        """Write rows read by `ladder_rows` of another database, those not held already; returns how many."""
