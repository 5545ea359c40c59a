"""Following a Redis pub/sub channel of commit notices (workers/commits.py) from an event loop.

The stream watchers (service/streams.py, service/tournament_streams.py) wake on them. A notice is only a
wake-up call: when Redis fails, the listener retries with a backoff, and each watcher's safety poll covers
meanwhile; on every (re)subscription the watcher is told to catch up on whatever it may have missed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)

REDIS_BACKOFF_SECONDS = (0.5, 10.0)


@dataclasses.dataclass
class Watcher:
    """A stream watcher's tasks on the event loop serving the streams: its watch coroutine, woken by `wake`, and
    with Redis the listener of a notice channel. Started by the first stream on a loop; started again on a new
    loop (a test's, a restarted server's) or when a task has ended."""

    loop: asyncio.AbstractEventLoop | None = None
    wake: asyncio.Event | None = None
    tasks: list[asyncio.Task[None]] = dataclasses.field(default_factory=list)

    def start(self, name: str, watch: Callable[[], Coroutine[Any, Any, None]], redis_url: str | None = None,
              channel: str = "", on_notice: Callable[[dict[str, Any] | None], None] | None = None) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is loop and all(not task.done() for task in self.tasks):
            return
        self.loop = loop
        self.wake = asyncio.Event()
        self.tasks = [loop.create_task(watch(), name=name)]
        if redis_url:
            wake = self.wake
            listen = follow_notices(redis_url, channel, on_notice or (lambda _notice: wake.set()), name)
            self.tasks.append(loop.create_task(listen, name=f"{name}-notices"))


async def follow_notices(redis_url: str, channel: str, on_notice: Callable[[dict[str, Any] | None], None],
                         who: str = "stream watcher") -> None:
    """Call `on_notice(None)` once subscribed (catch up), then `on_notice(notice)` with each notice's JSON (an
    empty dict for one that is not JSON); reconnect with backoff when Redis fails. Runs until cancelled."""
    import redis.asyncio as aioredis

    delay = REDIS_BACKOFF_SECONDS[0]
    while True:
        client = aioredis.Redis.from_url(redis_url, socket_connect_timeout=2)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(channel)
                delay = REDIS_BACKOFF_SECONDS[0]
                on_notice(None)  # catch up on what was missed while not subscribed
                async for notice in pubsub.listen():
                    if notice.get("type") == "message":
                        on_notice(parsed(notice.get("data")))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - Redis down: the watcher's polling covers meanwhile
            log.warning("%s: Redis pub/sub failed (%s); retrying in %.1f s", who, error, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, REDIS_BACKOFF_SECONDS[1])
        finally:
            await client.aclose()


def parsed(data: Any) -> dict[str, Any]:
    try:
        notice = json.loads(data)
    except (TypeError, ValueError):
        return {}
    return notice if isinstance(notice, dict) else {}
