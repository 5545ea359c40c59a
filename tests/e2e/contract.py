"""The wire contract: openapi.yaml loaded by openapi-core, and a client that checks every exchange against it."""

from __future__ import annotations

import json
import socket
import subprocess
from pathlib import Path
from typing import Any

import requests
from openapi_core import Config, OpenAPI
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse

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


def contract() -> OpenAPI:
    # openapi-core reads JSON bodies; teach it the other media types the contract uses (text, checked as a string).
    return OpenAPI.from_file_path(
        str(SPEC_PATH),
        config=Config(extra_media_type_deserializers={
            "application/problem+json": json.loads,
            "application/yaml": lambda data: data.decode("utf-8"),
            "application/x-ndjson": lambda data: data.decode("utf-8"),
        }),
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
