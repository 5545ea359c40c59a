"""/docs over real HTTP: Swagger UI from the flask-swagger-ui package, served by this server, drawing openapi.yaml.

The page and its files are checked over HTTP (every file it loads comes from here, byte for byte
the package's); then, where a Chromium is installed (Debian: `apt-get install
chromium-headless-shell`), a real browser draws the page and the drawn text is checked: every
operation, parameters of a path item, descriptions rendered as Markdown, and no raw `<br>`, escaped
quote or Swagger UI error in sight.
"""

from __future__ import annotations

import importlib.resources
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from e2e.contract import SPEC_PATH, Api, Server


@pytest.fixture(scope="module")
def module_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """/docs and its files read no database: one server on a SQLite file (not one per backend) serves
    these tests, and a headless browser is started half as often."""
    return str(tmp_path_factory.mktemp("database") / "trailhead.sqlite")

pytestmark = pytest.mark.slow  # a real server, real processes

SWAGGER_UI = Path(str(importlib.resources.files("flask_swagger_ui") / "dist"))
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")


class Links(HTMLParser):
    """Every URL an HTML page would load or link to."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [value for name, value in attrs if name in ("src", "href", "action", "data", "srcset") and value]


def operation_ids() -> list[str]:
    """Every operation's id, in the order Swagger UI draws them: tag by tag, then as the paths list them; then the
    webhooks' (what the server sends a webhook seat's engine), in a section of their own."""
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))

    def of(items: dict) -> list[dict]:
        return [operation for item in items.values() for method, operation in item.items()
                if method in ("get", "post", "put", "patch", "delete")]

    operations, tags = of(spec["paths"]), [tag["name"] for tag in spec["tags"]]
    return ([operation["operationId"] for tag in tags for operation in operations if operation["tags"][0] == tag]
            + [operation["operationId"] for operation in of(spec.get("webhooks", {}))])


def test_docs_are_swagger_ui_loading_its_files_from_this_server_only(api: Api, server: Server) -> None:
    response = api.call("GET", "/docs", 200)

    assert response.headers["Content-Type"].startswith("text/html")
    html = response.text
    links = Links()
    links.feed(html)
    here = urlsplit(server.base_url).netloc
    outside = [url for url in links.urls if urlsplit(url).scheme not in ("", "http", "https")
               or (urlsplit(url).netloc and urlsplit(url).netloc != here)]
    assert not outside, outside
    assert not re.findall(r"""(?:src|href)\s*=\s*['"]?(?:https?:)?//""", html, re.I)
    config = json.loads(re.search(r'<script id="docs-config" type="application/json">(.*?)</script>', html, re.S)[1])
    assert config["url"] == "/openapi.yaml" and config["validatorUrl"] is None  # no call to swagger.io's validator
    loaded = sorted(url for url in links.urls if url.startswith("/docs/"))
    assert loaded == ["/docs/favicon-32x32.png", "/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css"]
    for url in loaded:
        asset = api.call("GET", url, 200)
        assert asset.content == (SWAGGER_UI / url.removeprefix("/docs/")).read_bytes(), url
        assert "max-age=86400" in asset.headers["Cache-Control"]
    css = api.call("GET", "/docs/swagger-ui.css", 200).text
    assert not re.findall(r"(?:url\(|@import)\s*['\"]?(?:https?:)?//", css), "the CSS loads an outside resource"


def test_docs_serve_no_other_file(api: Api) -> None:
    for path in ("/docs/VERSION", "/docs/no-such-file.js", "/docs/..%2F..%2Fopenapi.yaml", "/docs/..%2Fmeta.py"):
        api.call("GET", path, 404)


def test_a_docs_file_the_browser_holds_is_not_sent_again(api: Api) -> None:
    first = api.call("GET", "/docs/swagger-ui.css", 200)

    again = api.call("GET", "/docs/swagger-ui.css", 304, headers={"If-None-Match": first.headers["ETag"]})

    assert again.content == b""


def browser() -> str:
    for name in BROWSERS:
        if path := shutil.which(name):
            return path
    # never a silent skip: the suite needs a real browser for the page it serves
    pytest.fail("no Chromium installed to draw /docs: install one (Debian: apt-get install chromium-headless-shell,"
                " or chromium) and run the tests again")


def drawn(url: str, profile: Path) -> str:
    """The page's DOM once a headless Chromium has run its scripts (virtual time: no sleeping)."""
    command = [browser(), "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
               "--virtual-time-budget=20000", "--dump-dom", url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def text_of(dom: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", dom))


def assert_clean(dom: str) -> None:
    text = text_of(dom)
    assert "&lt;br" not in dom and "<br" not in text, "a raw <br> shows"
    assert '\\"' not in text and "\\'" not in text, "an escaped quote shows"
    for error in ("errors-wrapper", "Resolver error", "Unable to render", "Parser error"):
        assert error not in dom, f"Swagger UI says: {error}"


def test_a_browser_draws_every_operation_and_the_description(server: Server, tmp_path: Path) -> None:
    dom = drawn(f"{server.base_url}/docs", tmp_path)

    drawn_ids = re.findall(r'class="opblock-summary-operation-id"[^>]*>([^<]*)<', dom)
    assert drawn_ids == operation_ids()
    assert "OAS 3.1" in text_of(dom)
    assert "<code>Authorization: Bearer &lt;token&gt;</code>" in dom  # the description's Markdown, rendered
    assert_clean(dom)


@pytest.mark.parametrize(("operation", "parameters", "code"), [
    ("games/sendCommand", ["game_id"], "expected_version"),
    ("replays/replayAt", ["at", "as", "game_id"], "as"),
    ("games/getGameType", ["If-None-Match", "type"], "If-None-Match"),
])
def test_a_browser_draws_an_operation_opened_with_its_parameters(server: Server, tmp_path: Path, operation: str,
                                                                 parameters: list[str], code: str) -> None:
    dom = drawn(f"{server.base_url}/docs#/{operation}", tmp_path)

    names = [re.sub(r"<.*", "", name) for name in re.findall(r'<div class="parameter__name[^"]*">(.*?)</div>', dom)]
    assert [name for name in names if name != "Request body"] == parameters
    assert f"<code>{code}</code>" in dom
    assert_clean(dom)
