"""The games a runner holds, and leaving them when it stops, so that no game waits for a seat nobody plays.

Whenever the runner stops before a game it holds has ended (a signal, a fatal error, or its
`--games` reached while other games of the player go on), it sends `POST /games/{id}/leave` for
each: the game's takeover bot plays the seat from then on (docs/bot-protocol.md).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

from trailhead_client.client import Client
from trailhead_client.errors import ProblemError, TrailheadError

_OUTPUT = threading.Lock()


def say(text: str, error: bool = False) -> None:
    """One whole line to stdout (or stderr), never cut into by another thread's."""
    with _OUTPUT:
        print(text, file=sys.stderr if error else sys.stdout, flush=True)


def waiting(seconds: float, problem: ProblemError) -> None:
    """The progress line of a wait the server asked for (429, 503: the transport's `on_wait`)."""
    why = "the server's rate limit" if problem.status == 429 else "the server is unavailable"
    say(f"waiting {seconds:g} s: {why} ({problem.status}): {problem.detail}")


class Stopped(BaseException):
    """SIGTERM arrived: the runner stops as on Ctrl-C (a BaseException, so that no `except Exception` keeps it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by signal {signum}")
        self.status = 128 + signum


def stop_on_sigterm() -> Callable[[], None]:
    """Raise Stopped in the main thread on SIGTERM; returns what puts the former handler back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum: int, _frame: FrameType | None) -> Any:
        raise Stopped(signum)

    former = signal.signal(signal.SIGTERM, stop)
    return lambda: signal.signal(signal.SIGTERM, former)


@dataclass(frozen=True)
class Held:
    game_id: str
    seat: int
    token: str  # the seat's token, or the player's key


class HeldGames:
    """The games the runner sits in and has not seen end (shared by its threads)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.games: dict[str, Held] = {}

    def hold(self, game_id: str, seat: int, token: str) -> None:
        with self.lock:
            self.games.setdefault(game_id, Held(game_id, seat, token))

    def release(self, game_id: str) -> None:
        with self.lock:
            self.games.pop(game_id, None)

    def leave_all(self, url: str) -> None:
        """Leave every game still held, each to its takeover bot; say what was done, game by game.

        A game that cannot be left (over meanwhile, or not started: its other seats still open) is
        reported on stderr; nothing here raises a TrailheadError.
        """
        with self.lock:
            held = sorted(self.games.values(), key=lambda h: h.game_id)
            self.games.clear()
        if not held:
            return
        with Client(url, patient=True, on_wait=waiting) as client:
            for seat in held:
                try:
                    left = client.leave(seat.game_id, seat.token)
                except TrailheadError as error:
                    say(f"trailhead-bot: could not leave {seat.game_id} seat {seat.seat}: {error}", error=True)
                    continue
                bot = next((e["data"]["bot"] for e in left["events"] if e["type"] == "SeatLeft"), "takeover")
                say(f"left {seat.game_id} seat {seat.seat}: the takeover bot ({bot}) plays it now")
