"""trailhead-bot never strands a game (issue 27, section 4), against real servers with the DEFAULT rate limits.

Stopped by SIGTERM or SIGINT mid-game, or by a fatal error (an engine that breaks the protocol), the
runner leaves every game it has not seen end (`POST /games/{id}/leave`), so the game's takeover bot
finishes it. Told to wait by a 429, it waits as long as `Retry-After` says (longer than the SDK's
default `max_wait`), says so on a progress line, and goes on.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from support import waiting
from support.served import Served, serve, stop
from trailhead_client import Client

BOT = Path(sys.executable).parent / "trailhead-bot"
pytestmark = pytest.mark.slow

#: An engine that plays the first action a little slowly and notes each decision in a file (argv[1]);
#: with argv[2] = N it answers the Nth decision with something that is not JSON. Once it has decided in two
#: games it answers slower still, so that a runner told to stop then has not finished both meanwhile (on a
#: loaded machine the test's signal can come late).
SLOW_ENGINE = """
import json, sys, time
notes, broken = open(sys.argv[1], "a"), int(sys.argv[2]) if len(sys.argv) > 2 else 0
decided, games = 0, set()
for line in sys.stdin:
    message = json.loads(line)
    notes.write(message["type"] + " " + message.get("game_id", "") + "\\n")
    notes.flush()
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "slow"}), flush=True)
    elif message["type"] == "decide":
        decided += 1
        games.add(message.get("game_id"))
        time.sleep(0.2 if len(games) < 2 else 2.0)
        print("not json" if decided == broken else json.dumps({"type": "choose", "index": 0}), flush=True)
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server with the default rate limits (TRAILHEAD_RATE_LIMITS empty: the defaults)."""
    served = serve(tmp_path_factory.mktemp("runner-defaults"), TRAILHEAD_RATE_LIMITS="")
    yield served
    stop(served)


def engine(tmp_path: Path, broken: int = 0) -> tuple[str, Path]:
    script, notes = tmp_path / "slow.py", tmp_path / "notes.txt"
    script.write_text(SLOW_ENGINE)
    command = f"{shlex.quote(sys.executable)} {script} {notes}" + (f" {broken}" if broken else "")
    return command, notes


wait_for = partial(waiting.wait_for, timeout=60.0, interval=0.1)


def decisions(notes: Path) -> list[str]:
    return [line.split()[1] for line in notes.read_text().splitlines() if line.startswith("decide")] \
        if notes.exists() else []


def left_to_the_bot(client: Client, game_id: str, seat: int) -> dict[str, Any]:
    """The game, once finished by its takeover bot: the seat left (not resigned, not timed out)."""
    game = wait_for(lambda: (g := client.game(game_id))["status"] == "finished" and g, what=f"{game_id} to finish")
    seat_left = [e for e in client.iter_events(game_id) if e["type"] == "SeatLeft"]
    assert [(e["seat"], e["data"]["reason"], e["data"]["resigned"]) for e in seat_left] == [(seat, "left", False)]
    assert game["seats"][seat]["gone"] is True
    return game


def as_in_a_terminal() -> None:
    """The runner's SIGINT at its default, as for a program a person starts and stops with Ctrl-C. A suite started
    as a background job (`cmd &` in a script) ignores SIGINT, its processes inherit that, and a Python started so
    keeps ignoring it (no KeyboardInterrupt): the runner then played on, as a background job should."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stopped(runner: subprocess.Popen[str], timeout: float = 60.0) -> tuple[str, str]:
    """The runner's output once it has stopped; if it has not within `timeout`, fail
    with its signal masks (/proc) and where its threads were: SIGABRT makes faulthandler (PYTHONFAULTHANDLER) print their stacks."""
    try:
        return runner.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        status = Path(f"/proc/{runner.pid}/status").read_text().splitlines()
        masks = [line for line in status if line.startswith(("SigQ", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))]
        runner.send_signal(signal.SIGABRT)
        out, err = runner.communicate(timeout=30)
        pytest.fail(f"the runner did not stop within {timeout:g} s of the signal; its signal masks {masks}; "
                    f"stdout {out[-2000:]!r}; its threads: {err[-6000:]}")


def duel(client: Client, player: dict[str, Any], seed: str) -> str:
    return client.create_game("nanga-parbat", [{"player": player["id"]}, {"name": "Bea", "bot": "random"}],
                              seed=seed, takeover_bot="random")["id"]


@pytest.mark.parametrize(("stop_with", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_runner_stopped_mid_game_leaves_its_games_to_the_takeover_bot(server: Served, tmp_path: Path,
                                                                        stop_with: signal.Signals,
                                                                        status: int) -> None:
    command, notes = engine(tmp_path)
    with Client(server.base_url) as client:
        player = client.create_player(f"Stopped by {stop_with.name}")
        games = {duel(client, player, f"stop-{stop_with.name}-{n}") for n in range(2)}
        runner = subprocess.Popen([str(BOT), "--url", server.base_url, f"--key={player['key']}", "--games", "2",
                                   "--engine", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "PYTHONFAULTHANDLER": "1"}, preexec_fn=as_in_a_terminal)
        try:
            wait_for(lambda: set(decisions(notes)) == games or runner.poll() is not None, what="both games under way")
            runner.send_signal(stop_with)
            out, err = stopped(runner)
        finally:
            runner.kill()
            runner.wait()
        assert runner.returncode == status, (out, err)
        for game_id in games:
            assert re.search(rf"^left {game_id} seat 0: the takeover bot \(random\) plays it now$", out, re.M), out
            left_to_the_bot(client, game_id, 0)
        assert out.splitlines()[-1].startswith("0 game(s)")


def test_a_runner_stopped_while_playing_a_game_it_created_leaves_it(server: Served, tmp_path: Path) -> None:
    command, notes = engine(tmp_path)
    runner = subprocess.Popen([str(BOT), "--url", server.base_url, "--type", "nanga-parbat", "--opponent", "random",
                               "--games", "3", "--engine", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONFAULTHANDLER": "1"})
    try:
        game_id = wait_for(lambda: decisions(notes)[:1] or runner.poll() is not None, what="a decision")[0]
        runner.send_signal(signal.SIGTERM)
        out, err = stopped(runner)
    finally:
        runner.kill()
        runner.wait()
    assert runner.returncode == 143, (out, err)
    assert re.search(rf"^left {game_id} seat 0: the takeover bot \(\w+\) plays it now$", out, re.M), out
    with Client(server.base_url) as client:
        left_to_the_bot(client, game_id, 0)


def test_a_fatal_error_leaves_the_games_too(server: Served, tmp_path: Path) -> None:
    command, notes = engine(tmp_path, broken=3)
    with Client(server.base_url) as client:
        player = client.create_player("Broken engine")
        game_id = duel(client, player, "fatal")
        done = subprocess.run([str(BOT), "--url", server.base_url, f"--key={player['key']}", "--games", "1",
                               "--engine", command], capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2 and "the engine's answer is not JSON" in done.stderr, (done.stdout, done.stderr)
        assert f"left {game_id} seat 0: the takeover bot (random) plays it now" in done.stdout.splitlines()
        left_to_the_bot(client, game_id, 0)
    assert decisions(notes) == [game_id] * 3


def test_the_runner_waits_out_a_retry_after_and_says_so(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The runner's client is patient: it waits out the server's 429 and says how long, then plays. That a
    patient transport waits beyond `max_wait` (30 s by default) is tests/clients/test_sdk_offline.py's
    `test_a_patient_transport_waits_out_every_429_however_long_and_says_so`; here a short window keeps
    the suite from sleeping half a minute."""
    served = serve(tmp_path_factory.mktemp("runner-wait"), TRAILHEAD_RATE_LIMITS="create=1 per 3 seconds")
    try:
        with Client(served.base_url) as client:
            client.create_game("hikes-of-the-west", ["first"], seed="the window's one creation")
        started = time.monotonic()
        done = subprocess.run([str(BOT), "--url", served.base_url, "--type", "hikes-of-the-west", "--level", "random",
                               "--seed", "long-wait"], capture_output=True, text=True, timeout=180, check=False)
        waited = time.monotonic() - started
    finally:
        stop(served)
    assert done.returncode == 0, (done.stdout, done.stderr)
    waiting, result, summary = done.stdout.splitlines()
    seconds = re.fullmatch(r"waiting (\d+) s: the server's rate limit \(429\): .*", waiting)
    assert seconds and 1 <= int(seconds[1]) <= 3, waiting
    assert waited >= int(seconds[1]) - 1
    assert re.match(r"game 1/1 [0-9a-f]{32} seat 0: (won|lost)", result) and summary.endswith("0 abandoned")


def test_the_players_stream_brings_the_takeover_to_the_sdk(server: Served) -> None:
    with Client(server.base_url) as client:
        player = client.create_player("Resigner")
        game_id = duel(client, player, "sdk-takeover")
        stream = client.player_stream(player["key"])
        try:
            first = next(stream)
            assert (first["type"], first["game_id"]) == ("gameStart", game_id)
            client.resign(game_id, player["key"])
            seen = []
            for message in stream:
                seen.append(message)
                if message["type"] == "gameFinish":
                    break
        finally:
            stream.close()
    kinds = [m["type"] for m in seen]
    taken = seen[kinds.index("seatTakenOver")]
    assert (taken["game"], taken["seat"], taken["reason"], taken["bot"]) == (game_id, 0, "resigned", "random")
    assert "yourTurn" not in kinds[kinds.index("seatTakenOver"):]
    assert json.dumps(taken)  # a plain dict, as the SDK's other messages


def test_a_seat_taken_over_counts_as_abandoned_only_in_a_game_the_runner_played(server: Served,
                                                                                 tmp_path: Path) -> None:
    command, notes = engine(tmp_path)
    with Client(server.base_url) as client:
        player, bob = client.create_player("Taken over"), client.create_player("Bob")
        before = client.create_game("nanga-parbat", [{"name": "Bob", "player": bob["id"]}, {"player": player["id"]}],
                                    seed="left before the run", takeover_bot="random")["id"]
        client.leave(before, player["key"])  # Bob never plays: the game goes on, its seat 1 the bot's
        game_id = duel(client, player, "taken over")
        runner = subprocess.Popen([str(BOT), "--url", server.base_url, f"--key={player['key']}", "--games", "1",
                                   "--engine", command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(lambda: decisions(notes) or runner.poll() is not None, what="a decision")
            client.resign(game_id, player["key"])
            out, err = runner.communicate(timeout=60)
        finally:
            runner.kill()
        assert runner.returncode == 1, (out, err)
        assert len(out.splitlines()) == 3, (out, err)
        _, result, summary = out.splitlines()
        assert result == f"game 1/1 {game_id} seat 0: taken over by the random bot (resigned)"
        assert summary.endswith("0 won, 0 lost, 1 abandoned") and before not in out
        assert set(decisions(notes)) == {game_id}
        assert client.game(before)["status"] == "active"
