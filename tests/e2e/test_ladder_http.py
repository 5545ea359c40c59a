"""The ladder over real HTTP (issue 30, item 6), every request and answer checked against openapi.yaml: two bot
levels entered by a player are seated round after round by `trailhead serve`'s own timers, and rated in the
ladder's pool; leaving, and the refusals."""

from __future__ import annotations

from typing import Any

from e2e.contract import Api
from support.waiting import wait_for

API = "/api/v1"
SERVER_ENV = {"TRAILHEAD_LADDER_SECONDS": "1", "TRAILHEAD_LADDER_TURN_SECONDS": "2",
              "TRAILHEAD_LADDER_TAKEOVER_BOT": "random"}


def test_two_bot_levels_meet_on_the_ladder_and_are_rated_in_its_pool(api: Api) -> None:
    dee = api.call("POST", f"{API}/players", 201, json={"name": "Dee"}).json()
    for level in ("random", "greedy"):
        entry = api.call("POST", f"{API}/ladder/nanga-parbat/entries", 201, token=dee["key"], json={"bot": level})
        assert entry.json()["entrant"] == f"bot:{level}" and entry.json()["player"] is None
    again = api.call("POST", f"{API}/ladder/nanga-parbat/entries", 200, token=dee["key"], json={"bot": "random"})
    assert again.json()["entrant"] == "bot:random"

    def rated() -> dict[str, Any] | None:
        ladder = api.call("GET", f"{API}/ladder/nanga-parbat", 200).json()
        finished = [game for game in ladder["games"] if game["status"] == "finished"]
        return ladder if len(finished) >= 2 and all(row["rating"] is not None for row in ladder["entrants"]) else None

    ladder = wait_for(rated, timeout=90, what="two ladder games played and rated")
    assert ladder["seconds"] == 1 and ladder["turn_seconds"] == 2
    assert {row["entrant"] for row in ladder["entrants"]} == {"bot:random", "bot:greedy"}
    assert all(sorted(game["entrants"]) == ["bot:greedy", "bot:random"] for game in ladder["games"])
    first = ladder["games"][-1]["game_id"]
    created = api.call("GET", f"{API}/games/{first}/events?limit=1", 200).json()["events"][0]["data"]
    assert created["ladder"] is True
    board = api.call("GET", f"{API}/leaderboard?type=nanga-parbat&pool=ladder", 200).json()
    assert {row["player"] for row in board["players"]} == {"bot:random", "bot:greedy"}
    assert api.call("GET", f"{API}/leaderboard?type=nanga-parbat&pool=all", 200).json()["players"] == []
    listed = api.call("GET", f"{API}/games?type=nanga-parbat&status=finished", 200).json()["games"]
    assert first in {game["id"] for game in listed} and {game["rated"] for game in listed} == {"ladder"}

    eve = api.call("POST", f"{API}/players", 201, json={"name": "Eve"}).json()
    api.call("DELETE", f"{API}/ladder/nanga-parbat/entries?bot=greedy", 403, token=eve["key"])
    api.call("DELETE", f"{API}/ladder/nanga-parbat/entries", 404, token=eve["key"])
    api.call("POST", f"{API}/ladder/nanga-parbat/entries", 400, token=eve["key"], json={"bot": "grandmaster"})
    api.call("POST", f"{API}/ladder/no-such-game/entries", 404, token=eve["key"])
    api.call("GET", f"{API}/ladder/no-such-game", 404)
    for level in ("random", "greedy"):
        api.call("DELETE", f"{API}/ladder/nanga-parbat/entries?bot={level}", 204, token=dee["key"])
    assert api.call("GET", f"{API}/ladder/nanga-parbat", 200).json()["entrants"] == []
