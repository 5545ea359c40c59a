"""a2wsgi's WSGI bridge with a response's messages handed to the event loop without a round trip each.

a2wsgi runs the Flask app in its thread pool and passes each message of the answer (the status and
headers, each body chunk, the end) to the event loop with `run_coroutine_threadsafe(queue.put(...))`,
the pool thread waiting for the loop to run that coroutine before it goes on: three round trips
between the thread and the loop for every answer, each a task, two futures and two thread switches
under the GIL. On `trailhead serve` that cost about 0.25 ms of CPU per request (bench/wrk_floor.py's
bare app: 1.35/1.06 -> 1.01/0.80 ms, 2026-11-27). Here a message is scheduled with
`call_soon_threadsafe` and the thread goes on at once; a semaphore of the same size as a2wsgi's
queue still bounds the messages in flight, so a long streamed answer waits for a slow client as
before. Order is kept: the loop runs callbacks in the order they were scheduled, and the app's end
(the executor's future) is scheduled after its last message.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import WSGIResponder


class QueuedSends(WSGIResponder):
    """One request's responder: `send` (called on a pool thread) waits only while `size` messages are in flight."""

    def __init__(self, app: Any, executor: ThreadPoolExecutor, send_queue_size: int) -> None:
        super().__init__(app, executor, send_queue_size)
        self.send_queue: asyncio.Queue[Any] = asyncio.Queue()  # bounded by `room` instead
        self.room = threading.Semaphore(send_queue_size)
        self.failed = False

    def send(self, message: Any) -> None:
        if self.failed:  # the sender stopped on an error: a2wsgi raises it once the app returns
            return
        self.room.acquire()
        self.loop.call_soon_threadsafe(self.send_queue.put_nowait, message)

    async def sender(self, send: Any) -> None:
        try:
            while (message := await self.send_queue.get()) is not None:
                await send(message)
                self.room.release()
        except BaseException:
            self.failed = True
            self.room.release()  # a thread waiting for room goes on, and finds `failed`
            raise


class WSGIPool(WSGIMiddleware):
    """a2wsgi's WSGIMiddleware (a pool of `workers` threads), its HTTP responses sent through QueuedSends."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await QueuedSends(self.app, self.executor, self.send_queue_size)(scope, receive, send)
            return
        await super().__call__(scope, receive, send)
