"""Prometheus metrics: what every process of the service and its workers counts, and `GET /metrics`.

The metrics come from prometheus-client. Under `trailhead serve` they live in its multiprocess mode
(service/metrics_process.py), so that a scrape, answered by whichever gunicorn worker takes it, adds up
every worker's counts (and those of `trailhead worker` processes given the same directory). Counted
as it happens, in the process where it happens:

- trailhead_commands_total{type, outcome}: commands by game type and outcome (accepted, conflict, illegal,
  invalid, rate_limited; refused for the handler's other refusals); the handler's own through
  application/instruments.py, those refused before it (a malformed body, a rate limit) here;
- trailhead_command_seconds{type}: how long the handler took over a command, by game type;
- trailhead_http_requests_total{route, status}: requests by URL rule (not the raw path: one series per route);
- trailhead_streams_open: event streams open (the sum over the live processes);
- trailhead_tournament_stream_reads_total{read}: the tournament streams' reads of a followed tournament's new events
  (service/tournament_streams.py), `woken` by its appends (or a stream's first) or `polled` by the safety poll;
- trailhead_bot_decision_seconds{type, level}: how long a bot took to choose;
- trailhead_db_pool_wait_seconds: how long a PostgreSQL connection took to come out of the pool (SQLite has none).

Read from the store at scrape time, through the application (application/instruments.py, `store_gauges`):
trailhead_projection_lag_events, trailhead_bot_turns_waiting, trailhead_deadlines_pending.

Who may scrape: with TRAILHEAD_METRICS_TOKEN set, whoever sends `Authorization: Bearer <that token>`
(none: 401, another: 403); without it, loopback clients only (403 for the others). TRAILHEAD_METRICS=off
turns all of it off (no /metrics: 404), to measure what it costs (bench/http_commands.py).
"""

from __future__ import annotations

import functools
import glob
import hmac
import ipaddress
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from application.container import Trailhead
from application.instruments import INVALID, RATE_LIMITED, Instruments, game_type_of, store_gauges
from service.identity import bearer_token
from service.metrics_process import VARIABLE
from service.problems import Forbidden, Unauthorized

metrics_api = Blueprint("metrics_api", __name__)

COMMAND_ENDPOINT = "games_api.post_command"
SECONDS_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
POOL_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0)
REFUSED_BEFORE_THE_HANDLER = {400: INVALID, 429: RATE_LIMITED}  # a command's status -> its outcome


class ProcessMetrics:
    """This process's metrics, on a registry of their own (in the multiprocess mode their values go to files)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        on = {"registry": self.registry}
        self.commands = Counter("trailhead_commands_total", "Commands by game type and outcome",
                                ["type", "outcome"], **on)
        self.command_seconds = Histogram("trailhead_command_seconds", "Time the handler took over a command",
                                         ["type"], buckets=SECONDS_BUCKETS, **on)
        self.http_requests = Counter("trailhead_http_requests_total", "HTTP requests by URL rule and status",
                                     ["route", "status"], **on)
        self.streams_open = Gauge("trailhead_streams_open", "Event streams open", multiprocess_mode="livesum", **on)
        self.tournament_stream_reads = Counter("trailhead_tournament_stream_reads_total",
                                               "Reads by the tournament streams' watcher", ["read"], **on)
        self.bot_decision = Histogram("trailhead_bot_decision_seconds", "Time a bot took to choose a command",
                                      ["type", "level"], buckets=SECONDS_BUCKETS, **on)
        self.pool_wait = Histogram("trailhead_db_pool_wait_seconds",
                                   "Time to take a database connection from the pool", buckets=POOL_BUCKETS, **on)


def kept(metric: Counter | Histogram) -> Callable[..., Any]:
    """`metric.labels`, each child kept once found: prometheus_client checks the values and takes a lock on every
    call (a few label values each, a bounded set: game types, outcomes, URL rules, statuses)."""
    return functools.cache(metric.labels)


@functools.cache
def process_metrics() -> ProcessMetrics:
    """Made once per process, on first use (after gunicorn forked, so in the multiprocess mode when it is set)."""
    return ProcessMetrics()


class PrometheusInstruments(Instruments):
    """The application's reports (application/instruments.py), counted."""

    def __init__(self, metrics: ProcessMetrics) -> None:
        self.metrics = metrics
        self.commands = kept(metrics.commands)
        self.command_seconds = kept(metrics.command_seconds)

    def command(self, game_type: str, outcome: str, seconds: float | None) -> None:
        self.commands(game_type, outcome).inc()
        if seconds is not None:
            self.command_seconds(game_type).observe(seconds)

    def bot_decision(self, game_type: str, level: str, seconds: float) -> None:
        self.metrics.bot_decision.labels(game_type, level).observe(seconds)


def instrument(app: Trailhead) -> Trailhead:
    """Count `app`'s commands, bots' decisions and pool waits in this process's metrics (the service and
    `trailhead worker` alike), unless TRAILHEAD_METRICS is off; returns it."""
    if not app.settings.get("METRICS", True):
        return app
    metrics = process_metrics()
    app.games.instruments = PrometheusInstruments(metrics)
    if hasattr(app.store, "on_pool_wait"):  # the PostgreSQL backend: its pool reports each wait
        app.store.on_pool_wait = metrics.pool_wait.observe  # type: ignore[attr-defined]
    return app


def install(app: Flask) -> None:
    """Count the app's requests and serve /metrics, unless TRAILHEAD_METRICS is off."""
    if not app.config.get("METRICS", True):
        return
    metrics = process_metrics()
    instrument(app.extensions["trailhead"])
    app.extensions["trailhead_metrics"] = metrics
    http_requests = kept(metrics.http_requests)

    @app.after_request
    def count(response: Response) -> Response:
        rule = request.url_rule
        http_requests(rule.rule if rule is not None else "unmatched", str(response.status_code)).inc()
        if request.endpoint == COMMAND_ENDPOINT and not g.get("command_submitted"):
            outcome = REFUSED_BEFORE_THE_HANDLER.get(response.status_code)
            if outcome is not None:  # no token, a token of another game: not a command (they count as requests)
                games = app.extensions["trailhead"].games
                metrics.commands.labels(game_type_of(games, request.view_args["game_id"]), outcome).inc()
        return response

    app.register_blueprint(metrics_api)


def submitting() -> None:
    """The command view hands its command to the handler now, which counts its outcome (application/instruments.py)."""
    g.command_submitted = True


class StoreGauges(Collector):
    """The gauges read from the store, at scrape time, through the application."""

    def __init__(self, app: Trailhead) -> None:
        self.app = app

    def collect(self) -> Iterator[GaugeMetricFamily]:
        figures = store_gauges(self.app.games)
        yield GaugeMetricFamily("trailhead_projection_lag_events", "Events of the log the read models have not applied",
                                value=figures["projection_lag_events"])
        yield GaugeMetricFamily("trailhead_bot_turns_waiting", "Games whose bot seat is to act",
                                value=figures["bot_turns_waiting"])
        yield GaugeMetricFamily("trailhead_deadlines_pending", "Games with a pending deadline (clock, seat fill)",
                                value=figures["deadlines_pending"])


@metrics_api.get("/metrics")
def scrape() -> Response:
    check_scraper(current_app.config.get("METRICS_TOKEN"))
    if os.environ.get(VARIABLE):  # every process's files, this one's included
        registry = CollectorRegistry()
        SettledFiles(registry)
    else:
        registry = current_app.extensions["trailhead_metrics"].registry
    text = generate_latest(registry) + generate_latest(store_registry(current_app.extensions["trailhead"]))
    return Response(text, mimetype=None, content_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


class SettledFiles(MultiProcessCollector):
    """prometheus-client's multiprocess collector, leaving out the files another process is still creating.

    `MmapedDict` creates a process's file and only then sizes it, so a scrape that globs it in between reads
    0 bytes and fails whole (struct.error: a 500), as a worker's first metric races a scrape answered by the
    other one (prometheus/client_python#1199, open). Such a file holds no sample yet: leaving it out is exact.
    """

    def collect(self) -> Iterable[Metric]:
        files = [path for path in glob.glob(os.path.join(self._path, "*.db")) if _size(path) > 0]
        return self.merge(files, accumulate=True)  # type: ignore[no-any-return]


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except FileNotFoundError:  # a live gauge's file, removed as its process ended
        return 0


def store_registry(app: Trailhead) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(StoreGauges(app))
    return registry


def check_scraper(token: str | None) -> None:
    """Let the request scrape, or refuse it.

    Raises:
        Unauthorized: a token is configured and the request sends none.
        Forbidden: another token, or (none configured) a client that is not on the loopback interface.
    """
    if token:
        sent = bearer_token()
        if sent is None:
            raise Unauthorized("/metrics needs Authorization: Bearer <TRAILHEAD_METRICS_TOKEN>")
        if not hmac.compare_digest(sent.encode(), token.encode()):
            raise Forbidden("this is not the metrics token")
        return
    if not is_loopback(request.remote_addr):
        raise Forbidden("/metrics answers loopback clients only; set TRAILHEAD_METRICS_TOKEN to scrape from elsewhere")


def is_loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def stream_gauge(app: Flask) -> Callable[[float], None] | None:
    """A function that sets trailhead_streams_open for this process to the number given (None: metrics are off)."""
    metrics = app.extensions.get("trailhead_metrics")
    return metrics.streams_open.set if metrics is not None else None


def tournament_stream_reads(app: Flask) -> Callable[[str], None] | None:
    """A function that counts a read of the tournament streams' watcher, by kind (None: metrics are off)."""
    metrics = app.extensions.get("trailhead_metrics")
    if metrics is None:
        return None
    reads = kept(metrics.tournament_stream_reads)
    return lambda what: reads(what).inc()
