"""trailhead-bot in a tournament (`--tournament ID` with `--key=KEY` or `--player NAME`).

The runner enters the tournament with the player's key (unless the player is an entrant already), then follows
the tournament's stream (`Client.tournament_stream`): each `gameStarted` whose seats hold the player is played
to its end with the engine of the tournament's game type on a thread of its own (following that game's stream,
with a session of its own), so that the player's games that run at once are played at once: in a duplicate
tournament a player's games of one table start together, each with its clock running. The engine answers one
decision at a time (a lock: an engine speaks one line protocol), which holds up a game no longer than a
decision takes. The runner stops when the stream says `tournamentFinished` (after the player's last game ended),
or when a game's thread failed (an engine or server error, raised as it would be by one game alone; the
games still held are then left to their takeover bots, as on any stop: bot/leaving.py).
"""

from __future__ import annotations

import argparse
import queue
import threading
from typing import Any

from trailhead_client.bot.engines import Engine, EngineSet
from trailhead_client.bot.leaving import HeldGames, say, waiting
from trailhead_client.bot.playing import Outcome, line, play
from trailhead_client.client import Client
from trailhead_client.errors import IllegalCommand

#: How often (seconds) the runner, waiting for the tournament's next message, looks whether a game's thread failed.
CHECK_SECONDS = 0.5


def enter(client: Client, tournament_id: str, key: str, player_id: str) -> dict[str, Any]:
    """The tournament, with the player entered (now, or before)."""
    try:
        return client.join_tournament(tournament_id, key)
    except IllegalCommand:
        body = client.tournament(tournament_id)
        if player_id not in [entrant["entrant"] for entrant in body["entrants"]]:
            raise
        return body


class SharedEngine:
    """One engine shared by the games' threads: one decision (or game over) at a time."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.name = engine.name
        self.lock = threading.Lock()

    def start(self, hello: dict[str, Any]) -> None:
        with self.lock:
            self.engine.start(hello)

    def choose(self, decide: dict[str, Any]) -> Any:
        with self.lock:
            return self.engine.choose(decide)

    def game_over(self, over: dict[str, Any]) -> None:
        with self.lock:
            self.engine.game_over(over)

    def close(self) -> None:
        with self.lock:
            self.engine.close()


class TournamentGames:
    """The player's games of one tournament, each played on a thread of its own as it starts."""

    def __init__(self, client: Client, key: str, game_type: str, engine: Engine, outcomes: list[Outcome],
                 held: HeldGames) -> None:
        self.url = client.transport.base_url
        self.key = key
        self.game_type = game_type
        self.engine = SharedEngine(engine)
        self.outcomes = outcomes
        self.held = held
        self.lock = threading.Lock()
        self.threads: dict[str, threading.Thread] = {}
        self.errors: list[BaseException] = []

    def start(self, game_id: str, seat: int) -> None:
        """Play the player's seat of `game_id` on a thread of its own (once per game)."""
        if game_id in self.threads:
            return
        self.held.hold(game_id, seat, self.key)
        thread = threading.Thread(target=self.play, args=(game_id, seat), name=f"trailhead-bot-{game_id}",
                                  daemon=True)
        self.threads[game_id] = thread
        thread.start()

    def play(self, game_id: str, index: int) -> None:
        try:
            with Client(self.url, patient=True, on_wait=waiting, pace=True) as client:
                outcome = play(client.seat(game_id, self.key, index), self.game_type, self.engine)
        except BaseException as error:  # noqa: BLE001 - raised again in the main thread (check)
            with self.lock:
                self.errors.append(error)
            return
        self.held.release(game_id)
        with self.lock:
            self.outcomes.append(outcome)
            number = len(self.outcomes)
        say(line(number, 0, outcome))

    def check(self) -> None:
        """Raise the first error a game's thread met."""
        with self.lock:
            if self.errors:
                raise self.errors[0]

    def wait(self) -> None:
        """Wait for every game's thread, then raise the first error one met."""
        for thread in list(self.threads.values()):
            thread.join()
        self.check()


def follow(client: Client, tournament_id: str, messages: queue.Queue[dict[str, Any] | BaseException]) -> None:
    """The tournament's stream into `messages` (on a thread of its own), or the error that ended it."""
    try:
        for message in client.tournament_stream(tournament_id):
            messages.put(message)
    except BaseException as error:  # noqa: BLE001 - raised again in the main thread
        messages.put(error)


def play_tournament(client: Client, args: argparse.Namespace, key: str, player_id: str, engines: EngineSet,
                    outcomes: list[Outcome], held: HeldGames) -> None:
    """Enter the tournament and play the player's games in it as they start, until it finishes.

    The stream is read on a thread of its own, so that a game's thread that failed stops the runner at once
    rather than at the stream's next message."""
    body = enter(client, args.tournament, key, player_id)
    type_ = body["type"]
    say(f"entered tournament {body['name']} ({body['format']} of {type_}): {body['status']}")
    games = TournamentGames(client, key, type_, engines.for_type(type_), outcomes, held)
    messages: queue.Queue[dict[str, Any] | BaseException] = queue.Queue()
    threading.Thread(target=follow, args=(client, args.tournament, messages), name="trailhead-bot-tournament",
                     daemon=True).start()
    while True:
        games.check()
        try:
            message = messages.get(timeout=CHECK_SECONDS)
        except queue.Empty:
            continue
        if isinstance(message, BaseException):
            raise message
        if message["type"] == "tournamentFinished":
            games.wait()
            mine = next((row for row in message["standings"] if row["entrant"] == player_id), None)
            if mine is not None:
                say(f"tournament over: place {mine['place']} with {mine['points']} point(s)")
            return
        if message["type"] == "gameStarted" and player_id in message["seats"]:
            games.start(message["game_id"], message["seats"].index(player_id))
