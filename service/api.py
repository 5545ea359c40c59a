"""The games API: create, view, list actions, send commands, read the log, take and leave seats (DESIGN.md)."""

from __future__ import annotations

from typing import Any

import msgspec

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from application.admin import ensure_not_banned
from application.clock import iso, utc_now
from application.clock_view import clock_view, deadlines, fill_deadline_at
from application.game_types import described, game_type
from application.players import NoSuchSeat, take_seat
from application.rematch import rematch_id
from application.seeds import seed_parts
from application.engine_protocol import listed_action
from application.webhooks import DEFAULT_TIMEOUT_MS, webhook_name
from application.envelopes import envelope
from application.game import LoadedGame
from application.handler import Committed, GameService
from domain.core import SeatConfig
from domain.core.seating import LeaveSeat
from service.identity import bearer_player, caller_seat, reader_seat, required_player
from service.metrics import submitting
from service.problems import Forbidden
from service.request_body import json_body
from service.runtime import event_log, game_service, message_bus, player_store, read_models
from service.schemas.games import (
    Actions,
    CommandRequest,
    CreatedGame,
    CreateGameRequest,
    EventPage,
    EventsQuery,
    GameType,
    GameView,
    Joined,
    JoinRequest,
)

games_api = Blueprint("games_api", __name__, url_prefix="/api/v1")

_create_request = CreateGameRequest()
_command_request = CommandRequest()
_events_query = EventsQuery()
_game_type = GameType()
_created = CreatedGame()
_game_view = GameView()
_actions = Actions()
_event_page = EventPage()
_join_request = JoinRequest()
_joined = Joined()


def seat_rows(game: LoadedGame) -> list[dict[str, Any]]:
    """Each seat as it is now: its name, the bot playing it, its player, whether it is open or gone, and a webhook
    seat's URL and timeout."""
    seating = game.seating
    if seating is None:
        rows = [{"index": i, "name": s["name"], "bot": s.get("bot"), "player": None, "open": False, "gone": False,
                 **({"iterations": s["iterations"]} if s.get("iterations") is not None else {})}
                for i, s in enumerate(game.record.seats)]
    else:
        rows = seating.rows()
    for row, seat in zip(rows, game.record.seats, strict=True):
        if seat.get("webhook") is not None:
            row.update(webhook=seat["webhook"], webhook_timeout_ms=seat.get("webhook_timeout_ms"))
    return rows


def game_body(games: GameService, game: LoadedGame, seat: int | None) -> dict[str, Any]:
    now = utc_now()
    fill = fill_deadline_at(game)
    body = {
        "id": game.record.id,
        "type": game.record.type,
        "status": game.status,
        "version": game.version,
        "head_hash": game.head_hash,
        "rules_version": game.record.rules_version,
        "seed_commitment": game.record.seed_commitment,
        "seed_source": game.record.seed_source,
        "seats": seat_rows(game),
        "to_act": game.to_act(),
        "deadlines": deadlines(game, now),
        "clock": clock_view(game, now),
        "fill_deadline": None if fill is None else iso(fill),
        "you": seat,
        "state": game.spec.view(game.state, seat),
        "result": game.spec.result(game.state),
        "projection_lag": game.version - read_models().projected_version(game.record.id),
        "created_at": game.record.created_at,
        "updated_at": game.record.updated_at,
        "rematch_of": game.seating.rematch_of if game.seating is not None else None,
        "rematch": None,
    }
    if game.finished:
        body["rematch"] = rematch_game_id(games, game.record.id)
        body["seed"] = games.seed(game.record.id)
        parts = seed_parts(body["seed"], game.record.seed_source)
        if parts is not None:
            body["seed_parts"] = parts
    return body


def rematch_game_id(games: GameService, game_id: str) -> str | None:
    """The id of the finished game's rematch, once a seat asked for one (application/rematch.py)."""
    new_id = rematch_id(game_id)
    return new_id if games.store.game(new_id) is not None else None


def created_body(game: LoadedGame, tokens: dict[int, str]) -> dict[str, Any]:
    """What a new game's creator gets: the game, and each human seat's token and each webhook seat's secret, shown
    only here."""
    rows = seat_rows(game)
    for row in rows:
        if row["index"] in tokens:
            row["token"] = tokens[row["index"]]
        if "webhook" in row and message_bus().webhooks.key:
            row["webhook_secret"] = message_bus().webhooks.secret(game.record.id, row["index"])
    return {
        "id": game.record.id,
        "type": game.record.type,
        "status": game.status,
        "version": game.version,
        "head_hash": game.head_hash,
        "rules_version": game.record.rules_version,
        "seed_commitment": game.record.seed_commitment,
        "seed_source": game.record.seed_source,
        "seats": rows,
    }


@games_api.get("/game-types")
def game_types() -> Any:
    return [_game_type.dump(game_type(spec)) for spec in current_app.config["GAMES"]]


@games_api.get("/game-types/<type>")
def get_game_type(type: str) -> Response:  # noqa: A002 - the path parameter's name in openapi.yaml
    """One game type described whole; cacheable: a matching If-None-Match gets a 304."""
    description = described(game_service().registry(type))
    response = current_app.json.response(description.body)
    response.set_etag(description.etag)
    response.headers["Cache-Control"] = "public, max-age=300"
    response.make_conditional(request)  # werkzeug: a 304 with no body when If-None-Match holds the tag
    return response


TABLE_FIELDS = ("fill_with_bots_after", "turn_seconds", "initial_seconds", "increment_seconds", "takeover_bot",
                "missed_turns_limit")


@games_api.post("/games")
def create_game() -> tuple[Any, int, dict[str, str]]:
    body = _create_request.load(json_body())
    if request.headers.get("Authorization") is not None:
        ensure_not_banned(bearer_player())  # a banned player's key starts no game, whoever it seats
    seats, open_seats, players = [], [], {}
    for index, seat in enumerate(body["seats"]):
        if seat["open"]:
            open_seats.append(index)
            seats.append(SeatConfig(name=seat["name"] or f"Open seat {index}"))
        elif seat["player"] is not None:
            player = player_store().player(seat["player"])
            if player is None:
                raise ValidationError({"seats": {index: {"player": [f"no player with id {seat['player']!r}"]}}})
            ensure_not_banned(player)
            if seat["player"] in players.values():
                raise ValidationError({"seats": {index: {"player": ["a player holds one seat of a game"]}}})
            players[index] = seat["player"]
            seats.append(SeatConfig(name=player["name"]))
        elif seat["webhook"] is not None:
            seats.append(SeatConfig.of(seat["name"] or webhook_name(seat["webhook"]), webhook=seat["webhook"],
                                       webhook_timeout_ms=seat["webhook_timeout_ms"] or DEFAULT_TIMEOUT_MS))
        else:
            seats.append(SeatConfig.of(seat["name"], seat["bot"], seat["iterations"]))
    table = {name: body[name] for name in TABLE_FIELDS if body[name] is not None}
    committed = message_bus().create(body["type"], seats, body["options"], body["seed"], open_seats, players, table)
    game = game_service().load(committed.game.record.id)  # as it stands after the follow-ups (bot turns)
    created = created_body(game, dict(committed.tokens))
    return _created.dump(created), 201, {"Location": f"/api/v1/games/{game.record.id}"}


@games_api.get("/games/<game_id>")
def get_game(game_id: str) -> Any:
    games = game_service()
    game = games.load(game_id)
    return _game_view.dump(game_body(games, game, reader_seat(games, game_id, game)))


@games_api.get("/games/<game_id>/actions")
def get_actions(game_id: str) -> Any:
    games = game_service()
    game = games.load(game_id)
    seat = reader_seat(games, game_id, game)
    actions = []
    if seat is not None and seat in game.to_act():
        for command in game.spec.legal_commands(game.state, seat):
            actions.append(listed_action(game.spec, game.state, seat, command))
    return _actions.dump({"version": game.version, "seat": seat, "actions": actions})


@games_api.post("/games/<game_id>/commands")
def post_command(game_id: str) -> tuple[Any, int]:
    games = game_service()
    seat = caller_seat(games, game_id, required=True)
    body = _command_request.load(json_body())
    if body["seat"] is not None and body["seat"] != seat:
        raise Forbidden(f"the token is seat {seat}'s, not seat {body['seat']}'s")
    submitting()
    committed = message_bus().submit(
        game_id,
        seat,  # type: ignore[arg-type]
        body["type"],
        body["args"],
        expected_version=body["expected_version"],
        command_id=body["command_id"],
    )
    return command_created(committed)


def command_created(committed: Committed) -> tuple[Any, int]:
    """A command's 201, built field by field (openapi.yaml, CommandResponse).

    Its events' data go in as stored (msgspec.Raw) instead of being parsed and encoded again,
    whenever that gives the same bytes (SortedJSON.exact_response); otherwise as any response.
    """
    exact = current_app.json.exact_response(committed.response(msgspec.Raw))  # type: ignore[attr-defined]
    if exact is not None:
        return exact, 201
    return committed.response(), 201


@games_api.get("/games/<game_id>/events")
def get_events(game_id: str) -> Any:
    query = _events_query.load(request.args.to_dict())
    games = game_service()
    record = games.record(game_id)
    seat = reader_seat(games, game_id)
    finished = record.status == "finished"
    page = event_log().events(game_id, after=query["after"], limit=query["limit"] + 1)
    has_more = len(page) > query["limit"]
    page = page[: query["limit"]]
    return _event_page.dump(
        {
            "events": [envelope(event, seat, finished) for event in page],
            "next": page[-1].seq if page else query["after"],
            "has_more": has_more,
        }
    )


@games_api.post("/games/<game_id>/join")
def join_game(game_id: str) -> tuple[Any, int]:
    """A player takes an open seat (the one asked for, or the first): a seat token, shown only here."""
    player = required_player()
    body = _join_request.load(json_body() if request.get_data() else {})
    try:
        joined = take_seat(game_service(), message_bus(), game_id, player, body["seat"])
    except NoSuchSeat as error:
        raise ValidationError({"seat": [str(error)]}) from None
    now = joined.game
    return _joined.dump({"game_id": game_id, "seat": joined.seat, "token": joined.token, "status": now.status,
                         "version": now.version, "head_hash": now.head_hash}), 201


@games_api.post("/games/<game_id>/leave")
def leave_game(game_id: str) -> tuple[Any, int]:
    """The caller's seat is played by the takeover bot for the rest of the game."""
    return _left(game_id, resigned=False)


@games_api.post("/games/<game_id>/resign")
def resign_game(game_id: str) -> tuple[Any, int]:
    """As leave, recorded as a resignation (the seat's standing is what the bot then makes of it)."""
    return _left(game_id, resigned=True)


def _left(game_id: str, resigned: bool) -> tuple[Any, int]:
    games = game_service()
    seat = caller_seat(games, game_id, required=True)
    assert seat is not None
    command_id = f"{'resign' if resigned else 'leave'}:{seat}"  # sent again: the first answer
    committed = message_bus().seat_command(game_id, LeaveSeat(seat=seat, resigned=resigned), seat, command_id)
    return committed.response(), 201
