"""Domain errors: every rejection a game can give, with a human-readable reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class DomainError(Exception):
    """Base of the domain errors; `reason` is the text a client sees."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidCommand(DomainError):
    """The command is malformed: unknown type, missing or mistyped arguments (HTTP 400)."""


class IllegalCommand(DomainError):
    """The command is well formed but the rules forbid it now (HTTP 422)."""


class NoLegalCommand(DomainError):
    """A seat to act has no legal command: the game cannot go on from this state (no bot can move it;
    the service halts its bot turns and reports the game instead of retrying it)."""


class UnknownGame(DomainError):
    """No game type with that id is registered (HTTP 404)."""


#: A game's one predicate for a command type: (state, seat, command) -> why the rules forbid it now, in the
#: rulebook's words, or None when they allow it (domain/core/package.py, How rules.py reads).
Refusal = Callable[[Any, int, Any], "str | None"]


def refuse(reason: str | None) -> None:
    """Go on when a refusal predicate gave no reason; else refuse the command with it.

    Raises:
        IllegalCommand: `reason`, when there is one.
    """
    if reason is not None:
        raise IllegalCommand(reason)
