"""Where a game's secret seed comes from, and how a client's seed is mixed with the server's.

A weak client seed ("4711") is found from the public chance outcomes in a moment, and with it
every hidden card of the game. So by default the server draws 256 bits for every game and a
client's seed is only mixed in: the game's seed is `<64 hex digits of the server's part>:<the
client's seed>`, committed to by `seed_commitment = sha256(seed)` like any other and revealed,
both parts readable, when the game ends; the audit re-derives every event from it as before.
With TRAILHEAD_CLIENT_SEEDS=exact a client's seed is used as it is (same seed and commands,
same events) and the game says so: `seed_source` "client", so every seat knows a client may
know the seed.
"""

from __future__ import annotations

import re
import secrets

SERVER, CLIENT, MIXED, UNKNOWN = "server", "client", "mixed", "unknown"  # UNKNOWN: recorded by release 0.1
TOURNAMENT = "tournament"  # a tournament's game: derived from the tournament's seed (domain/tournaments/seeds.py)
SEED_SOURCES = (SERVER, CLIENT, MIXED, UNKNOWN, TOURNAMENT)
CLIENT_SEED_MODES = ("mixed", "exact")
_MIXED = re.compile(r"([0-9a-f]{64}):(.*)", re.DOTALL)


def new_server_seed() -> str:
    return secrets.token_hex(32)


def game_seed(client_seed: str | None, mode: str) -> tuple[str, str]:
    """The seed a new game plays with, and its source."""
    if client_seed is None:
        return new_server_seed(), SERVER
    if mode == "exact":
        return client_seed, CLIENT
    return f"{new_server_seed()}:{client_seed}", MIXED


def seed_parts(seed: str, source: str) -> dict[str, str] | None:
    """The server's and the client's part of a mixed seed (None for any other source)."""
    found = _MIXED.fullmatch(seed) if source == MIXED else None
    return {"server": found.group(1), "client": found.group(2)} if found else None
