"""The version conflict a command runs into, told as a timeout when the seat's own time ran out meanwhile."""

from __future__ import annotations

from application.game import LoadedGame
from storage import Storage, VersionConflict


class DecisionTimedOut(VersionConflict):
    """A seat's command decided on a version its own timeout moved past: the takeover bot played that
    decision (HTTP 409, as any version conflict, saying so)."""

    def __init__(self, expected: int, current: int, seat: int, bot: str, seq: int) -> None:
        super().__init__(expected, current)
        self.args = (f"seat {seat}'s time ran out: the {bot} bot played its decision after version {expected} "
                     f"(TurnTimedOut, event {seq}), and the game is at version {current} now; read the game "
                     "again and decide on its current version",)


def conflict_of(store: Storage, game: LoadedGame, seat: int, expected: int) -> VersionConflict:
    """The conflict of `seat`'s command decided on `expected`, saying so when the seat's own decision timed
    out meanwhile (a clocked game's TurnTimedOut for this seat after `expected`)."""
    if game.clock is not None and expected < game.version:
        for event in store.events(game.record.id, after=expected, limit=min(game.version - expected, 500)):
            if event.type == "TurnTimedOut" and event.seat == seat:
                return DecisionTimedOut(expected, game.version, seat, event.data["bot"], event.seq)
    return VersionConflict(expected, game.version)
