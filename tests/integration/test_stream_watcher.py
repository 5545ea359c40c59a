"""The stream watcher (service/streams.py Hub) over a real SQLite file, without a server: what a player's
stream admitted at some point of the log finds afterwards, however late the watcher first looks."""

from __future__ import annotations

import asyncio
from pathlib import Path

from application.players import register_player
from bootstrap import bootstrap
from domain.core import SeatConfig
from service.streams import Hub


async def games_found(hub: Hub, player: str, since: int, seconds: float = 5.0) -> set[str]:
    """The games the watcher gives a player's stream admitted at `since`, within `seconds`."""
    wake, watch = hub.subscribe_player(player, [], since)
    try:
        deadline = asyncio.get_running_loop().time() + seconds
        while not watch.games and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        return set(watch.games)
    finally:
        hub.unsubscribe_player(wake)


def test_a_game_given_to_a_player_after_admission_but_before_the_watchers_first_look_is_found(tmp_path: Path) -> None:
    # The race a busy machine showed: the stream was admitted, the game was created, and only then did the
    # idle watcher take the log's head as its starting place, past the game's TableSet: no yourTurn ever came.
    app = bootstrap({"DATABASE": str(tmp_path / "trailhead.sqlite"), "REDIS_URL": ""})
    try:
        ann = register_player(app.store, "Ann")
        since = app.store.head_position()  # the admission's place in the log
        created = app.games.create("nanga-parbat", [SeatConfig(name="Ann"), SeatConfig(name="Bea", bot="random")],
                                   players={0: ann.player["id"]})
        hub = Hub(app, {"STREAM_POLL_SECONDS": 0.05})
        try:
            found = asyncio.run(games_found(hub, ann.player["id"], since))
        finally:
            hub._executor.shutdown()
    finally:
        app.close()
    assert found == {created.game.record.id}
