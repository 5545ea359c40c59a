"""The guard half of every command: raise IllegalCommand in the rulebook's words."""

from __future__ import annotations

from domain.core import IllegalCommand
from domain.games.hitchiker.state import Phase, State


def require(condition: bool, reason: str) -> None:
    """Insist on a rule.

    Raises:
        IllegalCommand: `reason`, when `condition` does not hold.
    """
    if not condition:
        raise IllegalCommand(reason)


def require_phase(state: State, phase: Phase, reason: str) -> None:
    """Insist that the game is asking this question now.

    Raises:
        IllegalCommand: `reason`, when the game is not in `phase`.
    """
    require(state.phase is phase, reason)
