"""What the page tests share (issue 33): a page that records every console error, page error, failed request and
answer of 400 or more; a game played to its end preferring the board's components (`[data-target].target-legal`,
then the chooser, then the list's buttons); the layout checks at a phone's and a wide screen's size; and axe-core's
accessibility checks, injected from the npm package in tests/e2e/node_modules (installed here by `npm ci` from
tests/e2e/package-lock.json the first time a test needs it, under a lock, so the README's one test command still
does all the set-up)."""

from __future__ import annotations

import fcntl
import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from e2e.contract import Api, Server

API = "/api/v1"
HERE = Path(__file__).resolve().parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"
BOARD_MODULES = HERE.parents[1] / "service" / "static" / "boards"
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1400, "height": 1000}


def page_of(browser: Any, errors: list[str], viewport: dict[str, int] | None = None) -> Any:
    """A new page whose console errors, page errors, failed requests and answers >= 400 land in `errors`."""
    page = browser.new_page(viewport=viewport or {"width": 1200, "height": 900})
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: None if _closing(page, request) else
            errors.append(f"failed {request.method} {request.url}: {request.failure}"))
    page.on("response", lambda response: errors.append(f"{response.status} {response.request.method} {response.url}")
            if response.status >= 400 else None)
    # the page's commands as the network saw them: what a failing click is explained by
    page.posts = []  # type: ignore[attr-defined]
    page.on("request", lambda request: page.posts.append(f"sent {request.method} {request.url}")
            if request.method == "POST" else None)
    page.on("response", lambda response: page.posts.append(f"answered {response.status} {response.url}")
            if response.request.method == "POST" else None)
    return page


def _closing(page: Any, request: Any) -> bool:
    """A request the browser itself gave up (net::ERR_ABORTED): a live stream or a read still on its way when the
    test navigated or reloaded. Not a failure of the page: a refused or broken connection has another code, and
    an answer >= 400 is recorded by itself."""
    return "ERR_ABORTED" in (request.failure or "")


def has_targets(type_: str) -> bool:
    """Whether the type's board module exports targets(action, view): its board is then played by clicking."""
    module = BOARD_MODULES / f"{type_}.js"
    return module.is_file() and re.search(r"export\s+(async\s+)?function\s+targets\b|export\s*\{[^}]*\btargets\b",
                                          module.read_text(encoding="utf-8")) is not None


def play_to_the_end(api: Api, page: Any, game_id: str, clicks: int = 600, server: Server | None = None,
                    shot: Path | None = None, seat: int = 0) -> tuple[dict[str, Any], dict[str, int]]:
    """Play `seat` (the page's) until the game ends: by the board's highlighted components where the page offers them (then
    the chooser of the actions they share), by the first listed button otherwise. The finished game, and the
    clicks made: {"board": ..., "chooser": ..., "list": ...}.

    `clicks` bounds the moves made; the bots' turns in between may take up to a minute each (a busy machine).
    `shot`: where to save a screenshot of the board's highlighted components before its first click."""
    made = {"board": 0, "chooser": 0, "list": 0}
    moves = 0
    waiting_since = time.monotonic()
    while moves < clicks:
        game = api.call("GET", f"{API}/games/{game_id}", 200).json()
        if game["status"] == "finished":
            return game, made
        if seat not in game["to_act"]:
            assert time.monotonic() - waiting_since < 60, f"the bots did not move on from version {game['version']}"
            page.wait_for_timeout(50)
            continue
        waiting_since = time.monotonic()
        # the bots may move on meanwhile (a jury or a casino asks several seats at once): wait until the page
        # has drawn this version or a later one, and play among the actions of the version it shows
        page.wait_for_function(f"Number(document.body.dataset.drawn) >= {game['version']}", timeout=10_000)
        version = page.locator("#actions").get_attribute("data-version")
        button = page.locator(f"#actions[data-version='{version}'] button").first
        try:
            button.wait_for(state="attached", timeout=2_000)  # visible, or in a kind folded away (game.js)
        except Exception:
            continue  # not the seat's turn any more at the version shown
        moves += 1
        page.posts.clear()
        how = _choose(page, version, button, shot if shot and not made["board"] + made["chooser"] else None)
        made[how] += 1
        try:
            page.wait_for_function(f"document.getElementById('actions').dataset.version !== '{version}'",
                                   timeout=30_000)
        except Exception as error:
            raise AssertionError(f"played by {how} at version {version}: the page shows "
                                 f"{page.locator('#problem').inner_text()!r}, "
                                 f"{page.locator('#pick-note').inner_text()!r}; "
                                 f"{api.call('GET', f'{API}/games/{game_id}', 200).json()['version']}; "
                                 f"the page's posts: {page.posts}; the server's log ends: "
                                 f"{server.output()[-1500:] if server else '(not kept)'}") from error
    raise AssertionError(f"the game did not end within {clicks} moves")


def _choose(page: Any, version: str, button: Any, shot: Path | None) -> str:
    """One move at `version`: successive clicks on the board's highlighted components, then the chooser if it
    is offered; the list's first button when the board offers nothing. How the move was sent."""
    armed = page.locator(f"#pick[data-version='{version}']:not([hidden])")
    legal = page.locator("#board [data-target].target-legal")
    if not armed.count() or not legal.count():
        if not button.is_visible():  # in a long list's kind, folded: unfolded as a player would
            button.locator("xpath=ancestor::details[1]/summary").click()
        label = button.inner_text()
        assert label and not label.startswith("{")  # a sentence, not the raw command
        button.click()
        return "list"
    for _ in range(8):  # a card, then a slot...: a few clicks at most
        # the sequence was complete and sent (the page may already show the next turn's highlights: those are
        # the next move's, at the outer loop's next round)
        if any(post.startswith("sent POST") for post in page.posts) or \
                page.locator("#actions").get_attribute("data-version") != version:
            return "board"
        if page.locator("#choices button").count():
            page.locator("#choices button").first.click()
            return "chooser"
        if not legal.count():
            return "board"
        if shot:  # the board's legal components highlighted, before the first click
            page.screenshot(path=str(shot))
            shot = None
        legal.first.click()
    raise AssertionError(f"eight board clicks at version {version} and nothing sent: "
                         f"{page.locator('#pick-note').inner_text()!r}")


def fits(page: Any, viewport: dict[str, int]) -> None:
    """At this size, the page scrolls only down: nothing is wider than the window."""
    page.set_viewport_size(viewport)
    page.wait_for_timeout(50)  # the layout at the new size
    wide, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    widest = page.evaluate("""(inner) => [...document.querySelectorAll("body *")]
        .filter((node) => node.getBoundingClientRect().right > inner).slice(-3)
        .map((node) => `${node.tagName.toLowerCase()}#${node.id}.${node.className}: ${node.textContent.slice(0, 40)}`)""",
                           inner) if wide > inner else []
    assert wide <= inner, f"{page.url} at {viewport}: {wide} px wide in a {inner} px window: {widest}"


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each."""
    page.add_script_tag(path=str(axe_script()))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}: ` +
            v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ") + ")");
    }""")
    return list(found)


def axe_script() -> Path:
    """axe-core's script, from the npm package pinned in tests/e2e/package-lock.json (installed once)."""
    if AXE.is_file():
        return AXE
    npm = shutil.which("npm")
    assert npm, "the page tests inject axe-core from npm: install Node.js with npm (Debian: apt-get install npm)"
    with (HERE / ".npm-install.lock").open("w") as lock:  # pytest-xdist's processes install it once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not AXE.is_file():
            subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True,
                           timeout=300)
    return AXE


#: In the page: the sizes in CSS pixels the board's texts are drawn at (the font size times the SVG's scale), of the
#: texts matching the selector with something to read (an icon's letter left out: the icon has a title).
TEXT_SIZES = """(selector) => {
  const sizes = [...document.querySelectorAll(selector)]
    .filter((text) => text.textContent.trim() && !text.closest(".icon") && text.getClientRects().length)
    .map((text) => { const m = text.getScreenCTM(); return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b); })
    .sort((a, b) => a - b);
  return { count: sizes.length, min: sizes[0] || 0, median: sizes[sizes.length >> 1] || 0 };
}"""


def text_sizes(page: Any, selector: str = "#board svg text") -> dict[str, float]:
    """The smallest and the median size, in CSS pixels, at which the board's texts are drawn, and how many."""
    return dict(page.evaluate(TEXT_SIZES, selector))


def record(name: str, figures: dict[str, Any]) -> None:
    """Keeps a measurement for the reader of test-artefacts/ (measure-<name>.json), before it is asserted."""
    folder = HERE.parents[1] / "test-artefacts"
    folder.mkdir(exist_ok=True)
    (folder / f"measure-{name}.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
