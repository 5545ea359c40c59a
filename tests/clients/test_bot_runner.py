"""trailhead-bot and the SDK's example, run as a user runs them, play every game type to the end.

Each game is seeded (the server uses client seeds as they are) and kept short: the fewest seats,
and three rounds of Hitchiker.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support.served import Served
from trailhead_client import Client
from trailhead_client.examples.engine import Heuristic

GAME_TYPES = ["hike", "hikes-of-the-west", "nanga-parbat", "hitchiker", "peaks"]
QUICK = {"hitchiker": {"round_limit": 3}}
SEATS = {"hikes-of-the-west": 1, "nanga-parbat": 2}
BOT = Path(sys.executable).parent / "trailhead-bot"
EXAMPLE_ENGINE = f"{shlex.quote(sys.executable)} -m trailhead_client.examples.engine"
RESULT = re.compile(r"^game (\d+)/(\d+) ([0-9a-f]{32}) seat 0: (won|lost), place (\d+) of (\d+)(, score -?\d+)?$")


def run(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)


def bot(server: Served, type_: str, *engine: str, games: int = 1) -> subprocess.CompletedProcess[str]:
    options = [f"--option={key}={value}" for key, value in QUICK.get(type_, {}).items()]
    return run(str(BOT), "--url", server.base_url, "--type", type_, "--games", str(games), "--seed", f"bot-{type_}",
               *options, *engine)


def check_finished(server: Served, game_id: str, place: int, won: bool) -> None:
    """The game is over on the server, and seat 0 placed as printed."""
    with Client(server.base_url) as client:
        game = client.game(game_id)
    assert game["status"] == "finished" and game["result"] is not None
    mine = next(s for s in game["result"]["standings"] if s["seat"] == 0)
    assert mine["place"] == place and (0 in game["result"]["winners"]) is won


@pytest.mark.parametrize("type_", GAME_TYPES)
@pytest.mark.parametrize("engine", ["example", "random"])
def test_trailhead_bot_plays_every_game_type_to_the_end(server: Served, type_: str, engine: str) -> None:
    argv = ("--engine", EXAMPLE_ENGINE) if engine == "example" else ("--level", "random", "--rng-seed", "7")
    done = bot(server, type_, *argv)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2, done.stdout
    found = RESULT.match(lines[0])
    assert found, lines[0]
    seats = SEATS.get(type_, 2)
    assert found.group(1, 2) == ("1", "1") and int(found[6]) == seats
    check_finished(server, found[3], int(found[5]), found[4] == "won")
    name = "example heuristic" if engine == "example" else "random"
    assert re.fullmatch(rf"1 game\(s\) of {type_} with {name}: (1 won, 0 lost|0 won, 1 lost), 0 abandoned", lines[1])


@pytest.mark.parametrize("type_", GAME_TYPES)
def test_the_example_plays_one_game_against_the_strongest_bot(server: Served, type_: str) -> None:
    options = ["--options", json.dumps(QUICK[type_])] if type_ in QUICK else []
    done = run(sys.executable, "-m", "trailhead_client.examples.play", "--url", server.base_url, "--type", type_,
               "--seed", f"play-{type_}", *options)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    with Client(server.base_url) as client:
        described = next(t for t in client.game_types() if t["id"] == type_)
        game_id = re.search(r"game ([0-9a-f]{32}), you are seat 0", lines[0])[1]  # type: ignore[index]
        game = client.game(game_id)
    assert lines[0].startswith(described["title"])
    assert game["status"] == "finished"
    assert all(seat["bot"] == [level for level in described["bots"] if level != "search"][-1]
               for seat in game["seats"][1:])
    assert len(game["seats"]) == described["min_seats"]
    assert lines[1].startswith(f"finished after {game['version']} events")
    assert lines[-1] == ("you won" if 0 in game["result"]["winners"] else "you did not win")  # type: ignore[index]


RECORDER = """
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    log.write(line)
    log.flush()
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({"type": "ready", "name": "recorder"}), flush=True)
    elif kind == "decide":
        print(json.dumps({"type": "choose", "index": 0}), flush=True)
"""


def test_the_engine_hears_hello_each_decision_and_the_game_over(server: Served, tmp_path: Path) -> None:
    script, transcript = tmp_path / "recorder.py", tmp_path / "lines.jsonl"
    script.write_text(RECORDER)
    done = bot(server, "nanga-parbat", "--engine", f"{shlex.quote(sys.executable)} {script} {transcript}")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in transcript.read_text().splitlines()]
    hello, *decisions, over = lines
    assert hello["type"] == "hello" and hello["protocol"] == 1 and hello["game_type"]["id"] == "nanga-parbat"
    assert {"commands", "view_schema", "rules", "catalog"} <= set(hello["game_type"])
    assert decisions and all(d["type"] == "decide" for d in decisions)
    for decide in decisions:
        assert set(decide) == {"type", "game_id", "game_type", "version", "seat", "to_act", "state", "actions"}
        assert decide["seat"] == 0 and 0 in decide["to_act"] and decide["game_type"] == "nanga-parbat"
        assert [a["index"] for a in decide["actions"]] == list(range(len(decide["actions"])))
        assert all({"index", "type", "args", "label"} <= set(a) for a in decide["actions"])
    assert [d["version"] for d in decisions] == sorted({d["version"] for d in decisions})  # each version once
    assert over["type"] == "over" and over["game_id"] == decisions[0]["game_id"] and over["seat"] == 0
    assert over["won"] is (0 in over["result"]["winners"])
    check_finished(server, over["game_id"], over["place"], over["won"])


@pytest.mark.parametrize(("answer", "message"), [
    ("print('not json', flush=True)", "the engine's answer is not JSON"),
    ("print('{\"type\": \"ready\"}', flush=True); input(); print('{\"type\": \"choose\", \"index\": 999}', flush=True)",
     "index 999 is not one of the"),
    ("raise SystemExit(3)", "the engine exited (status 3) instead of answering"),
])
def test_an_engine_that_breaks_the_protocol_stops_the_runner(server: Served, answer: str, message: str) -> None:
    engine = f"{shlex.quote(sys.executable)} -c {shlex.quote('input(); ' + answer + '; input()')}"
    done = bot(server, "hikes-of-the-west", "--engine", engine)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def decide(actions: list[dict[str, Any]], game_id: str = "g") -> dict[str, Any]:
    return {"type": "decide", "game_id": game_id, "actions": [{"index": i, **a} for i, a in enumerate(actions)]}


def test_the_example_engine_prefers_gaining_then_good_words_then_the_first_listed() -> None:
    engine = Heuristic()
    listed = [{"type": "EndTurn", "args": {}, "label": "End your turn"},
              {"type": "Travel", "args": {"continent": "asia"}, "label": "Travel to Asia"},
              {"type": "Climb", "args": {"mountain": "k2", "side": "left"}, "label": "Climb K2, left side"},
              {"type": "Climb", "args": {"mountain": "k2", "side": "right"},
               "label": "Climb K2, right side (2 points)"}]
    assert engine.choose(decide(listed)) == {"type": "choose", "index": 3}  # gaining, and a good word
    assert engine.choose(decide(listed)) == {"type": "choose", "index": 2}  # chosen once: one point less
    assert engine.choose(decide(listed[:2])) == {"type": "choose", "index": 1}  # any other beats holding back
    assert engine.choose(decide(listed[:2], "another game")) == {"type": "choose", "index": 1}


def test_the_example_engine_sets_a_ranged_value_to_its_smallest() -> None:
    wager = {"type": "PlaceWager", "args": {"amount": 5000, "game": "dice"}, "label": "Wager $5,000",
             "ranges": {"amount": {"min": 1000, "max": 50000, "step": 1000}}}
    answer = Heuristic().choose(decide([{"type": "PassHand", "args": {}, "label": "Pass"}, wager]))
    assert answer == {"type": "choose", "command": {"type": "PlaceWager", "args": {"amount": 1000, "game": "dice"}}}


PLAYED = re.compile(r"^game (\d+)/(\d+) ([0-9a-f]{32}) seat (\d+): (won|lost), place (\d+) of 2(, score -?\d+)?$")


def test_as_a_player_the_runner_plays_two_games_at_once_through_the_players_stream(server: Served,
                                                                                     tmp_path: Path) -> None:
    with Client(server.base_url) as client:
        player = client.create_player("Runner")
        games = {client.create_game("nanga-parbat", [{"player": player["id"]}, {"name": "Bot", "bot": "random"}],
                                    seed=f"runner-player-{number}")["id"] for number in range(2)}
    script, transcript = tmp_path / "recorder.py", tmp_path / "lines.jsonl"
    script.write_text(RECORDER)
    done = run(str(BOT), "--url", server.base_url, f"--key={player['key']}", "--games", "2",
               "--engine", f"{shlex.quote(sys.executable)} {script} {transcript}")
    assert done.returncode == 0, done.stderr
    first, *results, last = done.stdout.splitlines()
    assert first == f"player Runner: id {player['id']}"
    found = [PLAYED.match(result) for result in results]
    assert all(found) and len(found) == 2, done.stdout
    assert [(m[1], m[2], m[4]) for m in found if m] == [("1", "2", "0"), ("2", "2", "0")]
    assert {m[3] for m in found if m} == games
    for match in found:
        assert match is not None
        check_finished(server, match[3], int(match[6]), match[5] == "won")
    assert re.fullmatch(r"2 game\(s\) of nanga-parbat with recorder: \d won, \d lost, 0 abandoned", last), last
    lines = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [line["type"] for line in lines].count("hello") == 1  # one engine for the one game type
    overs = [index for index, line in enumerate(lines) if line["type"] == "over"]
    assert len(overs) == 2 and {lines[index]["game_id"] for index in overs} == games
    before_an_end = {line["game_id"] for line in lines[:overs[0]] if line["type"] == "decide"}
    assert before_an_end == games  # both games were under way at once


def test_the_runner_registers_a_player_and_joins_an_open_seat_of_another_game(server: Served) -> None:
    with Client(server.base_url) as client:
        table = client.create_game("nanga-parbat", [{"name": "Host", "bot": "random"}, {"open": True}],
                                   seed="runner-join")
        assert table["status"] == "open"
        done = run(str(BOT), "--url", server.base_url, "--player", "Joiner", "--join", "nanga-parbat", "--games", "1",
                   "--poll", "0.2", "--level", "random", "--rng-seed", "5")
        assert done.returncode == 0, done.stderr
        registered, joined, result, last = done.stdout.splitlines()
        named = re.fullmatch(r"player Joiner: id ([0-9a-f]{32}), key (\S+) \(shown once: keep it\)", registered)
        assert named, registered
        assert joined == f"joined {table['id']} seat 1 (active)"
        played = PLAYED.match(result)
        assert played and played.group(1, 2, 3, 4) == ("1", "1", table["id"], "1"), result
        assert last.startswith("1 game(s) of nanga-parbat with random: ")
        game = client.game(table["id"], named[2])
        assert game["status"] == "finished" and game["you"] == 1 and game["seats"][1].get("player") == named[1]
        assert client.player("me", named[2])["recent_games"][0]["id"] == table["id"]


def test_joining_needs_a_player() -> None:
    done = run(str(BOT), "--url", "http://127.0.0.1:9", "--join", "--level", "random")
    assert done.returncode == 2 and "--join needs a player: --key=KEY or --player NAME" in done.stderr
