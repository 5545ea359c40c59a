"""Hike!'s and Nanga Parbat's SVG boards in a real browser (issue 33; Chromium as test_pages.py drives it):
a game of each type is played through the API, every seat by hand, and at the first time each kind of step
comes up the game page is loaded for the seat to act and the board module is imported in the page: every key
that `targets()` gives for every listed action names exactly one `[data-target]` element of the board, the
board's keys are unique, no action's clicks end where another's go on, two actions share their clicks only
where the board cannot tell them apart, and the console stays clean. A screenshot of each board, at the end and on a phone's width, goes to test-artefacts/."""

from __future__ import annotations

import random
from typing import Any

import pytest

from e2e.contract import Api, Server
from e2e.pages_support import PHONE, axe_violations, record
from e2e.test_pages import ARTEFACTS, browser, page_of  # noqa: F401 - browser is a fixture of these tests

API = "/api/v1"
pytestmark = pytest.mark.slow

#: In the page: the board drawn, the module's targets for every listed action of the token's seat, checked.
CHECK = """async ([type, id, token, shared]) => {
  const board = await import(`/static/boards/${type}.js`);
  const headers = { Authorization: `Bearer ${token}` };
  const game = await (await fetch(`/api/v1/games/${id}`, { headers })).json();
  const listed = await (await fetch(`/api/v1/games/${id}/actions`, { headers })).json();
  const drawn = document.querySelector("#board .board");
  const keys = [...drawn.querySelectorAll("[data-target]")].map((node) => node.dataset.target);
  const problems = keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `${key} twice`);
  const targeted = new Set();
  const sequences = new Map();  // a whole sequence -> the types of the actions it builds
  for (const action of listed.actions) {
    const sequence = board.targets(action, game.state);
    if (sequence.length) targeted.add(action.type);
    const whole = sequence.join(" ");
    if (sequence.length) sequences.set(whole, [...(sequences.get(whole) || []), action.type]);
    for (const key of sequence) {
      const found = drawn.querySelectorAll(`[data-target="${CSS.escape(key)}"]`);
      if (found.length !== 1) problems.push(`${action.label}: ${key} found ${found.length} times`);
      else if (!found[0].getAttribute("aria-label")) problems.push(`${key} has no aria-label`);
    }
  }
  for (const [whole, types] of sequences) {
    // several actions share a sequence only where the board cannot tell them apart (a chooser of labels)
    if (types.length > 1 && !types.every((type) => shared.includes(type))) problems.push(`${whole}: ${types}`);
    // a sequence complete while a longer one goes on would be sent at once, and the longer one never reached
    for (const longer of sequences.keys()) if (longer.startsWith(`${whole} `)) problems.push(`${whole} begins ${longer}`);
  }
  return { problems, targeted: [...targeted], version: game.version, listed: listed.actions.length };
}"""


#: The actions that may share a whole sequence of clicks: the ranged amount (+1 cards) and the animals traded.
SHARED = ["OpenCards", "TradeDifferentAnimals", "TradeSameAnimals"]


@pytest.fixture(scope="module")
def module_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The boards read no database of their own: one server on a SQLite file, not one per backend."""
    return str(tmp_path_factory.mktemp("database") / "trailhead.sqlite")


def situation(type_: str, state: dict[str, Any]) -> tuple[Any, ...]:
    """What kind of step the game is at: each kind is checked once."""
    if type_ == "hike":
        return state["phase"], state["step"]
    return state["phase"], state["claimed_this_turn"], bool(state["seats"][state["active_seat"] or 0]["ready"])


#: Per type: the actions played by preference (to reach the race, the claims), and the kinds of step (or their
#: beginnings) every game reaches (the others, such as Hike!'s equipment fields, come up in some games only: each game is shuffled anew).
PLAYS = {"hike": (("DeclareReady", "UseHusky", "DraftHusky", "PlaceHusky", "PlaceYoungster"),
                  {("preparations", "open"), ("preparations", "action"), ("preparations", "bonus"), ("race", "run")}),
         "nanga-parbat": (("BuildCamps", "TradeSameAnimals", "TradeDifferentAnimals", "TrapAnimal"),
                          {("place_guide",), ("trap",), ("score", False), ("score", True)})}


@pytest.mark.parametrize("type_", sorted(PLAYS))
def test_every_target_of_every_listed_action_is_one_element_of_the_board(
        api: Api, server: Server, browser: Any, type_: str) -> None:
    prefer, reached = PLAYS[type_]
    created = api.call("POST", f"{API}/games", 201, json={
        "type": type_, "seats": [{"name": "Ann"}, {"name": "Bot 1"}]}).json()
    tokens = [seat["token"] for seat in created["seats"]]
    errors: list[str] = []
    page = page_of(browser, errors)
    pick = random.Random(7)
    seen: set[tuple[Any, ...]] = set()
    targeted: set[str] = set()
    long_list: dict[str, Any] = {}
    for _ in range(300):
        game = api.call("GET", f"{API}/games/{created['id']}", 200).json()
        if game["status"] == "finished" or len(seen) >= 6:
            break
        seat = game["to_act"][0]
        kind = situation(type_, game["state"])
        if kind not in seen:
            seen.add(kind)
            page.goto("about:blank")  # a new token in the fragment alone would not load the page again
            page.goto(f"{server.base_url}/games/{created['id']}#token={tokens[seat]}")
            page.wait_for_function(f"Number(document.getElementById('actions').dataset.version) >= {game['version']}"
                                   " && document.querySelector('#board .board')")
            checked = page.evaluate(CHECK, [type_, created["id"], tokens[seat], SHARED])
            assert checked["version"] == game["version"] and checked["listed"], checked
            assert checked["problems"] == [], (kind, checked["problems"])
            targeted.update(checked["targeted"])
            if checked["listed"] >= 20 and not long_list:  # a long list (Hike!'s draft: 20 to 61 seen): short on a phone
                page.set_viewport_size(PHONE)
                page.wait_for_function("document.getElementById('board').dataset.layout === 'narrow'")
                long_list = {"listed": checked["listed"], "height": page.locator("#actions").bounding_box()["height"],
                             "buttons": page.locator("#actions button").count(),
                             "buttons shown": page.locator("#actions button:visible").count()}
                record(f"{type_}-actions-phone", long_list)
                ARTEFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTEFACTS / f"{type_}-actions-phone.png"), full_page=True)
                # every action still a button of its own, the long kinds folded under their summaries
                assert long_list["height"] <= 400 and long_list["buttons"] == checked["listed"], long_list
                # by the keyboard: a kind's summary unfolds it, and its first action is the next button; axe is content
                page.locator("#actions details.kind > summary").first.focus()
                page.keyboard.press("Enter")
                page.keyboard.press("Tab")
                assert page.evaluate("document.activeElement.tagName === 'BUTTON' && "
                                     "document.activeElement.closest('details.kind').open")
                assert axe_violations(page) == []
                page.set_viewport_size({"width": 1200, "height": 900})
        listed = api.call("GET", f"{API}/games/{created['id']}/actions", 200, token=tokens[seat]).json()
        choices = [action for action in listed["actions"] if action["type"] in prefer] or listed["actions"]
        action = pick.choice(choices)
        api.call("POST", f"{API}/games/{created['id']}/commands", 201, token=tokens[seat], json={
            "type": action["type"], "args": action["args"], "expected_version": listed["version"]})
    ARTEFACTS.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(ARTEFACTS / f"board-{type_}.png"))
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the board fits its width
    page.wait_for_function("(board => board.scrollWidth <= board.clientWidth + 1)(document.querySelector('#board .board'))")
    page.locator("#board").screenshot(path=str(ARTEFACTS / f"board-{type_}-390.png"))
    assert all(any(kind[:len(need)] == need for kind in seen) for need in reached), seen
    must = {"hike": {"DraftHusky", "DraftCard", "UseHusky"}, "nanga-parbat": {"TrapAnimal", "PlaceGuide"}}[type_]
    assert type_ != "hike" or long_list, "Hike!'s draft listed no long list"
    assert must <= targeted, targeted
    assert errors == []
