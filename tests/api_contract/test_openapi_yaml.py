"""openapi.yaml as a document: no duplicate keys, no key that is not a keyword, a valid OpenAPI 3.1 document.

A description cut by a comma inside a YAML flow mapping (`{type: string, description: a, b}`) leaves
a key `b` with no value: valid YAML, and a schema that still validates, but a fragment of text where a
keyword should be. A key written twice is silently overwritten by most loaders. Both are checked on
the document as ruamel.yaml reads it (duplicate keys are an error there): Schema Objects key by key
against the keywords of JSON Schema 2020-12 and OpenAPI 3.1's base vocabulary (their meta-schemas,
as jsonschema-specifications and openapi-schema-validator ship them), every other object by
openapi-spec-validator (OpenAPI 3.1's schema refuses their unknown fields).
"""

from __future__ import annotations

import importlib.resources
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import referencing
from jsonschema_specifications import REGISTRY as METASCHEMAS
from openapi_spec_validator import validate as validate_spec
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from referencing.jsonschema import DRAFT202012
from ruamel.yaml import YAML
from ruamel.yaml.constructor import DuplicateKeyError

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
VOCABULARIES = ("core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content")
#: Values that are data, not schemas or OpenAPI objects: never walked.
DATA = frozenset({"example", "examples", "default", "const", "enum"})


def keywords() -> frozenset[str]:
    """Every keyword a Schema Object of OpenAPI 3.1 may have: draft 2020-12's vocabularies and OpenAPI's base."""
    found: set[str] = set()
    for vocabulary in VOCABULARIES:
        found |= set(METASCHEMAS.contents(f"https://json-schema.org/draft/2020-12/meta/{vocabulary}")["properties"])
    base = importlib.resources.files("openapi_schema_validator").joinpath("schemas/oas3.1/vocabularies/base")
    found |= set(json.loads(base.read_text(encoding="utf-8"))["properties"])
    return frozenset(found)


KEYWORDS = keywords()


def load(text: str) -> Any:
    """The YAML document; a key twice in one mapping is an error (ruamel.yaml's DuplicateKeyError)."""
    return YAML(typ="safe", pure=True).load(io.StringIO(text))


def token(key: Any) -> str:
    """`key` as a JSON Pointer token (RFC 6901)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def schema_roots(document: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(JSON Pointer, Schema Object) for every schema the document holds outside another schema."""
    for name, schema in document.get("components", {}).get("schemas", {}).items():
        yield f"#/components/schemas/{token(name)}", schema

    def walk(node: Any, path: str) -> Iterator[tuple[str, Any]]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "schema":
                    yield f"{path}/schema", value
                elif key not in DATA:
                    yield from walk(value, f"{path}/{token(key)}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from walk(value, f"{path}/{index}")

    for key, value in document.items():
        if key == "components":
            for kind, entries in value.items():
                if kind != "schemas":
                    yield from walk(entries, f"#/components/{token(kind)}")
        else:
            yield from walk(value, f"#/{token(key)}")


def unknown_keys(schema: Any, path: str) -> Iterator[str]:
    """`path/key` for each key of `schema` or of its subschemas (at any depth) that is no keyword."""
    if not isinstance(schema, dict):
        return
    for key in schema:
        if key not in KEYWORDS and not str(key).startswith("x-"):
            yield f"{path}: {key!r}"
    subschemas = {id(sub) for sub in DRAFT202012.subresources_of(schema)}
    for key, value in schema.items():
        if id(value) in subschemas:
            yield from unknown_keys(value, f"{path}/{token(key)}")
        elif isinstance(value, dict):
            for name, sub in value.items():
                if id(sub) in subschemas:
                    yield from unknown_keys(sub, f"{path}/{token(key)}/{token(name)}")
        elif isinstance(value, list):
            for index, sub in enumerate(value):
                if id(sub) in subschemas:
                    yield from unknown_keys(sub, f"{path}/{token(key)}/{index}")


def fragments(document: dict[str, Any]) -> list[str]:
    return [found for path, schema in schema_roots(document) for found in unknown_keys(schema, path)]


def test_openapi_yaml_has_no_key_twice_in_a_mapping() -> None:
    document = load(SPEC_PATH.read_text(encoding="utf-8"))

    assert document["openapi"].startswith("3.1")


def test_every_key_of_every_schema_in_openapi_yaml_is_a_keyword() -> None:
    document = load(SPEC_PATH.read_text(encoding="utf-8"))

    assert fragments(document) == []


def test_openapi_yaml_is_a_valid_openapi_3_1_document() -> None:
    validate_spec(load(SPEC_PATH.read_text(encoding="utf-8")))


def test_every_example_of_a_schema_fits_its_schema() -> None:
    document = load(SPEC_PATH.read_text(encoding="utf-8"))
    registry = referencing.Registry().with_resource(
        "urn:openapi", referencing.Resource.from_contents(document, default_specification=DRAFT202012))
    checked = 0
    for path, schema in schema_roots(document):
        for index, example in enumerate(schema.get("examples", []) if isinstance(schema, dict) else []):
            validator = jsonschema.Draft202012Validator({"$ref": f"urn:openapi{path}"}, registry=registry)
            errors = [f"{error.message} at {list(error.absolute_path)}" for error in validator.iter_errors(example)]
            assert not errors, f"{path} example {index}: {errors[0]}"
            checked += 1
    assert checked >= 4


# -- the checks catch what they are for ------------------------------------------------------------

CUT = """
openapi: 3.1.0
info: {title: t, version: "1"}
paths:
  /games:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer, description: at most 200, default 20}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {properties: {id: {type: string, description: The id, e.g. 7.}}}}
components:
  schemas:
    Seat:
      type: object
      properties:
        token: {type: string, description: The seat's secret; only in createGame's response, only for human seats.}
        name: {type: string}
      x-note: extensions are allowed
"""


def test_a_description_cut_by_a_comma_is_found_wherever_the_schema_is() -> None:
    found = fragments(load(CUT))

    assert found == [
        "#/components/schemas/Seat/properties/token: 'only for human seats.'",
        "#/paths/~1games/get/parameters/0/schema: 'default 20'",
        "#/paths/~1games/get/responses/200/content/application~1json/schema/items/properties/id: 'e.g. 7.'",
    ]


def test_a_key_written_twice_is_refused() -> None:
    with pytest.raises(DuplicateKeyError, match="expected_version"):
        load("CommandRequest:\n  properties:\n    expected_version: {type: integer}\n"
             "    command_id: {type: string}\n    expected_version: {type: [integer, 'null']}\n")


def test_an_unknown_field_outside_a_schema_is_refused_by_the_openapi_schema() -> None:
    document = load(CUT.replace("in: query,", "in: query, description: Page size, at most 200.,"))

    with pytest.raises(OpenAPIValidationError, match="at most 200"):
        validate_spec(document)
