"""trailhead-bot as a player (`--key=KEY` or `--player NAME`): every game of the player, several at once.

The player's stream (`Client.player_stream`) says when each of the player's games starts, each
time the player's seat is to act in one (`yourTurn`, with the game's version), when a bot takes
the seat over for good (`seatTakenOver`: the game is then counted as abandoned) and when one ends.
The runner answers each `yourTurn` as it comes with the engine of the game's type (one engine per
type: engines.EngineSet), so any number of games go on at once, interleaved, without a thread
per game. It stops once `--games` games are over (never with `--games 0`).

With `--join`, a second thread looks for open seats (`GET /games?open=true`) every `--poll`
seconds while the runner holds fewer games than it is to play (`--games`; with `--games 0`, fewer
than `--at-once` at a time), and joins them. A game it joins then comes through the stream like
any other: its `gameStart` once its last seat is filled, then its turns.

Every game the runner holds is noted in `held` until it ends, so that the runner can leave the
others when it stops (bot/leaving.py).
"""

from __future__ import annotations

import argparse
import threading

from trailhead_client.bot import protocol
from trailhead_client.bot.engines import EngineSet
from trailhead_client.bot.leaving import HeldGames, say
from trailhead_client.bot.playing import Outcome, abandoned_note, line, play_turn
from trailhead_client.bot.tournament import play_tournament
from trailhead_client.client import Client
from trailhead_client.errors import IllegalCommand, RateLimited, SeatTaken, TrailheadError
from trailhead_client.types import Joined, PlayerMessage, Summary

#: How many open games one look at the lobby considers (newest first).
OPEN_GAMES_PAGE = 50


class PlayerRun:
    """One player's games as the stream brings them: their turns played, their ends recorded.

    `playing` (games joined or started, not yet over) is shared with the joining thread, under `lock`.
    """

    def __init__(self, client: Client, key: str, engines: EngineSet, games: int, at_once: int,
                 outcomes: list[Outcome], held: HeldGames) -> None:
        self.client = client
        self.key = key
        self.engines = engines
        self.games = games
        self.at_once = at_once
        self.outcomes = outcomes
        self.held = held
        self.lock = threading.Lock()
        self.playing: dict[str, int] = {}  # game id -> the player's seat
        self.over: set[str] = set()  # games recorded in outcomes
        self.handled: dict[str, int] = {}  # game id -> the last version a turn was played at

    def run(self) -> None:
        """Follow the player's stream until `games` games are over.

        Raises:
            EngineError: an engine broke the protocol.
            TrailheadError: the server failed (the stream could not be resumed, a request failed).
        """
        if self.is_done():
            return
        stream = self.client.player_stream(self.key)
        try:
            for message in stream:
                self.receive(message)
                if self.is_done():
                    return
        finally:
            stream.close()

    def is_done(self) -> bool:
        with self.lock:
            return self.games > 0 and len(self.outcomes) >= self.games

    def has_room(self) -> bool:
        """Whether one more game may be joined: fewer held than `games` (or, without an end, than `at_once`)."""
        with self.lock:
            if self.games:
                return len(self.playing) + len(self.outcomes) < self.games
            return len(self.playing) < self.at_once

    def joined(self, joined: Joined) -> None:
        """A seat the joining thread took: held from now on."""
        with self.lock:
            self.playing.setdefault(joined["game_id"], joined["seat"])
        self.held.hold(joined["game_id"], joined["seat"], self.key)
        say(f"joined {joined['game_id']} seat {joined['seat']} ({joined['status']})")

    def receive(self, message: PlayerMessage) -> None:
        """One message of the stream: a turn to play, a takeover or a game's end to record."""
        game_id = message["game_id"]
        with self.lock:
            if game_id in self.over:
                return
            self.playing.setdefault(game_id, message["seat"])
        if message["type"] == "seatTakenOver":
            self.taken_over(message)
            return
        self.held.hold(game_id, message["seat"], self.key)
        if message["type"] == "yourTurn":
            self.take_turn(message)
        elif message["type"] == "gameFinish":
            self.finish(message)

    def take_turn(self, message: PlayerMessage) -> None:
        """Play the seat's turn, if it is still to act (once per version); leave a game given up."""
        game_id, type_ = message["game_id"], message["game_type"]
        last = self.handled.get(game_id, -1)
        if message["version"] <= last:
            return
        seat = self.client.seat(game_id, self.key, message["seat"])
        turn = seat.turn()  # the view and the actions at one version; None if no longer to act
        if turn is None or turn.version <= last:
            return
        self.handled[game_id] = turn.version
        if not play_turn(turn, type_, self.engines.for_type(type_)):
            try:
                self.client.leave(game_id, self.key)  # the game's takeover bot plays on for the others' sake
            except IllegalCommand:
                return  # the seat left meanwhile (its seatTakenOver follows), or the game ended (its gameFinish)
            self.held.release(game_id)
            self.record(Outcome(game_id, message["seat"], None, f"{abandoned_note()}; left to the takeover bot",
                                type_))

    def taken_over(self, message: PlayerMessage) -> None:
        """A bot plays the seat for good: a game this run played in is abandoned; one it never
        played in (a seat the player left before the run) is not the run's to count."""
        game_id = message["game_id"]
        if game_id in self.handled:
            self.record(Outcome(game_id, message["seat"], None,
                                f"taken over by the {message.get('bot')} bot ({message.get('reason')})",
                                message["game_type"]))
            return
        self.held.release(game_id)
        with self.lock:
            self.playing.pop(game_id, None)
            self.over.add(game_id)

    def finish(self, message: PlayerMessage) -> None:
        """The game is over: its result to the engine and to the output."""
        game_id, type_ = message["game_id"], message["game_type"]
        over = protocol.over(self.client.game(game_id, self.key), message["seat"])
        self.engines.for_type(type_).game_over(over)
        self.record(Outcome(game_id, message["seat"], over, game_type=type_))

    def record(self, outcome: Outcome) -> None:
        self.held.release(outcome.game_id)
        with self.lock:
            self.playing.pop(outcome.game_id, None)
            self.over.add(outcome.game_id)
            self.outcomes.append(outcome)
            number = len(self.outcomes)
        say(line(number, self.games, outcome))


class Joiner(threading.Thread):
    """Joins open seats of other people's games (of `type_`, or any) while the run has room."""

    def __init__(self, url: str, key: str, player_id: str, type_: str | None, poll: float,
                 player_run: PlayerRun) -> None:
        super().__init__(name="trailhead-bot-joiner", daemon=True)
        self.url = url
        self.key = key
        self.player_id = player_id
        self.type_ = type_
        self.poll = poll
        self.player_run = player_run
        self.stopped = threading.Event()
        self.tried: set[str] = set()  # games looked at once: joined, taken, or the player's own

    def run(self) -> None:
        # a session of its own (the main thread holds the other), paced like it; a long wait is not
        # waited here but raised, and the lobby looked at again after --poll seconds
        with Client(self.url, pace=True) as client:
            while not self.stopped.is_set():
                try:
                    if self.player_run.has_room():  # no room: no need to read the lobby
                        self.join_open_seats(client)
                except TrailheadError as error:
                    say(f"trailhead-bot: looking for open seats: {error}", error=True)
                self.stopped.wait(self.poll)

    def join_open_seats(self, client: Client) -> None:
        for summary in client.open_games(self.type_, limit=OPEN_GAMES_PAGE)["games"]:
            if not self.player_run.has_room() or self.stopped.is_set():
                return
            if summary["id"] in self.tried:
                continue
            self.tried.add(summary["id"])
            if self.is_mine(summary):
                continue
            try:
                joined = client.join(summary["id"], self.key)
            except SeatTaken:
                continue  # taken meanwhile, or the last open seat went to someone else
            except RateLimited:
                self.tried.discard(summary["id"])  # not looked at after all: again at the next look
                raise
            self.player_run.joined(joined)

    def is_mine(self, summary: Summary) -> bool:
        return any(seat.get("player") == self.player_id for seat in summary["seats"])


def play_as_player(client: Client, args: argparse.Namespace, engines: EngineSet, outcomes: list[Outcome],
                   held: HeldGames) -> None:
    """`--key` or `--player`: play the player's games through its stream (and join, with `--join`);
    the games it holds are noted in `held` until they end."""
    if args.player is not None:
        created = client.create_player(args.player)
        key, player_id, name = created["key"], created["id"], created["name"]
        print(f"player {name}: id {player_id}, key {key} (shown once: keep it)", flush=True)
    else:
        key = args.key
        profile = client.player("me", key)
        player_id, name = profile["id"], profile["name"]
        print(f"player {name}: id {player_id}", flush=True)
    if getattr(args, "tournament", None):
        play_tournament(client, args, key, player_id, engines, outcomes, held)
        return
    player_run = PlayerRun(client, key, engines, args.games, args.at_once, outcomes, held)
    joiner = None
    if args.join is not None:
        joiner = Joiner(client.transport.base_url, key, player_id, args.join or args.type_ or None, args.poll,
                        player_run)
        joiner.start()
    try:
        player_run.run()
    finally:
        if joiner is not None:
            joiner.stopped.set()
            joiner.join(timeout=10)
