"""The Flask app factory (nothing is built at import time)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import msgspec
from flask import Flask, Response, request
from flask.json.provider import DefaultJSONProvider

from application.settings import rate_limits, settings_from_env, trusted_proxies
from bootstrap import bootstrap
from service import metrics, problems, request_log
from service.analysis import analysis_api
from service.api import games_api
from service.exports_api import exports_api
from service.ladder_api import ladder_api
from service.lobby import lobby_api
from service.meta import meta_api
from service.pages import pages
from service.player_stream import player_stream_api
from service.players import players_api
from service.rate_limits import limit_requests
from service.rematch_api import rematch_api
from service.replays_api import replays_api
from service.runtime import forget_request
from service.stream import stream_api
from service.tournament_stream import tournament_stream_api
from service.tournaments_api import tournaments_api


class SortedJSON(DefaultJSONProvider):
    """Flask's JSON with keys sorted, so a replayed response is byte for byte the first.

    `dumps` without options encodes with msgspec (types msgspec does not know go through
    Flask's own fallback, and what it refuses to sort, dicts with int keys as marshmallow's
    error messages have, through json.dumps). Flask's `response()` passes `separators`, so
    responses are json.dumps's; a command's 201 takes `exact_response`, msgspec writing the
    same bytes."""

    sort_keys = True

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if not kwargs:
            try:
                return msgspec.json.encode(obj, order="sorted", enc_hook=self.default).decode()
            except TypeError:
                pass
        return super().dumps(obj, **kwargs)

    def exact_response(self, obj: Any) -> Response | None:
        """What `response(obj)` answers, encoded by msgspec; `obj` may hold JSON texts (msgspec.Raw)
        that are canonical JSON (sorted keys, compact), as stored events' data are.

        None where the bytes could differ from `response`'s (json.dumps: sorted keys, compact,
        ASCII): in debug mode (indented), or when the text is not plain ASCII or holds DEL, which
        json.dumps escapes and msgspec does not. For the rest (plain ASCII) the two write the same
        bytes, and a canonical text spliced in as it is equals its data encoded again.
        """
        if self.compact is False or (self.compact is None and self._app.debug):
            return None
        text = msgspec.json.encode(obj, order="sorted")
        if not text.isascii() or b"\x7f" in text:
            return None
        return self._app.response_class(text + b"\n", mimetype=self.mimetype)


# The blueprints whose answers can carry a seat's data: its token (a new or forked game), its view
# and legal actions, its hidden events, a replay with its eyes, an export with every secret (one game's or the
# bulk export's), a hint.
SEAT_DATA_BLUEPRINTS = frozenset({games_api.name, stream_api.name, replays_api.name, players_api.name,
                                  player_stream_api.name, analysis_api.name, tournaments_api.name, exports_api.name})


#: Routes of those blueprints that never answer a seat's data: a game type's description is public,
#: the same for everyone, and made to be cached (with its ETag).
PUBLIC_ENDPOINTS = frozenset({"games_api.get_game_type"})


def no_store(response: Response) -> Response:
    """Keep a seat's data out of every cache, shared or private.

    Every response to a request that carries credentials, and every response of the routes
    that can answer a seat's data: some do so without credentials (the tokens of a new game,
    the hidden events of a finished one).
    """
    if "Authorization" in request.headers or (
            request.blueprint in SEAT_DATA_BLUEPRINTS and request.endpoint not in PUBLIC_ENDPOINTS):
        response.headers["Cache-Control"] = "no-store"
    return response


def one_date(response: Response) -> Response:
    """Leave the Date header to the server (uvicorn and gunicorn write one on every answer): werkzeug's
    conditional answers (make_conditional: a game type's ETag, send_file: the pages' files) add their own,
    and an answer would carry two."""
    response.headers.pop("Date", None)
    return response


def default_config() -> dict[str, Any]:
    """Settings from the environment, with embedded defaults (SQLite file, inline jobs).

    A request body may hold 1 MiB, except a replay document to import (`POST /replays`):
    a long game's export runs to several MiB, so that route takes up to 32 MiB. OPTIONS is a 405.
    """
    return {**settings_from_env(), "MAX_CONTENT_LENGTH": 1024 * 1024,
            "MAX_IMPORT_CONTENT_LENGTH": 32 * 1024 * 1024,
            # No OPTIONS answered by Flask on every route: the contract documents none (the service serves
            # no browser from other origins, so no CORS preflight), and an undocumented method is a 405
            # with Allow, as on any other method a route lacks.
            "PROVIDE_AUTOMATIC_OPTIONS": False}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A configured app: `config` overrides the environment's settings.

    The container (storage, handler, bus and runner) comes from the bootstrap, which also
    applies the database's pending migrations. `RATE_LIMITS` may be given as the settings
    hold it (scope -> limit) or as a TRAILHEAD_RATE_LIMITS text.

    Raises:
        SettingsError: a malformed setting (TRAILHEAD_RATE_LIMITS).
    """
    app = Flask(__name__)
    # Flask asks inspect whether each hook and view is a coroutine function, every request (7 times a
    # command): the answer never changes, so it is kept per function.
    app.ensure_sync = functools.cache(app.ensure_sync)  # type: ignore[method-assign]
    app.json = SortedJSON(app)
    app.config.update(default_config())
    app.config.update(config or {})
    if isinstance(app.config["RATE_LIMITS"], str):
        app.config["RATE_LIMITS"] = rate_limits(app.config["RATE_LIMITS"])
    if isinstance(app.config.get("TRUSTED_PROXIES"), str):
        app.config["TRUSTED_PROXIES"] = trusted_proxies(app.config["TRUSTED_PROXIES"])
    if "GAMES" not in app.config:
        from domain.games import GAMES

        app.config["GAMES"] = GAMES
    app.extensions["trailhead"] = bootstrap(app.config, tuple(app.config["GAMES"]))
    problems.register(app)
    request_log.install(app)  # before the limiter: a 429 has its id and its duration too
    metrics.install(app)
    limit_requests(app, app.config["RATE_LIMITS"])
    app.register_blueprint(games_api)
    app.register_blueprint(analysis_api)
    app.register_blueprint(rematch_api)
    app.register_blueprint(ladder_api)
    app.register_blueprint(lobby_api)
    app.register_blueprint(players_api)
    app.register_blueprint(player_stream_api)
    app.register_blueprint(stream_api)
    app.register_blueprint(replays_api)
    app.register_blueprint(exports_api)
    app.register_blueprint(tournaments_api)
    app.register_blueprint(tournament_stream_api)
    app.register_blueprint(meta_api)
    app.register_blueprint(pages)
    app.after_request(no_store)
    app.after_request(one_date)
    app.teardown_appcontext(forget_request)
    container = app.extensions["trailhead"]
    if container.runner.kind == "inline" and app.config.get("RESUME_BOTS", True):
        # A restart loses no bot turn: every game whose bot seat is to act goes back to the bot thread.
        resumed = container.runner.resume(container.bus)
        if resumed:
            app.logger.info("resumed the bots of %s game(s)", resumed)
    return app
