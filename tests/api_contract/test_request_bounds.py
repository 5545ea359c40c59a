"""openapi.yaml is as strict as the service: each bound a request schema of the service enforces is in the contract.

The service loads every request body and query with marshmallow (service/schemas/). For each of
them, field by field, the contract's schema (a body's property, a query's parameter) must name the
same fields, require the same ones, allow null where they do, and state the same lengths, ranges,
patterns and choices; a body that refuses unknown fields has `additionalProperties: false`. Rules
that hold for every value of every request (integers within the signed 64-bit range, no U+0000) are
stated once, in the contract's info, and not repeated here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import re

import pytest
import yaml
from marshmallow import RAISE, Schema, fields, validate

from service.schemas import games, lobby, players, replays, tournaments, values

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
INT64_MIN, INT64_MAX = values.INT64_MIN, values.INT64_MAX


@functools.cache
def document() -> dict[str, Any]:
    """The contract, read once per process (the tests only read it)."""
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def resolved(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with its `$ref` and `allOf` folded in (the contract's request schemas use no other combinator)."""
    if "$ref" in schema:
        target = doc
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        schema = {**resolved(doc, target), **{k: v for k, v in schema.items() if k != "$ref"}}
    for part in schema.get("allOf", []):
        schema = {**resolved(doc, part), **{k: v for k, v in schema.items() if k != "allOf"}}
    return schema


def body(doc: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return resolved(doc, doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"])


def query(doc: dict[str, Any], path: str) -> dict[str, Any]:
    """A query's parameters as one object schema: name -> schema, `required` from each parameter."""
    parameters = [p for p in doc["paths"][path]["get"].get("parameters", []) if p["in"] == "query"]
    return {"type": "object", "additionalProperties": False,
            "properties": {p["name"]: resolved(doc, p["schema"]) for p in parameters},
            "required": [p["name"] for p in parameters if p.get("required")]}


def pairs() -> Iterator[tuple[str, Schema, dict[str, Any]]]:
    doc = document()
    create = body(doc, "/api/v1/games", "post")
    document_schema = resolved(doc, {"$ref": "#/components/schemas/ReplayDocument"})  # importReplay's first kind
    tournament = body(doc, "/api/v1/tournaments", "post")
    tournament_document = resolved(doc, {"$ref": "#/components/schemas/TournamentDocument"})
    yield "createGame", games.CreateGameRequest(), create
    yield "createGame seats", games.TableSeatRequest(), resolved(doc, create["properties"]["seats"]["items"])
    yield "createPlayer", players.PlayerRequest(), body(doc, "/api/v1/players", "post")
    yield "joinGame", games.JoinRequest(), body(doc, "/api/v1/games/{game_id}/join", "post")
    yield "sendCommand", games.CommandRequest(), body(doc, "/api/v1/games/{game_id}/commands", "post")
    yield "forkGame", replays.ForkRequest(), body(doc, "/api/v1/games/{game_id}/fork", "post")
    yield "importReplay", replays.ReplayDocument(), document_schema
    yield "importReplay events", replays.DocumentEvent(), document_schema["properties"]["events"]["items"]
    yield "importReplay commands", replays.DocumentCommand(), document_schema["properties"]["commands"]["items"]
    yield "importReplay seats", replays.DocumentSeat(), document_schema["properties"]["seats"]["items"]
    yield "createTournament", tournaments.CreateTournamentRequest(), tournament
    yield "createTournament entrants", tournaments.EntrantRequest(), resolved(doc, tournament["properties"]["entrants"]["items"])
    yield "importReplay tournament", tournaments.TournamentDocument(), tournament_document
    yield "importReplay tournament events", tournaments.TournamentDocumentEvent(), tournament_document["properties"]["events"]["items"]
    yield "listTournaments", tournaments.TournamentsQuery(), query(doc, "/api/v1/tournaments")
    yield "listGames", lobby.GamesQuery(), query(doc, "/api/v1/games")
    yield "leaderboard", lobby.LeaderboardQuery(), query(doc, "/api/v1/leaderboard")
    yield "listEvents", games.EventsQuery(), query(doc, "/api/v1/games/{game_id}/events")
    yield "replayAt", replays.ReplayQuery(), query(doc, "/api/v1/games/{game_id}/replay")
    yield "timeline", replays.TimelineQuery(), query(doc, "/api/v1/games/{game_id}/timeline")
    yield "audit", replays.AuditQuery(), query(doc, "/api/v1/games/{game_id}/audit")


PAIRS = list(pairs())
QUERIES = frozenset({"listTournaments", "listGames", "leaderboard", "listEvents", "replayAt", "timeline", "audit"})
BODIES = [pair for pair in PAIRS if pair[0] not in QUERIES]


def bounds(field: fields.Field) -> dict[str, Any]:
    """What `field` enforces, in JSON Schema's words."""
    found: dict[str, Any] = {}
    sized = isinstance(field, fields.List)
    for validator in field.validators:
        if isinstance(validator, validate.Length):
            if validator.min is not None:
                found["minItems" if sized else "minLength"] = validator.min
            if validator.max is not None:
                found["maxItems" if sized else "maxLength"] = validator.max
        elif isinstance(validator, validate.Range):
            if validator.min is not None and validator.min != INT64_MIN:
                found["minimum"] = validator.min
            if validator.max is not None and validator.max != INT64_MAX:
                found["maximum"] = validator.max
        elif isinstance(validator, validate.Regexp):
            found["pattern"] = validator.regex.pattern
        elif isinstance(validator, validate.OneOf):
            found["enum"] = sorted(validator.choices)
        elif isinstance(validator, validate.Equal):
            found["enum"] = [validator.comparable]
        elif validator is values.printable:
            found["pattern"] = PRINTABLE
    return found


#: Stands for the pattern of a printable name (values.printable): compared by the characters it refuses.
PRINTABLE = "<printable>"


@functools.cache  # 65,536 matches a pattern: the contract repeats a few patterns many times
def refuses_what_printable_refuses(pattern: str) -> bool:
    """Whether `pattern` refuses a one-character text exactly where values.printable does (all of the BMP)."""
    compiled = re.compile(pattern)  # fullmatch: `$` ends the text, as in ECMA-262 (Python's also matches before "\n")
    return all((compiled.fullmatch(c) is None) == (values._UNPRINTABLE.search(c) is not None)
               for c in map(chr, range(0x10000)) if not 0xD800 <= ord(c) <= 0xDFFF)


def stated(schema: dict[str, Any]) -> dict[str, Any]:
    """The same bounds as the contract states them (int64's own ends stand for no bound)."""
    found = {key: schema[key] for key in ("minLength", "maxLength", "minItems", "maxItems", "pattern", "enum")
             if key in schema}
    if "enum" in found:
        found["enum"] = sorted(found["enum"])
    if "pattern" in found and refuses_what_printable_refuses(found["pattern"]):
        found["pattern"] = PRINTABLE
    if schema.get("minimum", INT64_MIN) != INT64_MIN:
        found["minimum"] = schema["minimum"]
    if schema.get("maximum", INT64_MAX) != INT64_MAX:
        found["maximum"] = schema["maximum"]
    return found


def nullable(schema: dict[str, Any]) -> bool:
    types = schema.get("type")
    return types == "null" or (isinstance(types, list) and "null" in types)


@pytest.mark.parametrize(("name", "loader", "contract"), PAIRS, ids=[name for name, _, _ in PAIRS])
def test_the_contract_names_and_requires_the_fields_the_service_loads(name: str, loader: Schema,
                                                                    contract: dict[str, Any]) -> None:
    loaded = {field.data_key or key: field for key, field in loader.fields.items()}

    assert set(contract["properties"]) == set(loaded), name
    assert sorted(contract.get("required", [])) == sorted(k for k, f in loaded.items() if f.required), name
    strict = loader.unknown == RAISE
    assert (contract.get("additionalProperties", True) is False) == strict, f"{name}: additionalProperties"


@pytest.mark.parametrize(("name", "loader", "contract"), PAIRS, ids=[name for name, _, _ in PAIRS])
def test_each_bound_the_service_enforces_is_in_the_contract(name: str, loader: Schema,
                                                          contract: dict[str, Any]) -> None:
    doc = document()
    for key, field in loader.fields.items():
        property_name = field.data_key or key
        schema = resolved(doc, contract["properties"][property_name])
        expected = bounds(field)
        if games._not_a_bot_id in field.validators:  # the contract's pattern refuses the server's prefixes too
            reserved = "|".join(games.SERVER_COMMAND_PREFIXES)
            expected["pattern"] = expected["pattern"].replace("^", f"^(?!{reserved})", 1)
        assert stated(schema) == expected, f"{name}.{property_name}"


@pytest.mark.parametrize(("name", "loader", "contract"), BODIES, ids=[name for name, _, _ in BODIES])
def test_a_body_field_the_service_takes_as_null_is_nullable_in_the_contract(name: str, loader: Schema,
                                                                           contract: dict[str, Any]) -> None:
    doc = document()
    for key, field in loader.fields.items():
        property_name = field.data_key or key
        schema = resolved(doc, contract["properties"][property_name])
        if "type" in schema:  # an untyped schema (`data: {}`) takes null and anything else
            assert nullable(schema) == field.allow_none, f"{name}.{property_name}: null"


def test_a_bound_left_out_of_the_contract_is_found() -> None:
    class Narrower(values.StrictSchema):
        type = fields.String(required=True, validate=validate.Length(min=1, max=32))

    contract = {"properties": {"type": {"type": "string", "minLength": 1, "maxLength": 64}}, "required": ["type"],
                "additionalProperties": False}

    with pytest.raises(AssertionError, match="Narrower.type"):
        test_each_bound_the_service_enforces_is_in_the_contract("Narrower", Narrower(), contract)
