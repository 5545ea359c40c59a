"""`Cache-Control: no-store` on every answer that can carry a seat's data: its token, its view, its events.

No cache, shared or private, may keep a seat's token, hand or hidden events: every route of the
games, stream and replay APIs says so, with or without credentials, and so does every response
to a request that carries an Authorization header, whatever the route.
"""

from __future__ import annotations

from collections.abc import Callable

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from integration.toy_client import API, ToyGame


def finished_toy(client: FlaskClient) -> ToyGame:
    game = ToyGame(client, options={"pile": 2})
    game.play(0, "Bid", {"amount": 2})
    game.play(1, "Bid", {"amount": 1})
    while (view := game.get())["status"] == "active":
        game.play(view["to_act"][0], "Take", {"count": 1})
    return game


def streamed(client: FlaskClient, url: str, **kw: object) -> TestResponse:
    """The stream's response, its body left unread (the headers are what the test looks at)."""
    response = client.get(url, **kw)  # type: ignore[arg-type]
    response.close()
    return response


SEAT_DATA: dict[str, Callable[[FlaskClient, ToyGame, ToyGame], TestResponse]] = {
    "create-with-tokens": lambda c, live, done: c.post(f"{API}/games", json={"type": "toy", "seats": [
        {"name": "ann"}, {"name": "bob"}]}),
    "view-as-a-seat": lambda c, live, done: c.get(live.url, headers=live.auth(0)),
    "view-as-a-spectator": lambda c, live, done: c.get(live.url),
    "actions": lambda c, live, done: c.get(f"{live.url}/actions", headers=live.auth(1)),
    "command": lambda c, live, done: live.send(1, "Bid", {"amount": 1}),
    "events-as-a-seat": lambda c, live, done: c.get(f"{live.url}/events", headers=live.auth(0)),
    "events-of-a-finished-game": lambda c, live, done: c.get(f"{done.url}/events"),
    "stream-as-a-seat": lambda c, live, done: streamed(c, f"{live.url}/stream", headers=live.auth(0)),
    "stream-of-a-finished-game": lambda c, live, done: streamed(c, f"{done.url}/stream"),
    "replay-as-a-seat": lambda c, live, done: c.get(f"{live.url}/replay?at=4&as=0", headers=live.auth(0)),
    "replay-as-a-seat-after-the-end": lambda c, live, done: c.get(f"{done.url}/replay?at=4&as=1"),
    "timeline-as-a-seat": lambda c, live, done: c.get(f"{live.url}/timeline", headers=live.auth(0)),
    "audit": lambda c, live, done: c.get(f"{done.url}/audit"),
    "export": lambda c, live, done: c.get(f"{done.url}/export"),
    "bulk-export": lambda c, live, done: c.get(f"{API}/exports/games"),
    "fork-with-tokens": lambda c, live, done: c.post(f"{done.url}/fork", json={"at": 3}),
    "a-problem-to-a-token": lambda c, live, done: c.get(done.url, headers=live.auth(0)),
    "lobby-read-with-a-token": lambda c, live, done: c.get(f"{API}/games", headers=live.auth(0)),
}
# The stream is served by the ASGI front of `trailhead serve` (Flask alone answers 501, no-store
# too); tests/workers/test_stream.py checks the real stream's headers over HTTP.
STATUS = {"create-with-tokens": 201, "command": 201, "fork-with-tokens": 201, "a-problem-to-a-token": 403,
          "stream-as-a-seat": 501, "stream-of-a-finished-game": 501}


def test_every_answer_that_can_carry_a_seats_data_is_no_store(client: FlaskClient) -> None:
    done = finished_toy(client)
    live = ToyGame(client)
    live.play(0, "Bid", {"amount": 2})

    answers = {route: send(client, live, done) for route, send in SEAT_DATA.items()}

    assert {route: r.status_code for route, r in answers.items()} == {
        route: STATUS.get(route, 200) for route in SEAT_DATA}
    assert {route: r.headers.get("Cache-Control") for route, r in answers.items()} == dict.fromkeys(
        SEAT_DATA, "no-store")
    for answer in answers.values():  # a streamed body (the bulk export) unread: closed here, inside the test,
        answer.close()               # not by the garbage collector later, outside any application context


def test_the_imported_games_answer_is_no_store(client: FlaskClient) -> None:
    document = client.get(f"{finished_toy(client).url}/export").get_json()

    response = client.post(f"{API}/replays", json=document)

    assert response.status_code == 200  # the same server made it: it is already here
    assert response.headers.get("Cache-Control") == "no-store"


def test_public_reads_without_credentials_stay_cacheable(client: FlaskClient) -> None:
    ToyGame(client)
    for url in (f"{API}/games", f"{API}/leaderboard?type=toy", "/healthz", "/openapi.yaml"):
        response = client.get(url)

        assert response.status_code == 200, url
        assert "Cache-Control" not in response.headers, url
