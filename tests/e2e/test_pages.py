"""The pages for people in a real browser (Debian's Chromium driven by Playwright; issues 16 and 33): the lobby
lists games and creates one; for every game type a game's page imports the type's board module and draws
the board, plays a game against bots to the end by clicking the board's components where its module names them
(targets) and the labelled actions otherwise, and steps through the log with the replay slider and the
timeline, without console errors or failed requests; at a phone's size and a wide screen's the page scrolls only
down, the board beside the actions (wide) or above them (phone), and axe-core finds nothing serious; a
screenshot per game type and size goes to test-artefacts/. Each board module is served as JavaScript, with an
ETag, like the pages' other files."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.contract import Api, Server
from e2e.pages_support import (BOARD_MODULES, PHONE, WIDE, axe_violations, fits, has_targets, page_of,
                               play_to_the_end, record, text_sizes)

API = "/api/v1"
BROWSERS = ("chromium-headless-shell", "chromium")
#: The MIME types a browser runs a module script of (Python 3.11 names .js either way, by /etc/mime.types)
JAVASCRIPT = ("text/javascript", "application/javascript")
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    if executable is None:
        pytest.fail("no Chromium installed for the page tests: install one (Debian: apt-get install "
                    "chromium-headless-shell, or chromium) and run the tests again")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield launched
        launched.close()


#: What each game type's board must show on the page, at the game's end: (selector, count from the view).
BOARDS = {
    "hike": [(".hike .landscape:not(.start-space)", lambda v: len(v["track"])),
             (".hike .musher", lambda v: len(v["mushers"])),
             (".hike .sled-grid .hike-card", lambda v: sum(len(m["sled"]) for m in v["mushers"])),
             (".hike .field", lambda v: sum(len(t.get("fields", [])) for t in v["track"]))],
    "hikes-of-the-west": [(".hotw .location", lambda v: len(v["locations"]))],
    "hitchiker": [(".hitchiker .ring > .location", lambda v: len(v["board"])),
                  (".hitchiker .pawn", lambda v: len(v["players"])),
                  (".hitchiker .players .player", lambda v: len(v["players"]))],
    "nanga-parbat": [(".np .region", lambda v: 6), (".np .section", lambda v: 36),
                     (".np .chart td:has-text('claimed by')",
                      lambda v: sum(cell["claimed_by"] is not None for cell in v["chart"]))],
    "peaks": [(".peaks .display .mountain-card", lambda v: len(v["display"])),
              (".peaks .mat", lambda v: len(v["players"]))],
}


#: Options that keep a game short where its default runs long: with a person seated, Hitchiker and Peaks have no
#: round limit, and a game clicked through to its natural end took minutes (the runner tests keep it short alike).
SHORT = {"hitchiker": {"options": {"round_limit": 5}}, "peaks": {"options": {"round_cap": 10}}}
#: The boards laid out anew for a phone (elements.js's layout()), their texts drawn at least this many CSS px there
READABLE = {"hikes-of-the-west": 11, "hitchiker": 11, "peaks": 11}


@pytest.mark.parametrize("type_", sorted(BOARDS))
def test_every_game_type_is_drawn_and_played_to_the_end_by_clicking(api: Api, server: Server, browser: Any,
                                                                     type_: str) -> None:
    kind = api.call("GET", f"{API}/game-types/{type_}", 200).json()
    strongest = [level for level in kind["bots"] if level != "search"][-1]
    seats = [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": strongest} for n in range(1, max(2, kind["min_seats"]))]
    seats = seats[:kind["max_seats"]]
    created = api.call("POST", f"{API}/games", 201, json={"type": type_, "seats": seats, **SHORT.get(type_, {})}).json()
    errors: list[str] = []
    page = page_of(browser, errors)
    modules: list[Any] = []  # the board modules the page imported, as the network answered them
    page.on("response", lambda response: modules.append(response) if "/static/boards/" in response.url
            and response.url.endswith(".js") else None)
    page.goto(f"{server.base_url}/games/{created['id']}#token={created['seats'][0]['token']}")
    page.wait_for_selector("#summary:has-text('you are seat 0')")
    page.wait_for_selector("#board .board")
    assert f"{server.base_url}/static/boards/{type_}.js" in [module.url for module in modules]  # its own module
    assert all(module.status == 200 and module.headers["content-type"].split(";")[0] in JAVASCRIPT
               for module in modules), [(module.url, module.status, module.headers) for module in modules]
    ARTEFACTS.mkdir(exist_ok=True)
    final, clicks = play_to_the_end(api, page, created["id"], server=server, shot=ARTEFACTS / f"{type_}-picking.png")
    if has_targets(type_):  # its module names the board's components: the game was played on the board
        assert clicks["board"] + clicks["chooser"] > 0, clicks
    page.wait_for_selector("#audit:has-text('ok')", timeout=20_000)
    assert page.locator("#summary").inner_text().startswith("finished")
    page.wait_for_selector(f"#at-label:has-text('{final['version']} of {final['version']}')")
    assert page.locator("#head").inner_text() == final["head_hash"]
    for selector, count in BOARDS[type_]:
        assert page.locator(f"#board {selector}").count() == count(final["state"]), selector
    assert page.locator("#raw").get_attribute("open") is None  # drawn, so the data stays folded away
    assert page.locator("#step-move").inner_text().startswith(f"Event {final['version']}: ")  # the last move
    # at a phone's size and a wide screen's: nothing wider than the window, the board first (above or beside
    # the actions), nothing serious for axe; a screenshot of each
    ARTEFACTS.mkdir(exist_ok=True)
    for size, viewport in (("phone", PHONE), ("wide", WIDE)):
        fits(page, viewport)
        # the board drawn again for the room it has now, and the page still no wider than the window
        page.wait_for_function("(want) => document.getElementById('board').dataset.layout === want",
                               arg="narrow" if size == "phone" else "wide")
        fits(page, viewport)
        if size == "phone" and type_ in READABLE:
            sizes = text_sizes(page)
            record(f"{type_}-phone-end", sizes)
            assert sizes["min"] >= READABLE[type_], sizes
        board, play = page.locator("#board").bounding_box(), page.locator("#play").bounding_box()
        assert board and play
        if size == "phone":
            assert board["y"] + board["height"] <= play["y"] + 1, (board, play)
        else:
            assert board["x"] + board["width"] <= play["x"] + 1 and abs(board["y"] - play["y"]) < 200, (board, play)
        page.screenshot(path=str(ARTEFACTS / f"{type_}-{size}.png"), full_page=True)
    assert axe_violations(page) == []
    # the slider and the step buttons move through the log; the timeline marks where the board stands
    page.locator("#at").fill("1")
    page.wait_for_selector("#timeline li.current[data-seq='1']")
    page.click("#forward")
    page.wait_for_selector("#timeline li.current[data-seq='2']")
    assert page.locator("#at-label").inner_text() == f"2 of {final['version']}"
    middle = final["version"] // 2
    page.locator(f"#timeline li[data-seq='{middle}']").click()
    page.wait_for_selector(f"#at-label:has-text('{middle} of')")
    assert page.locator("#board .board").count() == 1
    entry = page.locator(f"#timeline li[data-seq='{middle}']")  # the move made at that step, beside the slider
    move = entry.get_attribute("data-label") or entry.inner_text()
    page.wait_for_function("(move) => document.getElementById('step-move').innerText.includes(move)", arg=move)
    assert errors == []


@pytest.mark.parametrize("module", sorted(path.name for path in BOARD_MODULES.glob("*.js")))
def test_a_board_module_is_served_as_javascript_and_cached_like_the_pages_other_files(api: Api,
                                                                                     module: str) -> None:
    # read past the contract check: openapi-core matches no path parameter holding a slash (boards/...)
    served = api.session.get(f"{api.base_url}/static/boards/{module}", timeout=30)
    script = api.call("GET", "/static/game.js", 200)
    assert served.status_code == 200 and served.content == (BOARD_MODULES / module).read_bytes()
    assert served.headers["Content-Type"].split(";")[0] in JAVASCRIPT  # a module script needs a JavaScript type
    assert served.headers["Cache-Control"] == script.headers["Cache-Control"] and served.headers["ETag"]
    again = api.session.get(f"{api.base_url}/static/boards/{module}", timeout=30,
                            headers={"If-None-Match": served.headers["ETag"]})
    assert again.status_code == 304 and again.content == b""


def test_a_game_is_created_in_the_lobby_and_played_to_the_end_by_clicking(api: Api, server: Server,
                                                                         browser: Any) -> None:
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/")
    page.select_option("#type", "nanga-parbat")
    # the bots play at the type's strongest level unless another is chosen: each level is offered, described
    assert page.locator("#level").input_value() == "search"
    assert page.locator("#level option").all_inner_texts() == ["random", "greedy", "search"]
    assert "tree search" in page.locator("#level option[value='search']").get_attribute("title")
    page.select_option("#level", "greedy")  # the search level takes about half a second a move
    page.fill("#name", "Ann")
    page.click("text=Create and play")
    page.wait_for_url(f"{server.base_url}/games/*")
    game_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#summary:has-text('you are seat 0')")
    # clicked among the actions of the version the page shows (a click on a list the page is about to replace
    # would be a 409, which the browser logs as an error)
    play_to_the_end(api, page, game_id, clicks=400, server=server)
    page.wait_for_selector("#audit:has-text('ok')", timeout=20_000)
    final = api.call("GET", f"{API}/games/{game_id}", 200).json()
    assert final["status"] == "finished" and final["seats"][0]["name"] == "Ann"
    assert final["seats"][1]["bot"] == "greedy"
    assert page.locator("#summary").inner_text().startswith("finished")
    assert page.locator("#head").inner_text() == final["head_hash"]

    # the slider steps through the log, the timeline marks where it stands
    page.locator("#at").fill("1")
    page.wait_for_selector("#timeline li.current[data-seq='1']")
    assert page.locator("#state").text_content().startswith("{")  # the view as data, folded away under the board
    page.click("#forward")
    page.wait_for_selector("#timeline li.current[data-seq='2']")
    assert page.locator("#at-label").inner_text() == f"2 of {final['version']}"
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#timeline li.current[data-seq='1']")
    # Nanga Parbat is drawn: six regions of six sections, the chart, the seats; at the end, every claim shown
    page.locator("#at").fill(str(final["version"]))
    page.wait_for_selector(f"#timeline li.current[data-seq='{final['version']}']")
    assert page.locator("#board .np .region").count() == 6
    assert page.locator("#board .np .section").count() == 36
    claimed = [cell for cell in final["state"]["chart"] if cell["claimed_by"] is not None]
    assert page.locator("#board .chart td:has-text('claimed by')").count() == len(claimed)
    assert page.locator("#board .np-seats li").count() == 2
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "nanga-parbat.png"), full_page=True)
    assert errors == []

    # the lobby lists it, linked, as finished
    page.goto(f"{server.base_url}/")
    page.select_option("#filter", "finished")
    link = page.locator(f"a[href='/games/{game_id}']")
    link.wait_for()
    assert "finished" in page.locator("#games tbody tr", has=link).inner_text()
    assert errors == []


def test_a_spectator_sees_the_game_and_no_actions_and_a_refusal_is_shown_in_its_own_words(
        api: Api, server: Server, browser: Any) -> None:
    created = api.call("POST", f"{API}/games", 201, json={"type": "hikes-of-the-west",
                                                          "seats": [{"name": "Ann"}]}).json()
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/games/{created['id']}")
    page.wait_for_selector("#summary:has-text('you are watching')")
    # Hikes of the West is drawn: its three locations
    page.wait_for_selector("#board .hotw")
    assert page.locator("#board .location").count() == 3
    assert page.locator("#raw").get_attribute("open") is None  # drawn, so the data stays folded
    assert page.locator("#actions button").count() == 0
    assert "token" in page.locator("#play-note").inner_text()
    # live: a command sent elsewhere shows up on the open page, with no reload
    token = created["seats"][0]["token"]
    listed = api.call("GET", f"{API}/games/{created['id']}/actions", 200, token=token).json()
    sent = api.call("POST", f"{API}/games/{created['id']}/commands", 201, token=token,
                    json={**listed["actions"][0], "expected_version": listed["version"]}).json()
    page.wait_for_selector(f"#at-label:has-text('{sent['version']} of {sent['version']}')", timeout=15_000)
    assert page.locator(f"#timeline li[data-seq='{sent['version']}']").count() == 1
    # and, on a hike, the pyramid of five path cards and the trail with the hiker's place
    for _ in range(30):
        view = api.call("GET", f"{API}/games/{created['id']}", 200).json()
        if view["state"]["hike"] is not None:
            break
        listed = api.call("GET", f"{API}/games/{created['id']}/actions", 200, token=token).json()
        api.call("POST", f"{API}/games/{created['id']}/commands", 201, token=token,
                 json={**listed["actions"][0], "expected_version": listed["version"]})
    page.wait_for_selector(f"#at-label:has-text('{view['version']} of {view['version']}')", timeout=15_000)
    assert page.locator("#board .path-card").count() == 5
    assert page.locator("#board .trail .spot").count() == len(view["state"]["hike"]["trail"])
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "hikes-of-the-west.png"), full_page=True)
    # a seat's page (the token in the fragment, never sent to the server in the URL) refused by the rules
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/games/{created['id']}#token={created['seats'][0]['token']}")
    page.wait_for_selector("#actions button")
    assert "#token" not in page.url
    api.call("POST", f"{API}/games/{created['id']}/commands", 201, token=created["seats"][0]["token"],
             json=api.call("GET", f"{API}/games/{created['id']}/actions", 200,
                           token=created["seats"][0]["token"]).json()["actions"][0])
    page.locator("#actions button").first.click()  # listed before the game moved on: a 409 now
    page.wait_for_selector("#problem:has-text('version')")
    assert errors == [] or all("409" in error for error in errors)


def test_a_player_registers_in_the_lobby_and_joins_an_open_seat(api: Api, server: Server, browser: Any) -> None:
    host = api.call("POST", f"{API}/players", 201, json={"name": "Host"}).json()
    table = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": host["id"]}, {"open": True}]}).json()
    errors: list[str] = []
    page = page_of(browser, errors)
    page.goto(f"{server.base_url}/")
    join = page.locator(f"#open-tables li[data-game='{table['id']}'] button")  # the open tables, each to join
    join.wait_for()
    join.click()  # no key yet: the lobby says what to do
    page.wait_for_selector("#player-problem:has-text('Register')")
    page.fill("#player-name", "Zoe")
    page.click("text=Register")
    page.wait_for_selector("#player:has-text('Registered as Zoe')")
    join.click()
    page.wait_for_url(f"{server.base_url}/games/{table['id']}")
    page.wait_for_selector("#summary:has-text('you are seat 1 (Zoe)')")
    game = api.call("GET", f"{API}/games/{table['id']}", 200).json()
    assert game["status"] == "active" and game["seats"][1]["name"] == "Zoe" and game["seats"][1]["player"]
    # back in the lobby, "my games": those where it is Zoe's turn first, each linked, its time in words
    other = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": game["seats"][1]["player"]}, {"name": "Bot", "bot": "random"}]})
    page.goto(f"{server.base_url}/")
    page.wait_for_selector("#mine li")
    mine = api.call("GET", f"{API}/players/{game['seats'][1]['player']}", 200).json()["recent_games"]
    states = page.locator("#mine li").evaluate_all("items => items.map((li) => [li.dataset.game, li.dataset.state])")
    turn = {g["id"] for g in mine if g["status"] == "active" and g["seat"] in g["to_act"]}
    assert {game_id for game_id, _ in states} == {table["id"], other.json()["id"]}
    assert [state == "turn" for _, state in states] == sorted((g in turn for g, _ in states), reverse=True)
    assert page.locator("#mine li time").first.get_attribute("title")  # the full date on hover
    for size, viewport in (("phone", PHONE), ("wide", WIDE)):
        fits(page, viewport)
        page.screenshot(path=str(ARTEFACTS / f"lobby-{size}.png"), full_page=True)
    assert axe_violations(page) == []
    page.click(f"#mine li[data-game='{other.json()['id']}'] a")  # the key plays Zoe's seat on the game's page
    page.wait_for_selector("#summary:has-text('you are seat 0 (Zoe)')")
    assert errors == []


def test_the_board_is_played_by_successive_clicks_a_chooser_cancel_and_the_keyboard(server: Server,
                                                                                     browser: Any) -> None:
    """The page's side of the board contract (picking.js) on a board of four components: a card then a slot,
    a card alone shared by two actions (the chooser), an action naming nothing (the list only)."""
    errors: list[str] = []
    page = page_of(browser, errors)
    shell = '''<!doctype html><html lang="en"><title>board</title><div id="board"><svg viewBox="0 0 40 10">
        <rect data-target="card:a" aria-label="card A" x="0" width="9" height="9"/>
        <rect data-target="card:b" aria-label="card B" x="10" width="9" height="9"/>
        <rect data-target="slot:1" aria-label="slot 1" x="20" width="9" height="9"/>
        <rect data-target="slot:2" aria-label="slot 2" x="30" width="9" height="9"/></svg></div>
      <div id="pick" hidden><p id="pick-note"></p><div id="choices"></div>
        <button id="cancel-pick" type="button" hidden>Cancel</button></div>'''
    # a page of the server's origin (drawn here), importing the page's real picking.js from the server
    page.route(f"{server.base_url}/board-contract", lambda route: route.fulfill(body=shell, content_type="text/html"))
    page.goto(f"{server.base_url}/board-contract")
    page.add_script_tag(type="module", content='''
      import { picker } from "/static/picking.js";
      window.sent = [];
      const $ = (id) => document.getElementById(id);
      const choice = picker({ board: $("board"), box: $("pick"), note: $("pick-note"), choices: $("choices"),
        cancel: $("cancel-pick"), send: (action) => window.sent.push(action.label) });
      const listed = { version: 3, actions: [
        { type: "Play", args: { card: "a", slot: 1 }, label: "A in 1" },
        { type: "Play", args: { card: "a", slot: 2 }, label: "A in 2" },
        { type: "Bet", args: { card: "b", amount: 1 }, label: "B for 1" },
        { type: "Bet", args: { card: "b", amount: 5 }, label: "B for 5" },
        { type: "Pass", args: {}, label: "Pass" }] };
      const targets = (action) => action.type === "Play" ? [`card:${action.args.card}`, `slot:${action.args.slot}`] :
        action.type === "Bet" ? ["card:b"] : [];
      window.arm = () => choice.arm(targets, {}, listed);
      window.arm();''')
    page.wait_for_function("window.arm !== undefined")

    def legal() -> list[str]:
        return page.locator(".target-legal").evaluate_all("nodes => nodes.map((n) => n.dataset.target)")

    assert legal() == ["card:a", "card:b"] and page.locator("#pick").is_visible()
    assert page.locator("[data-target='card:a']").get_attribute("role") == "button"
    assert page.locator("#cancel-pick").is_hidden()
    page.click("[data-target='card:a']")  # a card: then its slots
    assert legal() == ["slot:1", "slot:2"] and page.locator(".target-chosen").count() == 1
    assert "card A" in page.locator("#pick-note").inner_text()
    page.click("#cancel-pick")  # cancel: back to the cards
    assert legal() == ["card:a", "card:b"] and page.locator(".target-chosen").count() == 0
    page.focus("[data-target='card:a']")  # the keyboard: Enter, then Space
    page.keyboard.press("Enter")
    page.focus("[data-target='slot:2']")
    page.keyboard.press(" ")
    assert page.evaluate("window.sent") == ["A in 2"]  # the one complete action, sent as listed
    page.evaluate("window.arm()")
    page.click("[data-target='card:b']")  # two actions complete at card B: the chooser of their labels
    assert page.locator("#choices button").all_inner_texts() == ["B for 1", "B for 5"] and legal() == []
    page.click("#choices button:has-text('B for 5')")
    assert page.evaluate("window.sent") == ["A in 2", "B for 5"]
    assert page.locator("#choices button").count() == 0 and page.locator("#pick").is_hidden()
    # times as people write them (when.js, used by every page): words, the full date on hover
    told = page.evaluate("""async () => {
        const { relative, when } = await import("/static/when.js");
        const now = Date.parse("2026-11-27T12:00:00Z");
        const time = when("2026-11-27T11:57:00Z");
        return [relative("2026-11-27T11:57:00Z", now), relative("2026-11-29T12:00:00Z", now),
                relative("2026-11-27T11:59:40Z", now), relative("2025-10-01T12:00:00Z", now), time.title, time.dateTime];
    }""")
    assert told[:4] == ["3 minutes ago", "in 2 days", "just now", "last year"]
    assert "2026" in told[4] and "November" in told[4] and told[5] == "2026-11-27T11:57:00Z"
    assert errors == []
