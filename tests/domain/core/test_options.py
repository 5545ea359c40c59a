"""Table options checked against a game type's options schema (domain/core/protocol.py, normalize_options)."""

from __future__ import annotations

import pytest

from domain.core import InvalidCommand, normalize_options

SCHEMA = {"type": "object", "additionalProperties": False, "properties": {
    "old": {"type": "boolean", "default": True},
    "new": {"type": "boolean", "default": False, "x-since-rules-version": 3},
}}


def test_an_option_of_a_later_rules_version_is_neither_filled_in_nor_accepted_under_an_older_one() -> None:
    assert normalize_options(SCHEMA, {}, 3) == {"new": False, "old": True}
    assert normalize_options(SCHEMA, {"new": True}, 4) == {"new": True, "old": True}
    assert normalize_options(SCHEMA, {}, 2) == {"old": True}
    with pytest.raises(InvalidCommand, match="options.new: a table option from rules version 3 on; this game is "
                                             "played under version 2"):
        normalize_options(SCHEMA, {"new": False}, 2)


def test_without_a_rules_version_every_option_applies() -> None:
    assert normalize_options(SCHEMA, {"new": True}) == {"new": True, "old": True}
