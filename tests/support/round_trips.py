"""Round trips to PostgreSQL, counted per thread by a psycopg connection class of the tests' own.

psycopg has no hook that sees every statement (and a statement is not a round trip anyway: a pipeline
sends many and waits once), and pg_stat_statements needs the server's configuration. So this counts
what psycopg makes the server answer, on the thread that asks (the one handling the command, not the
projector's):

- outside a pipeline, every exchange through `Connection.wait` that waits for the server's answer
  (a statement, BEGIN, COMMIT): its generator yields `Wait.R`;
- `executemany` outside a pipeline: one (psycopg sends the rows in a pipeline of its own, one sync);
- in a pipeline: each `sync()`, the exit (a sync), and each result read before its sync (a flush)
  (an exchange that waits for the server's answer there, outside a sync).

psycopg prepares a statement on its fifth use on a connection, in the same exchange as that
execution: that one extra message per connection and statement is not counted.
"""

from __future__ import annotations

import collections
import contextlib
import threading
from collections.abc import Generator, Iterable, Iterator
from typing import Any

import psycopg
from psycopg.waiting import Wait

_counts: collections.Counter[int] = collections.Counter()
_lock = threading.Lock()


def _count() -> None:
    with _lock:
        _counts[threading.get_ident()] += 1


class CountingCursor(psycopg.Cursor[Any]):
    def executemany(self, query: Any, params_seq: Iterable[Any], *, returning: bool = False) -> None:
        connection: CountingConnection = self.connection  # type: ignore[assignment]
        if connection.counted_apart:  # in a pipeline: its sync counts
            return super().executemany(query, params_seq, returning=returning)
        _count()
        with connection.apart():
            return super().executemany(query, params_seq, returning=returning)


class CountingPipeline:
    """What `CountingConnection.pipeline()` yields: psycopg's pipeline, its syncs counted."""

    def __init__(self, connection: CountingConnection, pipeline: psycopg.Pipeline) -> None:
        self._connection = connection
        self._pipeline = pipeline

    def sync(self) -> None:
        _count()
        with self._connection.apart():
            self._pipeline.sync()


class CountingConnection(psycopg.Connection[Any]):
    """A psycopg connection that counts, per calling thread, the exchanges that wait for the server."""

    counted_apart = 0  # inside a sync or an executemany, counted as one already

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor_factory = CountingCursor

    @contextlib.contextmanager
    def apart(self) -> Iterator[None]:
        self.counted_apart += 1
        try:
            yield
        finally:
            self.counted_apart -= 1

    @contextlib.contextmanager
    def pipeline(self) -> Iterator[CountingPipeline]:  # type: ignore[override]
        entered = super().pipeline()
        pipeline = entered.__enter__()
        try:
            yield CountingPipeline(self, pipeline)
        except BaseException as error:
            _count()  # its exit: a sync
            with self.apart():
                if not entered.__exit__(type(error), error, error.__traceback__):
                    raise
        else:
            _count()
            with self.apart():
                entered.__exit__(None, None, None)

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:  # type: ignore[override]
        return super().wait(self._watched(gen), interval, timeout)

    def _watched(self, gen: Generator[Any, Any, Any]) -> Generator[Any, Any, Any]:
        waited = bool(self.counted_apart)
        ready = None
        try:
            while True:
                state = gen.send(ready)
                if not waited and state == Wait.R:
                    waited = True
                    _count()
                ready = yield state
        except StopIteration as done:
            return done.value


@contextlib.contextmanager
def counted() -> Iterator[collections.Counter[str]]:
    """Round trips this thread makes in the block, under the key "round_trips" of what it yields."""
    me = threading.get_ident()
    result: collections.Counter[str] = collections.Counter()
    with _lock:
        before = _counts[me]
    try:
        yield result
    finally:
        with _lock:
            result["round_trips"] = _counts[me] - before
