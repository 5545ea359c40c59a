"""The service's own endpoints: liveness, the OpenAPI contract and its browsable docs."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, render_template

from application.projections import PROJECTION
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
    """Liveness with the state of the parts: database, projection, and Redis when configured.

    `status` is `degraded` (still HTTP 200: the API takes commands) while the projection
    is halted on an event it cannot apply, or Redis does not answer.
    """
    app = trailhead()
    mark = app.store.checkpoint(PROJECTION)
    projection = {
        "position": mark.position,
        "head_position": app.store.head_position(),
        "halted_at": mark.halted_at,
        "error": mark.error,
    }
    projection["lag"] = projection["head_position"] - mark.position
    body: dict[str, Any] = {"status": "ok", "database": "ok", "projection": projection}
    if mark.halted_at is not None:
        body["status"] = "degraded"
    jobs = dict(app.runner.health())
    if not jobs.pop("ok"):
        body["status"] = "degraded"
    body.update(jobs)
    return body


@meta_api.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(openapi_text(), mimetype="application/yaml")


@meta_api.get("/docs")
def docs() -> str:
    return render_template("docs.html", spec=openapi_document())
