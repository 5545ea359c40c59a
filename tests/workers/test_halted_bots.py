"""A bot that finds no legal command is never retried: the game is halted and reported (issue 27).

Such a game is one stored before forks were held to command ends: a Peaks fork taken between two
events of one command, its bot seat to act with nothing to choose (the guide bot raised IndexError on
`legal[0]` and its turn was retried every 60 s for ever). With the inline runner and with real RQ
workers, the bot's turn is tried, the game is marked halted, nothing is retried (the inline runner's
queue goes idle; RQ keeps no failed job and the sweeps hand the game to no worker again), and /healthz
and `trailhead jobs` name the game as failing.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from click.testing import CliRunner
from rq.registry import FailedJobRegistry

from application.chain import GENESIS_HASH, chain_each
from application.messages import BotTurnDue
from domain.core import SeatConfig, game_created
from domain.games import GAMES
from service.app import create_app
from service.cli import main
from support.handler import REGISTRY, bot_game, open_games
from support.toy import SPEC as TOY
from workers.rq import RqRunner

from .conftest import wait_for

PEAKS = REGISTRY("peaks")


def inside_a_command_with_no_move(database: str, source: str) -> int:
    """The first event of the source after its set-up that is followed by more of its command, after
    which a seat is to act with no legal command."""
    games = open_games(database)
    try:
        events = games.store.events(source)
    finally:
        games.store.close()
    state = None
    for event, following in zip(events, events[1:]):
        state = PEAKS.evolve(state, PEAKS.events.decode_json(event.type, event.data_text))
        if event.command_id in (None, "creategame") or event.command_id != following.command_id:
            continue
        if any(not PEAKS.legal_commands(state, seat) for seat in PEAKS.to_act(state)):
            return event.seq
    raise AssertionError("no such event in the source game")


def stuck_fork(database: str) -> str:
    """A bots-only Peaks fork as forks were taken before issue 27: at an event inside a command."""
    games = open_games(database)
    try:
        source = bot_game(games, "peaks", "halted-source", level="random")
        at = inside_a_command_with_no_move(database, source)
        record = games.record(source)
        config = PEAKS.normalize_config([SeatConfig(name=f"guide-{i}", bot="guide") for i in range(2)],
                                        record.options, record.rules_version)
        inherited = games.store.events(source, after=1, limit=at - 1)
        game_id, seed = uuid.uuid4().hex, "halted-fork"
        forked_from = {"game_id": source, "original_id": record.original_id, "at": at,
                       "head_hash": games.store.events(source, after=at - 1, limit=1)[0].hash}
        events = [game_created(PEAKS, game_id, config, seed, forked_from),
                  *(PEAKS.events.decode_json(e.type, e.data_text) for e in inherited)]
        origins = [(None, None), *((e.seat, e.command_id) for e in inherited)]
        stored = chain_each(PEAKS, game_id, seed, events, 1, GENESIS_HASH, origins)
        games.open(PEAKS, config, seed, events, stored, "ForkGame", {"source": source, "at": at})
        return game_id
    finally:
        games.store.close()


def naming(client: Any, game_id: str) -> dict[str, Any] | None:
    """The /healthz body if one of its reasons names the game."""
    health = client.get("/healthz").get_json()
    return health if any(game_id in reason["detail"] for reason in health["reasons"]) else None


def check_reported(client: Any, game_id: str, env: dict[str, str]) -> None:
    """/healthz is failing with a reason naming the game; `trailhead jobs` prints it."""
    health = wait_for(lambda: naming(client, game_id), what="/healthz to name the halted game")
    assert health["status"] == "failing"
    (reason,) = [r for r in health["reasons"] if game_id in r["detail"]]
    assert reason["check"] == "bots" and reason["status"] == "failing"
    assert reason["detail"] == (f"game {game_id} (peaks) is halted at version {client_version(client, game_id)}: its "
                                "bot seat to act has no legal command, so no bot can move it; its bot turns are not "
                                "retried")
    shown = CliRunner().invoke(main, ["jobs"], env=env)
    assert shown.exit_code == 0, shown.output
    assert f"failing: bots: game {game_id} (peaks) is halted" in shown.output


def client_version(client: Any, game_id: str) -> int:
    return int(client.get(f"/api/v1/games/{game_id}").get_json()["version"])


@pytest.mark.both_backends  # the halted mark stored in the read model
def test_the_inline_runner_halts_and_reports_a_game_its_bot_cannot_move(database: str) -> None:
    game_id = stuck_fork(database)
    app = create_app({"DATABASE": database, "REDIS_URL": None, "GAMES": (*GAMES, TOY), "RATE_LIMITS": "off"})
    trailhead = app.extensions["trailhead"]
    client = app.test_client()
    version = client_version(client, game_id)

    trailhead.bus.drain([BotTurnDue(game_id, version)])  # as the fork's commit handed it to the bots

    assert trailhead.runner.wait_idle(30), "the bot turn is still queued or waiting to be retried"
    check_reported(client, game_id, {"TRAILHEAD_DB": database, "REDIS_URL": ""})
    time.sleep(1.0)  # a failing turn was retried after 0.5 s, then 1 s, doubling up to 60 s
    assert trailhead.runner.health()["bot_games_queued"] == 0
    assert client_version(client, game_id) == version
    assert trailhead.runner.resume(trailhead.bus) == 0  # a restart hands it to no bot


def test_rq_workers_halt_and_report_a_game_its_bot_cannot_move(rq_config: dict[str, Any], start_worker: Any) -> None:
    game_id = stuck_fork(rq_config["DATABASE"])
    app = create_app(rq_config)
    trailhead = app.extensions["trailhead"]
    client = app.test_client()
    runner = trailhead.runner
    assert isinstance(runner, RqRunner)
    version = client_version(client, game_id)
    trailhead.bus.drain([BotTurnDue(game_id, version)])  # a bot job on the queue, as the fork's commit made it
    assert runner.bots.count == 1

    start_worker()

    env = {"TRAILHEAD_DB": rq_config["DATABASE"], "REDIS_URL": rq_config["REDIS_URL"],
           "TRAILHEAD_QUEUE_PREFIX": rq_config["QUEUE_PREFIX"]}
    check_reported(client, game_id, env)
    wait_for(lambda: runner.bots.count == 0 and runner.bots.started_job_registry.count == 0, what="an idle queue")
    time.sleep(3 * rq_config["SWEEP_SECONDS"] + 1)  # a few sweeps: none hands the game to the bots again
    assert runner.bots.count == 0 and runner.bots.started_job_registry.count == 0
    assert FailedJobRegistry(queue=runner.bots).count == 0  # the job did not fail, so RQ retries nothing
    finished = [runner.bots.fetch_job(job_id) for job_id in runner.bots.finished_job_registry.get_job_ids()]
    assert [job.args[0] for job in finished if job is not None] == [game_id]  # played once, not again
    assert client_version(client, game_id) == version
    assert runner.resume(trailhead.bus) == 0
