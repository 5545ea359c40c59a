"""Ranges of money a command may name: a deposit, a stake, a wager, a bet.

`decide` accepts any amount of the range; `legal_commands` lists a few
representative ones and the view describes the whole range.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.core import Value
from domain.games.hitchiker.state import BILL


class Range(Value):
    """Amounts from `low` to `high` in steps of `step`; `high` (everything) is always allowed."""

    low: int
    high: int
    step: int = BILL

    def __contains__(self, amount: object) -> bool:
        if not isinstance(amount, int) or isinstance(amount, bool):
            return False
        return amount == self.high or (self.low <= amount <= self.high and amount % self.step == 0)

    def samples(self, extra: Sequence[int] = ()) -> tuple[int, ...]:
        """A handful of representative amounts: the ends, the quarters and any `extra` in range."""
        span = self.high - self.low
        picks = {self.low, self.high, *extra}
        for quarter in (1, 2, 3):
            picks.add(self.low + (span * quarter // 4) // self.step * self.step)
        return tuple(sorted(amount for amount in picks if amount in self))

    def as_view(self) -> dict[str, int]:
        return {"min": self.low, "max": self.high, "step": self.step}


def bills(amount: int) -> int:
    """`amount` rounded down to whole $1,000 bills."""
    return amount // BILL * BILL
