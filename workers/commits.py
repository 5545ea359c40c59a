"""Commit notices on Redis pub/sub: every process that commits says so, every stream watcher listens.

A notice is a wake-up call, never data: it names the game and the global position of the
commit's last event, and a watcher that gets one reads the log from its own position
(service/streams.py). A notice lost (Redis down, a subscriber reconnecting) costs latency
only: each watcher also polls the log's head a few times a second.

A tournament's appends have a channel of their own (`{"tournament_id", "version"}`), which only the
tournament streams' watcher reads (service/tournament_streams.py): the games' watchers do not wake for them.
"""

from __future__ import annotations

import json
import logging
import time

import redis

from application.handler import Committed

log = logging.getLogger(__name__)

PUBLISH_TIMEOUT_SECONDS = 0.25  # a commit waits at most this long for Redis, once per failure window
QUIET_SECONDS = 5.0  # after a failure, no publishing (and no waiting on Redis) for this long


def commits_channel(prefix: str) -> str:
    """The pub/sub channel of commit notices, under the installation's TRAILHEAD_QUEUE_PREFIX."""
    return f"{prefix}:commits"


def tournament_commits_channel(prefix: str) -> str:
    """The pub/sub channel of the notices of tournaments' appends."""
    return f"{prefix}:tournament-commits"


class CommitPublisher:
    """A bus listener (MessageBus.on_commit) publishing a notice per commit; it never fails a command."""

    def __init__(self, redis_url: str, prefix: str) -> None:
        self.channel = commits_channel(prefix)
        self.tournament_channel = tournament_commits_channel(prefix)
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=PUBLISH_TIMEOUT_SECONDS,
                                          socket_connect_timeout=PUBLISH_TIMEOUT_SECONDS)
        self._quiet_until = 0.0

    def __call__(self, committed: Committed) -> None:
        if time.monotonic() < self._quiet_until:
            return
        last = committed.events[-1]
        self._publish(self.channel, {"game_id": last.game_id, "seq": last.seq, "position": last.position})

    def tournament(self, tournament_id: str, version: int) -> None:
        """A bus listener (MessageBus.on_tournament_commit): the tournament's stream now stands at `version`."""
        if time.monotonic() >= self._quiet_until:
            self._publish(self.tournament_channel, {"tournament_id": tournament_id, "version": version})

    def _publish(self, channel: str, notice: dict[str, object]) -> None:
        try:
            self.redis.publish(channel, json.dumps(notice))
        except redis.RedisError as error:
            self._quiet_until = time.monotonic() + QUIET_SECONDS
            log.warning("could not publish a commit notice (streams elsewhere wake on their next poll): %s", error)
