"""`trailhead admin`: an operator's actions on players (application/admin.py), each recorded with who, when, why.

Who: `--by`, or else the operating system's user running the command. TRAILHEAD_DB names the database; a
change takes effect at once on every host serving it (keys and bans are read from the database per request).
"""

from __future__ import annotations

import getpass
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

by_option = click.option("--by", default=None, help="Who takes the action (default: the OS user).")
reason_option = click.option("--reason", default=None, help="Why (kept in the admin log).")


def actor(by: str | None) -> str:
    if by:
        return by
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container, say)
        return "unknown"


@contextmanager
def container() -> Iterator[Any]:
    from bootstrap import bootstrap

    app = bootstrap()
    try:
        yield app
    finally:
        app.close()


def player_of(app: Any, ref: str) -> dict[str, Any]:
    from application.admin import UnknownPlayer, find_player

    try:
        return find_player(app.store, ref)
    except UnknownPlayer as error:
        raise click.ClickException(str(error)) from None


def described(player: dict[str, Any]) -> str:
    return f"{player['id']} ({player['name']})"


@click.group()
def admin() -> None:
    """Players: list them, revoke a key, ban or unban; the log of these actions."""


@admin.command("players")
@click.option("--name", default=None, help="Only the players whose name holds this (any case).")
def admin_players(name: str | None) -> None:
    """The players: id, name, registered, and banned since when and why."""
    with container() as app:
        players = app.store.players(name)
    for player in players:
        banned = f"  BANNED {player['banned_at']}" + (f": {player['ban_reason']}" if player["ban_reason"] else "") \
            if player["banned_at"] else ""
        click.echo(f"{player['id']}  {player['name']}  {player['created_at']}{banned}")
    click.echo(f"{len(players)} player(s)", err=True)


@admin.command("revoke-key")
@click.argument("player")
@reason_option
@by_option
def admin_revoke_key(player: str, reason: str | None, by: str | None) -> None:
    """Replace PLAYER's key (an id, or a name held by one player): the old key is refused at once.

    The new key is printed once: hand it to the player, who then gets one only it knows from
    POST /api/v1/players/me/key.
    """
    from application.admin import revoke_key

    with container() as app:
        found = player_of(app, player)
        key = revoke_key(app.store, found["id"], actor(by), reason)
    click.echo(f"revoked the key of {described(found)}; its new key (shown once): {key}")
    click.echo("the player should exchange it for its own at POST /api/v1/players/me/key", err=True)


@admin.command("ban")
@click.argument("player")
@reason_option
@by_option
@click.option("--timeout", default=60.0, show_default=True, type=float,
              help="Without REDIS_URL: seconds to wait at most for the takeover bots' turns played here.")
def admin_ban(player: str, reason: str | None, by: str | None, timeout: float) -> None:
    """Ban PLAYER: no new games, joins, ladder or tournament entries (403 player-banned); taken out of the
    ladders; the seats it holds in running games are handed to the takeover bot."""
    from application.admin import ban

    with container() as app:
        found = player_of(app, player)
        if found["banned_at"]:
            raise click.ClickException(f"{described(found)} is banned already (since {found['banned_at']})")
        app.runner.catch_up()  # the read model lists the player's games
        banned = ban(app.bus, found["id"], actor(by), reason)
        if app.runner.kind == "inline" and banned.seats:
            app.runner.wait_idle(timeout)
    click.echo(f"banned {described(found)}")
    for game_type in banned.ladders:
        click.echo(f"  taken out of the {game_type} ladder")
    for seat in banned.seats:
        outcome = f"kept: {seat.refused}" if seat.refused else "handed to the takeover bot"
        click.echo(f"  game {seat.game_id} seat {seat.seat}: {outcome}")


@admin.command("unban")
@click.argument("player")
@reason_option
@by_option
def admin_unban(player: str, reason: str | None, by: str | None) -> None:
    """Lift PLAYER's ban (the seats handed to bots stay theirs)."""
    from application.admin import unban

    with container() as app:
        found = player_of(app, player)
        if not found["banned_at"]:
            raise click.ClickException(f"{described(found)} is not banned")
        unban(app.store, found["id"], actor(by), reason)
    click.echo(f"unbanned {described(found)}")


@admin.command("log")
@click.option("--limit", default=100, show_default=True, type=click.IntRange(min=1))
def admin_log(limit: int) -> None:
    """The admin actions, newest first: when, who, what, on which player, why."""
    with container() as app:
        actions = app.store.admin_actions(limit)
    for row in actions:
        why = f"  ({row['reason']})" if row["reason"] else ""
        click.echo(f"{row['at']}  {row['actor']}  {row['action']}  {row['player']}{why}")
    if not actions:
        click.echo("no admin action recorded")
