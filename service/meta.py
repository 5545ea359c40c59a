"""The service's own endpoints: liveness, the OpenAPI contract and its browsable docs.

`/docs` is Swagger UI, drawing /openapi.yaml in the browser: its files come from the
flask-swagger-ui package (its `dist`, a copy of Swagger UI's own release, kept current with it) and
are served from there by `/docs/<asset>`, so the page loads nothing from anywhere else and works
offline. Swagger UI's online validator badge is off (`validatorUrl: null`) for the same reason.
"""

from __future__ import annotations

import functools
import importlib.resources
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, render_template, send_from_directory, url_for
from werkzeug.exceptions import NotFound

from application.health import assess, cannot_write
from service.rate_limits import counted_where
from service.runtime import trailhead

meta_api = Blueprint("meta_api", __name__, template_folder="templates")

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
#: Browsers may keep Swagger UI's files a day: they change only with the flask-swagger-ui package.
ASSET_MAX_AGE = 24 * 60 * 60
#: The kinds of Swagger UI's files /docs/<asset> serves (its scripts, style sheets and icons).
ASSET_SUFFIXES = (".js", ".css", ".png")


@functools.cache
def openapi_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@functools.cache
def openapi_document() -> dict[str, Any]:
    return yaml.safe_load(openapi_text())


@meta_api.get("/healthz")
def healthz() -> Any:
    """`ok`, `degraded` or `failing` with a reason for each problem (application/health.py); 200, or 503
    while a full disk refuses every write.

    `streams_open`: the event streams this process holds open (0 without the ASGI front). `limits`: where
    the rate limits' counts live (service/rate_limits.py, counted_where).
    """
    streams = current_app.extensions.get("trailhead_streams")
    health = {**assess(trailhead()), "streams_open": streams.open if streams is not None else 0,
              "limits": counted_where(current_app.config)}
    return health, 503 if cannot_write(health) else 200


@meta_api.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(openapi_text(), mimetype="application/yaml")


@functools.cache
def swagger_ui() -> Path:
    """The directory of Swagger UI's files, as the flask-swagger-ui package ships them."""
    return Path(str(importlib.resources.files("flask_swagger_ui") / "dist"))


@functools.cache
def swagger_ui_version() -> str:
    return (swagger_ui() / "VERSION").read_text(encoding="utf-8").strip()


@meta_api.get("/docs")
def docs() -> str:
    info = openapi_document()["info"]
    config = {"url": url_for("meta_api.openapi_yaml"), "deepLinking": True, "validatorUrl": None,
              "displayOperationId": True}
    return render_template("docs.html", title=info["title"], version=info["version"], config=config,
                           swagger_ui_version=swagger_ui_version())


@meta_api.get("/docs/<path:asset>")
def docs_asset(asset: str) -> Response:
    """One of Swagger UI's scripts, style sheets or icons.

    Raises:
        NotFound: any other path (send_from_directory also stays inside the package's directory).
    """
    if not asset.endswith(ASSET_SUFFIXES):
        raise NotFound(f"no such file of the docs: {asset}")
    return send_from_directory(swagger_ui(), asset, max_age=ASSET_MAX_AGE)
