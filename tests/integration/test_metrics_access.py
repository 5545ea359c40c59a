"""Who may scrape GET /metrics (in-process, through the Flask test client), request ids, and the JSON lines.

With TRAILHEAD_METRICS_TOKEN set only a bearer of that token may (401 without one, 403 with another);
without it only loopback clients may. The counts themselves are tested over real HTTP against
`trailhead serve` (tests/e2e/test_metrics_http.py).
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from application.settings import SettingsError, settings_from_env
from service.app import create_app
from service.request_log import JsonLines

LOOPBACK = {"REMOTE_ADDR": "127.0.0.1"}
ELSEWHERE = {"REMOTE_ADDR": "192.0.2.7"}


def metrics_app(database: str, **config: Any) -> Flask:
    return create_app({"DATABASE": database, "TESTING": True, "RATE_LIMITS": "off", **config})


def test_without_a_token_only_loopback_clients_may_scrape(database: str) -> None:
    client = metrics_app(database, METRICS_TOKEN=None).test_client()
    for address in ("127.0.0.1", "::1"):
        answer = client.get("/metrics", environ_base={"REMOTE_ADDR": address})
        assert answer.status_code == 200 and b"# TYPE trailhead_commands_total counter" in answer.data
        assert b"trailhead_projection_lag_events 0.0" in answer.data
    refused = client.get("/metrics", environ_base=ELSEWHERE)
    assert refused.status_code == 403 and refused.content_type == "application/problem+json"
    assert "TRAILHEAD_METRICS_TOKEN" in refused.json["detail"]
    assert refused.json["instance"] == refused.headers["X-Request-Id"]


@pytest.mark.parametrize("address", [LOOPBACK, ELSEWHERE])
def test_with_a_token_only_its_bearer_may_scrape_from_anywhere(database: str, address: dict[str, str]) -> None:
    client = metrics_app(database, METRICS_TOKEN="s3cret-scrape").test_client()
    missing = client.get("/metrics", environ_base=address)
    assert missing.status_code == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = client.get("/metrics", environ_base=address, headers={"Authorization": "Bearer s3cret-scrapE"})
    assert wrong.status_code == 403 and wrong.json["type"] == "urn:trailhead:problem:forbidden"
    right = client.get("/metrics", environ_base=address, headers={"Authorization": "Bearer s3cret-scrape"})
    assert right.status_code == 200 and right.content_type.startswith("text/plain; version=")


def test_metrics_off_serve_no_route(database: str) -> None:
    client = metrics_app(database, METRICS=False).test_client()
    answer = client.get("/metrics", environ_base=LOOPBACK)
    assert answer.status_code == 404 and answer.headers["X-Request-Id"] == answer.json["instance"]


@pytest.mark.parametrize(("sent", "echoed"), [("abc-123", True), ("Zz.9:_-", True), ("x" * 128, True),
                                              ("x" * 129, False), ("two words", False), ("ünï", False), ("", False),
                                              ("a\tb", False)])
def test_a_sane_request_id_is_echoed_and_any_other_replaced(database: str, sent: str, echoed: bool) -> None:
    client = metrics_app(database).test_client()
    answer = client.get("/api/v1/games/nope", headers={"X-Request-Id": sent})
    assert answer.status_code == 404
    got = answer.headers["X-Request-Id"]
    assert (got == sent) is echoed and answer.json["instance"] == got
    if not echoed:
        assert len(got) == 32 and int(got, 16) >= 0


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_each_request_is_one_json_line_with_its_fields(database: str) -> None:
    client = metrics_app(database, LOG_FORMAT="json").test_client()
    kept = Kept()
    logging.getLogger("trailhead.requests").addHandler(kept)
    try:
        created = client.post("/api/v1/games", json={"type": "hike", "seats": [{"name": "a"}, {"name": "b"}]},
                              headers={"X-Request-Id": "create-1"})
        game = created.json
        token = game["seats"][1]["token"]
        read = client.get(f"/api/v1/games/{game['id']}?token={token}", headers={
            "Authorization": f"Bearer {token}", "X-Request-Id": "read-1"})
    finally:
        logging.getLogger("trailhead.requests").removeHandler(kept)
    records = kept.records
    lines = [json.loads(JsonLines().format(record)) for record in records]
    assert [line["request_id"] for line in lines] == ["create-1", "read-1"]
    assert lines[1] | {"time": None, "duration_ms": None} == {
        "time": None, "request_id": "read-1", "method": "GET", "route": "/api/v1/games/<game_id>",
        "game_id": game["id"], "seat": 1, "status": 200, "duration_ms": None, "bytes": len(read.data),
        "client": "127.0.0.1"}
    assert (lines[0]["route"], lines[0]["status"], lines[0]["seat"]) == ("/api/v1/games", 201, None)
    assert all(token not in JsonLines().format(record) for record in records)


def test_the_grafana_dashboard_graphs_only_metrics_the_service_exports(database: str) -> None:
    dashboard = json.loads((Path(__file__).resolve().parents[2] / "docs" / "grafana-dashboard.json").read_text())
    queries = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    graphed = {re.sub(r"_(bucket|count|sum)$", "", name) for query in queries
               for name in re.findall(r"trailhead_[a-z_]+", query)}
    exported = set(re.findall(r"^# TYPE (\S+) ", metrics_app(database).test_client().get(
        "/metrics", environ_base=LOOPBACK).text, re.MULTILINE))
    exported |= {name.removesuffix("_total") for name in exported}  # a counter's family is named without _total
    assert graphed and graphed <= exported, graphed - exported
    assert {"trailhead_commands", "trailhead_command_seconds", "trailhead_http_requests", "trailhead_streams_open",
            "trailhead_projection_lag_events", "trailhead_bot_turns_waiting", "trailhead_bot_decision_seconds",
            "trailhead_deadlines_pending", "trailhead_db_pool_wait_seconds"} <= {
                name.removesuffix("_total") for name in graphed}


@pytest.mark.both_backends  # PostgreSQL's pool reports its waits; SQLite has none
def test_the_pool_wait_is_observed_on_postgresql_only(database: str) -> None:
    app = metrics_app(database)
    client = app.test_client()
    if not database.startswith("postgresql"):
        assert not hasattr(app.extensions["trailhead"].store, "on_pool_wait")  # no pool, no samples
        return

    def waits() -> float:
        text = client.get("/metrics", environ_base=LOOPBACK).text
        return float(re.search(r"^trailhead_db_pool_wait_seconds_count (\S+)$", text, re.MULTILINE)[1])

    before = waits()
    assert client.get("/api/v1/games").status_code == 200
    assert waits() - before >= 1


def test_an_unknown_log_format_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAILHEAD_LOG_FORMAT", "JSON ")
    assert settings_from_env()["LOG_FORMAT"] == "json"
    monkeypatch.setenv("TRAILHEAD_LOG_FORMAT", "yaml")
    with pytest.raises(SettingsError, match="TRAILHEAD_LOG_FORMAT: 'yaml' is neither 'text' nor 'json'"):
        settings_from_env()
