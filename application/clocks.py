"""Turn clocks (issue 15): placeholder until the clocks work lands; no game has a deadline yet."""

from __future__ import annotations

from typing import Any


def seat_deadline(game: Any, seat: int) -> str | None:
    return None
