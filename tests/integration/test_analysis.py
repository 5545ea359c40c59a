"""Analysis (issue 29) through the app on a real database: who may ask what, the search's budget and stream,
the answers kept in the storage, and the problems (tests/e2e/test_analysis_http.py has it over real HTTP on
both runners).

Nanga Parbat is the game searched: it has a search level (domain/games/nanga_parbat/determinize.py). The toy
game (tests/support/toy.py) has none.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from application.analysis import (
    CALIBRATED_MS,
    MAX_BUDGET_MS,
    Question,
    analysis_rng,
    iterations_for,
    work_out,
)
from domain.core.search import SearchSettings
from domain.games import GAMES
from service.app import create_app
from storage import open_storage
from support.handler import bot_game
from support.rows import sql
from support.toy import SPEC as TOY

API = "/api/v1"
NP = next(spec for spec in GAMES if spec.id == "nanga-parbat")
SEED = "analysis-np"


def make_app(database: str, **config: Any) -> Flask:
    return create_app({"DATABASE": database, "GAMES": (*GAMES, TOY), "TESTING": True, "CLIENT_SEEDS": "exact",
                       "RATE_LIMITS": "off", **config})


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    made = make_app(database)
    yield made
    made.extensions["trailhead"].close()


@pytest.fixture
def finished(app: Flask) -> str:
    """A Nanga Parbat played to its end by two greedy bots (seeded: the same game every run)."""
    return bot_game(app.extensions["trailhead"].bus, "nanga-parbat", SEED, "greedy")


def decisions(app: Flask, game_id: str) -> list[tuple[int, int]]:
    """(step, seat) of every decision of a stored game: the end of each command after which a seat is to act."""
    trailhead = app.extensions["trailhead"]
    client = app.test_client()
    found = []
    for record in trailhead.store.commands(game_id):
        replay = client.get(f"{API}/games/{game_id}/replay?at={record.last_seq}").get_json()
        found += [(record.last_seq, seat) for seat in replay["to_act"]]
    return found


def human_game(client: FlaskClient, seed: str = "analysis-hint") -> tuple[str, str]:
    """A running Nanga Parbat, seat 0 a person, seat 1 the greedy bot; its id and seat 0's token, once seat 0
    is to act."""
    created = client.post(f"{API}/games", json={"type": "nanga-parbat", "seed": seed, "seats": [
        {"name": "Ann"}, {"name": "Guide", "bot": "greedy"}]}).get_json()
    wait_to_act(client, created["id"], 0)
    return created["id"], created["seats"][0]["token"]


def wait_to_act(client: FlaskClient, game_id: str, seat: int) -> dict[str, Any]:
    ends = time.monotonic() + 30
    while time.monotonic() < ends:
        game = client.get(f"{API}/games/{game_id}").get_json()
        if seat in game["to_act"]:
            return game
        time.sleep(0.02)
    raise AssertionError(f"seat {seat} of {game_id} never came to act")


def problem_of(response: Any, status: int, slug: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["type"] == f"urn:trailhead:problem:{slug}" and body["detail"]
    return body


# -- the budget and the stream ------------------------------------------------------------------------------


def test_a_budget_buys_the_game_s_calibrated_iterations_in_proportion_within_its_bounds() -> None:
    settings = SearchSettings(iterations=120, max_iterations=300)
    assert iterations_for(settings, CALIBRATED_MS) == 120
    assert iterations_for(settings, 250) == 60 and iterations_for(settings, 1) == 1  # at least one
    assert iterations_for(settings, MAX_BUDGET_MS) == 300  # 480 asked, the game's bound given
    assert NP.search is not None and iterations_for(NP.search, CALIBRATED_MS) == NP.search.iterations


def test_the_search_stream_is_the_seed_s_and_differs_by_step_and_seat() -> None:
    def draws(seed: str, at: int, seat: int) -> list[int]:
        rng = analysis_rng(seed, at, seat)
        return [rng.randbelow(1 << 30) for _ in range(4)]

    assert draws("s", 7, 0) == draws("s", 7, 0)
    assert len({tuple(draws(*key)) for key in [("s", 7, 0), ("s", 8, 0), ("s", 7, 1), ("t", 7, 0)]}) == 4


# -- a finished game: any seat, any step ---------------------------------------------------------------------


def test_a_finished_game_is_analysed_for_any_seat_at_any_step_and_the_same_question_gets_the_same_answer(
        app: Flask, finished: str) -> None:
    client = app.test_client()
    steps = decisions(app, finished)
    assert {seat for _step, seat in steps} == {0, 1}
    early, middle, late = steps[0], steps[len(steps) // 2], steps[-1]
    for step, seat in (early, middle, late):
        response = client.get(f"{API}/games/{finished}/analysis?as={seat}&at={step}&budget_ms=100")
        assert response.status_code == 200, response.get_json()
        answer = response.get_json()
        assert answer["at"] == step and answer["seat"] == seat and answer["level"] == "search"
        assert answer["budget_ms"] == 100 and answer["iterations"] == iterations_for(NP.search, 100)
        replay_state = client.get(f"{API}/games/{finished}/replay?at={step}&as={seat}").get_json()
        assert seat in replay_state["to_act"]
        assert sum(action["visits"] for action in answer["actions"]) == answer["iterations"]
        assert all(0 <= action["value"] <= 1 and action["label"] for action in answer["actions"])
        best = answer["actions"][answer["best"]]
        assert best["visits"] == max(action["visits"] for action in answer["actions"])
    # worked out again from scratch (not read back), the answer is the same: seed, step and seat fix it
    games = app.extensions["trailhead"].games
    step, seat = middle
    again = work_out(games, Question(finished, step, seat, 100))
    kept = client.get(f"{API}/games/{finished}/analysis?as={seat}&at={step}&budget_ms=100").get_json()
    assert again == kept


def test_without_a_seat_a_finished_game_s_step_is_analysed_for_its_seat_to_act(app: Flask, finished: str) -> None:
    client = app.test_client()
    step, seat = decisions(app, finished)[3]
    answer = client.get(f"{API}/games/{finished}/analysis?at={step}&budget_ms=20").get_json()
    assert (answer["at"], answer["seat"]) == (step, seat)


def test_the_listing_s_commands_and_labels_are_the_answer_s(app: Flask) -> None:
    """While the game runs, the answer lists exactly the seat's legal actions, as GET /actions gives them."""
    client = app.test_client()
    game_id, token = human_game(client)
    auth = {"Authorization": f"Bearer {token}"}
    listed = client.get(f"{API}/games/{game_id}/actions", headers=auth).get_json()
    answer = client.get(f"{API}/games/{game_id}/analysis?budget_ms=50", headers=auth).get_json()
    assert answer["at"] == listed["version"] and answer["seat"] == 0
    assert [(a["type"], a["args"], a["label"]) for a in answer["actions"]] == [
        (a["type"], a["args"], a["label"]) for a in listed["actions"]]


# -- who may ask what -----------------------------------------------------------------------------------------


def test_a_running_game_answers_only_its_own_seat_at_its_current_version(app: Flask) -> None:
    client = app.test_client()
    game_id, token = human_game(client)
    auth = {"Authorization": f"Bearer {token}"}
    version = client.get(f"{API}/games/{game_id}").get_json()["version"]
    url = f"{API}/games/{game_id}/analysis"
    assert "seat 1's view" in problem_of(client.get(f"{url}?as=1", headers=auth), 403, "forbidden")["detail"]
    assert "current version" in problem_of(client.get(f"{url}?at={version - 1}", headers=auth), 400,
                                           "invalid-request")["detail"]
    problem_of(client.get(f"{url}?at={version + 1}", headers=auth), 400, "invalid-request")
    problem_of(client.get(url), 401, "unauthorized")  # no token: a spectator may not ask
    problem_of(client.get(f"{url}?as=0"), 401, "unauthorized")
    problem_of(client.get(f"{url}?as=2", headers=auth), 400, "invalid-request")  # no seat 2
    assert client.get(f"{url}?as=0&at={version}&budget_ms=20", headers=auth).status_code == 200


def test_a_player_key_asks_for_its_seat_and_a_seat_left_may_not(app: Flask) -> None:
    client = app.test_client()
    player = client.post(f"{API}/players", json={"name": "Pia"}).get_json()
    created = client.post(f"{API}/games", json={"type": "nanga-parbat", "seed": "analysis-key", "seats": [
        {"player": player["id"]}, {"name": "Guide", "bot": "greedy"}]}).get_json()
    wait_to_act(client, created["id"], 0)
    key = {"Authorization": f"Bearer {player['key']}"}
    url = f"{API}/games/{created['id']}/analysis"
    assert client.get(f"{url}?budget_ms=20", headers=key).get_json()["seat"] == 0
    assert client.post(f"{API}/games/{created['id']}/leave", headers=key).status_code == 201
    assert "you left seat 0" in problem_of(client.get(url, headers=key), 403, "forbidden")["detail"]


def test_a_seat_not_to_act_or_a_step_inside_a_command_is_a_409_naming_who_acts(app: Flask, finished: str) -> None:
    client = app.test_client()
    url = f"{API}/games/{finished}/analysis"
    step, seat = decisions(app, finished)[0]
    body = problem_of(client.get(f"{url}?as={1 - seat}&at={step}"), 409, "not-to-act")
    assert body["to_act"] == [seat]
    version = client.get(f"{API}/games/{finished}").get_json()["version"]
    assert problem_of(client.get(url), 409, "not-to-act")["to_act"] == []  # the end: nobody acts
    assert problem_of(client.get(f"{url}?at={version}&as=0"), 409, "not-to-act")["to_act"] == []
    inside = next(record for record in app.extensions["trailhead"].store.commands(finished)
                  if record.type == "TrapAnimal" and record.last_seq > record.first_seq)
    body = problem_of(client.get(f"{url}?at={inside.first_seq}&as={inside.seat}"), 409, "not-to-act")
    assert "inside a command" in body["detail"] and str(inside.last_seq) in body["detail"]
    problem_of(client.get(f"{url}?at={version + 1}"), 400, "invalid-request")


@pytest.mark.parametrize("query", ["budget_ms=2001", "budget_ms=0", "budget_ms=fast", "at=0", "as=-1", "seat=0"])
def test_a_malformed_question_is_a_400(app: Flask, finished: str, query: str) -> None:
    problem_of(app.test_client().get(f"{API}/games/{finished}/analysis?{query}"), 400, "invalid-request")


def test_a_game_type_without_a_search_level_is_a_404_saying_so(app: Flask) -> None:
    client = app.test_client()
    created = client.post(f"{API}/games", json={"type": TOY.id, "seats": [{"name": "a"}, {"name": "b"}]}).get_json()
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    body = problem_of(client.get(f"{API}/games/{created['id']}/analysis", headers=auth), 404, "no-search-level")
    assert "no search level" in body["detail"]
    problem_of(client.get(f"{API}/games/no-such-game/analysis"), 404, "not-found")


# -- the answers kept, and waiting for them ------------------------------------------------------------------


@pytest.mark.both_backends  # the answers' rows on each backend
def test_answers_are_kept_by_game_step_seat_and_budget_and_read_back(database: str, app: Flask,
                                                                      finished: str) -> None:
    client = app.test_client()
    step, seat = decisions(app, finished)[2]
    url = f"{API}/games/{finished}/analysis?as={seat}&at={step}"
    first = client.get(f"{url}&budget_ms=60").get_json()
    with sql(database) as conn:
        rows = conn.execute("SELECT game_id, step, seat, budget_ms, iterations FROM analyses")
    assert rows == [(finished, step, seat, 60, first["iterations"])]
    assert client.get(f"{url}&budget_ms=60").get_json() == first
    other = client.get(f"{url}&budget_ms=40").get_json()  # another budget: another question
    assert other["iterations"] < first["iterations"]
    with sql(database) as conn:
        assert conn.execute("SELECT COUNT(*) FROM analyses")[0][0] == 2
        # an answer kept under another calibration (other iterations) is not taken for today's
        conn.execute("UPDATE analyses SET iterations = 1, answer = '{}' WHERE budget_ms = 60")
    assert client.get(f"{url}&budget_ms=60").get_json() == first
    store = open_storage(database)
    try:
        kept = store.analysis(finished, step, seat, 60)
        assert kept is not None and kept.iterations == first["iterations"]
        store.keep_analysis(finished, step, seat, 60, 7, '{"replaced":true}')
        assert store.analysis(finished, step, seat, 60).answer == '{"replaced":true}'  # type: ignore[union-attr]
        assert store.analysis(finished, step, seat, 61) is None
    finally:
        store.close()


def test_a_search_not_done_within_the_wait_is_a_503_with_retry_after_and_its_answer_comes_later(
        database: str, finished: str) -> None:
    impatient = make_app(database, ANALYSIS_WAIT_SECONDS=0.0)
    try:
        client = impatient.test_client()
        step, seat = decisions(impatient, finished)[1]
        url = f"{API}/games/{finished}/analysis?as={seat}&at={step}&budget_ms=300"
        response = client.get(url)
        problem_of(response, 503, "analysis-pending")
        assert int(response.headers["Retry-After"]) >= 1
        ends = time.monotonic() + 30  # the search went on, on the runner's analysis thread
        while (response := client.get(url)).status_code == 503 and time.monotonic() < ends:
            time.sleep(0.05)
        assert response.status_code == 200 and response.get_json()["at"] == step
    finally:
        impatient.extensions["trailhead"].close()


def test_requests_beyond_the_waiting_cap_are_a_503_at_once(database: str, finished: str) -> None:
    capped = make_app(database, ANALYSIS_WAITING=1)
    try:
        slots = capped.extensions["analysis_waiting"]
        assert slots.acquire(blocking=False)  # a request of this process waits for an answer
        step, seat = decisions(capped, finished)[1]
        response = capped.test_client().get(f"{API}/games/{finished}/analysis?as={seat}&at={step}")
        problem_of(response, 503, "analysis-busy")
        assert response.headers["Retry-After"]
        slots.release()
        again = capped.test_client().get(f"{API}/games/{finished}/analysis?as={seat}&at={step}&budget_ms=20")
        assert again.status_code == 200  # a small budget: the answer comes within the wait on a busy machine too
    finally:
        capped.extensions["trailhead"].close()


def test_an_analysis_is_never_cached_by_a_browser_or_a_proxy(app: Flask, finished: str) -> None:
    step, seat = decisions(app, finished)[0]
    response = app.test_client().get(f"{API}/games/{finished}/analysis?as={seat}&at={step}&budget_ms=20")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"


def test_an_analysis_never_writes_to_the_game(app: Flask) -> None:
    """The search plays on determinised copies: the game's log stays as it was."""
    client = app.test_client()
    game_id, token = human_game(client, "analysis-untouched")
    before = client.get(f"{API}/games/{game_id}/events").get_json()
    assert client.get(f"{API}/games/{game_id}/analysis?budget_ms=20",
                      headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert client.get(f"{API}/games/{game_id}/events").get_json() == before
