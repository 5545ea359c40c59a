"""The search level on the game page, in a real browser (Chromium driven by Playwright, as test_pages.py does):
in a finished game's replay, a chosen seat's suggestion at the step on screen beside the move that seat
played; in a running game, a seat on its turn asks for a hint and the suggested action is marked. What the
page shows is what the API answers (GET /games/{id}/analysis); no console errors."""

from __future__ import annotations

import time
from typing import Any

import pytest

from e2e.contract import Api, Server
from e2e.test_pages import ARTEFACTS, browser, page_of  # noqa: F401 - browser is a fixture of these tests

API = "/api/v1"
pytestmark = pytest.mark.slow


def wait_for_game(api: Api, game_id: str, done: Any) -> dict[str, Any]:
    ends = time.monotonic() + 60
    while time.monotonic() < ends:
        game = api.call("GET", f"{API}/games/{game_id}", 200).json()
        if done(game):
            return game
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} never got there")


def decisions_of(api: Api, game_id: str, seat: int) -> list[int]:
    """The steps (ends of commands) after which `seat` is to act."""
    events = api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200).json()["events"]
    ends = [event["seq"] for event, after in zip(events, events[1:]) if event["command_id"] != after["command_id"]]
    return [step for step in ends
            if seat in api.call("GET", f"{API}/games/{game_id}/replay?at={step}", 200).json()["to_act"]]


def test_the_replay_shows_the_search_level_s_suggestion_beside_the_move_played(
        api: Api, server: Server, browser: Any) -> None:  # noqa: F811 - the fixture imported above
    created = api.call("POST", f"{API}/games", 201, json={"type": "nanga-parbat", "seats": [
        {"name": "North", "bot": "greedy"}, {"name": "South", "bot": "greedy"}]}).json()
    game_id = created["id"]
    wait_for_game(api, game_id, lambda game: game["status"] == "finished")
    step = decisions_of(api, game_id, 1)[4]
    timeline = api.call("GET", f"{API}/games/{game_id}/timeline", 200).json()["entries"]
    played = next(entry for entry in timeline if entry["seq"] > step and entry["seat"] == 1 and entry["label"])
    answer = api.call("GET", f"{API}/games/{game_id}/analysis?as=1&at={step}", 200).json()
    best = answer["actions"][answer["best"]]

    errors: list[str] = []
    page = page_of(browser, errors)
    try:
        page.goto(f"{server.base_url}/games/{game_id}")
        page.wait_for_selector("body[data-drawn]")
        page.select_option("#analysis-seat", "1")
        page.locator(f"#timeline li[data-seq='{step}']").click()
        shown = page.locator(f"#analysis[data-at='{step}']")
        shown.locator(".suggested").wait_for(timeout=30_000)
        suggested = shown.locator(".suggested").inner_text()
        assert best["label"] in suggested and f"{best['visits']} of {answer['iterations']} iterations" in suggested
        assert played["label"] in shown.locator(".played").inner_text()
        assert f"event {played['seq']}" in shown.locator(".played").inner_text()
        assert (": the move played" in suggested) == (played["label"] == best["label"])
        assert shown.locator(".searched li").count() == len(answer["actions"])
        ARTEFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTEFACTS / "analysis-replay.png"), full_page=True)

        other = next(seq for seq in decisions_of(api, game_id, 0) if seq > step)  # seat 1 does not decide there
        page.locator(f"#timeline li[data-seq='{other}']").click()
        page.locator(f"#analysis[data-at='{other}']").wait_for(timeout=10_000)
        assert f"Seat 1 does not decide after event {other}." in page.locator("#analysis").inner_text()
    finally:
        page.close()
    assert not errors, errors


def test_a_seat_on_its_turn_asks_for_a_hint_and_the_suggested_action_is_marked(
        api: Api, server: Server, browser: Any) -> None:  # noqa: F811 - the fixture imported above
    created = api.call("POST", f"{API}/games", 201, json={"type": "nanga-parbat", "seats": [
        {"name": "Ann"}, {"name": "Guide", "bot": "greedy"}]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    game = wait_for_game(api, game_id, lambda game: 0 in game["to_act"])

    errors: list[str] = []
    page = page_of(browser, errors)
    try:
        page.goto(f"{server.base_url}/games/{game_id}#token={token}")
        page.wait_for_selector(f"#actions[data-version='{game['version']}'] button")
        assert "Once the game has ended" in page.locator("#analysis").inner_text()
        assert page.locator("#analysis-seat").is_disabled()
        page.locator("#hint").click()
        page.wait_for_function("document.getElementById('hint-note').textContent.startsWith('The search level')",
                               timeout=30_000)
        answer = api.call("GET", f"{API}/games/{game_id}/analysis", 200, token=token).json()
        best = answer["actions"][answer["best"]]
        assert best["label"] in page.locator("#hint-note").inner_text()
        marked = page.locator("#actions button.suggested")
        assert marked.count() == 1 and marked.inner_text() == best["label"]
        ARTEFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTEFACTS / "analysis-hint.png"), full_page=True)
        marked.click()  # playing the suggestion: the page moves on, the mark goes with the old listing
        page.wait_for_function(f"document.getElementById('actions').dataset.version !== '{game['version']}'",
                               timeout=30_000)
        assert page.locator("#actions button.suggested").count() == 0
    finally:
        page.close()
    assert not errors, errors
    spectator = page_of(browser, errors)
    try:
        spectator.goto(f"{server.base_url}/games/{game_id}")
        spectator.wait_for_selector("body[data-drawn]")
        assert spectator.locator("#hint").is_hidden()  # no seat, no hint
    finally:
        spectator.close()
    assert not errors, errors
