"""A player entrant that plays its own tournament games through the REST API, for the end-to-end tests of
test_tournaments_http.py (SQLite) and test_tournaments_rq.py (PostgreSQL with RQ workers).

The player is `trailhead-bot --tournament ID` with the player's key, a process of its own: it follows the
tournament's stream, and plays each game whose `gameStarted` seats the player by that game's stream, its legal
actions and its commands (the SDK), until the tournament finishes. What the tests then check is that the player
really played: each of its games holds commands sent at its seat, and no turn of it timed out and no seat was
left (a takeover bot played none of its decisions).
"""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from e2e.contract import Api

API = "/api/v1"
BOT = Path(sys.executable).parent / "trailhead-bot"

#: A turn clock long enough never to run out on a loaded machine, so that a timed-out turn means the player did not
#: play, not that it played slowly.
TURN_SECONDS = 120


class PlayerRunner:
    """`trailhead-bot --tournament ID` for one player key, stopped (killed if need be) on leaving the block."""

    def __init__(self, base_url: str, key: str, tournament_id: str, rng_seed: int = 1) -> None:
        self.process = subprocess.Popen(
            [str(BOT), "--url", base_url, f"--key={key}", "--tournament", tournament_id, "--level", "random",
             "--rng-seed", str(rng_seed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def __enter__(self) -> PlayerRunner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()

    def finished(self, seconds: float = 120) -> list[str]:
        """Wait for the runner to stop by itself (it stops at `tournamentFinished`); its output's lines."""
        out, err = self.process.communicate(timeout=seconds)
        assert self.process.returncode == 0, f"trailhead-bot exited with {self.process.returncode}:\n{out}\n{err}"
        return out.splitlines()


def games_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [game for round_ in body["rounds"] for table in round_["tables"] for game in table["games"]]


def events_of(api: Api, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = api.call("GET", f"{API}/games/{game_id}/events?after={after}&limit=1000", 200).json()
        events.extend(page["events"])
        if not page["has_more"]:
            return events
        after = page["next"]


def ended_at(api: Api, game_id: str) -> datetime:
    """When a finished game's last event was recorded (the service's clock, the tests' too)."""
    return datetime.fromisoformat(events_of(api, game_id)[-1]["recorded_at"])


def played_by(api: Api, body: dict[str, Any], player_id: str) -> list[dict[str, Any]]:
    """The player's games of a finished tournament, each asserted finished and played by the player itself."""
    mine = [game for game in games_of(body) if player_id in game["seats"]]
    for game in mine:
        assert game["status"] == "finished", game
        seat = game["seats"].index(player_id)
        events = events_of(api, game["game_id"])
        taken_over = [event for event in events if event["type"] in ("TurnTimedOut", "SeatLeft")]
        assert taken_over == [], f"{game['game_id']}: a bot played for a seat: {taken_over}"
        own = [event for event in events if event["seat"] == seat and event["command_id"] is not None]
        assert own, f"{game['game_id']}: no command of the player's seat {seat}"
    return mine


def seated_again_if_time_allowed(api: Api, body: dict[str, Any], player_id: str, latest: datetime) -> bool:
    """In a finished arena of four (its first wave seats everyone at two tables): if the first wave's games had
    all ended by `latest`, the player was seated again, as everyone then waits and nobody but its last opponent
    is barred. `latest` is a time by which the job that pairs surely ran before the arena's end (its end, less a
    margin for a job that starts late). Whether the check applied."""
    first_wave = body["rounds"][0]["tables"]
    assert len(first_wave) == 2 and len(body["entrants"]) == 4, body["rounds"][0]
    everyone_waits = max(ended_at(api, game["game_id"]) for table in first_wave for game in table["games"])
    if everyone_waits >= latest:
        return False
    mine = [game for game in games_of(body) if player_id in game["seats"]]
    assert len(mine) >= 2, (everyone_waits, latest, games_of(body))
    return True


def runner_games(lines: list[str]) -> list[str]:
    """The runner's lines for the games it played, one a game."""
    return [line for line in lines if line.startswith("game ")]


def points_add_up(body: dict[str, Any]) -> None:
    """A point a scored game (a shared first place splits it) and a point a bye, and nothing else."""
    byes = sum(row["byes"] for row in body["standings"])
    assert sum(row["points"] for row in body["standings"]) == len(games_of(body)) + byes, body["standings"]
