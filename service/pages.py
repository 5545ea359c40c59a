"""The pages for people (issue 16, first slice): the lobby at `/`, a game's page at `/games/{id}`, and a
tournament's at `/tournaments/{id}` (issue 30: standings, rounds with links to their games, the audit's verdict,
live from the tournament's stream).

Server-rendered shells (Jinja templates) with a small script each (service/static), no CDN and no
build step: the page reads the same JSON API a client does (openapi.yaml), so it shows nothing the
caller could not read. The game page shows the game's seats, status, head hash and audit verdict,
steps through the log with a slider (the replay API) beside the timeline, follows the game's stream
while it runs, and, with a seat token or a player key, lists the legal actions as labelled buttons
(ranged arguments as bounded inputs) that send the command with `expected_version`.

A game type's board is drawn by its own script, `static/boards/<type>.js` (an ES module the game page
imports; issue 28); a type without one shows its view as its structure.
"""

from __future__ import annotations

import mimetypes
import os
from typing import Any

from flask import Blueprint, current_app, render_template, send_from_directory
from werkzeug.security import safe_join

from application.game_types import bot_levels
from application.tournaments.stream import load
from service.runtime import game_service, trailhead

# The type openapi.yaml promises for the scripts, whatever /etc/mime.types says (Python's own table has
# application/javascript); module scripts need a JavaScript type.
mimetypes.add_type("text/javascript", ".js")

pages = Blueprint("pages", __name__, template_folder="templates", static_folder="static",
                  static_url_path="/static")


@pages.get("/")
def lobby() -> Any:
    types = [{"id": spec.id, "title": spec.title, "min_seats": spec.min_seats, "max_seats": spec.max_seats,
              "bots": list(spec.bots), "bot_levels": bot_levels(spec)} for spec in _specs()]
    return render_template("lobby.html", types=types, titles={t["id"]: t["title"] for t in types})


@pages.get("/games/<game_id>")
def game_page(game_id: str) -> Any:
    record = game_service().record(game_id)  # an unknown game is a 404 problem
    return render_template("game.html", game_id=game_id, type=record.type, board=_board(record.type),
                           title=next((s.title for s in _specs() if s.id == record.type), record.type))


@pages.get("/tournaments/<tournament_id>")
def tournament_page(tournament_id: str) -> Any:
    """A tournament's page: standings, rounds with links to their games, the audit's verdict, live."""
    loaded = load(trailhead().store, tournament_id)  # an unknown tournament is a 404 problem
    created = loaded.state.created
    title = next((s.title for s in _specs() if s.id == created.game_type), created.game_type)
    return render_template("tournament.html", tournament_id=tournament_id, name=created.name, title=title)


@pages.get("/favicon.ico")
def favicon() -> Any:
    """The site's icon (a small SVG drawn here): browsers ask for it on every page, and the pages link it."""
    return send_from_directory(pages.static_folder or "static", "favicon.svg", mimetype="image/svg+xml",
                               max_age=24 * 60 * 60)


def _board(type_id: str) -> str | None:
    """The game type's board module under static/, or None when it has none (the page then shows the view
    as data): the page imports only a module that exists, so it never asks for one and logs a 404."""
    filename = f"boards/{type_id}.js"
    found = safe_join(pages.static_folder or "static", filename)
    return filename if found and os.path.isfile(found) else None


def _specs() -> list[Any]:
    return list(current_app.config["GAMES"])
