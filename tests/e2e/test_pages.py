"""The pages for people in a real browser (Debian's Chromium driven by Playwright; issue 16): the lobby
lists games and creates one; for every game type a game's page imports the type's board module and draws
the board, plays a game against bots to the end by clicking its labelled actions, and steps through the
log with the replay slider and the timeline, without console errors; a screenshot per game type goes to
test-artefacts/. Each board module is served as JavaScript, with an ETag, like the pages' other files."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from e2e.contract import Api, Server

API = "/api/v1"
BROWSERS = ("chromium-headless-shell", "chromium")
BOARD_MODULES = Path(__file__).resolve().parents[2] / "service" / "static" / "boards"
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


def page_of(browser: Any, errors: list[str]) -> Any:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    # the page's commands as the network saw them: what a failing click is explained by
    page.posts = []  # type: ignore[attr-defined]
    page.on("request", lambda request: page.posts.append(f"sent {request.method} {request.url}")
            if request.method == "POST" else None)
    page.on("response", lambda response: page.posts.append(f"answered {response.status} {response.url}")
            if response.request.method == "POST" else None)
    page.on("requestfailed", lambda request: page.posts.append(f"failed {request.url}: {request.failure}"))
    return page


def play_by_clicking(api: Api, page: Any, game_id: str, clicks: int = 600,
                     server: Server | None = None) -> dict[str, Any]:
    """Click the first listed action whenever it is seat 0's turn until the game ends; the finished game.

    `clicks` bounds the clicks made; the bots' turns in between may take up to a minute each (a busy machine)."""
    made = 0
    waiting_since = time.monotonic()
    while made < clicks:
        game = api.call("GET", f"{API}/games/{game_id}", 200).json()
        if game["status"] == "finished":
            return game
        if 0 not in game["to_act"]:
            assert time.monotonic() - waiting_since < 60, f"the bots did not move on from version {game['version']}"
            page.wait_for_timeout(50)
            continue
        waiting_since = time.monotonic()
        # the bots may move on meanwhile (a jury or a casino asks several seats at once): wait until the page
        # shows this version or a later one, and click among the actions of the version it shows
        page.wait_for_function(f"Number(document.getElementById('actions').dataset.version) >= {game['version']}",
                               timeout=10_000)
        version = page.locator("#actions").get_attribute("data-version")
        button = page.locator(f"#actions[data-version='{version}'] button").first
        try:
            button.wait_for(timeout=2_000)
        except Exception:
            continue  # not seat 0's turn any more at the version shown
        label = button.inner_text()
        made += 1
        assert label and not label.startswith("{")  # a sentence, not the raw command
        page.posts.clear()
        button.click()
        try:
            page.wait_for_function(f"document.getElementById('actions').dataset.version !== '{version}'",
                                   timeout=30_000)
        except Exception as error:
            raise AssertionError(f"clicked {label!r} at version {version}: the page shows "
                                 f"{page.locator('#problem').inner_text()!r}, "
                                 f"{page.locator('#actions').get_attribute('data-version')!r}; "
                                 f"{api.call('GET', f'{API}/games/{game_id}', 200).json()['version']}; "
                                 f"the page's posts: {page.posts}; the server's log ends: "
                                 f"{server.output()[-1500:] if server else '(not kept)'}") from error
    raise AssertionError(f"the game did not end within {clicks} clicks")


#: What each game type's board must show on the page, at the game's end: (selector, count from the view).
BOARDS = {
    "hike": [(".hike .landscape:not(.start-space)", lambda v: len(v["track"])),
             (".hike .musher", lambda v: len(v["mushers"])),
             (".hike .sled-grid .hike-card", lambda v: sum(len(m["sled"]) for m in v["mushers"])),
             (".hike .field", lambda v: sum(len(t.get("fields", [])) for t in v["track"]))],
    "hikes-of-the-west": [(".hotw .location", lambda v: len(v["locations"]))],
    "hitchiker": [(".hitchiker .ring > .location", lambda v: len(v["board"])),
                  (".hitchiker .pawn", lambda v: len(v["players"])),
                  (".hitchiker .players tr.seat0, .hitchiker .players tr.seat1", lambda v: len(v["players"]))],
    "nanga-parbat": [(".np .region", lambda v: 6), (".np .section", lambda v: 36),
                     (".np .chart td:has-text('claimed by')",
                      lambda v: sum(cell["claimed_by"] is not None for cell in v["chart"]))],
    "peaks": [(".peaks .display .mountain-card", lambda v: len(v["display"])),
              (".peaks .mat", lambda v: len(v["players"]))],
}


#: Options that keep a game short where its default runs long: with a person seated, Hitchiker and Peaks have no
#: round limit, and a game clicked through to its natural end took minutes (the runner tests keep it short alike).
SHORT = {"hitchiker": {"options": {"round_limit": 5}}, "peaks": {"options": {"round_cap": 10}}}


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
    page.on("response", lambda response: modules.append(response) if "/static/boards/" in response.url else None)
    page.goto(f"{server.base_url}/games/{created['id']}#token={created['seats'][0]['token']}")
    page.wait_for_selector("#summary:has-text('you are seat 0')")
    page.wait_for_selector("#board .board")
    assert f"{server.base_url}/static/boards/{type_}.js" in [module.url for module in modules]  # its own module
    assert all(module.status == 200 and module.headers["content-type"].split(";")[0] in JAVASCRIPT
               for module in modules), [(module.url, module.status, module.headers) for module in modules]
    final = play_by_clicking(api, page, created["id"], server=server)
    page.wait_for_selector("#audit:has-text('ok')", timeout=20_000)
    assert page.locator("#summary").inner_text().startswith("finished")
    page.wait_for_selector(f"#at-label:has-text('{final['version']} of {final['version']}')")
    assert page.locator("#head").inner_text() == final["head_hash"]
    for selector, count in BOARDS[type_]:
        assert page.locator(f"#board {selector}").count() == count(final["state"]), selector
    assert page.locator("#raw").get_attribute("open") is None  # drawn, so the data stays folded away
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{type_}.png"), full_page=True)
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
    play_by_clicking(api, page, game_id, clicks=400, server=server)
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
    page.select_option("#filter", "open")
    join = page.locator(f"button[aria-label*='{table['id'][:8]}']")
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
    assert errors == []
