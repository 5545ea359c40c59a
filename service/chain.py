"""The sha256 hash chain over a game's events (DESIGN.md, Events and the store)."""

from __future__ import annotations

import hashlib
from typing import Any

from domain.core import canonical_json

GENESIS_HASH = "0" * 64


def event_hash(prev_hash: str, seq: int, type_: str, data: Any, seat: int | None, command_id: str | None) -> str:
    """hash = sha256(prev_hash + canonical([seq, type, data, seat, command_id]))."""
    body = canonical_json([seq, type_, data, seat, command_id])
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()
