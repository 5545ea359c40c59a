"""The API describes itself (issue 14): one game type whole with its ETag, labelled actions with their
ranges, labels in the timeline as far as the caller may know them."""

from __future__ import annotations

import jsonschema
import pytest
from flask.testing import FlaskClient

from domain.core import command_schemas
from domain.games import GAMES
from integration.toy_client import API, ToyGame
from support.toy import SPEC as TOY


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_a_game_type_is_described_whole(client: FlaskClient, spec) -> None:
    response = client.get(f"{API}/game-types/{spec.id}")
    assert response.status_code == 200
    body = response.get_json()
    listed = next(row for row in client.get(f"{API}/game-types").get_json() if row["id"] == spec.id)
    assert {key: body[key] for key in listed} == listed
    assert body["commands"] == command_schemas(spec.commands)
    assert sorted(body["commands"]) == sorted(spec.commands.types)
    for schema in body["commands"].values():
        jsonschema.Draft202012Validator.check_schema(schema)
    assert body["view_schema"] == spec.view_schema
    assert body["rules"] == [{"section": rule.section, "summary": rule.summary} for rule in spec.rules]
    assert body["catalog"] == spec.catalog()


def test_the_description_is_cached_by_its_etag(client: FlaskClient) -> None:
    first = client.get(f"{API}/game-types/toy")
    etag = first.headers["ETag"]
    assert etag.startswith('"') and etag.endswith('"') and len(etag) > 10
    assert first.headers["Cache-Control"] == "public, max-age=300"  # the same for everyone: cacheable
    with_token = client.get(f"{API}/game-types/toy", headers={"Authorization": "Bearer whatever"})
    assert with_token.headers["Cache-Control"] == "no-store"  # a request with credentials never is
    assert client.get(f"{API}/game-types/hike").headers["ETag"] != etag
    again = client.get(f"{API}/game-types/toy", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    stale = client.get(f"{API}/game-types/toy", headers={"If-None-Match": '"something-older"'})
    assert stale.status_code == 200 and stale.get_json() == first.get_json()


def test_an_unknown_game_type_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get(f"{API}/game-types/chess")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert "chess" in response.get_json()["detail"]


def test_actions_carry_labels_and_the_range_of_a_ranged_argument(toy: ToyGame) -> None:
    actions = toy.actions(0)["actions"]
    assert [action["label"] for action in actions] == [f"Bid {amount} in secret" for amount in range(4)]
    assert all(action["ranges"] == {"amount": {"min": 0, "max": 3, "step": 1}} for action in actions)
    toy.play(0, "Bid", {"amount": 3})
    toy.play(1, "Bid", {"amount": 0})
    actions = toy.actions(0)["actions"]
    assert [action["label"] for action in actions] == [
        "Take 1 stone from the pile of 7", "Take 2 stones from the pile of 7",
        "Roll the die and add its pips to your score",
    ]
    assert all("ranges" not in action for action in actions)


def test_an_action_is_sent_back_as_it_is_listed(toy: ToyGame) -> None:
    listed = toy.actions(0)
    action = listed["actions"][2]
    response = toy.client.post(f"{toy.url}/commands", headers=toy.auth(0),
                               json={**action, "expected_version": listed["version"]})
    assert response.status_code == 201, response.get_json()
    assert [event["type"] for event in response.get_json()["events"]] == ["BidMade"]
    assert response.get_json()["events"][0]["data"] == {"seat": 0, "amount": 2}
    wrong = toy.client.post(f"{toy.url}/commands", headers=toy.auth(1), json={**action, "label": 5})
    assert wrong.status_code == 400 and "label" in wrong.get_json()["detail"]


def test_the_timeline_labels_a_command_where_the_caller_may_know_it(toy: ToyGame) -> None:
    toy.play(0, "Bid", {"amount": 3})
    toy.play(1, "Bid", {"amount": 1})
    toy.play(0, "Take", {"count": 2})
    bid_seq = {0: 4, 1: 5}  # GameCreated, two CardDealt, then the bids
    take_seq = 6

    def labels(seat: int | None) -> dict[int, str | None]:
        query = "" if seat is None else f"?as={seat}"
        headers = toy.auth(seat)
        entries = toy.client.get(f"{toy.url}/timeline{query}", headers=headers).get_json()["entries"]
        return {entry["seq"]: entry["label"] for entry in entries}

    as_ann, spectator = labels(0), labels(None)
    assert as_ann[bid_seq[0]] == "Bid 3 in secret"  # her own bid
    assert as_ann[bid_seq[1]] is None and spectator[bid_seq[0]] is None  # a secret bid stays secret
    assert as_ann[take_seq] == spectator[take_seq] == "Take 2 stones from the pile of 7"  # the state before it
    assert all(label is None for seq, label in spectator.items() if seq < 4)  # no command caused the setup


def test_the_toy_spec_is_the_one_served(client: FlaskClient) -> None:
    assert client.get(f"{API}/game-types/toy").get_json()["rules"][0]["section"] == TOY.rules[0].section
