"""The embedded runner's queue of game-lane messages (bot turns): each game in turn, never twice at once.

The inline runner's game thread takes a message, runs it (a game's bots play for a budget), and
takes the next: round robin across games, so one long bots-only game cannot starve the others.
The question lane's thread (analyses) keeps one too, keyed by the whole message: each distinct
question once, in arrival order.
"""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Callable, Hashable
from typing import cast

from application.messages import Message, OfAGame

Key = Hashable


def game_key(message: Message) -> Key:
    """The messages of one type about one game wait as one."""
    return type(message), cast(OfAGame, message).game_id


def question_key(message: Message) -> Key:
    """Only the same question waits as one (messages are frozen values)."""
    return message


class GameQueue:
    """Messages, at most one per key (by default a game and a message type), in arrival order; thread-safe.

    A message put while one of its key waits replaces it in its place (the later
    version). A message taken is "in play" until `done`; put again meanwhile, it is queued once
    more after it. `wait_empty` waits until nothing is queued, in play or waiting to be retried.
    """

    def __init__(self, key: Callable[[Message], Key] = game_key) -> None:
        self._key = key
        self._lock = threading.Condition()
        self._queue: collections.deque[Key] = collections.deque()
        self._queued: dict[Key, Message] = {}
        self._in_play: dict[Key, Message] = {}
        self._again: dict[Key, Message] = {}
        self._retries = 0

    def after_fork(self) -> GameQueue:
        """A fresh queue for a forked child with the same messages queued (the parent's thread is gone)."""
        fresh = GameQueue(self._key)
        for key in self._queue:
            fresh.put(self._queued[key])
        for message in self._in_play.values():
            fresh.put(message)
        return fresh

    def key(self, message: Message) -> Key:
        """What `message` waits as: one of a key waits at a time."""
        return self._key(message)

    def put(self, message: Message) -> None:
        key = self._key(message)
        with self._lock:
            if key in self._in_play:
                self._again[key] = message
            elif key in self._queued:
                self._queued[key] = message
            else:
                self._enqueue(key, message)

    def take(self) -> Message:
        with self._lock:
            while not self._queue:
                self._lock.wait()
            key = self._queue.popleft()
            message = self._in_play[key] = self._queued.pop(key)
            return message

    def done(self, message: Message, retry_after: float | None = None) -> None:
        """`message` ran (or failed, to be put again after `retry_after` seconds)."""
        key = self._key(message)
        with self._lock:
            self._in_play.pop(key, None)
            again = self._again.pop(key, None)
            if retry_after is not None:
                self._retries += 1
                timer = threading.Timer(retry_after, self._retry, [again or message])
                timer.daemon = True
                timer.start()
            elif again is not None:
                self._enqueue(key, again)
            self._lock.notify_all()

    def _enqueue(self, key: Key, message: Message) -> None:
        self._queued[key] = message
        self._queue.append(key)
        self._lock.notify_all()

    def _retry(self, message: Message) -> None:
        with self._lock:  # a re-entrant lock: put() takes it again
            self._retries -= 1
            self.put(message)

    def size(self) -> int:
        with self._lock:
            return len(self._queue) + len(self._in_play) + self._retries

    def wait_empty(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._queue or self._in_play or self._retries:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._lock.wait(remaining)
            return True
