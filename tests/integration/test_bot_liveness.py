"""Bots never stall: their command ids are theirs alone, they play after the response, and a
restart (or `trailhead bots resume`) hands every waiting bot seat back to them."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from application.bus import play_bot_turn
from application.inline import BOTS
from application.messages import BotTurnDue
from domain.core import SeatConfig
from integration.toy_client import ToyGame
from service.app import create_app
from service.cli import main
from support.handler import open_games
from domain.games import GAMES
from support.databases import TestDatabases
from support.toy import SPEC as TOY


def test_a_client_command_id_in_the_bots_namespace_is_a_400_and_appends_nothing(client: FlaskClient) -> None:
    game = ToyGame(client, seats=[{"name": "ann"}, {"name": "hal", "bot": "careful"}])
    forged = f"bot:{game.id}:4:1"  # the id the bot would use for its bid after ann's

    response = game.send(0, "Bid", {"amount": 1}, expected_version=3, command_id=forged)

    assert response.status_code == 400
    problem = response.get_json()
    assert "command_id" in problem["detail"] and "reserved for the server's bots" in problem["detail"]
    game.settle()
    assert [e["seat"] for e in game.all_events()[3:]] == [1]  # only the bot's own bid


@pytest.mark.both_backends  # command ids unique in the stored log
def test_a_bot_whose_id_an_old_log_already_holds_still_plays(database: str) -> None:
    """A release-0.1 log may hold a client command under a bot's id: the bot plays under a fresh one."""
    games = open_games(database)
    game = games.create("toy", [SeatConfig(name="ann"), SeatConfig(name="hal", bot="careful")], {}, "forged").game
    game_id = game.record.id
    games.submit(game_id, 0, "Bid", {"amount": 1}, expected_version=3, command_id=f"bot:{game_id}:4:1")

    committed = play_bot_turn(games, game_id)

    assert committed is not None and committed.game.version == 5
    (event,) = committed.events
    assert event.seat == 1 and event.command_id.startswith(f"bot:{game_id}:4:1:")


def waiting_bot_games(database: str) -> list[str]:
    """Bots-only games created through the handler alone: no runner ever heard of them."""
    games = open_games(database)
    ids = []
    for seed in ("r1", "r2", "r3"):
        ids.append(games.create("hikes-of-the-west", [SeatConfig(name="solo", bot="random")], {}, seed).game.record.id)
    mushers = [SeatConfig(name=f"musher-{i}", bot="random") for i in range(2)]
    ids.append(games.create("hike", mushers, {}, "r4").game.record.id)
    games.store.close()
    return ids


def test_an_app_starting_on_a_log_with_waiting_bots_plays_them_to_the_end(database: str) -> None:
    ids = waiting_bot_games(database)

    app = create_app({"DATABASE": database, "REDIS_URL": None, "GAMES": GAMES})

    assert app.extensions["trailhead"].runner.wait_idle(60)
    client = app.test_client()
    for game_id in ids:
        assert client.get(f"/api/v1/games/{game_id}").get_json()["status"] == "finished"


def test_bots_resume_plays_every_waiting_bot_seat(database: str) -> None:
    ids = waiting_bot_games(database)
    env = {"TRAILHEAD_DB": database, "REDIS_URL": ""}

    result = CliRunner().invoke(main, ["bots", "resume"], env=env)

    assert result.exit_code == 0, result.output
    assert f"{len(ids)} game(s) with a bot seat to act" in result.output
    assert "(0 left waiting)" in result.output
    games = open_games(database)
    assert all(games.load(game_id).finished for game_id in ids)
    again = CliRunner().invoke(main, ["bots", "resume"], env=env)
    assert again.exit_code == 0 and "0 game(s) with a bot seat to act" in again.output


def test_the_embedded_runner_s_threads_end_once_its_postgresql_storage_is_closed(postgres: TestDatabases) -> None:
    """A closed PostgresStorage is not used again (StorageClosed): the projection thread, woken every
    second, and the bot thread, handed a turn, end instead of retrying and logging a traceback on it
    for as long as the process lives. (A closed SqliteStorage reopens its connection on next use.)"""
    with postgres.schema() as url:
        app = create_app({"DATABASE": url, "REDIS_URL": None, "GAMES": (*GAMES, TOY), "TESTING": True})
        trailhead = app.extensions["trailhead"]
        game = ToyGame(app.test_client(), seats=[{"name": "ann"}, {"name": "hal", "bot": "careful"}])
        game.settle()
        runner = trailhead.runner
        projection, (bots, _pid) = runner._thread, runner._threads[BOTS]
        assert projection is not None and projection.is_alive() and bots is not None and bots.is_alive()

        trailhead.close()
        runner.dispatch(trailhead.bus, BotTurnDue("a-game-no-cache-holds", 3))

        projection.join(timeout=10)
        bots.join(timeout=10)
        assert not projection.is_alive() and not bots.is_alive()
