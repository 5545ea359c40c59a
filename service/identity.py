"""Who a request comes from: the seat whose token it carries, or the player whose key it carries.

A seat token (POST /games) acts for its seat of its game; a player key (POST /players) acts for
the seats its player holds in every game. What a caller may read of a game follows from it: a
seat whose player left reads as a spectator until the game ends (`reading_as`).
"""

from __future__ import annotations

import functools
import ipaddress
from typing import Any

from flask import current_app, g, request

from application.auth import same_hash, token_hash
from application.game import LoadedGame
from application.handler import GameService
from service.problems import Forbidden, Unauthorized
from service.runtime import player_store


def client_address() -> str:
    """The client's address: the peer's, unless the peer is one of TRAILHEAD_TRUSTED_PROXIES; then the
    nearest address of X-Forwarded-For that is not a trusted proxy (read from the right: the proxies
    append, and what a client wrote itself comes first, so it is never believed over them).

    By hand, as no library does it here: werkzeug's ProxyFix trusts a number of hops, whoever the peer is,
    and uvicorn's trust list lives in the ASGI front, which the WSGI servers and the tests have not. The
    front of `trailhead serve` leaves the headers to this (service/asgi.py, proxy_headers off).
    """
    peer = request.remote_addr or "unknown"
    trusted = _networks(tuple(current_app.config.get("TRUSTED_PROXIES") or ()))
    if not trusted or not _is_within(peer, trusted):
        return peer
    forwarded = [part.strip() for part in ",".join(request.headers.getlist("X-Forwarded-For")).split(",")]
    for address in reversed([part for part in forwarded if part]):
        if not _is_within(address, trusted):
            return address
    return peer


@functools.lru_cache(maxsize=8)
def _networks(texts: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(text, strict=False) for text in texts)


def _is_within(address: str, networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False  # not an address (a made-up header value): never a trusted proxy
    return any(ip in network for network in networks)


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
        owner = player_store().token_owner(token_hash(token))
        if owner is not None:
            owners[token] = owner
    return owner


def bearer_player() -> dict[str, Any] | None:
    """The player whose key the request carries, or None (no bearer, or a seat token's)."""
    token = bearer_token()
    if token is None:
        return None
    players: dict[str, dict[str, Any] | None] = g.setdefault("bearer_players", {})
    if token not in players:
        players[token] = player_store().player_by_key(token_hash(token))
    return players[token]


def required_player() -> dict[str, Any]:
    """The player whose key the request carries.

    Raises:
        Unauthorized: no key, or one that matches no player.
    """
    if request.headers.get("Authorization") is None:
        raise Unauthorized("this call needs a player key: send Authorization: Bearer <key> (POST /api/v1/players)")
    player = bearer_player()
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
    elif (player := bearer_player()) is not None:
        seating = games.load(game_id).seating  # an unknown game is a 404
        seat = seating.seat_of(player["id"]) if seating is not None else None
        if seat is not None:
            return seat
        refusal = Forbidden("you hold no seat in this game")
    else:
        refusal = Unauthorized("the token matches no seat and the key no player")
    games.record(game_id)  # an unknown game is a 404 first
    raise refusal

