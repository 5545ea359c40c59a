"""Rematch (issue 30, item 7) over real HTTP: a seat of a finished game asks, seats turn by one.

Each game here is a person against a bot; the person resigns, the takeover bot plays the seat to the end,
and the person (who still holds the seat's token or key) asks for the rematch. The rematch is audited,
exported and imported like any game, with `rematch_of` in its GameCreated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from e2e.contract import Api
from service.app import create_app
from support.waiting import wait_for

API = "/api/v1"


def finished(api: Api, game_id: str) -> dict[str, Any]:
    def game_if_finished() -> dict[str, Any] | None:
        game = api.call("GET", f"{API}/games/{game_id}", 200).json()
        return game if game["status"] == "finished" else None

    return wait_for(game_if_finished, timeout=60, what=f"game {game_id} to finish")


def resigned_and_finished(api: Api, game_id: str, credential: str) -> dict[str, Any]:
    api.call("POST", f"{API}/games/{game_id}/resign", 201, token=credential)
    return finished(api, game_id)


def test_a_players_rematch_turns_the_seats_reserves_the_player_and_keeps_bots_and_clock(api: Api,
                                                                                          tmp_path: Path) -> None:
    cy = api.call("POST", f"{API}/players", 201, json={"name": "Cy"}).json()
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "hike", "seats": [{"player": cy["id"]}, {"name": "Searcher", "bot": "search", "iterations": 2}],
        "options": {"care_card_lapses": True}, "turn_seconds": 40, "takeover_bot": "random"}).json()
    old = created["id"]
    running = api.call("POST", f"{API}/games/{old}/rematch", 409, token=cy["key"]).json()
    assert running["type"] == "urn:trailhead:problem:game-running"
    resigned_and_finished(api, old, cy["key"])

    first = api.call("POST", f"{API}/games/{old}/rematch", 201, token=cy["key"])
    rematch = first.json()
    assert first.headers["Location"] == f"{API}/games/{rematch['id']}"
    assert rematch["rematch_of"] == old and rematch["type"] == "hike" and rematch["id"] != old
    assert [(s["index"], s["name"], s["bot"], s["player"], s.get("iterations"), "token" in s)
            for s in rematch["seats"]] == [(0, "Searcher", "search", None, 2, False),
                                          (1, "Cy", None, cy["id"], None, False)]
    again = api.call("POST", f"{API}/games/{old}/rematch", 200, token=cy["key"]).json()
    assert again["id"] == rematch["id"] and all("token" not in seat for seat in again["seats"])

    view = api.call("GET", f"{API}/games/{rematch['id']}", 200, token=cy["key"]).json()
    assert view["you"] == 1 and view["rematch_of"] == old and view["rematch"] is None
    assert view["clock"]["turn_seconds"] == 40 and view["clock"]["takeover_bot"] == "random"
    assert api.call("GET", f"{API}/games/{old}", 200).json()["rematch"] == rematch["id"]
    events = api.call("GET", f"{API}/games/{rematch['id']}/events?limit=1", 200).json()["events"]
    assert events[0]["type"] == "GameCreated" and events[0]["data"]["rematch_of"] == old
    assert events[0]["data"]["options"]["care_card_lapses"] is True
    old_created = api.call("GET", f"{API}/games/{old}/events?limit=1", 200).json()["events"][0]["data"]
    assert "rematch_of" not in old_created  # a game that is no rematch keeps GameCreated's former bytes

    # the rematch of the rematch, once finished: audited, exported, imported with `rematch_of`
    resigned_and_finished(api, rematch["id"], cy["key"])
    audit = api.call("GET", f"{API}/games/{rematch['id']}/audit", 200).json()
    assert audit["ok"] is True, audit
    document = api.call("GET", f"{API}/games/{rematch['id']}/export", 200).json()
    assert api.call("POST", f"{API}/replays", 200, json=document).json()["id"] == rematch["id"]  # stored already
    elsewhere = create_app({"DATABASE": str(tmp_path / "elsewhere.db"), "RATE_LIMITS": "off"})
    try:
        client = elsewhere.test_client()
        imported = client.post(f"{API}/replays", json=document)
        assert imported.status_code == 201, imported.get_json()
        copy = client.get(f"{API}/games/{imported.get_json()['id']}").get_json()
        assert copy["rematch_of"] == old and copy["head_hash"] == document["head_hash"]
        assert client.get(f"{API}/games/{copy['id']}/audit").get_json()["ok"] is True
        assert client.get(f"{API}/games/{copy['id']}/export").get_json()["events"] == document["events"]
    finally:
        elsewhere.extensions["trailhead"].close()


def test_a_seat_tokens_rematch_gives_the_asker_a_token_and_opens_the_other_token_seat(api: Api) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "hike", "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "random"}]}).json()
    tokens = [seat.get("token") for seat in created["seats"]]
    old = created["id"]
    api.call("POST", f"{API}/games/{old}/resign", 201, token=tokens[1])
    resigned_and_finished(api, old, tokens[0])

    rematch = api.call("POST", f"{API}/games/{old}/rematch", 201, token=tokens[1]).json()
    rows = {seat["index"]: seat for seat in rematch["seats"]}
    assert (rows[0]["bot"], rows[0]["name"]) == ("random", "Bot")
    assert rows[1]["open"] is True and "token" not in rows[1]  # Ann's seat: open for a player to join
    assert rows[2]["name"] == "Bob" and rows[2]["open"] is False and rows[2]["token"]
    assert rematch["status"] == "open"
    mine = api.call("GET", f"{API}/games/{rematch['id']}", 200, token=rows[2]["token"]).json()
    assert mine["you"] == 2
    # Ann asks too: the same game, no token for anyone
    same = api.call("POST", f"{API}/games/{old}/rematch", 200, token=tokens[0]).json()
    assert same["id"] == rematch["id"] and all("token" not in seat for seat in same["seats"])


def test_a_rematch_is_refused_to_a_non_seat_and_for_an_unknown_game(api: Api) -> None:
    dee = api.call("POST", f"{API}/players", 201, json={"name": "Dee"}).json()
    eve = api.call("POST", f"{API}/players", 201, json={"name": "Eve"}).json()
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "hike", "seats": [{"player": dee["id"]}, {"name": "Bot", "bot": "random"}]}).json()
    resigned_and_finished(api, created["id"], dee["key"])

    refused = api.call("POST", f"{API}/games/{created['id']}/rematch", 403, token=eve["key"]).json()
    assert refused["detail"] == "you hold no seat in this game"
    api.call("POST", f"{API}/games/{created['id']}/rematch", 401, valid_request=False)  # no credential
    api.call("POST", f"{API}/games/no-such-game/rematch", 404, token=dee["key"])
    assert api.call("GET", f"{API}/games/{created['id']}", 200).json()["rematch"] is None
