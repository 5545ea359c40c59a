"""The SDK's bulk export against a real `trailhead serve`: `Client.export_lines()` and `export_games()` follow the
NDJSON pages in the order games finished and resume after a position."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest

from support import waiting
from support.proxy import Proxy
from trailhead_client import Client, NotFound

wait_for = partial(waiting.wait_for, timeout=60.0, interval=0.1)
TYPE = "hikes-of-the-west"  # a solo game a bot plays to its end in a moment


def bots_game(client: Client, seed: str) -> str:
    created = client.create_game(TYPE, [{"name": "bot", "bot": "random"}], seed=seed)
    return str(created["id"])


def test_the_export_yields_every_finished_game_page_after_page_and_resumes_after_a_position(
        client: Client, proxy: Proxy, server: Any) -> None:
    played = [bots_game(client, f"sdk-export-{number}") for number in range(3)]
    for game_id in played:
        wait_for(lambda game_id=game_id: client.game(game_id)["status"] == "finished", what=f"{game_id} to finish")
    with Client(proxy.base_url) as through:
        lines = list(through.export_lines(TYPE, page=2))
    positions = [line["position"] for line in lines]
    assert positions == sorted(set(positions))
    exported = [line["document"]["game_id"] for line in lines]
    assert set(played) <= set(exported)
    exports = [head.split("\r\n")[0] for head in proxy.requests if "/exports/games" in head]
    assert len(exports) == len(lines) // 2 + 1  # pages of two, the last one short
    assert all(f"type={TYPE}" in request and "limit=2" in request for request in exports)
    last = lines[exported.index(played[-1])]
    assert last["document"] == client.export(played[-1])

    middle = positions[len(positions) // 2]
    resumed = list(client.export_games(TYPE, after=middle))
    assert [document["game_id"] for document in resumed] == [game_id for game_id, position in
                                                              zip(exported, positions, strict=True) if position > middle]
    assert list(client.export_games(TYPE, after=positions[-1])) == []
    everything = [line["document"]["game_id"] for line in client.export_lines()]  # every type, default pages
    assert [game_id for game_id in everything if game_id in exported] == exported


def test_a_download_broken_in_the_middle_of_a_page_goes_on_after_the_last_line_received(client: Client,
                                                                                       proxy: Proxy) -> None:
    played = [bots_game(client, f"sdk-export-cut-{number}") for number in range(2)]
    for game_id in played:
        wait_for(lambda game_id=game_id: client.game(game_id)["status"] == "finished", what=f"{game_id} to finish")
    whole = list(client.export_lines(TYPE))
    assert len(whole) >= 2
    first_line = len(json.dumps(whole[0], separators=(",", ":")))
    assert len(json.dumps(whole[1])) > 4096  # so a cut 2 KiB past the first line falls inside the second
    with Client(proxy.base_url) as through:
        proxy.cut_next_response(first_line + 2048)  # the head (under 2 KiB), the first line, part of the second
        assert list(through.export_lines(TYPE)) == whole  # nothing lost, nothing twice
    exports = [head.split("\r\n")[0] for head in proxy.requests if "/exports/games" in head]
    assert len(exports) == 2 and "after=0" in exports[0] and f"after={whole[0]['position']}" in exports[1], exports


def test_an_unknown_type_raises_not_found(client: Client) -> None:
    with pytest.raises(NotFound):
        next(client.export_games("chess"))
