"""The lobby's ladder and tournaments in a real browser (Chromium driven by Playwright; issue 30, item 8): a
player registered on the page enters the ladder of the chosen game and leaves it with the key the browser keeps;
the tournaments not finished are listed with links to their pages, and an open one is joined from the lobby."""

from __future__ import annotations

from typing import Any

import pytest

from e2e.contract import Api, Server
from e2e.test_pages import browser, page_of  # noqa: F401 - the browser fixture of the page tests

API = "/api/v1"
pytestmark = pytest.mark.slow


def test_the_lobby_enters_and_leaves_the_ladder_and_joins_an_open_tournament(api: Api, server: Server,
                                                                             browser: Any) -> None:  # noqa: F811
    me = api.call("POST", f"{API}/players", 201, json={"name": "Rival"}).json()
    api.call("POST", f"{API}/ladder/hike/entries", 201, token=me["key"])  # someone is in the ladder already
    open_cup = api.call("POST", f"{API}/tournaments", 201, json={
        "type": "hike", "format": "round_robin", "name": "Open cup", "seats_per_game": 2, "turn_seconds": 600,
        "entrants": [{"bot": "random"}], "starts_at": "2999-01-01T12:00:00Z"}).json()
    running = api.call("POST", f"{API}/tournaments", 201, json={
        "type": "nanga-parbat", "format": "swiss", "name": "Running cup", "seats_per_game": 2, "rounds": 1,
        "turn_seconds": 600, "entrants": [{"player": me["id"]}, {"bot": "random"}]}).json()
    api.call("POST", f"{API}/tournaments/{running['id']}/start", 201, token=running["creator_token"])
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(server.base_url + "/")
    page.select_option("#type", "hike")
    page.wait_for_selector(f"#ladder tbody tr[data-entrant='{me['id']}']")
    assert page.locator("#ladder-toggle").text_content() == "Enter the ladder"

    page.fill("#player-name", "Lobby climber")
    page.click("#register button[type=submit]")
    page.wait_for_selector("#player:has-text('Registered as Lobby climber')")
    page.click("#ladder-toggle")
    page.wait_for_selector("#ladder-toggle[data-action='leave']")
    ladder = api.call("GET", f"{API}/ladder/hike", 200).json()
    mine = next(row for row in ladder["entrants"] if row["name"] == "Lobby climber")
    assert mine["player"] and mine["rating"] is None
    page.wait_for_selector(f"#ladder tbody tr[data-entrant='{mine['entrant']}']")
    assert page.locator("#ladder tbody tr").count() == 2
    page.click("#ladder-toggle")
    page.wait_for_selector("#ladder-toggle[data-action='enter']")
    assert page.locator(f"#ladder tbody tr[data-entrant='{mine['entrant']}']").count() == 0
    assert [row["entrant"] for row in api.call("GET", f"{API}/ladder/hike", 200).json()["entrants"]] == [me["id"]]

    page.wait_for_selector(f"#tournaments tr[data-tournament='{running['id']}']")
    for created in (open_cup, running):
        link = page.locator(f"#tournaments tr[data-tournament='{created['id']}'] a.tournament-link")
        assert link.get_attribute("href") == f"/tournaments/{created['id']}"
    assert page.locator(f"#tournaments tr[data-tournament='{running['id']}'] button").count() == 0  # running
    status = page.locator(f"#tournaments tr[data-tournament='{open_cup['id']}'] td").nth(3)
    assert (status.text_content() or "").startswith("open, starts in ")  # as people write it: "in 973 years"
    assert "2999" in (status.locator("time").get_attribute("title") or "")  # the full date on hover
    page.click("button[aria-label='Join Open cup']")
    page.wait_for_selector("#tournaments-status:has-text('You entered Open cup')")
    entrants = api.call("GET", f"{API}/tournaments/{open_cup['id']}", 200).json()["entrants"]
    assert [entrant["name"] for entrant in entrants] == ["Bot 1 (random)", "Lobby climber"]
    page.wait_for_selector(f"#tournaments tr[data-tournament='{open_cup['id']}'] td:nth-child(5):has-text('2')")
    page.click("button[aria-label='Join Open cup']")  # twice: the rules' refusal, in their words
    page.wait_for_selector("#tournaments-problem:not(:empty)")
    assert errors == [] or all("422" in error for error in errors), errors  # the refused fetch, nothing else
    page.close()
