"""Issue 16 figure: a game's page loads in under a second for a 5,000-event game.

A long game (Hitchiker, 6 random bot seats, 5,517 events) and a short one (Nanga Parbat,
2 bots, about 130 events) are played into a fresh SQLite file, served by `trailhead serve`,
and opened in Debian's Chromium (Playwright, the system browser). A load is the time from
navigation start until the page has drawn the board, the whole timeline and the seats of the
game's last event (game.js sets `body[data-drawn]`); the audit's verdict, read after, is timed
apart. Each page is loaded RUNS times in a fresh tab; medians are printed, and the long game's
load as a ratio to the short one's measured in the same run (the machine is shared and noisy).

    python bench/page_load.py [--runs 7] [--quick]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.bus import play_bot_turn  # noqa: E402
from application.handler import GameService, StateCache  # noqa: E402
from bench.replays_speed import REGISTRY  # noqa: E402
from bench.servers import Server, free_port, prepare_database, serve_command  # noqa: E402
from domain.core import SeatConfig  # noqa: E402
from storage import SqliteStorage  # noqa: E402

BROWSERS = ("chromium-headless-shell", "chromium")
# A seed whose game of six random Hitchiker bots (round limit 1,000) runs to 5,517 events.
LONG_SEED, LONG_OPTIONS = "page-load-1", {"round_limit": 1000}


def bot_game(games: GameService, type_: str, seats: int, seed: str,
             options: dict[str, object] | None = None) -> tuple[str, int]:
    """A finished game of random bots from `seed` (exact: the same game every run); (its id, its events)."""
    game = games.create(type_, [SeatConfig(name=f"bot-{i}", bot="random") for i in range(seats)], options,
                        seed).game
    while play_bot_turn(games, game.record.id) is not None:
        pass
    return game.record.id, games.load(game.record.id).version


def load_times(browser: object, url: str, events: int) -> tuple[float, float]:
    """(ms until drawn, ms until the audit's verdict) for one load of `url` in a fresh tab."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector(f"body[data-drawn='{events}']", timeout=30_000)
    drawn = page.evaluate(f"performance.getEntriesByName('drawn:{events}')[0].startTime")
    assert page.locator("#timeline li").count() == events
    page.wait_for_selector("#audit:has-text('ok')", timeout=60_000)
    audited = page.evaluate("performance.now()")
    page.close()
    if errors:
        raise RuntimeError(f"the page failed: {errors}")
    return drawn, audited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="2 runs")
    args = parser.parse_args()
    if args.quick:
        args.runs = 2
    executable = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    if executable is None:
        sys.exit("no Chromium: apt-get install chromium-headless-shell (or chromium)")
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="trailhead-pages-"))
    server = None
    try:
        path = workdir / "pages.sqlite"
        store = SqliteStorage(path)
        store.migrate()
        games = GameService(store, REGISTRY, StateCache(), client_seeds="exact")
        long_id, long_size = bot_game(games, "hitchiker", 6, LONG_SEED, LONG_OPTIONS)
        short_id, short_size = bot_game(games, "nanga-parbat", 2, "short-game")
        sizes = {long_id: long_size, short_id: short_size}
        games.store.close()
        prepare_database(path, "service")
        port = free_port()
        server = Server(serve_command(port, 1), port, path, workdir / "server.log")
        server.wait_healthy()
        base = f"http://127.0.0.1:{port}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
            load_times(browser, f"{base}/games/{short_id}", sizes[short_id])  # warm: the server's caches
            load_times(browser, f"{base}/games/{long_id}", sizes[long_id])
            times: dict[str, list[tuple[float, float]]] = {long_id: [], short_id: []}
            for _ in range(args.runs):
                for game_id in (short_id, long_id):
                    times[game_id].append(load_times(browser, f"{base}/games/{game_id}", sizes[game_id]))
            browser.close()
        print(f"page load, {args.runs} runs each, medians (Chromium {executable}; one gunicorn worker, SQLite)")
        for game_id, name in ((short_id, "nanga-parbat, 2 seats"), (long_id, "hitchiker, 6 seats")):
            drawn = statistics.median(t[0] for t in times[game_id])
            audited = statistics.median(t[1] for t in times[game_id])
            print(f"  {name:<22} {sizes[game_id]:>6} events: drawn {drawn:7.0f} ms, audit shown {audited:7.0f} ms")
        ratio = statistics.median(t[0] for t in times[long_id]) / statistics.median(t[0] for t in times[short_id])
        print(f"  long / short drawn: {ratio:.2f}x   (target: the long game drawn in under 1,000 ms)")
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
