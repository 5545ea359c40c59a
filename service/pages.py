"""The pages for people (issue 16, first slice): the lobby at `/` and a game's page at `/games/{id}`.

Server-rendered shells (Jinja templates) with a small script each (service/static), no CDN and no
build step: the page reads the same JSON API a client does (openapi.yaml), so it shows nothing the
caller could not read. The game page shows the game's seats, status, head hash and audit verdict,
steps through the log with a slider (the replay API) beside the timeline, follows the game's stream
while it runs, and, with a seat token or a player key, lists the legal actions as labelled buttons
(ranged arguments as bounded inputs) that send the command with `expected_version`.

Each game's view is shown as its structure for now (the game's own drawing is the rest of issue 16).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template, send_from_directory

from service.runtime import game_service

pages = Blueprint("pages", __name__, template_folder="templates", static_folder="static",
                  static_url_path="/static")


@pages.get("/")
def lobby() -> Any:
    types = [{"id": spec.id, "title": spec.title, "min_seats": spec.min_seats, "max_seats": spec.max_seats,
              "bots": list(spec.bots)} for spec in _specs()]
    return render_template("lobby.html", types=types, titles={t["id"]: t["title"] for t in types})


@pages.get("/games/<game_id>")
def game_page(game_id: str) -> Any:
    record = game_service().record(game_id)  # an unknown game is a 404 problem
    return render_template("game.html", game_id=game_id, type=record.type,
                           title=next((s.title for s in _specs() if s.id == record.type), record.type))


@pages.get("/favicon.ico")
def favicon() -> Any:
    """The site's icon (a small SVG drawn here): browsers ask for it on every page, and the pages link it."""
    return send_from_directory(pages.static_folder or "static", "favicon.svg", mimetype="image/svg+xml",
                               max_age=24 * 60 * 60)


def _specs() -> list[Any]:
    return list(current_app.config["GAMES"])
