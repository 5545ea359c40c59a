"""Reading Server-Sent Events, and playing a game through its listed actions, over real HTTP."""

from __future__ import annotations

from collections.abc import Iterator

import requests


def sse_messages(response: requests.Response) -> Iterator[dict[str, str]]:
    """Parse a text/event-stream body into messages (comments kept as {'comment': ...})."""
    fields: dict[str, str] = {}
    for raw in response.iter_lines(decode_unicode=True):
        line = raw or ""
        if not line:
            if fields:
                yield fields
                fields = {}
            continue
        if line.startswith(":"):
            yield {"comment": line[1:].strip()}
            continue
        name, _, value = line.partition(":")
        fields[name] = fields.get(name, "") + value.removeprefix(" ")


def play(base: str, game_id: str, headers: dict[str, str], commands: int | None = None) -> int:
    """Send the first legal action until the game ends (or `commands` were sent); returns the version."""
    sent = 0
    while commands is None or sent < commands:
        actions = requests.get(f"{base}/api/v1/games/{game_id}/actions", headers=headers, timeout=10).json()
        if not actions["actions"]:
            return actions["version"]
        action = actions["actions"][0]
        reply = requests.post(f"{base}/api/v1/games/{game_id}/commands", headers=headers, timeout=10,
                              json={**action, "expected_version": actions["version"]})
        assert reply.status_code == 201, reply.text
        sent += 1
    return requests.get(f"{base}/api/v1/games/{game_id}", timeout=10).json()["version"]
