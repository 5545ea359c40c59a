"""`trailhead arena`: engines and bot levels offline; its exported games import and audit on the service.

Short Peaks games (round_cap 3, about 45 decisions): the arena's own processes, real engine programs.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner
from flask.testing import FlaskClient

from arena.run import rotated, schedule
from service.cli import main

EXAMPLE = "example=engine:python -m trailhead_client.examples.engine"
SHORT = ["--type", "peaks", "--option", "round_cap=3"]

# An engine that is ready, then exits at its first decision (in every game: it is started again for each).
CRASHING = """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "crasher"}), flush=True)
    else:
        sys.exit(3)
"""
# An engine whose first answer is late; its later answers come in time (after the late one).
SLOW_ONCE = """
import json, sys, time
late = True
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({"type": "ready", "name": "slow"}), flush=True)
    elif kind == "decide":
        if late:
            time.sleep(1.0)
            late = False
        print(json.dumps({"type": "choose", "index": 0}), flush=True)
"""
# An engine that names an action that is not listed.
NONSENSE = """
import json, sys
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif kind == "decide":
        print(json.dumps({"type": "choose", "index": 999}), flush=True)
"""


def arena(*args: str) -> dict:
    result = CliRunner().invoke(main, ["arena", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_an_engine_against_random_exports_games_that_import_and_audit(tmp_path: Path, client: FlaskClient) -> None:
    summary = arena(*SHORT, "--games", "2", "--player", EXAMPLE, "--player", "bot:random", "--seed", "s",
                    "--export", str(tmp_path))
    assert (summary["type"], summary["seats"], summary["games"]) == ("peaks", 2, 2)
    example, random_ = summary["players"]
    assert (example["player"], random_["player"]) == ("example", "bot:random")
    for row in summary["players"]:
        assert set(row) == {"player", "games", "wins", "mean_place", "mean_score", "rating", "decisions", "takeovers"}
        assert row["games"] == 2 and row["takeovers"] == {"total": 0, "crash": 0, "timeout": 0, "illegal": 0}
        assert row["rating"]["interval"][0] < row["rating"]["mu"] < row["rating"]["interval"][1]
    for row in summary["players"]:
        places = [game["places"][game["seats"].index(row["player"])] for game in summary["games_played"]]
        assert row["mean_place"] == sum(places) / 2
        assert row["wins"] == sum(place == 1 and sorted(game["places"]) == [1, 2]
                                  for place, game in zip(places, summary["games_played"], strict=True))
    pairwise = summary["pairwise"]
    assert pairwise["games"] == {"example": {"bot:random": 2}, "bot:random": {"example": 2}}
    assert pairwise["wins"]["example"]["bot:random"] == sum(
        game["places"][game["seats"].index("example")] < game["places"][game["seats"].index("bot:random")]
        for game in summary["games_played"])
    # duplicate seating: the one seed is played in both seat orders
    games = summary["games_played"]
    assert [game["seed"] for game in games] == ["s-0", "s-0"]
    assert [game["seats"] for game in games] == [["example", "bot:random"], ["bot:random", "example"]]
    files = sorted(tmp_path.glob("*.json"))
    assert sorted(Path(game["file"]).name for game in games) == [file.name for file in files]
    for file, game in zip(files, sorted(games, key=lambda game: Path(game["file"]).name), strict=True):
        document = json.loads(file.read_text())
        assert document["game_id"] == game["game_id"] and document["seed"] == "s-0"
        imported = client.post("/api/v1/replays", json=document)
        assert imported.status_code == 201, imported.get_json()
        local = imported.get_json()["id"]
        assert client.get(f"/api/v1/games/{local}/audit").get_json()["status"] == "ok"
        result = client.get(f"/api/v1/games/{local}").get_json()["result"]
        assert [row["place"] for row in sorted(result["standings"], key=lambda row: row["seat"])] == game["places"]


def test_failing_engines_are_taken_over_and_counted_by_reason(tmp_path: Path) -> None:
    for name, source in (("crash", CRASHING), ("slow", SLOW_ONCE), ("nonsense", NONSENSE)):
        (tmp_path / f"{name}.py").write_text(source)
    summary = arena(*SHORT, "--games", "3", "--move-seconds", "0.4", "--seed", "t",
                    "--player", f"crash=engine:python {tmp_path / 'crash.py'}",
                    "--player", f"slow=engine:python {tmp_path / 'slow.py'}",
                    "--player", f"nonsense=engine:python {tmp_path / 'nonsense.py'}")
    rows = {row["player"]: row for row in summary["players"]}
    crash, slow, nonsense = rows["crash"], rows["slow"], rows["nonsense"]
    assert crash["decisions"] > 0 and crash["takeovers"] == {"total": crash["decisions"], "crash": crash["decisions"],
                                                             "timeout": 0, "illegal": 0}
    assert nonsense["takeovers"] == {"total": nonsense["decisions"], "crash": 0, "timeout": 0,
                                     "illegal": nonsense["decisions"]}
    # late once (its first answer, maybe the next one queued behind it); its later answers were played
    assert slow["takeovers"]["crash"] == slow["takeovers"]["illegal"] == 0
    assert 1 <= slow["takeovers"]["timeout"] <= 3 < slow["decisions"]
    assert [game["seed"] for game in summary["games_played"]] == ["t-0"] * 3


def test_duplicate_seating_plays_each_seed_once_per_rotation() -> None:
    jobs = schedule(3, 3, 5, "d")  # rounded up to 2 whole sets
    assert Counter(job.seed for job in jobs) == {"d-0": 3, "d-1": 3}
    for seed in ("d-0", "d-1"):
        seatings = [job.seating for job in jobs if job.seed == seed]
        assert sorted(seatings) == sorted(rotated(3, r) for r in range(3))
        assert all(sorted(s) == [0, 1, 2] for s in seatings)
        for seat in range(3):  # each player sits in each seat once
            assert sorted(s[seat] for s in seatings) == [0, 1, 2]
    single = schedule(2, 2, 3, "n", duplicate=False)
    assert [job.seed for job in single] == ["n-0", "n-1", "n-2"]
    assert [job.seating for job in single] == [(0, 1), (1, 0), (0, 1)]


def test_wrong_arguments_are_refused_before_any_game() -> None:
    runner = CliRunner()
    cases = [(["--player", "bot:random"], 2, "give one --player per seat: 2 seat(s), 1 player(s)"),
             (["--player", "bot:clever", "--player", "bot:random"], 2, "levels: random, guide, search"),
             (["--player", "bot:random", "--player", "bot:random", "--option", "round_cap=\"x\""], 1, "round_cap"),
             (["--player", "bot:guide:50", "--player", "bot:random"], 1, "iterations")]
    for args, status, words in cases:
        seats = ["--seats", "2"] if args == ["--player", "bot:random"] else []
        result = runner.invoke(main, ["arena", "--type", "peaks", *seats, *args])
        assert result.exit_code == status, result.output
        assert words in " ".join(result.output.split()), result.output
