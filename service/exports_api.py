"""The bulk export: finished games' replay documents as NDJSON, in the order they finished.

Each line is `{"position": P, "document": {...}}`: the document is the one GET /games/{id}/export gives, P the
global position the game finished at (its last event's). Positions are this installation's own, never reused and
increasing in the order games finish (storage/sql/event_log.py records them in the finishing transaction), so a
download that stopped asks again with `after=` the last position it got and misses nothing. Running games are not
exported: their seeds and hidden events are secret until the end. Counts in the `read` rate limit.
"""

from __future__ import annotations

from collections.abc import Iterator

from flask import Blueprint, Response, json, request, stream_with_context

from replays.transfer import finished_documents
from service.runtime import game_service
from service.schemas.replays import ExportQuery

exports_api = Blueprint("exports_api", __name__, url_prefix="/api/v1")

NDJSON = "application/x-ndjson"

_export_query = ExportQuery()


@exports_api.get("/exports/games")
def export_games() -> Response:
    query = _export_query.load(request.args.to_dict())
    games = game_service()
    type_ = None if query["type"] is None else games.registry(query["type"]).id  # 404 for a type not offered
    documents = finished_documents(games.store, query["after"], query["limit"], type_)

    def lines() -> Iterator[str]:
        for position, document in documents:
            yield json.dumps({"position": position, "document": document}) + "\n"

    return Response(stream_with_context(lines()), mimetype=NDJSON)
