"""The service's own endpoints: liveness, the OpenAPI contract and its browsable docs."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, render_template

from application.health import assess
from service.runtime import trailhead

meta_api = Blueprint("meta_api", __name__, template_folder="templates")

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


@functools.cache
def openapi_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@functools.cache
def openapi_document() -> dict[str, Any]:
    return yaml.safe_load(openapi_text())


@meta_api.get("/healthz")
def healthz() -> Any:
    """`ok`, `degraded` or `failing` with a reason for each problem (application/health.py); always 200.

    `streams_open`: the event streams this process holds open (0 without the ASGI front).
    """
    streams = current_app.extensions.get("trailhead_streams")
    return {**assess(trailhead()), "streams_open": streams.open if streams is not None else 0}


@meta_api.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(openapi_text(), mimetype="application/yaml")


@meta_api.get("/docs")
def docs() -> str:
    return render_template("docs.html", spec=openapi_document())
