"""A seat of a game held by its token: its view, its actions, and `turns()`, which waits for its turn.

`turns()` reads the game's event stream (each message says which seats are to act after its event)
and yields a `Turn` (the seat's view and its labelled actions, at one version) each time this seat
is to act; it ends when the game is over. Acting is the caller's: `turn.play(action)`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trailhead_client.actions import Action, ActionList
from trailhead_client.types import CommandResponse, GameView, Result, StreamMessage

if TYPE_CHECKING:
    from trailhead_client.client import Client

#: How often a turn is read again when the view and the actions came from different versions.
_CONSISTENT_READS = 5


@dataclass(frozen=True)
class Turn:
    """The seat is to act: its `view` and `actions`, both at `version`."""

    seat: SeatHandle
    view: GameView
    actions: ActionList

    @property
    def version(self) -> int:
        return self.actions.version

    @property
    def state(self) -> dict[str, Any]:
        """The seat's view of the game (`view["state"]`)."""
        return self.view["state"]

    def play(self, action: Action | int) -> CommandResponse:
        """Send one of this turn's actions (or its index), decided on this turn's version.

        Raises:
            VersionConflict: the game moved on meanwhile (another seat acted too): wait for the next turn.
        """
        chosen = self.actions[action] if isinstance(action, int) else action
        return self.seat.play(chosen)


class SeatHandle:
    """One seat of one game: `client.seat(game_id, token)`, or `client.seats_of(created)`."""

    def __init__(self, client: Client, game_id: str, token: str, index: int | None = None) -> None:
        self.client = client
        self.game_id = game_id
        self.token = token
        self._index = index

    def __repr__(self) -> str:
        return f"SeatHandle(game_id={self.game_id!r}, index={self._index!r})"

    @property
    def index(self) -> int:
        """The seat's index (asked of the server once when not given)."""
        if self._index is None:
            you = self.view()["you"]
            assert you is not None, "a seat token always gives a seat"
            self._index = you
        return self._index

    def view(self) -> GameView:
        """The game as this seat sees it."""
        game = self.client.game(self.game_id, self.token)
        if self._index is None and game["you"] is not None:
            self._index = game["you"]
        return game

    def actions(self) -> ActionList:
        """This seat's legal actions now (empty when it is not to act)."""
        return self.client.actions(self.game_id, self.token)

    def play(self, action: Action, *, command_id: str | None = None) -> CommandResponse:
        """Send a listed action, decided on the version it was listed at."""
        return self.client.play(self.game_id, self.token, action, command_id=command_id)

    def send(self, type_: str, args: Mapping[str, Any] | None = None, *, expected_version: int | None = None,
             command_id: str | None = None) -> CommandResponse:
        """Send a command of your own making."""
        return self.client.send_command(self.game_id, self.token, type_, args, expected_version=expected_version,
                                        command_id=command_id)

    def stream(self, after: int = 0) -> Iterator[StreamMessage]:
        """The game's events as this seat may read them, as they come (see Client.stream)."""
        return self.client.stream(self.game_id, self.token, after=after)

    def result(self) -> Result | None:
        """The standings once the game is over, else None."""
        return self.view()["result"]

    def turn(self) -> Turn | None:
        """The seat's turn now: its view and actions at one version; None when it is not to act or the game is over."""
        for _ in range(_CONSISTENT_READS):
            view = self.view()
            if view["status"] == "finished" or self.index not in view["to_act"]:
                return None
            actions = self.actions()
            if actions.version == view["version"]:
                return Turn(self, view, actions) if actions else None
        return None  # the game moves faster than we read: the stream will bring us back

    def turns(self) -> Iterator[Turn]:
        """Yield each time this seat is to act, until the game is over.

        Each turn is yielded once per version: a turn the caller leaves unplayed comes back only
        when the game has moved on (another seat acted) and this seat is still, or again, to act.
        """
        handled = -1
        game = self.view()
        if game["status"] == "finished":
            return
        if self.index in game["to_act"]:
            turn = self.turn()
            if turn is not None:
                handled = turn.version
                yield turn
        for message in self.stream(after=game["version"]):
            if message["version"] <= handled or self.index not in message["to_act"]:
                continue
            turn = self.turn()
            if turn is None or turn.version <= handled:
                continue
            handled = turn.version
            yield turn
