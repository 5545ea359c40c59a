"""The client: one typed method per operation of the API (openapi.yaml's operationIds in brackets)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Generator, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, Self, cast
from urllib.parse import quote

import requests

from trailhead_client.actions import Action, ActionList
from trailhead_client.exports import ExportCalls
from trailhead_client.seat import SeatHandle
from trailhead_client.sse import resuming_events
from trailhead_client.tournaments import TournamentCalls
from trailhead_client.transport import API_PREFIX, OnWait, Transport
from trailhead_client.types import (
    Analysis, AuditReport, CommandResponse, CreatedGame, CreatedPlayer, Envelope, EventPage, GameType, GameTypeDetail,
    GameView, Health, ImportedGame, Joined, Ladder, LadderEntry, Leaderboard, PlayerMessage, PlayerProfile, Replay,
    ReplayDocument, SeatRequest, StreamMessage, SummaryPage, Timeline,
)

#: `play`'s default: the version the action was listed at.
LISTED: Final = "listed"
#: Seat requests may be given as a name (a human seat) or as a dict (`{"name": ..., "bot": ...}`,
#: `{"open": True}`, `{"player": id}`).
Seats = Sequence[SeatRequest | Mapping[str, Any] | str]
#: The kinds of message a player's stream sends (others, from a newer server, are skipped).
PLAYER_MESSAGES: Final = frozenset({"gameStart", "yourTurn", "seatTakenOver", "gameFinish"})


def new_command_id() -> str:
    """A fresh idempotency key for one command."""
    return f"sdk-{uuid.uuid4().hex}"


class Client(TournamentCalls, ExportCalls):
    """A Trailhead server: `Client("http://localhost:8000")`.

    Every method raises a `ProblemError` subclass for an answer of 400 or more (trailhead_client.errors)
    and `ConnectionFailed` when the server cannot be reached; see transport.py for what is retried.
    """

    def __init__(self, url: str, *, session: requests.Session | None = None, timeout: float = 30.0,
                 retries: int = 3, max_wait: float = 30.0, patient: bool = False, on_wait: OnWait | None = None,
                 pace: bool = False) -> None:
        """`patient`: wait out every 429 and 503 however long `Retry-After` says (telling `on_wait`
        first) instead of raising beyond `retries` or `max_wait`; `pace`: spread requests below the
        server's rate limits by its RateLimit headers (see transport.py)."""
        self.transport = Transport(url, session=session, timeout=timeout, retries=retries, max_wait=max_wait,
                                   patient=patient, on_wait=on_wait, pace=pace)
        self._described: dict[str, tuple[str, GameTypeDetail]] = {}

    def close(self) -> None:
        self.transport.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _get(self, path: str, **kwargs: Any) -> Any:
        return self.transport.json("GET", API_PREFIX + path, **kwargs)

    # -- game types ---------------------------------------------------------------------------

    def game_types(self) -> list[GameType]:
        """The games offered, bot levels weakest first [listGameTypes]."""
        return cast(list[GameType], self._get("/game-types"))

    def game_type(self, type_: str) -> GameTypeDetail:
        """One game type described whole: commands, view schema, rules, catalog [getGameType].

        Kept with its ETag: asking again sends If-None-Match, and a 304 returns the kept copy.
        """
        kept = self._described.get(type_)
        headers = {"If-None-Match": kept[0]} if kept else None
        response = self.transport.request("GET", f"{API_PREFIX}/game-types/{_seg(type_)}", headers=headers)
        if response.status_code == 304 and kept:
            return kept[1]
        body = cast(GameTypeDetail, response.json())
        if response.headers.get("ETag"):
            self._described[type_] = (response.headers["ETag"], body)
        return body

    def strongest_bot(self, type_: str) -> str:
        """The strongest hand-written bot level of a game type: the last of its `bots` but `search`, which spends
        about half a second of the server's CPU on each decision (name it explicitly to play it)."""
        for game_type in self.game_types():
            if game_type["id"] == type_:
                return _hand_written(game_type["bots"])[-1]
        return _hand_written(self.game_type(type_)["bots"])[-1]  # raises NotFound

    # -- games --------------------------------------------------------------------------------

    def create_game(self, type_: str, seats: Seats, *, options: Mapping[str, Any] | None = None,
                    seed: str | None = None, fill_with_bots_after: int | None = None,
                    turn_seconds: int | None = None, initial_seconds: int | None = None,
                    increment_seconds: int | None = None, takeover_bot: str | None = None,
                    missed_turns_limit: int | None = None) -> CreatedGame:
        """Create a game; human seats' tokens are in the answer's `seats`, only there [createGame].

        A seat is a name (a human seat, which gets a token), `{"name": ..., "bot": LEVEL}`,
        `{"open": True}` (a player takes it with `join`; the game's status is `open` until every
        open seat is taken) or `{"player": PLAYER_ID}` (that player's: their key acts for it, and
        it gets no token). The table's rules, all optional: `fill_with_bots_after` seconds, after
        which bots take the seats still open; a clock, either `turn_seconds` per decision or
        `initial_seconds` plus `increment_seconds` per seat (Fischer); the `takeover_bot` level
        that plays a seat out of time or left; `missed_turns_limit`, the timeouts after which it
        plays the seat for good. Not retried after a connection error (it could make two games);
        429 and 503 are.
        """
        body: dict[str, Any] = {"type": type_, "seats": [_seat(s) for s in seats]}
        if options is not None:
            body["options"] = dict(options)
        body.update(_params(seed=seed, fill_with_bots_after=fill_with_bots_after, turn_seconds=turn_seconds,
                            initial_seconds=initial_seconds, increment_seconds=increment_seconds,
                            takeover_bot=takeover_bot, missed_turns_limit=missed_turns_limit))
        return cast(CreatedGame, self.transport.json("POST", f"{API_PREFIX}/games", json=body))

    def games(self, *, type_: str | None = None, status: str | None = None, seat_name: str | None = None,
              open_: bool | None = None, limit: int | None = None, cursor: int | None = None) -> SummaryPage:
        """One page of game summaries, newest first; `open_=True`: only games with a seat to join [listGames]."""
        params = _params(type=type_, status=status, seat_name=seat_name, open=_flag(open_), limit=limit, cursor=cursor)
        return cast(SummaryPage, self._get("/games", params=params))

    def open_games(self, type_: str | None = None, *, limit: int | None = None,
                   cursor: int | None = None) -> SummaryPage:
        """One page of the games waiting for players, newest first: their seats with `open` true are
        there to `join` [listGames, open=true]."""
        return self.games(type_=type_, open_=True, limit=limit, cursor=cursor)

    def iter_games(self, **filters: Any) -> Iterator[Any]:
        """Every summary matching the filters of `games`, page after page."""
        cursor = None
        while True:
            page = self.games(**filters, cursor=cursor)
            yield from page["games"]
            cursor = page["next_cursor"]
            if cursor is None:
                return

    def game(self, game_id: str, token: str | None = None) -> GameView:
        """The game as the token's seat (or a spectator, without one) may see it [getGame]."""
        return cast(GameView, self._get(f"/games/{_seg(game_id)}", token=token))

    def actions(self, game_id: str, token: str | None = None) -> ActionList:
        """The seat's legal actions now, labelled, each remembering the version it is legal at [listActions]."""
        return ActionList.from_json(self._get(f"/games/{_seg(game_id)}/actions", token=token))

    def send_command(self, game_id: str, token: str, type_: str, args: Mapping[str, Any] | None = None, *,
                     expected_version: int | None = None, command_id: str | None = None,
                     seat: int | None = None) -> CommandResponse:
        """Send a command for the token's seat [sendCommand].

        A `command_id` is made when none is given, and the same id goes with every retry, so a
        command is applied at most once however often it is sent.

        Raises:
            VersionConflict: the game is no longer at `expected_version`.
            IllegalCommand: the rules forbid it now (`detail` says why).
            BadRequest: malformed (unknown type, wrong args).
        """
        body: dict[str, Any] = {"type": type_, "args": dict(args or {}), "command_id": command_id or new_command_id()}
        if expected_version is not None:
            body["expected_version"] = expected_version
        if seat is not None:
            body["seat"] = seat
        return cast(CommandResponse, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/commands",
                                                         token=token, json=body, safe=True))

    def play(self, game_id: str, token: str, action: Action, *,
             expected_version: int | Literal["listed"] | None = LISTED,
             command_id: str | None = None) -> CommandResponse:
        """Send a listed action, by default decided on the version it was listed at (a 409 if the game
        moved on since); `expected_version=None` has it decided on whatever version the game is at."""
        version = action.version if expected_version == LISTED else expected_version
        return self.send_command(game_id, token, action.type, action.args, expected_version=version,
                                 command_id=command_id)

    def events(self, game_id: str, token: str | None = None, *, after: int = 0,
               limit: int | None = None) -> EventPage:
        """One page of the log, redacted for the caller until the game ends [listEvents]."""
        return cast(EventPage, self._get(f"/games/{_seg(game_id)}/events", token=token,
                                         params=_params(after=after, limit=limit)))

    def iter_events(self, game_id: str, token: str | None = None, *, after: int = 0) -> Iterator[Envelope]:
        """Every event after `after`, page after page."""
        while True:
            page = self.events(game_id, token, after=after, limit=1000)
            yield from page["events"]
            if not page["has_more"]:
                return
            after = page["next"]

    def stream(self, game_id: str, token: str | None = None, *, after: int = 0,
               read_timeout: float = 60.0) -> Iterator[StreamMessage]:
        """The game's events as they are appended, each with the game's version, status and to_act
        after it; resumes after a dropped connection (Last-Event-ID); ends when the game is over
        and every event was sent [streamEvents]."""
        path = f"{API_PREFIX}/games/{_seg(game_id)}/stream"
        for event in resuming_events(self.transport, path, token=token, after=after or None,
                                     read_timeout=read_timeout):
            if event.event == "message":
                yield cast(StreamMessage, json.loads(event.data))

    # -- players ------------------------------------------------------------------------------

    def create_player(self, name: str) -> CreatedPlayer:
        """Register a player; its secret `key` is in this answer only: keep it [createPlayer].

        The key joins games (`join`), and acts for the player's seat wherever a seat token is taken
        (`seat(game_id, key)`, `play`, `leave`...). Not retried after a connection error (it could
        register two players).
        """
        return cast(CreatedPlayer, self.transport.json("POST", f"{API_PREFIX}/players", json={"name": name}))

    def player(self, id: str = "me", key: str | None = None) -> PlayerProfile:  # noqa: A002 - the API's word
        """A player's public profile: name, ratings by game type, recent games; `me` (with `key`): the
        key's player [getPlayer]."""
        return cast(PlayerProfile, self._get(f"/players/{_seg(id)}", token=key))

    def rotate_key(self, key: str) -> CreatedPlayer:
        """A new key for the player whose current `key` is sent; the answer's `key` is shown only here, and the
        old one is refused from now on [rotatePlayerKey]. Not retried after a connection error (the key may
        have changed all the same: then the old one is refused, and the operator revokes it for a new one)."""
        return cast(CreatedPlayer, self.transport.json("POST", f"{API_PREFIX}/players/me/key", token=key))

    def join(self, game_id: str, key: str, seat: int | None = None) -> Joined:
        """Take an open seat of a game with a player's key: `seat`, or the first open one [joinGame].

        The answer's `token` is the seat's; the key acts for the seat as well. Filling the last open
        seat starts the game. Not retried after a connection error: the seat may have been taken
        for you all the same (joining again then says so, and `player("me", key)` lists the game).

        Raises:
            SeatTaken: the seat was taken meanwhile, none is open, or the player holds a seat of
                the game already.
        """
        body = {} if seat is None else {"seat": seat}
        return cast(Joined, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/join", token=key,
                                                json=body))

    def leave(self, game_id: str, token: str) -> CommandResponse:
        """Leave a game: the game's takeover bot plays the seat (the token's, or the key's) from now on,
        and the token and key send it no more commands [leaveGame]. Sent again, the first answer
        comes back, so it is retried after a lost answer.

        Raises:
            IllegalCommand: the seat has left already, or the game is over.
        """
        return cast(CommandResponse, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/leave",
                                                         token=token, safe=True))

    def resign(self, game_id: str, token: str) -> CommandResponse:
        """Resign: as `leave`, recorded as a resignation [resignGame]."""
        return cast(CommandResponse, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/resign",
                                                         token=token, safe=True))

    def rematch(self, game_id: str, token: str) -> CreatedGame:
        """The rematch of a finished game, asked by one of its seats (its token, or its player's key): a new
        game of the same type, options and clock, old seat i at seat (i + 1) mod n, `rematch_of` set
        [rematchGame]. Asked again, by any seat, the same game (a seat token's new token only the first
        time), so it is retried after a lost answer.

        Raises:
            GameRunning: the game has not finished.
            Forbidden: the token or key holds no seat of the game.
        """
        return cast(CreatedGame, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/rematch",
                                                     token=token, safe=True))

    def player_stream(self, key: str, *, after: int | None = None,
                      read_timeout: float = 60.0) -> Generator[PlayerMessage, None, None]:
        """The player's games as they go, across all of them: `gameStart` when a game starts,
        `yourTurn` each time the player's seat is to act (with the game's `version` then),
        `seatTakenOver` once if a bot takes the seat for the rest of the game (with `reason`: left,
        resigned or timeout, and the `bot` level; no `yourTurn` of the game follows), and
        `gameFinish` with the winners [streamPlayer].

        Without `after` it starts from now (a `gameStart` for each ongoing game, a `seatTakenOver`
        where a bot plays the seat, a `yourTurn` where the player is to act); with `after` (a
        message's `position`) it brings every message after that one. It resumes after a dropped
        connection from the last message received, nothing lost and nothing twice, and never ends
        of itself: close the iterator (or stop iterating) when done.
        """
        path = f"{API_PREFIX}/players/me/stream"
        for event in resuming_events(self.transport, path, token=key, after=after, read_timeout=read_timeout):
            if event.event in PLAYER_MESSAGES:
                message = json.loads(event.data)
                message["position"] = int(event.id) if event.id is not None else None
                yield cast(PlayerMessage, message)

    # -- replays ------------------------------------------------------------------------------

    def replay(self, game_id: str, at: int, *, as_seat: int | None = None, token: str | None = None) -> Replay:
        """The game as it stood after event `at`, as a seat (`as_seat`) or a spectator saw it [replayAt]."""
        return cast(Replay, self._get(f"/games/{_seg(game_id)}/replay", token=token,
                                      params=_params(at=at, **{"as": as_seat})))

    def timeline(self, game_id: str, *, as_seat: int | None = None, token: str | None = None,
                 after: int | None = None) -> Timeline:
        """Each event (after seq `after`) in one line, with the label of the command that caused it when known
        [timeline]."""
        return cast(Timeline, self._get(f"/games/{_seg(game_id)}/timeline", token=token,
                                        params=_params(**{"as": as_seat, "after": after})))

    def analysis(self, game_id: str, *, as_seat: int | None = None, at: int | None = None,
                 budget_ms: int | None = None, token: str | None = None) -> Analysis:
        """What the search level makes of seat `as_seat`'s decision after event `at`, with `budget_ms` of search
        [analysis]: while the game runs, the caller's own seat at the current version (a hint, with its `token`
        or player key); once it has ended, any seat at any step. A search still under way is a 503 with
        Retry-After, waited out and asked again as the client's retries allow; `NotToAct` (409) when the seat
        does not decide at that step, `NoSearchLevel` (404) for a game type without a search level."""
        return cast(Analysis, self._get(f"/games/{_seg(game_id)}/analysis", token=token,
                                        params=_params(**{"as": as_seat, "at": at, "budget_ms": budget_ms})))

    def audit(self, game_id: str, *, head: str | None = None) -> AuditReport:
        """Verify the log: hash chain, `head` (a head hash you held), and after the end the seed [audit]."""
        return cast(AuditReport, self._get(f"/games/{_seg(game_id)}/audit", params=_params(head=head)))

    def export(self, game_id: str) -> ReplayDocument:
        """The portable replay document of a finished game [exportGame]."""
        return cast(ReplayDocument, self._get(f"/games/{_seg(game_id)}/export"))

    def import_replay(self, document: Mapping[str, Any]) -> ImportedGame:
        """Import a replay document, verified by the server; the same document twice gives the same game
        [importReplay]."""
        return cast(ImportedGame, self.transport.json("POST", f"{API_PREFIX}/replays", json=dict(document), safe=True))

    def fork(self, game_id: str, at: int, *, seats: Seats | None = None) -> CreatedGame:
        """A new game from the state after event `at` of a finished game, with its own seed [forkGame]."""
        body: dict[str, Any] = {"at": at}
        if seats is not None:
            body["seats"] = [_seat(s) for s in seats]
        return cast(CreatedGame, self.transport.json("POST", f"{API_PREFIX}/games/{_seg(game_id)}/fork", json=body))

    # -- the service --------------------------------------------------------------------------

    def leaderboard(self, type_: str, pool: Literal["rated", "all", "ladder"] = "rated") -> Leaderboard:
        """Players ranked by rating in one game type (`pool` all: games with bots and imported ones
        too; ladder: the type's ladder games, bot levels listed as `bot:<level>`), and results by seat
        name [leaderboard]."""
        return cast(Leaderboard, self._get("/leaderboard", params={"type": type_, "pool": pool}))

    def ladder_enter(self, type_: str, key: str, *, bot: str | None = None) -> LadderEntry:
        """Enter the game type's ladder with a player's key: the player, or the bot level `bot` for everyone to
        meet [enterLadder]. The ladder then seats the entrant in a game every few seconds while it waits (the
        player finds its games on `player_stream`). Entering again changes nothing, so it is retried.

        Raises:
            BadRequest: an unknown bot level, or a game played alone.
        """
        body = {} if bot is None else {"bot": bot}
        return cast(LadderEntry, self.transport.json("POST", f"{API_PREFIX}/ladder/{_seg(type_)}/entries", token=key,
                                                     json=body, safe=True))

    def ladder_leave(self, type_: str, key: str, *, bot: str | None = None) -> None:
        """Leave the game type's ladder: the player, or the bot level `bot` it entered [leaveLadder]. Its games
        and rating stay.

        Raises:
            NotFound: the entrant is not in the ladder (or left already).
            Forbidden: another player entered that bot level.
        """
        params = {} if bot is None else {"bot": bot}
        self.transport.request("DELETE", f"{API_PREFIX}/ladder/{_seg(type_)}/entries", token=key, params=params)

    def ladder(self, type_: str) -> Ladder:
        """The game type's ladder: its entrants with rating and games, who waits, its latest games [getLadder]."""
        return cast(Ladder, self._get(f"/ladder/{_seg(type_)}"))

    def healthz(self) -> Health:
        """The service's health: ok, degraded or failing, with reasons [healthz]."""
        return cast(Health, self.transport.json("GET", "/healthz"))

    def openapi(self) -> str:
        """The API's contract, openapi.yaml [openapi]."""
        return self.transport.request("GET", "/openapi.yaml").text

    def seat(self, game_id: str, token: str, index: int | None = None) -> SeatHandle:
        """A handle on one seat of a game (its token, or the key of the player holding it), with
        `turns()`: see trailhead_client.seat."""
        return SeatHandle(self, game_id, token, index)

    def seats_of(self, created: CreatedGame) -> list[SeatHandle]:
        """A handle on each human seat of a game just created (those with a token)."""
        return [self.seat(created["id"], s["token"], s["index"]) for s in created["seats"] if "token" in s]


def _seat(seat: SeatRequest | Mapping[str, Any] | str) -> dict[str, Any]:
    return {"name": seat} if isinstance(seat, str) else dict(seat)


def _seg(value: str) -> str:
    return quote(str(value), safe="")


def _flag(value: bool | None) -> str | None:
    return None if value is None else str(value).lower()


def _params(**values: Any) -> dict[str, Any]:
    return {name: value for name, value in values.items() if value is not None}


def _hand_written(levels: list[str]) -> list[str]:
    """The bot levels but `search` (weakest first, as the server lists them)."""
    return [level for level in levels if level != "search"]
