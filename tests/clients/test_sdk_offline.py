"""The SDK's pieces that need no server: the event-stream parser, listed actions and their ranges."""

from __future__ import annotations

import pytest

from trailhead_client import Action, ActionList, Range
from trailhead_client.sse import SseEvent, SseParser

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
