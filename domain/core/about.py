"""What a game type says about itself to client developers (GET /api/v1/game-types/{type}).

Each game supplies, through its spec: a rules summary in our own words with the rulebook section
of each rule, the public catalog of its components (every card, tile, location and board space by
id, with its printed values, read from the game's data files), a JSON Schema of its seat view, a
readable label for each legal command, and the range of any argument that ranges over many values.
The JSON Schemas of the commands' `args` come from the command Structs themselves (msgspec).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import msgspec

from domain.core.codec import Codec, Message, to_plain

#: The JSON Schema dialect of `commands` and `view_schema`.
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

Catalog = Mapping[str, Mapping[str, Mapping[str, Any]]]
"""Component kind (a plural noun: "mountains") -> id -> its printed values."""

Ranges = Mapping[str, Mapping[str, int]]
"""An argument's path inside `args` ("amount", "offer.equipment") -> {"min", "max", "step"}."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """One rule in our own words and the rulebook section it summarises."""

    section: str
    summary: str


def no_catalog() -> Catalog:
    return {}


def no_ranges(state: Any, seat: int, command: Message) -> Ranges:
    return {}


def plain_label(state: Any, seat: int, command: Message) -> str:
    """A fallback label: the command's type and arguments, for a game that words none of its own."""
    args = to_plain(command)
    if not args:
        return command.TYPE
    return f"{command.TYPE} ({', '.join(f'{name} {value}' for name, value in sorted(args.items()))})"


def command_schemas(codec: Codec) -> dict[str, dict[str, Any]]:
    """Each command type's JSON Schema of its `args`, whole (every `$ref` resolved from its own `$defs`).

    msgspec writes the schema from the Struct (fields, types, defaults, `forbid_unknown_fields` as
    `additionalProperties: false`, the class docstring as `description`).
    """
    classes = codec.classes()
    roots, components = msgspec.json.schema_components(classes, ref_template="#/$defs/{name}")
    schemas = {}
    for cls, root in zip(classes, roots):
        name = root["$ref"].rsplit("/", 1)[-1]
        schema: dict[str, Any] = {"$schema": SCHEMA_DIALECT, **components[name]}
        schema.pop("title", None)
        needed = _referenced(schema, components)
        needed.discard(name)
        if needed:
            schema["$defs"] = {ref: components[ref] for ref in sorted(needed)}
        schemas[cls.TYPE] = schema
    return to_plain(dict(sorted(schemas.items())))  # plain JSON: a tuple default becomes a list


def _referenced(schema: Any, components: Mapping[str, Any], seen: set[str] | None = None) -> set[str]:
    """The names of every component `schema` refers to, directly or through another component."""
    seen = set() if seen is None else seen
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                _referenced(components[name], components, seen)
        for value in schema.values():
            _referenced(value, components, seen)
    elif isinstance(schema, list):
        for value in schema:
            _referenced(value, components, seen)
    return seen
