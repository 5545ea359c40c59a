"""The wire contract: openapi.yaml loaded by openapi-core, and a client that checks every exchange against it."""

from __future__ import annotations

import functools
import json
import re
import socket
import subprocess
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

import jsonschema_rs
import requests
import yaml
from jsonschema.protocols import Validator
from jsonschema_path import SchemaPath
from openapi_core import Config, OpenAPI
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse
from openapi_core.validation.schemas import oas31_schema_validators_factory
from openapi_core.validation.schemas.factories import DialectSchemaValidatorsFactory
from openapi_core.validation.schemas.validators import SchemaValidator

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi.yaml"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One `python -m service.cli serve` process and where it listens."""

    def __init__(self, base_url: str, process: subprocess.Popen[bytes], log: Path, db: str) -> None:
        self.base_url = base_url
        self.process = process
        self.log = log
        self.db = db

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


#: A run of 19 digits in a value's JSON: a number that may leave the `int64` format the contract gives its integers,
#: which jsonschema-rs does not know (or a string with such digits, which costs only the slower check).
LONG_NUMBER = re.compile(r"\d{19}")


class CompiledSchemaValidator(SchemaValidator):
    """openapi-core's validator of one schema, answering first with jsonschema-rs (compiled once): only a value
    jsonschema-rs refuses, or one that may hold an integer beyond int64, goes to openapi-core's own jsonschema
    validator (made then), which raises the error it always raised."""

    def __init__(self, schema: SchemaPath, compiled: jsonschema_rs.Draft202012Validator,
                 original: Callable[[], SchemaValidator]) -> None:
        self.schema = schema  # SchemaValidator.__init__ would need the original's jsonschema validator now
        self.compiled = compiled
        self.original = original

    @cached_property
    def validator(self) -> Validator:  # type: ignore[override]  # made on first use, as creating it costs
        return self.original().validator

    def validate(self, value: Any) -> None:
        if not self.compiled.is_valid(value) or LONG_NUMBER.search(json.dumps(value, default=str)):
            super().validate(value)


class CompiledSchemaValidators(DialectSchemaValidatorsFactory):
    """openapi-core's OAS 3.1 schema validators with a fast path. jsonschema walking the contract's `$ref`s in
    Python took about 30 ms a response, three quarters of an end-to-end test's time; jsonschema-rs (Rust) checks
    the same JSON Schema 2020-12, the dialect of OpenAPI 3.1, with its formats. Written here because openapi-core
    offers no compiled validator; the schemas are compiled against the contract's components, where every
    `$ref` of openapi.yaml points."""

    def __init__(self, components: dict[str, Any]) -> None:
        original = oas31_schema_validators_factory
        super().__init__(original.schema_validator_cls, original.default_jsonschema_dialect_id,
                         original.format_checker)
        self.components = components
        self.compiled: dict[str, jsonschema_rs.Draft202012Validator] = {}

    def create(self, spec: SchemaPath, schema: SchemaPath, *args: Any, **kwargs: Any) -> SchemaValidator:
        def original() -> SchemaValidator:
            return super(CompiledSchemaValidators, self).create(spec, schema, *args, **kwargs)

        if args or any(kwargs.get(option) for option in ("format_validators", "extra_format_validators",
                                                         "forbid_unspecified_additional_properties",
                                                         "enforce_properties_required")):
            return original()  # checks of its own beyond the schema's: openapi-core's validator alone
        key = schema.as_posix()
        if key not in self.compiled:
            with schema.resolve() as resolved:
                contents = resolved.contents
            self.compiled[key] = jsonschema_rs.Draft202012Validator(
                {"components": self.components, **contents}, validate_formats=True)
        return CompiledSchemaValidator(schema, self.compiled[key], original)


@functools.cache
def contract() -> OpenAPI:
    """openapi.yaml as openapi-core checks it, read once per process (its schemas compiled as they are used)."""
    # openapi-core reads JSON bodies; teach it the other media types the contract uses (text, checked as a string).
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    return OpenAPI.from_dict(
        spec,
        config=Config(extra_media_type_deserializers={
            "application/problem+json": json.loads,
            "application/yaml": lambda data: data.decode("utf-8"),
            "application/x-ndjson": lambda data: data.decode("utf-8"),
        }, schema_validators_factory=CompiledSchemaValidators(spec["components"])),
    )


class Api:
    """requests against the server, every pair checked against openapi.yaml."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.session = requests.Session()
        self.openapi = contract()
        self.checked = 0

    def call(self, method: str, path: str, expect: int | tuple[int, ...], *, valid_request: bool = True,
             token: str | None = None, **kwargs: Any) -> requests.Response:
        """Send one request; assert its status (or one of them); validate the request (if meant to be valid)
        and the response."""
        headers = dict(kwargs.pop("headers", {}))
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        response = self.session.request(method, self.base_url + path, headers=headers, timeout=30, **kwargs)
        expected = expect if isinstance(expect, tuple) else (expect,)
        assert response.status_code in expected, f"{method} {path}: {response.status_code} {response.text[:500]}"
        self.validate(response, valid_request)
        return response

    def validate(self, response: requests.Response, valid_request: bool = True) -> None:
        request = RequestsOpenAPIRequest(response.request)
        if valid_request:
            self.openapi.validate_request(request)
        self.openapi.validate_response(request, RequestsOpenAPIResponse(response))
        if response.status_code >= 400:
            assert response.headers["Content-Type"] == "application/problem+json"
            problem = response.json()
            assert problem["status"] == response.status_code and problem["detail"]
        self.checked += 1

    def close(self) -> None:
        self.session.close()
