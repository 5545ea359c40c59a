"""Players through the SDK against a real `trailhead serve`: registering, an open table joined (a racing
join raises SeatTaken), both seats played to the end, the player's stream resumed after a drop, and
leaving and resigning to the takeover bot.

Nanga Parbat, two seats, each seat playing its first listed action: about a second a game.
"""

from __future__ import annotations

import threading

import pytest

from support.proxy import Proxy
from support.served import Served
from trailhead_client import Client, GameRunning, IllegalCommand, SeatTaken
from trailhead_client.types import Joined, PlayerMessage

GAME = "nanga-parbat"


def play_out(url: str, game_id: str, token: str) -> int:
    """Play the seat (a token or a player key) to the end with its first listed action; the moves made."""
    moves = 0
    with Client(url) as own:  # a session per thread
        for turn in own.seat(game_id, token).turns():
            turn.play(0)
            moves += 1
    return moves


def race_to_join(url: str, game_id: str, keys: list[str]) -> list[Joined | SeatTaken]:
    """Each key joins seat 1 at the same moment, from a thread of its own; the answers in key order."""
    start = threading.Barrier(len(keys))
    answers: list[Joined | SeatTaken | None] = [None] * len(keys)

    def join(index: int) -> None:
        with Client(url) as own:
            start.wait()
            try:
                answers[index] = own.join(game_id, keys[index], seat=1)
            except SeatTaken as taken:
                answers[index] = taken

    racers = [threading.Thread(target=join, args=(index,)) for index in range(len(keys))]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=30)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def test_two_players_meet_at_an_open_table_and_play_it_to_the_end(server: Served, client: Client) -> None:
    ann, bea, cal = (client.create_player(name) for name in ("Ann", "Bea", "Cal"))
    assert len(ann["id"]) == 32 and ann["key"] and ann["name"] == "Ann" and ann["created_at"]
    assert client.player("me", ann["key"])["id"] == ann["id"]
    rotated = client.rotate_key(ann["key"])
    assert rotated["id"] == ann["id"] and rotated["key"] != ann["key"]
    assert client.player("me", rotated["key"])["id"] == ann["id"]
    ann = {**ann, "key": rotated["key"]}  # the old key is refused from now on (tests/integration/test_admin.py)
    created = client.create_game(GAME, [{"player": ann["id"]}, {"open": True}], seed="sdk-table", turn_seconds=600,
                                 takeover_bot="random", missed_turns_limit=2)
    game_id = created["id"]
    assert created["status"] == "open"
    assert [(s["name"], s.get("player"), s.get("open"), "token" in s) for s in created["seats"]] == [
        ("Ann", ann["id"], False, False), ("Open seat 1", None, True, False)]
    assert game_id in {g["id"] for g in client.open_games(GAME)["games"]}
    assert client.seat(game_id, ann["key"]).actions().version == created["version"]  # the key acts for seat 0

    answers = race_to_join(server.base_url, game_id, [bea["key"], cal["key"]])
    joined = [answer for answer in answers if not isinstance(answer, SeatTaken)]
    taken = [answer for answer in answers if isinstance(answer, SeatTaken)]
    assert len(joined) == 1 and len(taken) == 1
    assert taken[0].status == 409 and taken[0].slug == "seat-taken" and taken[0].detail
    seat = joined[0]
    assert (seat["game_id"], seat["seat"], seat["status"]) == (game_id, 1, "active") and seat["token"]
    winner = bea if answers[0] is seat else cal
    with pytest.raises(SeatTaken, match="already hold seat 1"):
        client.join(game_id, winner["key"])
    assert game_id not in {g["id"] for g in client.games(type_=GAME, open_=True)["games"]}

    players = [threading.Thread(target=play_out, args=(server.base_url, game_id, token))
               for token in (ann["key"], seat["token"])]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=60)
    game = client.game(game_id)
    assert game["status"] == "finished" and game["result"] is not None
    assert [(s["name"], s.get("player"), s["bot"]) for s in game["seats"]] == [
        ("Ann", ann["id"], None), (winner["name"], winner["id"], None)]
    assert {s["seat"] for s in game["result"]["standings"]} == {0, 1}
    recent = client.player(winner["id"])["recent_games"]
    assert [(g["id"], g["seat"], g["status"]) for g in recent] == [(game_id, 1, "finished")]


def test_the_player_stream_brings_every_turn_and_resumes_after_a_drop(client: Client, proxy: Proxy) -> None:
    ann = client.create_player("Ann")
    created = client.create_game(GAME, [{"player": ann["id"]}, {"name": "Bot", "bot": "random"}], seed="sdk-stream",
                                 turn_seconds=600)
    game_id = created["id"]
    messages: list[PlayerMessage] = []
    with Client(proxy.base_url) as through:
        stream = through.player_stream(ann["key"])
        for message in stream:
            messages.append(message)
            if message["type"] == "yourTurn":
                turn = client.seat(game_id, ann["key"], message["seat"]).turn()
                assert turn is not None and turn.version == message["version"]
                turn.play(0)
                if len(messages) == 3:
                    proxy.drop_connections()  # the game goes on; the stream must pick up where it was
            elif message["type"] == "gameFinish":
                break
        stream.close()
    game = client.game(game_id)
    assert game["status"] == "finished" and game["result"] is not None
    start, *turns, finish = messages
    assert {m["game_id"] for m in messages} == {game_id} and {m["seat"] for m in messages} == {0}
    assert (start["type"], start["game_type"], start["status"]) == ("gameStart", GAME, "active")
    assert turns and {m["type"] for m in turns} == {"yourTurn"}
    assert all(m["status"] == "active" and "deadline" in m for m in turns)  # null until clocks land
    assert [m["version"] for m in turns] == sorted({m["version"] for m in turns})  # each turn once
    assert (finish["status"], finish["version"]) == ("finished", game["version"])
    assert finish["winners"] == game["result"]["winners"]
    positions = [m["position"] for m in messages]
    assert positions == sorted(set(positions))  # in order, nothing twice
    heads = [head.split("\r\n") for head in proxy.requests if head.startswith("GET /api/v1/players/me/stream")]
    assert len(heads) == 2, heads
    assert not any(h.lower().startswith("last-event-id:") for h in heads[0])
    resumed = [int(h.split(":")[1]) for h in heads[1] if h.lower().startswith("last-event-id:")]
    assert len(resumed) == 1 and resumed[0] in positions[1:-1]
    later = client.player_stream(ann["key"], after=messages[-2]["position"])  # from a message kept
    try:
        assert next(later) == finish
    finally:
        later.close()


def test_a_player_who_resigns_or_leaves_is_played_by_the_takeover_bot(client: Client) -> None:
    ann, bob = client.create_player("Ann"), client.create_player("Bob")
    created = client.create_game(GAME, [{"player": ann["id"]}, {"player": bob["id"]}], seed="sdk-leave",
                                 takeover_bot="random")
    game_id = created["id"]
    resigned = client.resign(game_id, ann["key"])
    assert [(e["type"], e["seat"], e["data"]) for e in resigned["events"]] == [
        ("SeatLeft", 0, {"seat": 0, "bot": "random", "reason": "left", "resigned": True})]
    assert client.resign(game_id, ann["key"]) == resigned  # sent again: the first answer
    with pytest.raises(IllegalCommand, match="left the game"):
        client.seat(game_id, ann["key"]).send("EndTurn", {})
    left = client.leave(game_id, bob["key"])
    assert [(e["type"], e["seat"], e["data"]["resigned"]) for e in left["events"][:1]] == [("SeatLeft", 1, False)]
    messages = list(client.stream(game_id, after=left["version"]))  # the bots play both seats to the end
    assert messages and messages[-1]["status"] == "finished"
    game = client.game(game_id)
    assert [(s["bot"], s.get("gone")) for s in game["seats"]] == [("random", True), ("random", True)]
    with pytest.raises(IllegalCommand):
        client.leave(game_id, ann["key"])  # already left, and the game is over
    assert [client.seat(game_id, key).index for key in (ann["key"], bob["key"])] == [0, 1]  # a key tells its seat

    rematch = client.rematch(game_id, bob["key"])  # the finished game again: seats turned, each player's kept
    assert rematch["rematch_of"] == game_id
    assert [s["player"] for s in rematch["seats"]] == [bob["id"], ann["id"]]
    assert client.rematch(game_id, ann["key"])["id"] == rematch["id"]  # asked again: the same game
    assert client.game(rematch["id"])["rematch_of"] == game_id and client.game(game_id)["rematch"] == rematch["id"]
    assert client.seat(rematch["id"], ann["key"]).index == 1
    with pytest.raises(GameRunning):
        client.rematch(rematch["id"], ann["key"])
