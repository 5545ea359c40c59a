"""A request's body as the API reads it: whole, within its route's limit, and strictly JSON."""

from __future__ import annotations

from typing import Any

import msgspec
from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from service.problems import BadRequest
from service.schemas.values import check_values


def json_body() -> dict[str, Any]:
    """The request's JSON object, parsed strictly (msgspec: JSON text as RFC 8259 defines it).

    NaN and Infinity are refused (they are not JSON), as are numbers out of a double's
    range, integers beyond the signed 64-bit range, lone surrogates that cannot be stored
    as UTF-8, and nesting too deep to parse.

    Raises:
        BadRequest: the body is not JSON, or not a JSON object.
        ValidationError: an integer in it is beyond the signed 64-bit range, or a text holds U+0000.
    """
    if not request.is_json:
        raise BadRequest("send the body as JSON with Content-Type: application/json")
    try:
        body = msgspec.json.decode(body_bytes())
    except RecursionError:
        raise BadRequest("the body is nested too deeply") from None
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError) as error:
        raise BadRequest(f"the body is not valid JSON: {error}") from None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    check_values(body)
    return body


def body_bytes() -> bytes:
    """The request's body, whole: never cut short at the limit of its route.

    A body with a Content-Length over the limit is refused before it is read. One sent in
    chunks (no Content-Length) is read up to the limit, and werkzeug then stops without an
    error, so one more byte is asked of the server's stream: if there is one, the body was
    longer than the limit.

    Raises:
        RequestEntityTooLarge: the body is over the limit of its route.
    """
    data = request.get_data(cache=True)
    if (request.content_length is None and (limit := request.max_content_length) is not None and len(data) >= limit
            and request.environ.get("wsgi.input_terminated") and request.environ["wsgi.input"].read(1)):
        raise RequestEntityTooLarge()
    return data

