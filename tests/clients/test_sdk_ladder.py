"""The ladder through the SDK against a real `trailhead serve` whose ladder rounds come every second:
`Client.ladder_enter`, `ladder`, `ladder_leave`, and the ladder's pool on the leaderboard."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from support.served import Served, serve, stop
from support.waiting import wait_for
from trailhead_client import Client, Forbidden, NotFound


@pytest.fixture(scope="module")
def fast_ladder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(Path(tmp_path_factory.mktemp("sdk-ladder")), TRAILHEAD_LADDER_SECONDS="1",
                   TRAILHEAD_LADDER_TURN_SECONDS="1", TRAILHEAD_LADDER_TAKEOVER_BOT="random")
    yield served
    stop(served)


def test_bot_levels_entered_through_the_sdk_play_on_the_ladder_and_leave_it(fast_ladder: Served) -> None:
    with Client(fast_ladder.base_url) as client:
        fay, gus = client.create_player("Fay"), client.create_player("Gus")
        entry = client.ladder_enter("nanga-parbat", fay["key"], bot="random")
        assert (entry["type"], entry["entrant"], entry["games"]) == ("nanga-parbat", "bot:random", 0)
        client.ladder_enter("nanga-parbat", fay["key"], bot="greedy")
        ladder = wait_for(lambda: (now := client.ladder("nanga-parbat"))["games"] and any(
            game["status"] == "finished" for game in now["games"]) and now, timeout=60, what="a finished ladder game")
        assert {row["entrant"] for row in ladder["entrants"]} == {"bot:random", "bot:greedy"}
        wait_for(lambda: client.leaderboard("nanga-parbat", pool="ladder")["players"], timeout=10,
                 what="the ladder's ratings")
        with pytest.raises(Forbidden):
            client.ladder_leave("nanga-parbat", gus["key"], bot="random")
        with pytest.raises(NotFound):
            client.ladder_leave("nanga-parbat", gus["key"])
        client.ladder_leave("nanga-parbat", fay["key"], bot="random")
        client.ladder_leave("nanga-parbat", fay["key"], bot="greedy")
        assert client.ladder("nanga-parbat")["entrants"] == []
