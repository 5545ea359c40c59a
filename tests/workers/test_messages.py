"""A message type added to the bus's table is one handler and one line, and runs on both runners.

The toy messages (tests/support/toy_messages.py) take one lane of the bus each: a catch-up
message, a message about a game, a timed one, and a question someone waits for. The inline runner
runs them on this process's threads and timers; the RQ runner enqueues jobs named by the table's
lines, and a real worker process (started with the same table) runs their handler.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from rq.registry import ScheduledJobRegistry

from application.bus import HANDLERS
from application.clock import iso, utc_now
from application.inline import InlineRunner
from application.messages import AnalysisDue, BotTurnDue, DeadlineDue, Message, ProjectionDue
from bootstrap import bootstrap
from domain.games import GAMES
from support.toy import SPEC as TOY
from support.toy_messages import TOY_HANDLERS, Asked, GameNoted, Noted, NotedLater
from workers.jobs import job_message
from workers.rq import RqRunner

from .conftest import wait_for


def toy_messages(folder: Path, later_seconds: float) -> tuple[Noted, GameNoted, NotedLater, Asked]:
    at = iso(utc_now() + timedelta(seconds=later_seconds))
    return (Noted(str(folder / "noted")), GameNoted("a-game", 3, str(folder / "game-noted")),
            NotedLater("a-game", 3, at, str(folder / "noted-later")), Asked("a-game", 1, str(folder / "asked")))


def ran(messages: tuple[Noted, GameNoted, NotedLater, Asked]) -> list[dict[str, Any]]:
    """Who ran each message (the process, the thread, the time), once all three have run."""
    paths = [Path(message.path) for message in messages]
    if not all(path.exists() for path in paths):
        return []
    return [json.loads(path.read_text(encoding="utf-8")) for path in paths]


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_new_message_type_runs_on_the_inline_runner_s_threads(database: str, tmp_path: Path) -> None:
    app = bootstrap({"DATABASE": database, "REDIS_URL": None}, (*GAMES, TOY), messages=TOY_HANDLERS)
    try:
        assert isinstance(app.runner, InlineRunner)
        messages = toy_messages(tmp_path, later_seconds=0.5)
        app.bus.drain(messages)
        noted, game_noted, noted_later, asked = wait_for(lambda: ran(messages), what="the toy messages to run")
    finally:
        app.close()
    assert {note["pid"] for note in (noted, game_noted, noted_later, asked)} == {os.getpid()}
    assert (noted["thread"], game_noted["thread"], asked["thread"]) == (
        "trailhead-projection", "trailhead-bots", "trailhead-analysis")
    assert noted_later["at"] >= datetime.fromisoformat(messages[2].at).timestamp()


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_closing_the_container_ends_its_catch_up_thread_for_good(database: str, tmp_path: Path) -> None:
    """Once closed, the inline runner's catch-up thread has ended and no message starts it again (left running,
    it went on reading the closed, or deleted, database every second)."""
    app = bootstrap({"DATABASE": database, "REDIS_URL": None}, (*GAMES, TOY), messages=TOY_HANDLERS)
    runner = app.runner
    assert isinstance(runner, InlineRunner)
    noted = Noted(str(tmp_path / "noted"))
    app.bus.drain([noted])
    wait_for(lambda: Path(noted.path).exists(), what="the catch-up thread to run a message")
    thread = runner._thread  # noqa: SLF001 - the thread this test is about
    assert thread is not None and thread.is_alive()
    app.close()
    assert not thread.is_alive()
    runner.dispatch(app.bus, Noted(str(tmp_path / "after")))
    assert runner._thread is thread and not thread.is_alive()  # noqa: SLF001
    assert not (tmp_path / "after").exists()


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_new_message_type_runs_on_real_rq_workers(rq_config: dict[str, Any], start_worker: Any,
                                                     tmp_path: Path) -> None:
    app = bootstrap(rq_config, (*GAMES, TOY), messages=TOY_HANDLERS)
    try:
        runner = app.runner
        assert isinstance(runner, RqRunner)
        messages = toy_messages(tmp_path, later_seconds=1.0)
        other_seat = Asked("a-game", 0, str(tmp_path / "asked-0"))
        app.bus.drain([*messages, other_seat])
        # a catch-up job waits already, the game's version has its job, the same question has its job
        app.bus.drain([*messages[:2], messages[3]])
        assert [(job.func_name, job.args) for job in runner.projections.jobs] == [("note", [messages[0].path])]
        assert [(job.func_name, job.args) for job in runner.bots.jobs] == [
            ("note_game", ["a-game", 3, messages[1].path]), ("note_asked", ["a-game", 1, messages[3].path]),
            ("note_asked", ["a-game", 0, other_seat.path])]  # another question: a job of its own
        scheduled = ScheduledJobRegistry(queue=runner.bots)
        assert scheduled.get_job_ids() == ["later-note-a-game-3"]
        # RQ keeps whole seconds: the job's time is `at` rounded up, never down (it would start early)
        assert 0 <= scheduled.get_scheduled_time("later-note-a-game-3").timestamp() - datetime.fromisoformat(
            messages[2].at).timestamp() < 1
        start_worker()
        noted, game_noted, noted_later, asked = wait_for(lambda: ran(messages),
                                                         what="the worker to run the toy messages")
    finally:
        app.close()
    workers = {note["pid"] for note in (noted, game_noted, noted_later, asked)}
    assert len(workers) == 1 and os.getpid() not in workers
    assert noted_later["at"] >= datetime.fromisoformat(messages[2].at).timestamp()


@pytest.mark.parametrize(("job", "args", "message"), [
    ("project_read_models", [], ProjectionDue()),
    ("play_bots", ["g", 3], BotTurnDue("g", 3)),
    ("workers.jobs.play_bots", ["g", 3], BotTurnDue("g", 3)),  # as release 0.1 named its jobs
    ("fire_deadline", ["g", 3, "2030-01-01T00:00:00Z"], DeadlineDue("g", 3, "2030-01-01T00:00:00Z")),
    ("fire_deadline", ["g", 3], DeadlineDue("g", 3)),  # scheduled before deadlines travelled as messages
    ("analyse_position", ["g", 3, 1, 500], AnalysisDue("g", 3, 1, 500)),
])
def test_a_job_queued_by_this_or_an_earlier_release_carries_its_message(job: str, args: list[Any],
                                                                         message: Message) -> None:
    assert job_message(HANDLERS, job, args) == message
