"""What a hostile client's probe found between openapi.yaml and the service: undocumented OPTIONS answered
200, and seats the contract allows refused. Each answer or refusal here is one the contract states."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from marshmallow import ValidationError
from referencing import Registry, Resource

from service.meta import openapi_document
from service.schemas.games import TableSeatRequest

API = "/api/v1"
PLAYER = "0123456789abcdef0123456789abcdef"


def spec() -> dict[str, Any]:
    return openapi_document()  # read once per process


@pytest.mark.parametrize("path", ["/healthz", f"{API}/games", f"{API}/games/nope", f"{API}/game-types",
                                  f"{API}/games/nope/commands", "/openapi.yaml"])
def test_options_is_a_405_with_allow_as_the_contract_documents_no_options(client: FlaskClient, path: str) -> None:
    documented = spec()["paths"].get(path.replace("nope", "{game_id}"), {})
    assert "options" not in documented
    response = client.options(path)
    assert response.status_code == 405, response.get_data(as_text=True)
    assert response.headers["Content-Type"] == "application/problem+json"
    assert "OPTIONS" not in response.headers["Allow"] and response.headers["Allow"]


SEAT_FIELDS = {
    "name": ["ann"],
    "bot": [None, "random"],
    "iterations": [None, 5],
    "open": [False, True],
    "player": [PLAYER],
}


def seat_variants() -> list[dict[str, Any]]:
    """Every combination of the seat's fields: each absent or one of its values."""
    absent = object()
    choices = [[(field, absent), *((field, value) for value in values)] for field, values in SEAT_FIELDS.items()]
    return [{field: value for field, value in combo if value is not absent} for combo in itertools.product(*choices)]


def test_the_contract_allows_exactly_the_seats_the_service_takes() -> None:
    document = spec()
    # OpenAPI 3.1's schemas are JSON Schema 2020-12: the document is the resource its $refs point into
    resource = Resource.from_contents({**document, "$schema": "https://json-schema.org/draft/2020-12/schema"})
    validator = Draft202012Validator({"$ref": "urn:spec#/components/schemas/TableSeatRequest"},
                                     registry=Registry().with_resource("urn:spec", resource))
    disagreements = []
    for seat in seat_variants():
        in_contract = validator.is_valid(seat)
        try:
            TableSeatRequest().load(seat)
            taken = True
        except ValidationError:
            taken = False
        if in_contract != taken:
            disagreements.append((seat, "contract allows" if in_contract else "contract refuses",
                                  "service takes" if taken else "service refuses"))
    assert not disagreements, disagreements


@pytest.mark.parametrize("field", ["turn_seconds", "missed_turns_limit"])
def test_an_integer_written_as_a_float_is_a_400_that_says_how_to_write_it(client: FlaskClient, field: str) -> None:
    refused = client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": "a"}, {"name": "b"}], field: 3.0})
    assert refused.status_code == 400
    assert refused.get_json()["detail"] == f"{field}: Write an integer as an integer: 3, not 3.0."
    assert "written as a float" in spec()["components"]["responses"]["BadRequest"]["description"]
