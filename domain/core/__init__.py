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
    "UnknownGame",
    "Visibility",
    "canonical_json",
    "from_plain",
    "normalize_options",
    "random_bot",
    "to_plain",
]
