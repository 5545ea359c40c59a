"""The games API through the Flask test client, on a real database of each backend, with the toy game.

The toy game (tests/support/toy.py): each seat is dealt a secret card, both seats bid at
once, then they take stones or roll a die in turn; whoever empties the pile ends it.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

from integration.event_log import assert_sound_log, event_rows
from integration.toy_client import API, ToyGame
from application.chain import event_hash
from storage import open_storage
from storage.postgres import is_postgresql_url
from support.rows import table_rows


SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"

#: The toy commands a client could send (Bid 4 never is legal): /actions lists exactly the legal ones.
TOY_COMMANDS = [
    *[("Bid", {"amount": amount}) for amount in range(5)],
    ("Take", {"count": 1}),
    ("Take", {"count": 2}),
    ("Roll", {}),
]


def card_of(events: list[dict[str, Any]], seat: int) -> int | None:
    (dealt,) = [e for e in events if e["type"] == "CardDealt" and e["seq"] <= 3 and e["visibility"] == [seat]]
    return None if dealt["redacted"] else dealt["data"]["card"]


def play_to_the_end(game: ToyGame, rng: random.Random) -> list[dict[str, Any]]:
    """Both seats send random listed actions until the game ends; returns every command response."""
    responses = []
    while to_act := game.get()["to_act"]:
        seat = rng.choice(to_act)
        listed = game.actions(seat)
        action = rng.choice(listed["actions"])
        responses.append(game.play(seat, action["type"], action["args"], expected_version=listed["version"]))
    return responses


# -- create and tokens ----------------------------------------------------------------------------


def test_game_types_list_the_toy_game(client: FlaskClient) -> None:
    response = client.get(f"{API}/game-types")

    assert response.status_code == 200
    (toy,) = [t for t in response.get_json() if t["id"] == "toy"]
    assert toy == {"id": "toy", "title": "Toy", "min_seats": 2, "max_seats": 2, "bots": ["random", "careful"],
                   "bot_levels": toy["bot_levels"], "rules_version": 1, "rules_versions": [1],
                   "options_schema": toy["options_schema"]}
    assert [row["level"] for row in toy["bot_levels"]] == toy["bots"]
    assert toy["options_schema"]["properties"]["pile"]["default"] == 7


def test_create_returns_tokens_only_for_human_seats(client: FlaskClient) -> None:
    response = client.post(f"{API}/games", json={"type": "toy", "seats": [{"name": "ann"},
                                                                           {"name": "hal", "bot": "random"}]})

    assert response.status_code == 201
    created = response.get_json()
    assert response.headers["Location"] == f"{API}/games/{created['id']}"
    assert created["type"] == "toy" and created["status"] == "active"
    human, bot = created["seats"]
    assert {k: human[k] for k in ("index", "name", "bot")} == {"index": 0, "name": "ann", "bot": None}
    assert isinstance(human["token"], str) and human["token"]
    assert bot == {"index": 1, "name": "hal", "bot": "random", "player": None, "open": False, "gone": False}
    assert re.fullmatch(r"[0-9a-f]{64}", created["seed_commitment"])
    # The token is shown once: never again in the game's view or log.
    for url in (f"{API}/games/{created['id']}", f"{API}/games/{created['id']}/events"):
        shown = client.get(url, headers={"Authorization": f"Bearer {human['token']}"}).get_data(as_text=True)
        assert human["token"] not in shown


def token_bits(token: str) -> float:
    alphabet = 16 if re.fullmatch(r"[0-9a-f]+", token) else 64
    assert re.fullmatch(r"[A-Za-z0-9_\-]+", token), f"token {token!r} is not URL-safe"
    return len(token) * math.log2(alphabet)


@pytest.mark.both_backends  # what the rows hold
def test_tokens_are_random_and_stored_only_as_hashes(client: FlaskClient, database: str) -> None:
    games = [ToyGame(client) for _ in range(5)]
    tokens = [token for game in games for token in game.tokens.values()]

    assert len(set(tokens)) == len(tokens) == 10
    assert all(token_bits(token) >= 128 for token in tokens), tokens
    if not is_postgresql_url(database):
        # Look into the SQLite files themselves (database, WAL, shared memory): no plaintext token anywhere.
        path = Path(database)
        files = [file for file in path.parent.iterdir() if file.name.startswith(path.name)]
        assert path in files
        raw = b"".join(file.read_bytes() for file in files)
        for token in tokens:
            assert token.encode() not in raw
    # Every row of every table (PostgreSQL: of the test's schema): the hashes are there, no token is.
    store = open_storage(database)
    try:
        stored = {token_hash for game in games for token_hash in store.token_hashes(game.id).values()}
    finally:
        store.close()
    rows = table_rows(database)
    assert {"seat_tokens", "games", "events", "commands", "game_seeds"} <= set(rows)
    assert len(rows["seat_tokens"]) == len(tokens)
    cells = [str(cell) for table in rows.values() for row in table for cell in row]
    assert stored == {hashlib.sha256(token.encode()).hexdigest() for token in tokens}
    assert not [cell for cell in cells for token in tokens if token in cell]
    # The stored hash is not a credential: presenting it is an unknown token.
    game = games[0]
    as_hash = hashlib.sha256(game.tokens[0].encode()).hexdigest()
    assert client.get(game.url, headers={"Authorization": f"Bearer {as_hash}"}).status_code == 401
    assert client.get(game.url, headers={"Authorization": f"Bearer {game.tokens[0][:-1]}"}).status_code == 401


# -- the caller's view ----------------------------------------------------------------------------


def test_game_view_is_the_callers_with_the_head_hash_of_the_last_event(toy: ToyGame) -> None:
    events = toy.all_events(0)
    own_card = card_of(events, 0)

    seat0, seat1, spectator = toy.get(0), toy.get(1), toy.get()

    assert seat0["you"] == 0 and seat1["you"] == 1 and spectator["you"] is None
    assert seat0["state"]["your_card"] == own_card
    assert seat1["state"]["your_card"] == card_of(toy.all_events(1), 1)
    assert spectator["state"]["your_card"] is None
    for body in (seat0, seat1, spectator):
        assert body["id"] == toy.id and body["type"] == "toy" and body["status"] == "active"
        assert body["version"] == len(events) == 3
        assert body["head_hash"] == events[-1]["hash"] == toy.created["head_hash"]
        assert body["seed_commitment"] == toy.created["seed_commitment"]
        assert body["to_act"] == [0, 1]
        assert body["result"] is None
        assert "seed" not in body
    toy.play(0, "Bid", {"amount": 1})
    assert toy.get()["head_hash"] == toy.all_events()[-1]["hash"]


def test_hidden_cards_and_bids_stay_hidden_until_the_end(client: FlaskClient) -> None:
    secret_seed = "a-secret-seed-nobody-may-see-4711"
    game = ToyGame(client, seed=secret_seed, options={"pile": 4})
    bodies: list[str] = []

    def seen(response: Any) -> Any:
        bodies.append(response.get_data(as_text=True))
        return response

    assert seen(game.send(1, "Bid", {"amount": 2})).status_code == 201
    assert seen(game.send(0, "Bid", {"amount": 1})).status_code == 201
    for seat in (0, 1, None):
        bodies.append(json.dumps(game.get(seat)))
        log = game.events(seat, limit=1000)
        bodies.append(json.dumps(log))
        for event in log["events"]:
            private = event["visibility"] != "public"
            hidden = private and seat not in event["visibility"]
            assert event["redacted"] is hidden, event
            assert (event["data"] is None) is hidden, event
        assert [e["type"] for e in log["events"] if e["redacted"]] == (
            ["CardDealt", "CardDealt", "BidMade", "BidMade"] if seat is None else ["CardDealt", "BidMade"])
    assert card_of(game.all_events(0), 1) is None and card_of(game.all_events(1), 0) is None
    assert game.get(0)["state"]["bids_made"] == [True, True]  # that a bid was made is public; its amount is not

    # The end: the higher bidder (seat 1) and seat 0 take stones until the pile is empty.
    while to_act := game.get()["to_act"]:
        assert seen(game.send(to_act[0], "Take", {"count": 2})).status_code == 201
    assert not [body for body in bodies if secret_seed in body], "the seed leaked before the end"

    final = game.get()
    assert final["status"] == "finished" and final["to_act"] == []
    assert final["seed"] == secret_seed
    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_commitment"]
    log = game.all_events()
    assert not [e for e in log if e["redacted"] or e["data"] is None]
    cards = {e["data"]["seat"]: e["data"]["card"] for e in log if e["type"] == "CardDealt"}
    bids = {e["data"]["seat"]: e["data"]["amount"] for e in log if e["type"] == "BidMade"}
    assert bids == {0: 1, 1: 2}
    standings = {s["seat"]: s["score"] for s in final["result"]["standings"]}
    assert standings == cards  # nobody rolled, so a score is the seat's card


@pytest.mark.both_backends  # the stored hash chain
def test_redacted_event_data_cannot_be_recovered_from_its_hash(toy: ToyGame) -> None:
    """A redacted event shows its hash; the hash must not give its data away by trying the few possible values."""
    toy.play(0, "Bid", {"amount": 3})
    log = toy.all_events(1)
    redacted = [e for e in log if e["redacted"]]
    assert [e["type"] for e in redacted] == ["CardDealt", "BidMade"]

    recovered = {}
    for event in redacted:
        field, values = ("card", range(1, 10)) if event["type"] == "CardDealt" else ("amount", range(4))
        for value in values:
            data = {field: value, "seat": event["visibility"][0]}
            if event_hash(event["prev_hash"], event["seq"], event["type"], data, event["seat"],
                          event["command_id"]) == event["hash"]:
                recovered[event["type"]] = value
    assert not recovered, f"seat 1 recovered seat 0's hidden data from the public hashes: {recovered}"


def test_all_bot_game_plays_to_the_end_after_the_response_and_reveals_everything(client: FlaskClient) -> None:
    game = ToyGame(client, seats=[{"name": "hal", "bot": "random"}, {"name": "eve", "bot": "careful"}])

    assert game.tokens == {}
    assert game.created["version"] == 3 and game.created["status"] == "active"  # no bot plays inside the request
    game.settle()
    final = game.get()
    assert final["status"] == "finished" and final["result"]["winners"]
    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_commitment"]
    log = game.all_events()
    assert len(log) == final["version"] > 3
    assert all(not e["redacted"] for e in log)
    assert all(e["command_id"].startswith("bot:") for e in log[3:])


# -- actions ---------------------------------------------------------------------------------------


def test_actions_list_exactly_the_legal_commands_and_each_is_accepted(client: FlaskClient) -> None:
    seed, options = "actions-seed", {"pile": 3}
    game = ToyGame(client, seed=seed, options=options)
    history: list[tuple[int, str, dict[str, Any]]] = []
    rng = random.Random(7)
    checked = 0

    def fork() -> ToyGame:
        """The same game (same seed, same commands so far) in a new id, to try one action on."""
        copy = ToyGame(client, seed=seed, options=options)
        for seat, type_, args in history:
            copy.play(seat, type_, args)
        assert copy.get()["head_hash"] != game.get()["head_hash"]  # bound to its own id...
        assert [e["data"] for e in copy.all_events()[1:]] == [e["data"] for e in game.all_events()[1:]]  # ...same
        return copy

    while to_act := game.get()["to_act"]:
        spectator = game.actions()
        assert spectator["seat"] is None and spectator["actions"] == []
        version = game.get()["version"]
        for seat in (0, 1):
            listed = game.actions(seat)
            assert listed["seat"] == seat and listed["version"] == version
            actions = [(a["type"], a["args"]) for a in listed["actions"]]
            if seat not in to_act:
                assert actions == []
                continue
            assert actions and all(action in TOY_COMMANDS for action in actions), actions
            for type_, args in TOY_COMMANDS:
                if (type_, args) not in actions:
                    refused = game.send(seat, type_, args, expected_version=version)
                    assert refused.status_code in (400, 422), (type_, args, refused.get_json())
            assert game.get()["version"] == version  # nothing refused was appended
            for type_, args in actions:
                accepted = fork().send(seat, type_, args, expected_version=version)
                assert accepted.status_code == 201, (type_, args, accepted.get_json())
                checked += 1
        seat = rng.choice(to_act)
        type_, args = rng.choice([(a["type"], a["args"]) for a in game.actions(seat)["actions"]])
        game.play(seat, type_, args, expected_version=version)
        history.append((seat, type_, args))

    assert checked >= 10
    assert game.get()["status"] == "finished"
    assert game.actions(0)["actions"] == [] and game.actions(1)["actions"] == []


def test_both_seats_bid_at_once(toy: ToyGame) -> None:
    assert toy.get()["to_act"] == [0, 1]
    for seat in (0, 1):
        assert [a["type"] for a in toy.actions(seat)["actions"]] == ["Bid"] * 4

    toy.play(1, "Bid", {"amount": 3})  # seat 1 need not wait for seat 0

    assert toy.get()["to_act"] == [0]
    assert toy.actions(1)["actions"] == []
    assert toy.send(1, "Bid", {"amount": 1}).status_code == 422
    toy.play(0, "Bid", {"amount": 1})
    assert toy.get()["to_act"] == [1]  # the higher bidder moves first
    assert [a["type"] for a in toy.actions(1)["actions"]] == ["Take", "Take", "Roll"]


# -- commands --------------------------------------------------------------------------------------


def test_command_response_carries_the_head_hash_and_the_events(toy: ToyGame) -> None:
    before = toy.get(0)

    response = toy.play(0, "Bid", {"amount": 2}, expected_version=before["version"], command_id="bid-0")

    assert response["version"] == before["version"] + 1 == 4
    (event,) = response["events"]
    assert event["seq"] == 4 and event["type"] == "BidMade" and event["seat"] == 0
    assert event["data"] == {"seat": 0, "amount": 2} and event["redacted"] is False  # the sender sees its own bid
    assert event["command_id"] == "bid-0" and event["game_id"] == toy.id
    assert event["prev_hash"] == before["head_hash"]
    assert event["hash"] == response["head_hash"] == toy.get()["head_hash"]
    assert toy.all_events(0)[-1] == event
    unnamed = toy.play(1, "Bid", {"amount": 0})
    assert unnamed["events"][0]["command_id"]  # the server names a command the client did not
    assert_sound_log_over_http(toy)


def test_command_response_bytes_are_flasks_json_whichever_way_they_are_encoded(toy: ToyGame, app: Flask) -> None:
    """A 201 splices its events' stored data into msgspec's output (SortedJSON.exact_response): the
    bytes are those Flask's json.dumps gives the same body (sorted keys, compact, ASCII), retries too."""
    sent = [toy.send(0, "Bid", {"amount": 2}, command_id="bid-0"), toy.send(1, "Bid", {"amount": 1}),
            toy.send(0, "Bid", {"amount": 2}, command_id="bid-0")]

    for response in sent:
        assert response.status_code == 201 and response.mimetype == "application/json"
        flasks = json.dumps(response.get_json(), sort_keys=True, separators=(",", ":")) + "\n"
        assert response.get_data() == flasks.encode()
    assert sent[0].get_data() == sent[2].get_data()
    provider: Any = app.json
    with app.app_context():
        plain = {"b": [1, None, True], "a": "x\ty"}
        assert provider.exact_response(plain).get_data() == provider.response(plain).get_data()
        assert provider.exact_response({"name": "Zoë"}) is None  # json.dumps escapes it, msgspec does not
        assert provider.exact_response({"name": "\x7f"}) is None


def assert_sound_log_over_http(game: ToyGame) -> None:
    """Once the log is readable (all of it, or what a seat sees), it must chain from the genesis hash."""
    log = game.all_events()
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert all(later["prev_hash"] == earlier["hash"] for earlier, later in zip(log, log[1:]))


def test_bot_seat_plays_right_after_the_humans_command(client: FlaskClient, database: str) -> None:
    game = ToyGame(client, seats=[{"name": "ann"}, {"name": "hal", "bot": "careful"}])
    # The bot is to act at once (both seats bid): it bids on the bot thread. The create route answers
    # with the game as it loads it after handing the turn over, so the bid may already be in.
    assert game.created["version"] in (3, 4)
    game.settle()
    assert game.get()["version"] == 4 and game.get()["to_act"] == [0]

    response = game.play(0, "Bid", {"amount": 0}, expected_version=4)

    assert response["version"] == 5 and [e["seat"] for e in response["events"]] == [0]
    game.settle()
    view = game.get(0)
    assert view["version"] == 6 and view["to_act"] == [0]  # the bot outbid, rolled, and passed the turn
    bot_events = [e for e in game.all_events(0) if e["seat"] == 1]
    assert [e["type"] for e in bot_events] == ["BidMade", "DieRolled"]
    assert all(e["command_id"].startswith("bot:") for e in bot_events)
    assert bot_events[0]["redacted"]  # the bot's bid is its own secret
    assert view["state"]["scores"][1] == bot_events[1]["data"]["pips"]
    store = open_storage(database)
    try:
        recorded = [(c.seat, c.bot, c.type) for c in store.commands(game.id) if c.seat == 1]  # in seq order
    finally:
        store.close()
    assert recorded == [(1, "careful", "Bid"), (1, "careful", "Roll")]


@pytest.mark.both_backends  # idempotency records
def test_idempotent_retry_returns_the_first_response_and_appends_nothing(toy: ToyGame, database: str) -> None:
    first = toy.send(0, "Bid", {"amount": 2}, expected_version=3, command_id="once")
    assert first.status_code == 201
    rows = event_rows(database, toy.id)

    retry = toy.send(0, "Bid", {"amount": 2}, expected_version=3, command_id="once")
    toy.play(1, "Bid", {"amount": 0})  # the game moves on; a late retry still gets the first outcome
    late = toy.send(0, "Bid", {"amount": 2}, expected_version=3, command_id="once")

    for again in (retry, late):
        assert again.status_code == 201
        assert again.get_json() == first.get_json()
    assert event_rows(database, toy.id)[: len(rows)] == rows
    assert len(event_rows(database, toy.id)) == len(rows) + 1  # only seat 1's bid was added
    assert_sound_log(event_rows(database, toy.id))


@pytest.mark.both_backends  # idempotency records
def test_idempotent_retry_returns_a_byte_identical_body(toy: ToyGame) -> None:
    first = toy.send(0, "Bid", {"amount": 2}, command_id="twice")

    retry = toy.send(0, "Bid", {"amount": 2}, command_id="twice")

    assert retry.status_code == first.status_code == 201
    assert retry.get_data(as_text=True) == first.get_data(as_text=True)


# -- the log ---------------------------------------------------------------------------------------


@pytest.mark.both_backends  # paging done in SQL
def test_events_are_paged_with_after_limit_next_and_has_more(client: FlaskClient) -> None:
    game = ToyGame(client, seed="pages")
    play_to_the_end(game, random.Random(3))
    everything = game.events(limit=1000)
    assert everything["has_more"] is False
    version = game.get()["version"]
    assert [e["seq"] for e in everything["events"]] == list(range(1, version + 1))
    assert game.events()["events"] == everything["events"]  # the default page holds a short game

    pages, after = [], 0
    while True:
        page = game.events(after=after, limit=3)
        pages.append(page)
        assert len(page["events"]) <= 3
        if page["events"]:
            assert page["next"] == page["events"][-1]["seq"]
        if not page["has_more"]:
            break
        assert len(page["events"]) == 3
        after = page["next"]

    assert [e for page in pages for e in page["events"]] == everything["events"]
    assert len(pages) == -(-version // 3)
    assert game.events(after=version) == {"events": [], "next": version, "has_more": False}
    assert game.events(after=version + 50) == {"events": [], "next": version + 50, "has_more": False}
    exact = game.events(after=version - 3, limit=3)
    assert [e["seq"] for e in exact["events"]] == [version - 2, version - 1, version] and not exact["has_more"]


@pytest.mark.both_backends  # the stored hash chain
@pytest.mark.parametrize("seat", [0, 1, None], ids=["seat-0", "seat-1", "spectator"])
def test_every_reader_sees_the_same_hashes(toy: ToyGame, seat: int | None) -> None:
    toy.play(0, "Bid", {"amount": 1})
    spectator = [(e["seq"], e["type"], e["prev_hash"], e["hash"], e["position"]) for e in toy.all_events()]

    mine = [(e["seq"], e["type"], e["prev_hash"], e["hash"], e["position"]) for e in toy.all_events(seat)]

    assert mine == spectator


# -- the contract -----------------------------------------------------------------------------------


def test_every_route_is_in_openapi_yaml_and_every_documented_operation_is_served(app: Flask) -> None:
    document = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    documented = {
        (path, method.upper())
        for path, item in document["paths"].items()
        for method in item
        if method in ("get", "put", "post", "delete", "patch")
    }
    served = {
        (re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method)
        for rule in app.url_map.iter_rules()
        if rule.endpoint != "static"
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
    }

    undocumented, unserved = sorted(served - documented), sorted(documented - served)
    assert not undocumented, f"served but not in openapi.yaml: {undocumented}"
    assert not unserved, f"in openapi.yaml but not served: {unserved}"
