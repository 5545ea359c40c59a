"""schemathesis hooks for test_schemathesis.py (loaded through SCHEMATHESIS_HOOKS).

Two rules of openapi.yaml (info) hold for every number at every depth of a request body, free-form
objects (command args, game options, an imported event's data) included, where no schema keyword
of theirs can state them:
- integers lie in the signed 64-bit range: a generated body with an integer beyond it is not sent;
- integers are written as integers (`3`, not `3.0`; JSON Schema counts both as the integer 3): a
  generated body sends every whole number as an integer, the same value in the one spelling the
  service takes.
And one rule of the PrintableName schema (its description): a name shows at least one visible
character and holds no invisible one (Unicode categories, which no pattern keyword can state): a
generated body with a name that breaks it is not sent.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from marshmallow import ValidationError

from service.schemas.values import visible_name

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def as_integers(value: Any) -> Any:
    """`value` with every float that holds a whole number in the int64 range written as an int."""
    if type(value) is float and value.is_integer() and INT64_MIN <= value <= INT64_MAX:
        return int(value)
    if type(value) is dict:
        return {key: as_integers(item) for key, item in value.items()}
    if type(value) is list:
        return [as_integers(item) for item in value]
    return value


def within_int64(value: Any) -> bool:
    """Whether every integer in `value`, at any depth, lies in the signed 64-bit range."""
    if type(value) is int:
        return INT64_MIN <= value <= INT64_MAX
    if type(value) is dict:
        return all(within_int64(item) for item in value.values())
    if type(value) is list:
        return all(within_int64(item) for item in value)
    return True


def names_show(value: Any) -> bool:
    """Whether every `name` string in `value`, at any depth, shows (PrintableName's description)."""
    if type(value) is dict:
        for key, item in value.items():
            if key == "name" and type(item) is str:
                try:
                    visible_name(item)
                except ValidationError:
                    return False
            elif not names_show(item):
                return False
    if type(value) is list:
        return all(names_show(item) for item in value)
    return True


@schemathesis.hook
def filter_body(context: Any, body: Any) -> bool:
    return within_int64(body) and names_show(body)


@schemathesis.hook
def before_call(context: Any, case: Any, **kwargs: Any) -> None:
    if isinstance(case.body, (dict, list)):
        case.body = as_integers(case.body)
