"""The SVG boards of Hitchiker, Peaks and Hikes of the West in a real browser (issue 33 item 2): on the game
page of a running game, at several steps, every key `targets()` gives for a listed action is exactly one
`[data-target]` component of the board drawn, with no console error; then the same over the states of a game
played at random in memory, drawn off the page (the casino, the climbs and the hikes a few page steps do not
reach). A screenshot of each board, wide and phone-sized, goes to test-artefacts/."""

from __future__ import annotations

import random
from typing import Any

import pytest

from application.engine_protocol import listed_action
from application.game_types import described
from domain.core.protocol import SeatConfig
from domain.core.table import Table
from domain.games import game_spec
from e2e.contract import Api, Server
from e2e.pages_support import PHONE, record, text_sizes
from e2e.test_pages import ARTEFACTS, browser, page_of  # noqa: F401 - browser is a fixture of the tests here

API = "/api/v1"
pytestmark = pytest.mark.slow
#: the types whose boards are checked, their seats, and options that keep a game short
TYPES = {"hitchiker": (3, {"round_limit": 5}), "peaks": (2, {"round_cap": 10}), "hikes-of-the-west": (1, None)}

#: In the page: the board module (the page's own instance), and for each (view, actions) the target keys that
#: are not exactly one component of the board (`board` on the page, or each view drawn off the page).
MISSING = """async ([kind, cases, catalog]) => {
  const module = await import(`/static/boards/${kind}.js`);
  const missing = [];
  let named = 0;
  for (const [view, actions] of cases) {
    const board = catalog ? module.draw(view, catalog) : document.querySelector('#board .board');
    for (const action of actions) {
      for (const key of module.targets(action, view)) {
        named += 1;
        const found = board.querySelectorAll(`[data-target="${CSS.escape(key)}"]`).length;
        if (found !== 1) missing.push(`${action.type} ${JSON.stringify(action.args)}: ${key} x${found}`);
      }
    }
    const keys = [...board.querySelectorAll('[data-target]')].map((node) => node.getAttribute('data-target'));
    if (new Set(keys).size !== keys.length) missing.push(`a key twice on one board: ${keys}`);
  }
  return { missing, named };
}"""


def _seat_zero_turn(api: Api, game_id: str, token: str, page: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Waits until seat 0 is to act and the page shows that version; the view and actions listed then."""
    for _ in range(600):
        listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=token).json()
        game = api.call("GET", f"{API}/games/{game_id}", 200, token=token).json()
        if game["version"] == listed["version"] and (listed["actions"] or game["status"] == "finished"):
            page.wait_for_function(f"Number(document.body.dataset.drawn) >= {game['version']}", timeout=10_000)
            if page.evaluate("document.body.dataset.drawn") == str(game["version"]):
                return game, listed["actions"]
        page.wait_for_timeout(50)
    raise AssertionError("seat 0 was never asked to act")


#: In the page: Hitchiker's squares whose name is wider than the square, or whose lines are not the name's words
#: (a word broken in two), with the square's number.
NAMES_OUTSIDE = """() => [...document.querySelectorAll("#board .location")].flatMap((cell) => {
  const square = cell.querySelector("rect.square").getBBox();
  const text = cell.querySelector("text.name");
  const lines = [...text.querySelectorAll("tspan")].map((line) => line.textContent.trim());
  const name = cell.querySelector("title").textContent.replace(/^\\d+ /, "").split(": ")[0];
  const width = text.getBBox().width;
  return width > square.width - 2 || lines.join(" ") !== name ? [`${name}: ${lines} ${width} in ${square.width}`] : [];
})"""


def _random_states(type_: str, seats: int, options: Any, every: int = 3) -> list[tuple[Any, list[Any]]]:
    """(view, listed actions) of the seat to act, every few commands of a game played at random in memory."""
    spec = game_spec(type_)
    table = Table(spec, spec.normalize_config([SeatConfig.of(f"Seat {n}") for n in range(seats)], options), "boards")
    chance = random.Random(33)
    states = []
    for count in range(400):
        if table.finished:
            break
        seat = min(spec.to_act(table.state))
        legal = spec.legal_commands(table.state, seat)
        if count % every == 0:
            states.append((spec.view(table.state, seat),
                           [listed_action(spec, table.state, seat, command) for command in legal]))
        table.submit(seat, chance.choice(legal))
    return states


@pytest.mark.parametrize("type_", sorted(TYPES))
def test_every_action_s_targets_are_components_of_the_board(api: Api, server: Server, browser: Any,
                                                            type_: str) -> None:
    seats, options = TYPES[type_]
    kind = api.call("GET", f"{API}/game-types/{type_}", 200).json()
    level = [one for one in kind["bots"] if one != "search"][0]
    created = api.call("POST", f"{API}/games", 201, json={
        "type": type_, "seats": [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": level} for n in range(1, seats)],
        **({"options": options} if options else {})}).json()
    token = created["seats"][0]["token"]
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/games/{created['id']}#token={token}")
    page.wait_for_selector("#board .board svg")
    chance = random.Random(type_)
    named = 0
    for _ in range(6):
        game, actions = _seat_zero_turn(api, created["id"], token, page)
        found = page.evaluate(MISSING, [type_, [[game["state"], actions]], None])
        assert found["missing"] == [], (game["version"], found["missing"])
        named += found["named"]
        if game["status"] == "finished":
            break
        on_board = [action for action in actions if page.evaluate(
            "async ([kind, action, view]) => (await import(`/static/boards/${kind}.js`)).targets(action, view).length",
            [type_, action, game["state"]])]
        chosen = chance.choice(on_board or actions)
        api.call("POST", f"{API}/games/{created['id']}/commands", 201, token=token,
                 json={"type": chosen["type"], "args": chosen["args"], "expected_version": game["version"]})
    assert named, "no listed action named a component of the board"
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"board-{type_}-wide.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.reload()  # drawn again for a phone (Hitchiker's ring turns tall); the seat's token stays in the tab
    game, actions = _seat_zero_turn(api, created["id"], token, page)
    # laid out for the phone: every text drawn at 11 CSS px or more (the wide drawing scaled down drew them at 5 to 8)
    sizes = {"board": text_sizes(page), "layout": page.locator("#board .board").get_attribute("data-layout")}
    if type_ == "hitchiker":  # its names and prices, each name within its square, broken between words only
        sizes.update(names=text_sizes(page, "#board .location .name"), prices=text_sizes(page, "#board .location .price"),
                     outside=page.evaluate(NAMES_OUTSIDE))
    record(f"{type_}-phone", sizes)
    assert sizes["board"]["min"] >= 11, sizes
    if type_ == "hitchiker":
        assert sizes["names"]["min"] >= 11.5 and sizes["prices"]["min"] >= 12 and sizes["outside"] == [], sizes
    found = page.evaluate(MISSING, [type_, [[game["state"], actions]], None])
    assert found["missing"] == [], found["missing"]
    page.locator("#board").screenshot(path=str(ARTEFACTS / f"board-{type_}-phone.png"))
    # the board fits the phone's width: the SVG scales down rather than scrolling sideways
    assert page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width") <= 390
    # off the page: the states of a whole game played at random
    catalog = described(game_spec(type_)).body["catalog"]
    swept = page.evaluate(MISSING, [type_, _random_states(type_, seats, options), catalog])
    assert swept["missing"] == [] and swept["named"] > 10, swept
    assert errors == []
