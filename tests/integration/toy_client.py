"""The toy game (tests/support/toy.py) driven through the Flask test client."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

API = "/api/v1"


def bots_settled(client: FlaskClient, timeout: float = 30.0) -> bool:
    """Whether the embedded runner's bot turns all ran within `timeout` (they run after the response)."""
    return bool(client.application.extensions["trailhead"].runner.wait_idle(timeout))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class ToyGame:
    """A toy game created through the API, with both seats' tokens."""

    def __init__(self, client: FlaskClient, seats: list[dict[str, Any]] | None = None, **body: Any) -> None:
        self.client = client
        response = client.post(
            f"{API}/games", json={"type": "toy", "seats": seats or [{"name": "ann"}, {"name": "bob"}], **body}
        )
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id: str = self.created["id"]
        self.url = f"{API}/games/{self.id}"
        self.tokens = {seat["index"]: seat["token"] for seat in self.created["seats"] if "token" in seat}

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until the app's bot thread has played every bot turn it was handed."""
        assert bots_settled(self.client, timeout), "the bots did not finish their turns in time"

    def auth(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else bearer(self.tokens[seat])

    def get(self, seat: int | None = None) -> dict[str, Any]:
        response = self.client.get(self.url, headers=self.auth(seat))
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def actions(self, seat: int | None = None) -> dict[str, Any]:
        response = self.client.get(f"{self.url}/actions", headers=self.auth(seat))
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def events(self, seat: int | None = None, **query: Any) -> dict[str, Any]:
        response = self.client.get(f"{self.url}/events", headers=self.auth(seat), query_string=query)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def all_events(self, seat: int | None = None) -> list[dict[str, Any]]:
        return self.events(seat, limit=1000)["events"]

    def send(self, seat: int, type_: str, args: dict[str, Any] | None = None, **body: Any) -> Any:
        return self.client.post(
            f"{self.url}/commands", headers=self.auth(seat), json={"type": type_, "args": args or {}, **body}
        )

    def play(self, seat: int, type_: str, args: dict[str, Any] | None = None, **body: Any) -> dict[str, Any]:
        response = self.send(seat, type_, args, **body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()
