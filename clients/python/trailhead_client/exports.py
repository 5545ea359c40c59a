"""The client's bulk export (issue 31): every finished game's replay document, in the order the games finished.

GET /api/v1/exports/games [exportGames] streams NDJSON, one `{"position": P, "document": {...}}` a line, a page
of at most `limit` games at a time. `export_lines` follows the pages (each asked for after the last position
received) until a page comes back short, and picks up after the last line it got if a connection drops in the
middle of a page; `export_games` yields the documents alone. Keep the last `position` to resume a later download
where this one stopped (`after=`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TypedDict, cast

import requests

from trailhead_client.errors import ConnectionFailed, ProtocolError
from trailhead_client.transport import API_PREFIX, Transport
from trailhead_client.types import ReplayDocument

#: Games asked for a page; the server's default (and at most 1000).
EXPORT_PAGE = 100
#: How many times in a row a dropped download is picked up again before ConnectionFailed is raised.
EXPORT_RESUMES = 3


class ExportLine(TypedDict):
    """One line of the bulk export: the global position the game finished at, and its replay document."""

    position: int
    document: ReplayDocument


class ExportCalls:
    """Mixed into `Client`: the bulk export of finished games [exportGames]."""

    transport: Transport

    def export_lines(self, type_: str | None = None, *, after: int | None = None,
                     page: int = EXPORT_PAGE) -> Iterator[ExportLine]:
        """Every finished game (of `type_`, if given) that finished after the position `after`, as
        `{position, document}`, in the order the games finished, page after page of `page` games until no
        more are there. A connection dropped in the middle of a page is picked up after the last line received
        (up to EXPORT_RESUMES times in a row).

        Raises:
            NotFound: the server offers no game type `type_`.
            ConnectionFailed: the download dropped more than EXPORT_RESUMES times in a row.
            ProtocolError: a line that is not an export line.
        """
        last = after or 0
        dropped = 0
        while True:
            received = 0
            try:
                for line in self._export_page(type_, last, page):
                    yield line
                    last, received, dropped = line["position"], received + 1, 0
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError) as error:
                dropped += 1
                if dropped > EXPORT_RESUMES:
                    raise ConnectionFailed(f"the export dropped {dropped} times, the last after {last}: {error}") \
                        from error
                continue  # the page again, after the last line received
            if received < page:
                return

    def export_games(self, type_: str | None = None, *, after: int | None = None,
                     page: int = EXPORT_PAGE) -> Iterator[ReplayDocument]:
        """The replay documents of `export_lines`, each importable as it is (`import_replay`)."""
        for line in self.export_lines(type_, after=after, page=page):
            yield line["document"]

    def _export_page(self, type_: str | None, after: int, limit: int) -> Iterator[ExportLine]:
        params: dict[str, Any] = {"after": after, "limit": limit}
        if type_ is not None:
            params["type"] = type_
        response = self.transport.request("GET", f"{API_PREFIX}/exports/games", params=params, stream=True)
        with response:
            for raw in response.iter_lines():
                if raw:
                    yield _export_line(raw)


def _export_line(raw: bytes) -> ExportLine:
    try:
        line = json.loads(raw)
    except ValueError as error:
        raise ProtocolError(f"an export line is not JSON: {raw[:200]!r}") from error
    if not isinstance(line, dict) or not isinstance(line.get("position"), int) or "document" not in line:
        raise ProtocolError(f"not an export line: {raw[:200]!r}")
    return cast(ExportLine, line)
