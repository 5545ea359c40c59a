"""Server-Sent Events: a parser of the event-stream format and a reader that resumes after a drop.

The parser follows the WHATWG HTML standard's "event stream interpretation": lines end in CRLF, LF
or CR; `:` starts a comment (the server's keep-alives); `event`, `data`, `id` and `retry` are the
fields; a blank line dispatches the event; an event cut off by the end of the stream is discarded.

The reader (`resuming_events`) reconnects whenever the connection drops or the server closes it
before its `end` event, sending the last seen id as `Last-Event-ID`, so no event is lost or
repeated; it waits the server's `retry` between attempts and gives up after `retries` attempts
in a row that brought neither a new event nor a keep-alive (a connection that stayed up long
enough to be kept alive was a working one, however quiet: a player's stream may be quiet for hours).
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from dataclasses import dataclass

import requests

from trailhead_client.errors import ConnectionFailed
from trailhead_client.transport import Transport


@dataclass(frozen=True)
class SseEvent:
    """One dispatched event: its type (`message` unless named), its data and the id it set."""

    event: str
    data: str
    id: str | None


class SseParser:
    """Feeds text in pieces as it arrives; returns the events each piece completes."""

    def __init__(self) -> None:
        self.last_event_id: str | None = None
        self.retry_ms: int | None = None
        self.comments = 0  # comment lines read (the server's keep-alives)
        self._line = ""
        self._after_cr = False
        self._event = ""
        self._data: list[str] = []

    def feed(self, text: str) -> list[SseEvent]:
        events: list[SseEvent] = []
        for char in text:
            if self._after_cr:
                self._after_cr = False
                if char == "\n":
                    continue  # the LF of a CRLF
            if char in "\r\n":
                self._after_cr = char == "\r"
                event = self._line_done(self._line)
                self._line = ""
                if event is not None:
                    events.append(event)
            else:
                self._line += char
        return events

    def _line_done(self, line: str) -> SseEvent | None:
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            self.comments += 1
            return None  # a comment
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self.last_event_id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            self.retry_ms = int(value)
        return None

    def _dispatch(self) -> SseEvent | None:
        event, data = self._event or "message", self._data
        self._event, self._data = "", []
        if not data:
            return None
        return SseEvent(event, "\n".join(data), self.last_event_id)


def events_of(response: requests.Response, parser: SseParser) -> Iterator[SseEvent]:
    """The events of one open event-stream response, as they arrive."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    for chunk in response.iter_content(chunk_size=None):
        yield from parser.feed(decoder.decode(chunk))


def resuming_events(transport: Transport, path: str, *, token: str | None = None, after: int | None = None,
                    read_timeout: float = 60.0) -> Iterator[SseEvent]:
    """The events of a stream from after `after` (sent as `Last-Event-ID`; None: the server's
    default start), across reconnections, until its `end` event (a stream without one goes on
    until the caller closes the iterator).

    Each connection after the first sends `Last-Event-ID` (the last id received), as a browser's
    EventSource does. Problems on opening (404, 401, ...) are raised; 429 and 503 are retried by
    the transport.

    Raises:
        ConnectionFailed: `transport.retries` connections in a row brought no new event and no keep-alive.
    """
    last = str(after) if after is not None else None
    failures = 0
    delay = 1.0
    while True:
        parser = SseParser()
        parser.last_event_id = last
        headers = {"Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = last
        progress = False
        try:
            response = transport.request("GET", path, token=token, headers=headers, stream=True,
                                         timeout=read_timeout)
        except ConnectionFailed:
            response = None
        if response is not None:
            try:
                for event in events_of(response, parser):
                    if event.event == "end":
                        return
                    progress = True
                    last = event.id
                    yield event
            except requests.RequestException:
                pass  # the connection dropped: resume below
            finally:
                response.close()
            if parser.retry_ms is not None:
                delay = parser.retry_ms / 1000
        failures = 0 if progress or parser.comments else failures + 1
        if failures > transport.retries:
            raise ConnectionFailed(f"GET {path}: the event stream broke off {failures} times without a new event")
        transport.sleep(delay if failures else 0)
