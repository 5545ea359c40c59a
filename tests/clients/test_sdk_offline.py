"""The SDK's pieces that need no server: the event-stream parser, listed actions and their ranges, the pacer,
the patient transport and how an engine command is run."""

from __future__ import annotations

import sys

import pytest
import requests
import requests.structures

from trailhead_client import Action, ActionList, Range, RateLimited
from trailhead_client.bot.engines import engine_argv
from trailhead_client.sse import SseEvent, SseParser
from trailhead_client.transport import Pacer, Transport

LISTED = {
    "version": 12,
    "seat": 1,
    "actions": [
        {"type": "SkipDeposit", "args": {}, "label": "Keep your cash"},
        {"type": "DepositSavings", "args": {"amount": 5000, "bank": {"slots": [0, 0]}}, "label": "Deposit $5,000",
         "ranges": {"amount": {"min": 1000, "max": 9000, "step": 1000}, "bank.slots.1": {"min": 0, "max": 2, "step": 1}}},
    ],
}


def test_the_parser_reads_events_split_anywhere_with_any_line_ending() -> None:
    text = "retry: 1000\r\n\r\n: keep-alive\n\nid: 7\rdata: {\"a\":\r\ndata: 1}\n\nevent: end\ndata: {}\n\nid: 8\ndata: cut"
    whole = SseParser().feed(text)
    pieces = SseParser()
    split = [event for char in text for event in pieces.feed(char)]
    expected = [SseEvent("message", '{"a":\n1}', "7"), SseEvent("end", "{}", "7")]
    assert whole == split == expected  # the event cut off at the end is not dispatched
    assert pieces.retry_ms == 1000 and pieces.last_event_id == "8" and pieces.comments == 1  # the keep-alive


def test_listed_actions_keep_their_version_and_index() -> None:
    actions = ActionList.from_json(LISTED)
    assert (actions.version, actions.seat, len(actions)) == (12, 1, 2)
    assert [a.index for a in actions] == [0, 1] and {a.version for a in actions} == {12}
    assert actions.by_label("Deposit $5,000") is actions[1] and actions.of_type("SkipDeposit") == [actions[0]]
    with pytest.raises(KeyError):
        actions.by_label("Deposit everything")
    assert actions[1].to_json() == LISTED["actions"][1] and actions[0].to_json() == LISTED["actions"][0]
    assert actions[1].command() == {"type": "DepositSavings", "args": {"amount": 5000, "bank": {"slots": [0, 0]}}}


def test_a_ranged_value_is_set_within_its_range_only() -> None:
    deposit = ActionList.from_json(LISTED)[1]
    assert deposit.ranges["amount"] == Range(1000, 9000, 1000)
    assert deposit.with_value("amount", 9000).args["amount"] == 9000
    assert deposit.with_value("bank.slots.1", 2).value("bank.slots") == [0, 2]
    assert deposit.args == {"amount": 5000, "bank": {"slots": [0, 0]}}  # unchanged: actions are values
    for wrong in (500, 9500, 1500, True):
        with pytest.raises(ValueError, match="not in amount's range"):
            deposit.with_value("amount", wrong)  # type: ignore[arg-type]
    with pytest.raises(KeyError):
        deposit.with_value("bank", 1)


def test_a_range_lists_its_values_and_finds_the_nearest() -> None:
    span = Range(1000, 9000, 1000)
    assert list(span.values())[:3] == [1000, 2000, 3000] and len(span.values()) == 9
    assert [span.nearest(v) for v in (0, 1400, 1500, 1600, 99999)] == [1000, 1000, 1000, 2000, 9000]
    assert 3000 in span and 3500 not in span and Action("T", {}, "t").ranges == {}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_the_pacer_spreads_what_is_left_of_a_limit_over_what_is_left_of_its_window() -> None:
    clock = FakeClock()
    pacer = Pacer(clock=clock, sleep=clock.sleep)
    reads = Pacer.bucket("GET", "/api/v1/games/g", "key")
    commands = Pacer.bucket("POST", "/api/v1/games/g/leave", "key")
    assert (reads, commands) == (("read", "key"), ("command", "key"))
    creations = Pacer.bucket("POST", "/api/v1/games", "key"), Pacer.bucket("POST", "/api/v1/players", None)
    assert creations == (("create", None), ("create", None))
    pacer.wait(reads)
    assert clock.slept == []  # nothing heard yet: no wait
    pacer.heard(reads, {"RateLimit-Remaining": "9", "RateLimit-Reset": "5"})
    pacer.wait(commands)
    assert clock.slept == []  # another count
    clock.now += 0.2
    pacer.wait(reads)
    assert clock.slept == [pytest.approx(0.3)]  # 5 s for 10 requests (these 9 and the next window's first)
    pacer.heard(reads, {"RateLimit-Remaining": "0", "RateLimit-Reset": "40"})
    pacer.wait(reads)
    assert clock.slept[-1] == pytest.approx(40)  # none left: the whole window
    pacer.heard(reads, {})  # limits off
    pacer.wait(reads)
    assert len(clock.slept) == 2
    pacer.heard(reads, {"RateLimit-Limit": "1200", "RateLimit-Remaining": "600", "RateLimit-Reset": "60"})
    pacer.wait(reads)
    assert len(clock.slept) == 2  # half the limit left: at full speed
    pacer.heard(reads, {"RateLimit-Limit": "1200", "RateLimit-Remaining": "599", "RateLimit-Reset": "60"})
    pacer.wait(reads)
    assert clock.slept[-1] == pytest.approx(0.1)  # past half: 60 s spread over the 600 left


def test_a_patient_transport_waits_out_every_429_however_long_and_says_so() -> None:
    answers = [(429, {"Retry-After": "45"}), (429, {"Retry-After": "50"}), (429, {"Retry-After": "55"}),
               (429, {"Retry-After": "60"}), (429, {"Retry-After": "61"}), (200, {})]
    waits: list[tuple[float, int]] = []
    clock = FakeClock()

    class Session:
        headers: dict[str, str] = {}

        def request(self, *args: object, **kwargs: object) -> requests.Response:
            status, headers = answers.pop(0)
            response = requests.Response()
            response.status_code, response.headers = status, requests.structures.CaseInsensitiveDict(headers)
            response._content = b'{"status": 429, "title": "Too many requests", "detail": "wait"}'  # noqa: SLF001
            return response

    transport = Transport("http://server", session=Session(),  # type: ignore[arg-type]
                          sleep=clock.sleep, patient=True,
                          on_wait=lambda seconds, problem: waits.append((seconds, problem.status)))
    assert transport.request("GET", "/api/v1/games").status_code == 200
    assert waits == [(45, 429), (50, 429), (55, 429), (60, 429), (61, 429)] and clock.slept == [45, 50, 55, 60, 61]
    answers[:] = [(429, {"Retry-After": "45"})]
    impatient = Transport("http://server", session=Session(), sleep=clock.sleep)  # type: ignore[arg-type]
    with pytest.raises(RateLimited):  # not patient: beyond max_wait, raised at once
        impatient.request("GET", "/")


def test_an_engine_run_with_python_is_run_with_the_runners_interpreter() -> None:
    assert engine_argv("python -m my.engine --depth 3") == [sys.executable, "-m", "my.engine", "--depth", "3"]
    assert engine_argv("python3 'my engine.py'") == [sys.executable, "my engine.py"]
    assert engine_argv("/usr/bin/python3 engine.py") == ["/usr/bin/python3", "engine.py"]  # named by its path
    assert engine_argv("./engine --fast") == ["./engine", "--fast"]
