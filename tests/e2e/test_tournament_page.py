"""A tournament's page in a real browser (Chromium driven by Playwright; issue 30): opened while the tournament
waits for its start, it follows the tournament live through its stream to the end (standings, every game linked,
the audit's verdict), without console errors or failed requests, fitting a phone's width and a wide screen's,
with nothing serious for axe-core; an unknown tournament's page is a 404 problem. A player whose key the browser
keeps finds their game marked on it and plays it there to the end."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from e2e.contract import Api, Server
from e2e.pages_support import PHONE, WIDE, axe_violations, fits, play_to_the_end
from e2e.test_pages import ARTEFACTS, browser, page_of  # noqa: F401 - the browser fixture of the page tests

API = "/api/v1"
pytestmark = pytest.mark.slow


def test_a_tournament_page_follows_the_tournament_live_to_its_end(api: Api, server: Server,
                                                                  browser: Any) -> None:  # noqa: F811
    created = api.call("POST", f"{API}/tournaments", 201, json={
        "type": "nanga-parbat", "format": "round_robin", "name": "Page cup", "seats_per_game": 2,
        "entrants": [{"bot": "random", "name": f"Bot {n}"} for n in "ABCD"]}).json()
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/tournaments/{created['id']}")
    page.wait_for_selector("#summary[data-status='open']")
    assert page.locator("#standings tbody tr").count() == 4 and page.locator("a.game-link").count() == 0
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=created["creator_token"])
    page.wait_for_selector("#summary[data-status='finished']", timeout=30_000)  # live: no reload
    page.wait_for_selector("#audit[data-ok='true']", timeout=20_000)
    body = api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()
    links = page.locator("a.game-link")
    assert links.count() == 6
    hrefs = {links.nth(index).get_attribute("href") for index in range(6)}
    assert hrefs == {f"/games/{game['game_id']}" for r in body["rounds"] for t in r["tables"] for game in t["games"]}
    assert page.locator("#head").text_content() == body["head_hash"]
    first = page.locator("#standings tbody tr").first.locator("td").nth(1).text_content()
    assert first == {e["entrant"]: e["name"] for e in body["entrants"]}[body["standings"][0]["entrant"]]
    assert page.locator("#rounds .seat-chip.seat1").count() == 6  # each game's seats by name and colour
    ARTEFACTS.mkdir(exist_ok=True)
    for size, viewport in (("phone", PHONE), ("wide", WIDE)):  # scrolls only down; nothing serious for axe
        fits(page, viewport)
        page.screenshot(path=str(ARTEFACTS / f"tournament-{size}.png"), full_page=True)
    assert axe_violations(page) == []
    assert errors == []
    page.close()
    missing = requests.get(f"{server.base_url}/tournaments/nope", timeout=10)
    assert missing.status_code == 404 and missing.headers["Content-Type"] == "application/problem+json"


def test_a_player_plays_their_tournament_game_from_the_tournament_page(api: Api, server: Server,
                                                                       browser: Any) -> None:  # noqa: F811
    player = api.call("POST", f"{API}/players", 201, json={"name": "Pat on the page"}).json()
    created = api.call("POST", f"{API}/tournaments", 201, json={
        "type": "nanga-parbat", "format": "round_robin", "name": "Played on the page", "seats_per_game": 2,
        "turn_seconds": 300, "entrants": [{"player": player["id"]}, {"bot": "random", "name": "Bot"}]}).json()
    errors: list[str] = []
    page = page_of(browser, errors)
    page.add_init_script(f"localStorage.setItem('trailhead:key', {player['key']!r});"
                         f"localStorage.setItem('trailhead:player', {player['id']!r});")
    page.goto(f"{server.base_url}/tournaments/{created['id']}")
    page.wait_for_selector("#summary[data-status='open']")
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=created["creator_token"])
    mine = page.locator("a.game-link.mine")
    mine.wait_for(timeout=30_000)
    assert page.locator("a.game-link").count() == 1 and "yours" in mine.text_content()
    mine.click()
    page.wait_for_url("**/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    seat = api.call("GET", f"{API}/games/{game_id}", 200).json()["seats"]
    mine_seat = next(index for index, row in enumerate(seat) if row.get("player") == player["id"])
    page.wait_for_selector("#seats time.ago")  # the seat's turn clock: its deadline, as people write it
    assert page.locator("#seats time.ago").first.get_attribute("datetime").endswith("Z")
    game, clicks = play_to_the_end(api, page, game_id, seat=mine_seat)
    assert game["status"] == "finished" and sum(clicks.values()) > 0
    log = api.call("GET", f"{API}/games/{game_id}/events", 200).json()
    assert not [e for e in log["events"] if e["type"] in ("TurnTimedOut", "SeatLeft")]  # the page played it
    page.goto(f"{server.base_url}/tournaments/{created['id']}")
    page.wait_for_selector("#summary[data-status='finished']", timeout=30_000)
    assert errors == []
    page.close()
