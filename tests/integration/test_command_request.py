"""CommandRequest checks the body nearly every command sends without marshmallow's machinery
(service.schemas.games.plain_command): whatever it accepts, marshmallow's own load gives the same."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from service.schemas.games import CommandRequest, plain_command
from service.schemas.values import INT64_MAX

SCHEMA = CommandRequest()

values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**64), max_value=2**64) | st.floats(allow_nan=False)
    | st.text(max_size=70),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
fields = st.sampled_from(["type", "args", "expected_version", "command_id", "seat", "label", "ranges", "other"])
bodies = st.dictionaries(fields, values, max_size=5) | st.fixed_dictionaries(
    {"type": st.text(min_size=0, max_size=66), "args": st.dictionaries(st.text(max_size=5), values, max_size=3)},
    optional={"expected_version": st.none() | st.integers(min_value=-2, max_value=INT64_MAX + 2) | st.booleans()},
)


def marshmallow_load(body: Any) -> dict[str, Any] | None:
    try:
        return Schema.load(SCHEMA, body)  # type: ignore[no-any-return]
    except ValidationError:
        return None


@settings(max_examples=400, deadline=None)
@given(bodies)
def test_a_plain_command_loads_as_marshmallow_loads_it(body: dict[str, Any]) -> None:
    plain = plain_command(body)
    if plain is not None:
        loaded = marshmallow_load(body)
        assert loaded == plain and list(loaded) == list(plain)
        assert loaded["args"] is not body.get("args")  # a copy, as marshmallow's


@pytest.mark.parametrize("body", [
    {"type": "Roll"},
    {"type": "Roll", "args": {"dice": [1, 2]}, "expected_version": 0},
    {"type": "x" * 64, "args": {}, "expected_version": INT64_MAX},
    {"type": "Roll", "expected_version": None},
    {"type": "Bet", "args": {"amount": 5000}, "label": "Bet $5,000", "ranges": {"amount": {"min": 1, "max": 9}}},
])
def test_the_bodies_commands_send_take_the_plain_path(body: dict[str, Any]) -> None:
    assert plain_command(body) is not None
    assert SCHEMA.load(body) == marshmallow_load(body)


@pytest.mark.parametrize("body", [
    {"type": ""}, {"type": "x" * 65}, {"args": {}}, {"type": None}, {"type": "Roll", "args": None},
    {"type": "Roll", "expected_version": -1}, {"type": "Roll", "expected_version": True},
    {"type": "Roll", "expected_version": INT64_MAX + 1}, {"type": "Roll", "expected_version": 1.0},
    {"type": "Roll", "command_id": "c-1"}, {"type": "Roll", "seat": 0}, {"type": "Roll", "extra": 1}, [],
])
def test_every_other_body_goes_to_marshmallow(body: Any) -> None:
    assert plain_command(body) is None
