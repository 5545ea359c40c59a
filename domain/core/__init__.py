"""The game protocol, events, commands, seat views, RNG and errors shared by all games."""

from domain.core.canonical import canonical_json
from domain.core.codec import Codec, from_plain, to_plain
from domain.core.errors import DomainError, IllegalCommand, InvalidCommand, UnknownGame
from domain.core.protocol import (
    PUBLIC,
    Bot,
    Command,
    Event,
    GameConfig,
    GameCreated,
    GameSpec,
    SeatConfig,
    Visibility,
    normalize_options,
    random_bot,
)
from domain.core.rng import Rng
from domain.core.table import Table, bot_rng, decision_rng, opening_events, seed_commitment

__all__ = [
    "PUBLIC",
    "Bot",
    "Codec",
    "Command",
    "DomainError",
    "Event",
    "GameConfig",
    "GameCreated",
    "GameSpec",
    "IllegalCommand",
    "InvalidCommand",
    "Rng",
    "SeatConfig",
    "Table",
    "UnknownGame",
    "Visibility",
    "bot_rng",
    "canonical_json",
    "decision_rng",
    "from_plain",
    "normalize_options",
    "opening_events",
    "random_bot",
    "seed_commitment",
    "to_plain",
]
