"""The game protocol, events, commands, seat views, RNG and errors shared by all games."""

from domain.core.about import Catalog, Ranges, Rule, command_schemas
from domain.core.canonical import canonical_json
from domain.core.codec import Codec, canonical_bytes, from_plain, to_plain
from domain.core.errors import DomainError, IllegalCommand, InvalidCommand, NoLegalCommand, Refusal, UnknownGame, refuse
from domain.core.protocol import (
    PUBLIC,
    Bot,
    BotLevel,
    Command,
    Event,
    GameConfig,
    GameCreated,
    GameSpec,
    SeatConfig,
    Value,
    Visibility,
    normalize_options,
    random_bot,
)
from domain.core.rng import Rng
from msgspec.structs import replace  # a copy of a Value with some fields changed
from domain.core.cycle import (
    bot_rng,
    check_turn,
    decision_rng,
    game_created,
    opening_events,
    play_bot,
    play_command,
    seed_commitment,
)
from domain.core.emit import Decision, Emitter
from domain.core.table import Table

__all__ = [
    "Catalog",
    "Ranges",
    "Rule",
    "command_schemas",
    "PUBLIC",
    "Bot",
    "BotLevel",
    "Codec",
    "Command",
    "Decision",
    "DomainError",
    "Emitter",
    "Event",
    "GameConfig",
    "GameCreated",
    "GameSpec",
    "IllegalCommand",
    "InvalidCommand",
    "NoLegalCommand",
    "Refusal",
    "Rng",
    "SeatConfig",
    "Table",
    "UnknownGame",
    "Value",
    "Visibility",
    "bot_rng",
    "canonical_bytes",
    "canonical_json",
    "check_turn",
    "decision_rng",
    "from_plain",
    "game_created",
    "normalize_options",
    "opening_events",
    "play_bot",
    "play_command",
    "random_bot",
    "refuse",
    "replace",
    "seed_commitment",
    "to_plain",
]
