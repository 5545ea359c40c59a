"""The game types as clients read them: the list, and one type described whole with its ETag.

A type's description (GET /api/v1/game-types/{type}) is fixed by its spec, so it is built once per
process and served with a strong ETag, the hash of its canonical JSON: a client that sends it back
in `If-None-Match` gets a 304 and keeps its cached copy (catalogs run to a few hundred entries).
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from domain.core import BotLevel, GameSpec, canonical_json, command_schemas

UNDESCRIBED = BotLevel(description="A bot level of this game type.", strength="Not measured.")


def game_type(spec: GameSpec) -> dict[str, Any]:
    """The fields of a game type in the list (DESIGN.md: GET /game-types)."""
    return {
        "id": spec.id,
        "title": spec.title,
        "min_seats": spec.min_seats,
        "max_seats": spec.max_seats,
        "options_schema": dict(spec.options_schema),
        "bots": list(spec.bots),
        # issue 29: beside the list of levels, each level in words with its measured strength
        "bot_levels": bot_levels(spec),
        "rules_version": spec.rules_version,
        # extends DESIGN's list (issue 17): every version whose games this server replays, audits and goes on with
        "rules_versions": list(spec.rules_versions),
    }


def bot_levels(spec: GameSpec) -> list[dict[str, str]]:
    """Each of the type's bot levels, weakest first: its name, what it does, how strong it measured."""
    rows = []
    for level in spec.bots:
        words = spec.bot_levels.get(level, UNDESCRIBED)
        rows.append({"level": level, "description": words.description, "strength": words.strength})
    return rows


@dataclasses.dataclass(frozen=True, slots=True)
class Described:
    """One game type described whole, and the ETag of that body (unquoted: a strong tag's value)."""

    body: dict[str, Any]
    etag: str


#: Descriptions built so far, by (type, rules version): a spec never changes while the process runs.
_built: dict[tuple[str, int], Described] = {}


def described(spec: GameSpec) -> Described:
    """The list's fields plus `commands`, `view_schema`, `rules` and `catalog` (DESIGN.md, second wave)."""
    key = (spec.id, spec.rules_version)
    if key not in _built:
        _built[key] = _describe(spec)
    return _built[key]


def _describe(spec: GameSpec) -> Described:
    body = {
        **game_type(spec),
        "commands": command_schemas(spec.commands),
        "view_schema": dict(spec.view_schema),
        "rules": [{"section": rule.section, "summary": rule.summary} for rule in spec.rules],
        "catalog": {kind: dict(entries) for kind, entries in spec.catalog().items()},
    }
    text = canonical_json(body)
    return Described(body, hashlib.sha256(text.encode()).hexdigest()[:32])
