"""The games API: create, view, list actions, send commands, read the log (DESIGN.md, REST API)."""

from __future__ import annotations

from typing import Any

import msgspec

from flask import Blueprint, Response, current_app, g, request
from marshmallow import ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from application.auth import new_token, same_hash, token_hash
from application.clock import iso, utc_now
from application.clock_view import clock_view, deadlines, fill_deadline_at
from application.game_types import described, game_type
from application.seeds import seed_parts
from application.envelopes import envelope
from application.game import LoadedGame
from application.handler import Committed, GameService
from domain.core import Command, GameSpec, SeatConfig
from domain.core.seating import JoinSeat, LeaveSeat, SeatTaken
from service import schemas
from service.problems import BadRequest, Forbidden, Unauthorized
from service.runtime import game_service, message_bus
from storage import VersionConflict

games_api = Blueprint("games_api", __name__, url_prefix="/api/v1")

_create_request = schemas.CreateGameRequest()
_command_request = schemas.CommandRequest()
_events_query = schemas.EventsQuery()
_game_type = schemas.GameType()
_created = schemas.CreatedGame()
_game_view = schemas.GameView()
_actions = schemas.Actions()
_event_page = schemas.EventPage()
_join_request = schemas.JoinRequest()
_joined = schemas.Joined()


def json_body() -> dict[str, Any]:
    """The request's JSON object, parsed strictly (msgspec: JSON text as RFC 8259 defines it).

    NaN and Infinity are refused (they are not JSON), as are numbers out of a double's
    range, integers beyond the signed 64-bit range, lone surrogates that cannot be stored
    as UTF-8, and nesting too deep to parse.

    Raises:
        BadRequest: the body is not JSON, or not a JSON object.
        ValidationError: an integer in it is beyond the signed 64-bit range, or a text holds U+0000.
    """
    if not request.is_json:
        raise BadRequest("send the body as JSON with Content-Type: application/json")
    try:
        body = msgspec.json.decode(body_bytes())
    except RecursionError:
        raise BadRequest("the body is nested too deeply") from None
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError) as error:
        raise BadRequest(f"the body is not valid JSON: {error}") from None
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    schemas.check_values(body)
    return body


def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None without one, or with another scheme."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def token_owner(token: str) -> tuple[str, int] | None:
    """The game and seat a token belongs to, or None.

    A token's owner never changes, so an owner found is kept for the app context: the rate
    limiter's lookup (service/rate_limits.py) and the view's are one query.
    """
    owners: dict[str, tuple[str, int]] = g.setdefault("token_owners", {})
    owner = owners.get(token)
    if owner is None:
        owner = game_service().store.token_owner(token_hash(token))
        if owner is not None:
            owners[token] = owner
    return owner


def body_bytes() -> bytes:
    """The request's body, whole: never cut short at the limit of its route.

    A body with a Content-Length over the limit is refused before it is read. One sent in
    chunks (no Content-Length) is read up to the limit, and werkzeug then stops without an
    error, so one more byte is asked of the server's stream: if there is one, the body was
    longer than the limit.

    Raises:
        RequestEntityTooLarge: the body is over the limit of its route.
    """
    data = request.get_data(cache=True)
    if (request.content_length is None and (limit := request.max_content_length) is not None and len(data) >= limit
            and request.environ.get("wsgi.input_terminated") and request.environ["wsgi.input"].read(1)):
        raise RequestEntityTooLarge()
    return data


def bearer_player(games: GameService) -> dict[str, Any] | None:
    """The player whose key the request carries, or None (no bearer, or a seat token's)."""
    token = bearer_token()
    if token is None:
        return None
    players: dict[str, dict[str, Any] | None] = g.setdefault("bearer_players", {})
    if token not in players:
        players[token] = games.store.player_by_key(token_hash(token))
    return players[token]


def required_player(games: GameService) -> dict[str, Any]:
    """The player whose key the request carries.

    Raises:
        Unauthorized: no key, or one that matches no player.
    """
    if request.headers.get("Authorization") is None:
        raise Unauthorized("this call needs a player key: send Authorization: Bearer <key> (POST /api/v1/players)")
    player = bearer_player(games)
    if player is None:
        raise Unauthorized("the key matches no player")
    return player


def reader_seat(games: GameService, game_id: str, game: LoadedGame | None = None) -> int | None:
    """As `caller_seat`, for a read that shows a seat's hidden information (`reading_as`); `game`, when the
    caller has loaded it already."""
    return reading_as(games, game_id, caller_seat(games, game_id), game)


def reading_as(games: GameService, game_id: str, seat: int | None, game: LoadedGame | None = None) -> int | None:
    """What `seat` may read: a seat whose player left (or timed out for good) reads as a spectator (None) until
    the game ends. A bot plays it now, and what it holds from then on is not the leaver's to see, nor to tell a
    partner."""
    if seat is None:
        return None
    return None if has_left(game if game is not None else games.load(game_id), seat) else seat


def has_left(game: LoadedGame, seat: int) -> bool:
    """Whether `seat`'s player left the game while it runs (a bot plays the seat for good)."""
    return not game.finished and game.seating is not None and seat in game.seating.gone


def caller_seat(games: GameService, game_id: str, required: bool = False) -> int | None:
    """The seat whose token the request carries, or the seat its player key holds in this game;
    None for a spectator.

    A token of this game proves the game exists; on every refusal the game's existence is
    checked first, so that an unknown game is a 404 whatever the token.

    Raises:
        UnknownGameId: no such game.
        Unauthorized: a required token is missing, or a token is malformed or unknown.
        Forbidden: the token belongs to another game, or the player holds no seat in it.
    """
    refusal: Unauthorized | Forbidden
    if request.headers.get("Authorization") is None:
        if not required:
            return None
        refusal = Unauthorized("this call needs a seat token or a player key: send Authorization: Bearer <token>")
    elif (token := bearer_token()) is None:
        refusal = Unauthorized("the Authorization header must be 'Bearer <token>'")
    elif (owner := token_owner(token)) is not None:
        if same_hash(owner[0], game_id):
            return owner[1]
        refusal = Forbidden("the token belongs to a seat of another game")
    elif (player := bearer_player(games)) is not None:
        seating = games.load(game_id).seating  # an unknown game is a 404
        seat = seating.seat_of(player["id"]) if seating is not None else None
        if seat is not None:
            return seat
        refusal = Forbidden("you hold no seat in this game")
    else:
        refusal = Unauthorized("the token matches no seat and the key no player")
    games.record(game_id)  # an unknown game is a 404 first
    raise refusal


def seat_rows(game: LoadedGame) -> list[dict[str, Any]]:
    """Each seat as it is now: its name, the bot playing it, its player, whether it is open or gone."""
    seating = game.seating
    if seating is None:
        return [{"index": i, "name": s["name"], "bot": s.get("bot"), "player": None, "open": False, "gone": False}
                for i, s in enumerate(game.record.seats)]
    return seating.rows()


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
        "projection_lag": game.version - games.store.projected_version(game.record.id),
        "created_at": game.record.created_at,
        "updated_at": game.record.updated_at,
    }
    if game.finished:
        body["seed"] = games.seed(game.record.id)
        parts = seed_parts(body["seed"], game.record.seed_source)
        if parts is not None:
            body["seed_parts"] = parts
    return body


def created_body(game: LoadedGame, tokens: dict[int, str]) -> dict[str, Any]:
    """What a new game's creator gets: the game, and each human seat's token, shown only here."""
    rows = seat_rows(game)
    for row in rows:
        if row["index"] in tokens:
            row["token"] = tokens[row["index"]]
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
    games = game_service()
    seats, open_seats, players = [], [], {}
    for index, seat in enumerate(body["seats"]):
        if seat["open"]:
            open_seats.append(index)
            seats.append(SeatConfig(name=seat["name"] or f"Open seat {index}"))
        elif seat["player"] is not None:
            player = games.store.player(seat["player"])
            if player is None:
                raise ValidationError({"seats": {index: {"player": [f"no player with id {seat['player']!r}"]}}})
            if seat["player"] in players.values():
                raise ValidationError({"seats": {index: {"player": ["a player holds one seat of a game"]}}})
            players[index] = seat["player"]
            seats.append(SeatConfig(name=player["name"]))
        else:
            seats.append(SeatConfig(name=seat["name"], bot=seat["bot"]))
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
            actions.append(action(game.spec, game.state, seat, command))
    return _actions.dump({"version": game.version, "seat": seat, "actions": actions})


def action(spec: GameSpec, state: Any, seat: int, command: Command) -> dict[str, Any]:
    """A legal command as listed: submittable `type` and `args`, its `label`, and `ranges` if any."""
    type_, args = spec.commands.encode(command)
    listed = {"type": type_, "args": args, "label": spec.label(state, seat, command)}
    ranges = spec.ranges(state, seat, command)
    if ranges:
        listed["ranges"] = {path: dict(span) for path, span in sorted(ranges.items())}
    return listed


@games_api.post("/games/<game_id>/commands")
def post_command(game_id: str) -> tuple[Any, int]:
    games = game_service()
    seat = caller_seat(games, game_id, required=True)
    body = _command_request.load(json_body())
    if body["seat"] is not None and body["seat"] != seat:
        raise Forbidden(f"the token is seat {seat}'s, not seat {body['seat']}'s")
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
    page = games.store.events(game_id, after=query["after"], limit=query["limit"] + 1)
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
    """A player takes an open seat (the one asked for, or the first): a seat token, shown only here.

    Two players racing for the last seat: both are decided on the same version, one append
    wins, the other is decided again on the new version and finds the seat taken (409).
    """
    games = game_service()
    player = required_player(games)
    body = _join_request.load(json_body() if request.get_data() else {})
    for _attempt in range(5):
        game = games.load(game_id)
        seating = game.seating
        assert seating is not None
        held = seating.seat_of(player["id"])
        if held is not None:
            raise SeatTaken(f"you already hold seat {held} of this game; your key acts for it")
        seat = body["seat"]
        if seat is None:
            if not seating.open:
                raise SeatTaken("no seat of this game is open")
            seat = seating.open[0]
        elif not 0 <= seat < len(seating.names):
            raise ValidationError({"seat": [f"the game has seats 0 to {len(seating.names) - 1}"]})
        token = new_token()
        try:
            committed = message_bus().seat_command(
                game_id, JoinSeat(seat=seat, player=player["id"], name=player["name"]), seat,
                f"join:{seat}:{player['id']}", expected_version=game.version, tokens={seat: token})
        except VersionConflict:
            continue  # another writer went first: decide again on what it left
        now = committed.game
        return _joined.dump({"game_id": game_id, "seat": seat, "token": token, "status": now.status,
                             "version": now.version, "head_hash": now.head_hash}), 201
    raise VersionConflict(game.version, games.load(game_id).version)


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
