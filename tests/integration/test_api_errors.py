"""Bad input through the Flask test client: the exact status and an RFC 9457 problem for each.

One table of cases (pytest ids name them), then a seeded fuzz that throws a few
hundred random JSON-ish bodies at the two POST endpoints and allows no 500.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from integration.toy_client import API, ToyGame, bearer


TWO_SEATS = [{"name": "ann"}, {"name": "bob"}]
INT64_MAX = 2**63 - 1
# Digits Python's int() or str.isdigit() accept that are not ASCII: superscript two, Arabic-Indic
# one and three, fullwidth three (URL-encoded as UTF-8).
SUPERSCRIPT_TWO, ARABIC_INDIC_ONE, ARABIC_INDIC_THREE, FULLWIDTH_THREE = "%C2%B2", "%D9%A1", "%D9%A3", "%EF%BC%93"


class World:
    """A toy game where seat 0 has bid (version 4, seat 1 to act) and, when a case asks, an unrelated game."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.game = ToyGame(client)
        self.game.play(0, "Bid", {"amount": 2}, command_id="first")

    @functools.cached_property
    def other(self) -> ToyGame:
        return ToyGame(self.client)

    def create(self, body: Any = None, **kw: Any) -> TestResponse:
        if body is not None:
            kw["json"] = body
        return self.client.post(f"{API}/games", **kw)

    def command(self, body: Any = None, seat: int | None = 1, **kw: Any) -> TestResponse:
        kw.setdefault("headers", self.game.auth(seat))
        if body is not None:
            kw["json"] = body
        return self.client.post(f"{self.game.url}/commands", **kw)

    def events(self, query: str) -> TestResponse:
        return self.client.get(f"{self.game.url}/events?{query}")

    def get(self, path: str, **kw: Any) -> TestResponse:
        """A GET below the game's URL (`/replay?at=1`, `/stream`)."""
        return self.client.get(f"{self.game.url}{path}", **kw)

    def post(self, path: str, body: Any) -> TestResponse:
        return self.client.post(f"{API}{path}", json=body)


@pytest.fixture
def world(client: FlaskClient) -> World:
    return World(client)


@dataclasses.dataclass(frozen=True)
class Case:
    send: Callable[[World], TestResponse]
    status: int
    detail: str  # a fragment the helpful detail must contain (case-insensitive)
    check: Callable[[World, TestResponse, dict[str, Any]], None] | None = None


def www_authenticate(world: World, response: TestResponse, body: dict[str, Any]) -> None:
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def current_version_4(world: World, response: TestResponse, body: dict[str, Any]) -> None:
    assert body["current_version"] == 4


def tells_nothing_of_the_earlier_command(world: World, response: TestResponse, body: dict[str, Any]) -> None:
    """A reused id says only that it was used: not which command of which seat used it (seat 0's Bid)."""
    assert body["detail"] == "command_id 'first' was already used in this game; use a new command_id", body["detail"]


def raw(data: str, content_type: str = "application/json") -> dict[str, Any]:
    return {"data": data, "content_type": content_type}


def chunked(data: bytes) -> dict[str, Any]:
    """A body sent in chunks (Transfer-Encoding: chunked, so its length is not known up front), the
    server having undone the chunking and marking where the body ends, as gunicorn does."""
    return {"input_stream": io.BytesIO(data), "content_type": "application/json",
            "environ_overrides": {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True}}


MIB = 1024 * 1024
BID = b'{"type": "Bid", "args": {"amount": 1}}'


CASES: dict[str, Case] = {
    # -- the body of POST /games -----------------------------------------------------------
    "create-malformed-json": Case(lambda w: w.create(**raw('{"type": "toy", "seats": [')), 400, "not valid JSON"),
    "create-non-object-json": Case(lambda w: w.create(**raw('[{"type": "toy"}]')), 400, "JSON object"),
    "create-json-string": Case(lambda w: w.create(**raw('"toy"')), 400, "JSON object"),
    "create-wrong-content-type": Case(
        lambda w: w.create(**raw(json.dumps({"type": "toy", "seats": TWO_SEATS}), "text/plain")), 400,
        "Content-Type: application/json"),
    "create-form-encoded": Case(lambda w: w.create(data={"type": "toy"}), 400, "Content-Type: application/json"),
    "create-no-body": Case(lambda w: w.create(), 400, "Content-Type: application/json"),
    "create-missing-type": Case(lambda w: w.create({"seats": TWO_SEATS}), 400, "type"),
    "create-unknown-field": Case(lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "colour": "red"}), 400,
                                 "colour"),
    "create-unknown-seat-field": Case(
        lambda w: w.create({"type": "toy", "seats": [{"name": "ann", "age": 3}, {"name": "bob"}]}), 400, "age"),
    "create-type-not-a-string": Case(lambda w: w.create({"type": 7, "seats": TWO_SEATS}), 400, "type"),
    "create-seats-not-a-list": Case(lambda w: w.create({"type": "toy", "seats": "ann, bob"}), 400, "seats"),
    "create-seats-empty": Case(lambda w: w.create({"type": "toy", "seats": []}), 400, "seats"),
    "create-seat-not-an-object": Case(lambda w: w.create({"type": "toy", "seats": ["ann", "bob"]}), 400, "seats"),
    "create-seat-name-empty": Case(lambda w: w.create({"type": "toy", "seats": [{"name": ""}, {"name": "bob"}]}),
                                   400, "name"),
    "create-seat-name-missing": Case(lambda w: w.create({"type": "toy", "seats": [{"bot": "random"}, {"name": "b"}]}),
                                     400, "name"),
    "create-options-not-an-object": Case(lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "options": [1]}),
                                         400, "options"),
    "create-seed-not-a-string": Case(lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "seed": 42}), 400,
                                     "seed"),
    "create-unknown-game-type": Case(lambda w: w.create({"type": "chess", "seats": TWO_SEATS}), 404, "chess"),
    "create-unknown-bot-level": Case(
        lambda w: w.create({"type": "toy", "seats": [{"name": "ann"}, {"name": "hal", "bot": "grandmaster"}]}), 400,
        "unknown bot level 'grandmaster'"),
    "create-too-many-seats": Case(
        lambda w: w.create({"type": "toy", "seats": [*TWO_SEATS, {"name": "cy"}]}), 400, "2 seats, not 3"),
    "create-too-few-seats": Case(lambda w: w.create({"type": "toy", "seats": [{"name": "ann"}]}), 400,
                                 "2 seats, not 1"),
    "create-unknown-option": Case(lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "options": {"colour": 1}}),
                                  400, "unknown option 'colour'"),
    "create-option-out-of-range": Case(
        lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "options": {"pile": 0}}), 400, "options.pile"),
    "create-option-wrong-type": Case(
        lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "options": {"pile": "seven"}}), 400, "options.pile"),
    "create-body-too-large": Case(
        lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "seed": "x" * (1024 * 1024 + 1)}), 413, "exceeds"),
    # -- the body of POST /games/{id}/commands ---------------------------------------------
    "command-malformed-json": Case(lambda w: w.command(**raw('{"type": "Bid", "args": {')), 400, "not valid JSON"),
    "command-non-object-json": Case(lambda w: w.command(**raw('["Bid", {"amount": 1}]')), 400, "JSON object"),
    "command-wrong-content-type": Case(
        lambda w: w.command(**raw('{"type": "Bid", "args": {"amount": 1}}', "text/plain")), 400,
        "Content-Type: application/json"),
    "command-missing-type": Case(lambda w: w.command({"args": {"amount": 1}}), 400, "type"),
    "command-unknown-field": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "colour": 1}), 400,
                                  "colour"),
    "command-expected-version-a-string": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "expected_version": "3"}), 400, "expected_version"),
    "command-expected-version-negative": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "expected_version": -1}), 400, "expected_version"),
    "command-args-a-list": Case(lambda w: w.command({"type": "Bid", "args": [1]}), 400, "args"),
    "command-seat-a-string": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "seat": "1"}), 400,
                                  "seat"),
    "command-id-bad-characters": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "command_id": "two words"}), 400, "command_id"),
    "command-unknown-type": Case(lambda w: w.command({"type": "Fly", "args": {}}), 400,
                                 "unknown command type 'Fly'"),
    "command-args-mistyped": Case(lambda w: w.command({"type": "Bid", "args": {"amount": "two"}}), 400,
                                  "args.amount"),
    "command-args-missing": Case(lambda w: w.command({"type": "Bid", "args": {}}), 400, "'amount'"),
    "command-args-unknown": Case(lambda w: w.command({"type": "Roll", "args": {"twice": True}}), 400, "'twice'"),
    "command-args-not-allowed-value": Case(lambda w: w.command({"type": "Take", "args": {"count": 3}}), 400,
                                           "args.count"),
    # -- who may send it ------------------------------------------------------------------
    "command-missing-token": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, seat=None), 401,
                                  "Bearer", www_authenticate),
    "command-basic-auth": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, headers={"Authorization": "Basic YW5uOnB3"}),
        401, "Bearer <token>", www_authenticate),
    "command-bearer-without-token": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, headers={"Authorization": "Bearer "}), 401,
        "Bearer <token>", www_authenticate),
    "command-unknown-token": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, headers=bearer("not-a-token")), 401,
        "matches no seat", www_authenticate),
    "command-another-games-token": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, headers=w.other.auth(1)), 403, "another game"),
    "command-seat-not-the-tokens": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "seat": 0}, seat=1), 403, "seat 1"),
    "view-unknown-token": Case(lambda w: w.client.get(w.game.url, headers=bearer("not-a-token")), 401,
                               "matches no seat", www_authenticate),
    "view-another-games-token": Case(lambda w: w.client.get(w.game.url, headers=w.other.auth(0)), 403,
                                     "another game"),
    "actions-another-games-token": Case(lambda w: w.client.get(f"{w.game.url}/actions", headers=w.other.auth(0)),
                                        403, "another game"),
    "events-unknown-token": Case(lambda w: w.client.get(f"{w.game.url}/events", headers=bearer("nope")), 401,
                                 "matches no seat"),
    # -- the game's state and rules --------------------------------------------------------
    "command-stale-expected-version": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "expected_version": 3}), 409, "version 4",
        current_version_4),
    "command-illegal-bid": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 7}}), 422, "a bid is 0 to 3"),
    "command-illegal-take-before-bidding": Case(lambda w: w.command({"type": "Take", "args": {"count": 1}}), 422,
                                                "bid first"),
    "command-not-your-turn": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 1}}, seat=0), 422,
                                  "not seat 0's turn"),
    "command-id-reused-other-body": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 3}, "command_id": "first"}, seat=0), 422,
        "already used"),
    "command-id-reused-other-seat": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 2}, "command_id": "first"}, seat=1), 422,
        "already used", tells_nothing_of_the_earlier_command),
    # -- unknown games ---------------------------------------------------------------------
    "view-unknown-game": Case(lambda w: w.client.get(f"{API}/games/no-such-game"), 404, "no-such-game"),
    "actions-unknown-game": Case(lambda w: w.client.get(f"{API}/games/no-such-game/actions"), 404, "no-such-game"),
    "events-unknown-game": Case(lambda w: w.client.get(f"{API}/games/no-such-game/events"), 404, "no-such-game"),
    "command-unknown-game": Case(
        lambda w: w.client.post(f"{API}/games/no-such-game/commands", headers=w.game.auth(1),
                                json={"type": "Bid", "args": {"amount": 1}}), 404, "no-such-game"),
    # -- the events query ------------------------------------------------------------------
    "events-limit-zero": Case(lambda w: w.events("limit=0"), 400, "limit"),
    "events-limit-too-big": Case(lambda w: w.events("limit=1001"), 400, "limit"),
    "events-limit-not-a-number": Case(lambda w: w.events("limit=abc"), 400, "limit"),
    "events-after-negative": Case(lambda w: w.events("after=-1"), 400, "after"),
    "events-after-not-a-number": Case(lambda w: w.events("after=1.5"), 400, "after"),
    # -- integers: ASCII digits only, within the signed 64-bit range, in every place ------------
    "events-after-beyond-int64": Case(lambda w: w.events(f"after={INT64_MAX + 1}"), 400, "after"),
    "events-after-far-beyond-int64": Case(lambda w: w.events("after=1180591620717411303424"), 400, "after"),
    "events-after-below-int64": Case(lambda w: w.events(f"after={-INT64_MAX - 2}"), 400, "after"),
    "events-after-superscript-digit": Case(lambda w: w.events(f"after={SUPERSCRIPT_TWO}"), 400, "after"),
    "events-after-arabic-indic-digit": Case(lambda w: w.events(f"after={ARABIC_INDIC_THREE}"), 400, "after"),
    "events-after-fullwidth-digit": Case(lambda w: w.events(f"after={FULLWIDTH_THREE}"), 400, "after"),
    "events-after-underscored": Case(lambda w: w.events("after=1_0"), 400, "after"),
    "events-after-plus-sign": Case(lambda w: w.events("after=%2B3"), 400, "after"),
    "events-limit-fullwidth-digit": Case(lambda w: w.events(f"limit={FULLWIDTH_THREE}"), 400, "limit"),
    "list-cursor-beyond-int64": Case(lambda w: w.client.get(f"{API}/games?cursor={INT64_MAX + 1}"), 400, "cursor"),
    "list-cursor-far-beyond-int64": Case(lambda w: w.client.get(f"{API}/games?cursor=1180591620717411303424"), 400,
                                         "cursor"),
    "list-cursor-arabic-indic-digit": Case(lambda w: w.client.get(f"{API}/games?cursor={ARABIC_INDIC_THREE}"), 400,
                                           "cursor"),
    "list-limit-superscript-digit": Case(lambda w: w.client.get(f"{API}/games?limit={SUPERSCRIPT_TWO}"), 400,
                                         "limit"),
    "stream-after-superscript-digit": Case(lambda w: w.get(f"/stream?after={SUPERSCRIPT_TWO}"), 400, "after"),
    "stream-after-fullwidth-digit": Case(lambda w: w.get(f"/stream?after={FULLWIDTH_THREE}"), 400, "after"),
    "stream-after-beyond-int64": Case(lambda w: w.get(f"/stream?after={INT64_MAX + 1}"), 400, "after"),
    "stream-last-event-id-arabic-indic-digit": Case(
        lambda w: w.get("/stream", headers={"Last-Event-ID": "\u0663".encode().decode("latin-1")}), 400,
        "Last-Event-ID"),
    "stream-last-event-id-beyond-int64": Case(
        lambda w: w.get("/stream", headers={"Last-Event-ID": str(INT64_MAX + 1)}), 400, "Last-Event-ID"),
    "replay-at-beyond-int64": Case(lambda w: w.get(f"/replay?at={INT64_MAX + 1}"), 400, "at"),
    "replay-at-fullwidth-digit": Case(lambda w: w.get(f"/replay?at={FULLWIDTH_THREE}"), 400, "at"),
    "replay-as-beyond-int64": Case(lambda w: w.get(f"/replay?at=1&as={INT64_MAX + 1}"), 400, "as"),
    "replay-as-arabic-indic-digit": Case(lambda w: w.get(f"/replay?at=1&as={ARABIC_INDIC_ONE}"), 400, "as"),
    "timeline-as-superscript-digit": Case(lambda w: w.get(f"/timeline?as={SUPERSCRIPT_TWO}"), 400, "as"),
    "timeline-as-far-beyond-int64": Case(lambda w: w.get("/timeline?as=1180591620717411303424"), 400, "as"),
    "command-expected-version-beyond-int64": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "expected_version": INT64_MAX + 1}), 400,
        "expected_version"),
    "command-seat-beyond-int64": Case(lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "seat": 2**64}), 400,
                                      "seat"),
    "command-arg-beyond-int64": Case(lambda w: w.command({"type": "Bid", "args": {"amount": INT64_MAX + 1}}), 400,
                                     "args.amount"),
    "command-arg-below-int64": Case(lambda w: w.command({"type": "Bid", "args": {"amount": -INT64_MAX - 2}}), 400,
                                    "args.amount"),
    "command-nested-arg-beyond-int64": Case(
        lambda w: w.command({"type": "Roll", "args": {"spin": [1, {"turns": 2**70}]}}), 400, "args.spin[1].turns"),
    "create-option-beyond-int64": Case(
        lambda w: w.create({"type": "toy", "seats": TWO_SEATS, "options": {"pile": INT64_MAX + 1}}), 400,
        "options.pile"),
    "fork-at-beyond-int64": Case(lambda w: w.post(f"/games/{w.game.id}/fork", {"at": INT64_MAX + 1}), 400, "at"),
    "import-seq-beyond-int64": Case(lambda w: w.post("/replays", {"events": [{"seq": INT64_MAX + 1}]}), 400,
                                    "events[0].seq"),
    # -- seat names: no control or bidirectional formatting characters -------------------------
    # U+0000 is refused in any text of any body, before the schema looks (see test_a_text_holding_nul_...)
    "create-seat-name-nul": Case(lambda w: w.create({"type": "toy", "seats": [{"name": "a\x00b"}, {"name": "bob"}]}),
                                 400, "seats[0].name: must not contain U+0000"),
    "create-seat-name-escape-sequence": Case(
        lambda w: w.create({"type": "toy", "seats": [{"name": "ann"}, {"name": "\x1b[31mbob"}]}), 400,
        "seats.1.name"),
    "create-seat-name-right-to-left-override": Case(
        lambda w: w.create({"type": "toy", "seats": [{"name": "ann\u202egpj.exe"}, {"name": "bob"}]}), 400,
        "U+202E at index 3"),
    "fork-seat-name-isolate": Case(
        lambda w: w.post(f"/games/{w.game.id}/fork", {"at": 3, "seats": [{"name": "\u2067ann"}, {"name": "bob"}]}),
        400, "seats.0.name"),
    # -- bodies over the limit ----------------------------------------------------------------
    "command-body-too-large": Case(
        lambda w: w.command({"type": "Bid", "args": {"amount": 1}, "command_id": "x" * (3 * 512 * 1024)}), 413,
        "exceeds the limit of this route (1048576 bytes, 1 MiB)"),
    "command-chunked-body-too-large": Case(lambda w: w.command(**chunked(BID + b" " * MIB)), 413,
                                           "exceeds the limit of this route (1048576 bytes, 1 MiB)"),
    # -- routes and methods ----------------------------------------------------------------
    "unknown-api-route": Case(lambda w: w.client.get(f"{API}/nothing-here"), 404, "not found"),
    "unknown-route": Case(lambda w: w.client.get("/no/such/page"), 404, "not found"),
    "wrong-method-on-games": Case(lambda w: w.client.put(f"{API}/games", json={}), 405, "not allowed"),
    "wrong-method-on-a-game": Case(lambda w: w.client.delete(w.game.url), 405, "not allowed"),
    "wrong-method-on-commands": Case(lambda w: w.client.get(f"{w.game.url}/commands"), 405, "not allowed"),
}


def assert_problem(response: TestResponse, status: int) -> dict[str, Any]:
    """The response is an RFC 9457 problem with the given status; returns its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = json.loads(response.get_data(as_text=True))
    assert isinstance(body, dict)
    assert {"type", "title", "status", "detail"} <= set(body), body
    assert body["status"] == status
    assert isinstance(body["type"], str) and body["type"].startswith("urn:trailhead:problem:"), body["type"]
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and len(body["detail"]) >= 5, body["detail"]
    return body


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_bad_request_gets_its_status_and_a_helpful_problem(world: World, case: Case) -> None:
    response = case.send(world)

    body = assert_problem(response, case.status)
    assert case.detail.lower() in body["detail"].lower(), body["detail"]
    if case.check is not None:
        case.check(world, response, body)
    # Nothing was appended: the games are where they were.
    after = world.game.get()
    assert (after["version"], after["to_act"]) == (4, [1])
    if "other" in vars(world):
        assert world.other.get()["version"] == 3


@pytest.mark.parametrize(
    ("case", "allowed"),
    [(CASES["wrong-method-on-games"], {"POST"}), (CASES["wrong-method-on-a-game"], {"GET"}),
     (CASES["wrong-method-on-commands"], {"POST"})],
    ids=["games", "a-game", "commands"],
)
def test_405_names_the_allowed_methods(world: World, case: Case, allowed: set[str]) -> None:
    """RFC 9110, 15.5.6: a 405 response MUST carry an Allow header."""
    response = case.send(world)

    assert_problem(response, 405)
    assert allowed <= {method.strip() for method in response.headers.get("Allow", "").split(",")}, response.headers


def test_problem_type_and_title_name_the_error_family(world: World) -> None:
    families = {
        "invalid-request": CASES["create-missing-type"],
        "invalid-command": CASES["command-unknown-type"],
        "unauthorized": CASES["command-missing-token"],
        "forbidden": CASES["command-another-games-token"],
        "not-found": CASES["view-unknown-game"],
        "version-conflict": CASES["command-stale-expected-version"],
        "illegal-command": CASES["command-illegal-bid"],
        "command-id-reused": CASES["command-id-reused-other-body"],
    }
    seen = {}
    for slug, case in families.items():
        body = assert_problem(case.send(world), case.status)
        assert body["type"] == f"urn:trailhead:problem:{slug}"
        seen[body["type"]] = body["title"]
    assert len(set(seen.values())) == len(families), "each family has its own title"


# -- the edges of the bounds: the largest integers are read, and answered by the rules --------------

@pytest.mark.both_backends  # the bounds as each backend stores them
def test_integers_at_the_signed_64_bit_bounds_are_read(world: World) -> None:
    assert world.events(f"after={INT64_MAX}").get_json() == {"events": [], "next": INT64_MAX, "has_more": False}
    assert world.client.get(f"{API}/games?cursor={INT64_MAX}").status_code == 200
    assert world.get(f"/replay?at={INT64_MAX}").get_json()["detail"] == "at: the game has 4 events"
    assert_problem(world.command({"type": "Bid", "args": {"amount": 1}, "expected_version": INT64_MAX}), 409)
    assert_problem(world.command({"type": "Bid", "args": {"amount": -INT64_MAX - 1}}), 422)
    assert world.game.get()["version"] == 4


# -- seat names -----------------------------------------------------------------------------------

UNPRINTABLE = [
    *map(chr, range(0x00, 0x20)),  # C0 controls
    *map(chr, range(0x7F, 0xA0)),  # DEL and the C1 controls
    "\u061c", "\u200e", "\u200f",  # Arabic letter mark, left-to-right and right-to-left marks
    "\u2028", "\u2029",  # line and paragraph separators
    *map(chr, range(0x202A, 0x202F)),  # bidirectional embeddings and overrides
    *map(chr, range(0x2066, 0x206A)),  # bidirectional isolates
]


def test_each_control_or_bidi_character_in_a_seat_name_is_a_400_naming_the_field(world: World) -> None:
    for char in UNPRINTABLE[1:]:  # U+0000 is refused in any text of any body, with its own message (see below)
        response = world.create({"type": "toy", "seats": [{"name": "ann"}, {"name": f"b{char}b"}]})

        body = assert_problem(response, 400)
        assert body["type"] == "urn:trailhead:problem:invalid-request"
        assert body["detail"] == ("seats.1.name: must not contain control or bidirectional formatting characters "
                                  f"(U+{ord(char):04X} at index 1)")
        assert body["errors"] == {"seats": {"1": {"name": [body["detail"].removeprefix("seats.1.name: ")]}}}


@pytest.mark.both_backends  # names stored as they are
def test_names_in_any_script_are_taken_as_they_are(world: World) -> None:
    names = ["Zoë", "山田 太郎", "سارة", "🦙 llama", "O'Brien-Smith"]
    for first, second in zip(names, names[1:]):
        created = ToyGame(world.client, seats=[{"name": first}, {"name": second}]).created

        assert [seat["name"] for seat in created["seats"]] == [first, second]


# -- bodies sent in chunks, their length not known up front --------------------------------------

def test_a_chunked_body_up_to_the_limit_is_read_whole(world: World) -> None:
    response = world.command(**chunked(BID + b" " * (MIB - len(BID))))

    assert response.status_code == 201, response.get_data(as_text=True)


# -- bodies that are JSON to Python but not valid JSON text or Unicode ---------------------------

EDGE_BODIES = {
    "command-nan-arg": ("command", '{"type": "Bid", "args": {"amount": NaN}}'),
    "command-infinity-arg": ("command", '{"type": "Bid", "args": {"amount": Infinity}}'),
    "command-nan-unknown-arg": ("command", '{"type": "Roll", "args": {"spin": -Infinity}}'),
    "command-lone-surrogate-arg": ("command", '{"type": "Bid", "args": {"amount": "\\ud800"}}'),
    "command-deeply-nested": ("command", '{"type": "Bid", "args": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    "create-lone-surrogate-seat-name": ("create", '{"type": "toy", "seats": [{"name": "\\udcff"}, {"name": "b"}]}'),
    "create-lone-surrogate-seed": ("create", '{"type": "toy", "seats": [{"name": "a"}, {"name": "b"}], '
                                             '"seed": "\\ud83d"}'),
    "create-nan-option": ("create", '{"type": "toy", "seats": [{"name": "a"}, {"name": "b"}], '
                                    '"options": {"pile": NaN}}'),
    "create-deeply-nested": ("create", '{"type": "toy", "seats": ' + "[" * 100_000 + "]" * 100_000 + "}"),
}


@pytest.mark.parametrize("target,text", list(EDGE_BODIES.values()), ids=list(EDGE_BODIES))
def test_non_json_numbers_bad_unicode_and_deep_nesting_are_a_400(world: World, target: str, text: str) -> None:
    response = world.create(**raw(text)) if target == "create" else world.command(**raw(text))

    assert_problem(response, 400)
    assert world.game.get()["version"] == 4


# -- fuzz: no input is ever a 500 -----------------------------------------------------------------

KEYS = ["type", "seats", "name", "bot", "options", "seed", "args", "expected_version", "command_id", "seat",
        "amount", "count", "pile", "", "__proto__", "ζ"]
STRINGS = ["", "toy", "Bid", "Take", "Roll", "random", "careful", "hikes-of-the-west", "first", "ann", "x" * 300,
           "é", "\x00", "💥", "\ud800", "1", "null", "-1", "../../etc", "SELECT 1;", "c-1"]
NUMBERS = [0, 1, 2, 3, 4, -1, 7, 2**31, 2**63, 10**30, -(10**30), 0.0, -0.0, 1.5, 1e308,
           float("nan"), float("inf"), float("-inf")]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.choice(["none", "bool", "number", "number", "str", "str", "list", "dict"])
    if depth > 3 and kind in ("list", "dict"):
        kind = "str"
    match kind:
        case "none":
            return None
        case "bool":
            return rng.random() < 0.5
        case "number":
            return rng.choice(NUMBERS)
        case "str":
            return rng.choice(STRINGS)
        case "list":
            return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(KEYS): random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def places(node: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) in a JSON value, depth first."""
    found = []
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, child in children:
        found.append((node, key))
        found.extend(places(child))
    return found


def mutated(rng: random.Random, template: Any) -> Any:
    """`template` with one or two random changes: a value replaced, a key dropped or a key added."""
    body = json.loads(json.dumps(template))
    for _ in range(rng.choice([1, 1, 1, 2])):
        container, key = rng.choice(places(body))
        roll = rng.random()
        if roll < 0.7:
            container[key] = random_value(rng)
        elif roll < 0.85 and isinstance(container, dict):
            del container[key]
        elif isinstance(container, dict):
            container[rng.choice(KEYS)] = random_value(rng)
        else:
            container.append(random_value(rng))
    return body


def fuzz_texts(rng: random.Random, templates: list[Any], count: int) -> list[tuple[str, str]]:
    """(content type, body text) pairs: mostly lightly mutated valid bodies, some random values, broken text."""
    texts = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.75:
            text = json.dumps(mutated(rng, rng.choice(templates)))
        elif roll < 0.85:
            text = json.dumps(random_value(rng))
        elif roll < 0.95:
            text = json.dumps(rng.choice(templates))
            text = text[: rng.randrange(len(text))] + rng.choice(["", "}", "]", ",", '"', "\\", "\x00", "NaN"])
        else:
            depth = rng.choice([10, 1000, 50_000])
            text = json.dumps(rng.choice(templates))[:-1] + ', "args": ' + "[" * depth + "]" * depth + "}"
        content_type = rng.choice(["application/json"] * 9 + ["text/plain"])
        texts.append((content_type, text))
    return texts


def assert_no_server_errors(sent: list[tuple[str, str, TestResponse]]) -> None:
    failures = [(ct, text[:200], r.status_code) for ct, text, r in sent if r.status_code >= 500]
    assert not failures, f"{len(failures)} of {len(sent)} bodies got a 5xx, e.g.:\n" + "\n".join(
        map(repr, failures[:8]))
    for _, _, response in sent:
        if response.status_code >= 400:
            assert response.mimetype == "application/problem+json"


@pytest.mark.parametrize("seed", [1, 2], ids=["seed-1", "seed-2"])
def test_fuzzed_create_bodies_never_get_a_500(world: World, seed: int) -> None:
    rng = random.Random(f"create-{seed}")
    templates = [
        {"type": "toy", "seats": [{"name": "ann"}, {"name": "hal", "bot": "careful"}], "options": {"pile": 3},
         "seed": "s"},
        {"type": "toy", "seats": [{"name": "ann", "bot": None}, {"name": "bob"}]},
        {"type": "hikes-of-the-west", "seats": [{"name": "solo"}]},
    ]

    sent = [(ct, text, world.create(**raw(text, ct))) for ct, text in fuzz_texts(rng, templates, 150)]

    assert_no_server_errors(sent)


@pytest.mark.parametrize("seed", [1, 2], ids=["seed-1", "seed-2"])
def test_fuzzed_command_bodies_never_get_a_500(world: World, seed: int) -> None:
    rng = random.Random(f"command-{seed}")
    templates = [
        {"type": "Bid", "args": {"amount": 1}, "expected_version": 4, "command_id": "c-1", "seat": 1},
        {"type": "Take", "args": {"count": 1}},
        {"type": "Roll", "args": {}, "command_id": "first"},
    ]

    sent = []
    for ct, text in fuzz_texts(rng, templates, 150):
        seat = rng.choice([0, 1, 1, 1])
        sent.append((ct, text, world.command(seat=seat, **raw(text, ct))))

    assert_no_server_errors(sent)


@pytest.mark.both_backends  # PostgreSQL's text refuses NUL
@pytest.mark.parametrize("where", ["seed", "option key", "command arg", "command arg key", "import"])
def test_a_text_holding_nul_is_a_400_naming_its_path_and_nothing_is_stored(client: FlaskClient, where: str) -> None:
    """PostgreSQL's text cannot hold U+0000, so no body may carry one, on either backend alike."""
    game = ToyGame(client)
    before = game.get()["version"]
    path, body, field = {
        "seed": ("/api/v1/games", {"type": "toy", "seats": [{"name": "a"}, {"name": "b"}], "seed": "s\u0000"}, "seed"),
        "option key": ("/api/v1/games", {"type": "toy", "seats": [{"name": "a"}, {"name": "b"}],
                                         "options": {"p\u0000ile": 3}}, "options"),
        "command arg": (f"{game.url}/commands", {"type": "Bid", "args": {"amount": "1\u0000"}}, "args.amount"),
        "command arg key": (f"{game.url}/commands", {"type": "Bid", "args": {"a\u0000": 1}}, "args"),
        "import": ("/api/v1/replays", {"format": "trailhead-replay", "game_id": "x\u0000"}, "game_id"),
    }[where]
    games_before = client.get("/api/v1/games").get_json()
    response = client.post(path, json=body, headers=game.auth(0))
    assert response.status_code == 400, response.get_json()
    problem = response.get_json()
    assert problem["detail"].startswith(f"{field}: ") and "U+0000" in problem["detail"], problem
    assert game.get()["version"] == before
    assert client.get("/api/v1/games").get_json() == games_before
