"""Analysis over real HTTP (issue 29), on both runners: a `trailhead serve` with inline jobs, and one with
Redis whose searches run on a real `trailhead worker` process. Every exchange is checked against
openapi.yaml. The rate limits are the defaults for analyses (20 a minute per client) and off otherwise.

Nanga Parbat is the game searched; its games are seeded (client seeds used as given), so each
installation plays the same games and the answers can be worked out again here, in the test's process,
from the installation's database: the same question gives the same answer wherever it is searched.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from application.analysis import Question, iterations_for, work_out
from domain.games import GAMES
from e2e.contract import Api
from support.handler import open_games
from support.cli_workers import start_worker, stop_workers
from support.redis_server import own_database
from support.rows import sql
from support.served import Served, serve, stop

API = "/api/v1"
NP = next(spec for spec in GAMES if spec.id == "nanga-parbat")
FINISHED_SEED = "analysis-http-finished"
LIMITS = "create=off;command=off;read=off"  # analyses keep their default, 20 a minute

pytestmark = pytest.mark.slow  # real servers, a real worker


class Installation:
    """A served API (and its worker, with Redis), its database, and a contract-checking client."""

    def __init__(self, kind: str, served: Served, database: str, worker_log: Path | None) -> None:
        self.kind = kind
        self.served = served
        self.database = database
        self.worker_log = worker_log
        self.api = Api(served.base_url)

    def analysis(self, game_id: str, query: str = "", token: str | None = None,
                 expect: int | tuple[int, ...] = 200, **kwargs: Any) -> Any:
        return self.api.call("GET", f"{API}/games/{game_id}/analysis{query}", expect, token=token, **kwargs)

    def game(self, game_id: str) -> dict[str, Any]:
        return self.api.call("GET", f"{API}/games/{game_id}", 200).json()

    def wait(self, game_id: str, done: Any, what: str) -> dict[str, Any]:
        ends = time.monotonic() + 60
        while time.monotonic() < ends:
            game = self.game(game_id)
            if done(game):
                return game
            time.sleep(0.05)
        raise AssertionError(f"{what} ({self.kind}): {self.served.output()[-2000:]}")


@pytest.fixture(scope="module", params=["inline", "rq"])
def installation(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                 redis_server_url: str, worker_id: str) -> Iterator[Installation]:
    workdir = tmp_path_factory.mktemp(f"analysis-{request.param}")
    database = str(workdir / "trailhead.sqlite")
    if request.param == "inline":
        served = serve(workdir, TRAILHEAD_RATE_LIMITS=LIMITS)
        yield Installation("inline", served, database, None)
        stop(served)
        return
    with own_database(redis_server_url, worker_id) as redis_url:
        settings = {"REDIS_URL": redis_url, "TRAILHEAD_QUEUE_PREFIX": f"a{uuid.uuid4().hex[:8]}",
                    "TRAILHEAD_RATE_LIMITS": LIMITS, "TRAILHEAD_SWEEP_SECONDS": "1"}
        served = serve(workdir, **settings)
        log = workdir / "worker.log"
        worker = start_worker({"TRAILHEAD_DB": database, "TRAILHEAD_CLIENT_SEEDS": "exact", **settings}, log)
        try:
            yield Installation("rq", served, database, log)
        finally:
            stop_workers([worker])
            stop(served)


@pytest.fixture(scope="module")
def running(installation: Installation) -> tuple[str, str]:
    """A running Nanga Parbat, seat 0 a person and seat 1 the greedy bot, once seat 0 is to act: id, token."""
    created = installation.api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seed": "analysis-http-running",
        "seats": [{"name": "Ann"}, {"name": "Guide", "bot": "greedy"}]}).json()
    installation.wait(created["id"], lambda game: 0 in game["to_act"], "seat 0 never came to act")
    return created["id"], created["seats"][0]["token"]


@pytest.fixture(scope="module")
def finished(installation: Installation) -> tuple[str, list[tuple[int, int]]]:
    """A Nanga Parbat of two greedy bots played to its end, and its decisions: (step, seat to act)."""
    created = installation.api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seed": FINISHED_SEED,
        "seats": [{"name": "North", "bot": "greedy"}, {"name": "South", "bot": "greedy"}]}).json()
    game = installation.wait(created["id"], lambda game: game["status"] == "finished", "the bots never finished")
    events = installation.api.call("GET", f"{API}/games/{created['id']}/events?limit=1000", 200).json()["events"]
    assert len(events) == game["version"]
    ends = [event["seq"] for event, after in zip(events, events[1:]) if event["command_id"] != after["command_id"]]
    steps = []
    for step in ends:  # the steps where a command's events end: where seats decide
        replay = installation.api.call("GET", f"{API}/games/{created['id']}/replay?at={step}", 200).json()
        steps += [(step, seat) for seat in replay["to_act"]]
    return created["id"], steps


def worked_out_here(installation: Installation, question: Question) -> dict[str, Any]:
    """The answer to `question` searched in this process, from the installation's database."""
    games = open_games(installation.database)
    try:
        return work_out(games, question)
    finally:
        games.store.close()


def test_a_hint_answers_with_every_legal_action_searched(installation: Installation,
                                                         running: tuple[str, str]) -> None:
    game_id, token = running
    answer = installation.analysis(game_id, token=token).json()
    assert set(answer) == {"at", "seat", "level", "budget_ms", "iterations", "actions", "best"}
    listed = installation.api.call("GET", f"{API}/games/{game_id}/actions", 200, token=token).json()
    assert (answer["at"], answer["seat"], answer["level"]) == (listed["version"], 0, "search")
    assert (answer["budget_ms"], answer["iterations"]) == (500, NP.search.iterations)  # the defaults
    assert [(a["type"], a["args"], a["label"]) for a in answer["actions"]] == [
        (a["type"], a["args"], a["label"]) for a in listed["actions"]]
    assert all(set(action) == {"type", "args", "label", "visits", "value"} for action in answer["actions"])
    assert sum(action["visits"] for action in answer["actions"]) == answer["iterations"]
    assert answer["actions"][answer["best"]]["visits"] == max(a["visits"] for a in answer["actions"])
    assert answer == worked_out_here(installation, Question(game_id, answer["at"], 0, 500))


def test_a_running_game_refuses_another_seat_403_and_another_step_400(installation: Installation,
                                                                      running: tuple[str, str]) -> None:
    game_id, token = running
    version = installation.game(game_id)["version"]
    other = installation.analysis(game_id, "?as=1", token=token, expect=403).json()
    assert "seat 1's view stays private" in other["detail"]
    past = installation.analysis(game_id, f"?at={version - 1}", token=token, expect=400).json()
    assert "current version" in past["detail"]
    installation.analysis(game_id, "?as=0", expect=401)


def test_a_budget_over_2000_ms_is_400(installation: Installation, running: tuple[str, str]) -> None:
    game_id, token = running
    body = installation.analysis(game_id, "?budget_ms=2001", token=token, expect=400, valid_request=False)
    assert body.json()["detail"].startswith("budget_ms:")


def test_a_finished_game_answers_for_any_seat_at_any_step(installation: Installation,
                                                          finished: tuple[str, list[tuple[int, int]]]) -> None:
    game_id, steps = finished
    assert {seat for _step, seat in steps} == {0, 1}
    for step, seat in (steps[0], steps[len(steps) // 2], steps[-1]):
        answer = installation.analysis(game_id, f"?as={seat}&at={step}&budget_ms=100").json()
        assert (answer["at"], answer["seat"], answer["iterations"]) == (step, seat, iterations_for(NP.search, 100))
        assert answer == worked_out_here(installation, Question(game_id, step, seat, 100))
    step, seat = steps[0]
    problem = installation.analysis(game_id, f"?as={1 - seat}&at={step}", expect=409).json()
    assert problem["type"] == "urn:trailhead:problem:not-to-act" and problem["to_act"] == [seat]


def test_an_answer_is_kept_and_asked_again_comes_back_at_once(installation: Installation,
                                                              finished: tuple[str, list[tuple[int, int]]]) -> None:
    game_id, steps = finished
    step, seat = steps[5]
    query = f"?as={seat}&at={step}&budget_ms=500"
    started = time.monotonic()
    first = installation.analysis(game_id, query).json()
    searched = time.monotonic() - started
    with sql(installation.database) as conn:
        rows = conn.execute("SELECT iterations FROM analyses WHERE game_id = ? AND step = ? AND seat = ?"
                            " AND budget_ms = 500", [game_id, step, seat])
    assert rows == [(first["iterations"],)]
    started = time.monotonic()
    again = installation.analysis(game_id, query).json()
    read = time.monotonic() - started
    assert again == first and read < searched, (read, searched)
    if installation.worker_log is not None:  # searched by the worker, never by the server
        worked = [line for line in installation.worker_log.read_text().splitlines() if "analyse_position" in line]
        assert any(game_id in line and f", {step}, {seat}, 500)" in line for line in worked), worked[-5:]


def test_analyses_have_their_own_rate_limit_scope(installation: Installation) -> None:
    created = installation.api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"name": "Ann"}, {"name": "Ben"}]}).json()
    token = created["seats"][0]["token"]  # a client of its own: its allowance is untouched
    game_id = created["id"]
    read = installation.api.call("GET", f"{API}/games/{game_id}", 200, token=token)
    assert read.headers.get("RateLimit-Limit") is None  # reads are not limited here; analyses are
    for sent in range(20):
        response = installation.analysis(game_id, "?budget_ms=1", token=token, expect=(200, 409))
        assert response.headers["RateLimit-Limit"] == "20"
        assert response.headers["RateLimit-Remaining"] == str(19 - sent)
    limited = installation.analysis(game_id, "?budget_ms=1", token=token, expect=429).json()
    assert limited["type"] == "urn:trailhead:problem:rate-limited" and "20 analyses per minute" in limited["detail"]
    installation.api.call("GET", f"{API}/games/{game_id}/actions", 200, token=token)  # other scopes go on
