"""Seat and player names must show: a visible character, and no invisible or format character.

Every place a name is taken is tried (a seat of POST /games, an open seat's name, POST /players,
a seat of POST /games/{id}/fork; a seat joined takes its player's name, checked at POST /players)
with each invisible code point the hostile client's probe found, and a few more of each kind. An
imported game keeps its names as its hashed GameCreated has them (release 0.1 took any name), so an
import is not held to this rule (service/replays_api.py, DocumentSeat).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from domain.games import GAMES
from service.app import create_app
from support.toy import SPEC as TOY

API = "/api/v1"

# Names that show nothing at all: only spaces, blank characters or combining marks.
BLANK = {
    "space": " ",
    "spaces": "   ",
    "no-break-space": "\u00a0",
    "no-break-spaces": "\u00a0\u00a0",
    "braille-blank": "\u2800",
    "hangul-choseong-filler": "\u115f",
    "hangul-jungseong-filler": "\u1160",
    "hangul-filler": "\u3164",
    "halfwidth-hangul-filler": "\uffa0",
    "ideographic-space": "\u3000",
    "combining-acute-only": "\u0301",
    "combining-marks-only": "\u0301\u0308\u0327",
    "enclosing-circle-only": "\u20dd",
    "variation-selector-only": "\ufe0f",
}

# Visible names holding one character nobody sees.
HOLDING = {
    "zero-width-space": "\u200b",
    "byte-order-mark": "\ufeff",
    "mongolian-vowel-separator": "\u180e",
    "combining-grapheme-joiner": "\u034f",
    "language-tag": "\U000e0001",
    "tag-latin-a": "\U000e0041",
    "zero-width-joiner": "\u200d",
    "zero-width-non-joiner": "\u200c",
    "word-joiner": "\u2060",
    "soft-hyphen": "\u00ad",
    "braille-blank": "\u2800",
    "hangul-choseong-filler": "\u115f",
    "hangul-jungseong-filler": "\u1160",
    "hangul-filler": "\u3164",
    "halfwidth-hangul-filler": "\uffa0",
    "khmer-inherent-aq": "\u17b4",
    "reserved-default-ignorable": "\u2065",
}

# Names that are fine: any script, spaces between words, marks on a letter, an emoji in its emoji form.
ACCEPTED = {
    "latin": "Ann Lee",
    "no-break-space-inside": "Ann\u00a0Lee",
    "accented": "Zoe\u0301",
    "devanagari": "\u0905\u0928\u093f\u0932",
    "hangul": "\ud55c\uad6d",
    "emoji-with-presentation-selector": "\u2764\ufe0f Bob",
    "braille-letter": "\u2801",
}

SEND: dict[str, Callable[[FlaskClient, str], TestResponse]] = {
    "create-seat": lambda c, name: c.post(f"{API}/games", json={"type": "toy",
                                                                "seats": [{"name": "ann"}, {"name": name}]}),
    "open-seat": lambda c, name: c.post(f"{API}/games", json={"type": "toy",
                                                              "seats": [{"name": "ann"}, {"open": True, "name": name}]}),
    "player": lambda c, name: c.post(f"{API}/players", json={"name": name}),
    "fork-seat": lambda c, name: c.post(f"{API}/games/{'0' * 32}/fork",
                                        json={"at": 3, "seats": [{"name": name}, {"name": "bob"}]}),
}
FIELD = {"create-seat": "seats.1.name", "open-seat": "seats.1.name", "player": "name", "fork-seat": "seats.0.name"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    database = tmp_path_factory.mktemp("names") / "trailhead.sqlite"
    yield create_app({"DATABASE": str(database), "GAMES": (*GAMES, TOY), "TESTING": True, "RATE_LIMITS": "off"})


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def refused(response: TestResponse, field: str) -> str:
    """The 400 problem's detail, which names the field."""
    assert response.status_code == 400, response.get_data(as_text=True)
    body = json.loads(response.get_data(as_text=True))
    assert response.mimetype == "application/problem+json"
    assert body["detail"].startswith(f"{field}: "), body["detail"]
    return str(body["detail"])


@pytest.mark.parametrize("place", list(SEND))
@pytest.mark.parametrize("name", list(BLANK.values()), ids=list(BLANK))
def test_a_name_that_shows_nothing_is_refused(client: FlaskClient, place: str, name: str) -> None:
    detail = refused(SEND[place](client, name), FIELD[place])
    assert "visible" in detail


@pytest.mark.parametrize("place", list(SEND))
@pytest.mark.parametrize("char", list(HOLDING.values()), ids=list(HOLDING))
def test_a_name_holding_an_invisible_character_is_refused(client: FlaskClient, place: str, char: str) -> None:
    detail = refused(SEND[place](client, f"Bo{char}b"), FIELD[place])
    assert f"U+{ord(char):04X} at index 2" in detail


@pytest.mark.parametrize("name", list(ACCEPTED.values()), ids=list(ACCEPTED))
def test_a_visible_name_in_any_script_is_accepted(client: FlaskClient, name: str) -> None:
    created = client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": name}, {"name": "bob"}]})
    assert created.status_code == 201, created.get_data(as_text=True)
    assert created.get_json()["seats"][0]["name"] == name
    player = client.post(f"{API}/players", json={"name": name})
    assert player.status_code == 201, player.get_data(as_text=True)
    assert player.get_json()["name"] == name


def test_a_fork_of_a_real_game_refuses_a_blank_seat_name_before_anything_else(client: FlaskClient) -> None:
    """The fork's seats are read before the game is looked at: a blank name is a 400 on a real game too."""
    game: dict[str, Any] = client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": "a"}, {"name": "b"}]}
                                       ).get_json()
    refused(client.post(f"{API}/games/{game['id']}/fork", json={"at": 3, "seats": [{"name": "a"}, {"name": "\u3164"}]}),
            "seats.1.name")

