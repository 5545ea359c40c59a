"""429 and 503 as the SDK meets them: raised with their Retry-After, or waited out and retried.

A server of its own with tight limits: 4 reads a second and 1 creation a minute per client (one
address here), and one open stream per server process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from support.served import Served, serve, stop
from trailhead_client import Client, RateLimited, SeatHandle, Unavailable


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(tmp_path_factory.mktemp("sdk-limited"), TRAILHEAD_RATE_LIMITS="read=4/second;create=1/minute",
                   TRAILHEAD_STREAMS_TOTAL="1")
    yield served
    stop(served)


@pytest.fixture(scope="module")
def solo(limited: Served) -> Iterator[SeatHandle]:
    """A solo Hikes of the West nobody plays: it stays where it is (the module's one creation)."""
    with Client(limited.base_url) as client:
        yield client.seats_of(client.create_game("hikes-of-the-west", ["solo"], seed="limits"))[0]


def test_over_the_read_limit_a_client_without_retries_gets_rate_limited(limited: Served, solo: SeatHandle) -> None:
    time.sleep(1.0)  # a fresh window
    with Client(limited.base_url, retries=0) as client, pytest.raises(RateLimited) as limit:
        for _ in range(10):
            client.game(solo.game_id)
    assert limit.value.status == 429 and limit.value.slug == "rate-limited"
    assert limit.value.retry_after is not None and limit.value.retry_after >= 1


def test_a_client_with_retries_waits_out_retry_after(limited: Served, solo: SeatHandle) -> None:
    time.sleep(1.0)
    started = time.monotonic()
    with Client(limited.base_url, retries=3) as client:
        versions = {client.game(solo.game_id)["version"] for _ in range(10)}
    assert len(versions) == 1
    assert time.monotonic() - started >= 1.0  # 10 reads at 4 a second: it had to wait


def test_a_wait_beyond_max_wait_is_not_waited(limited: Served, solo: SeatHandle) -> None:
    started = time.monotonic()
    with Client(limited.base_url, retries=3, max_wait=5) as client, pytest.raises(RateLimited) as limit:
        client.create_game("hikes-of-the-west", ["second"])  # the minute's one creation is taken
    assert limit.value.retry_after is not None and limit.value.retry_after > 5
    assert time.monotonic() - started < 5


def test_beyond_the_streams_of_a_process_is_unavailable(limited: Served, solo: SeatHandle) -> None:
    time.sleep(1.0)
    with Client(limited.base_url, retries=0) as client:
        held = solo.client.stream(solo.game_id, solo.token)
        assert next(held)["seq"] == 1  # the process's one stream is open
        try:
            with pytest.raises(Unavailable) as full:
                next(client.stream(solo.game_id))
        finally:
            held.close()
    assert full.value.status == 503 and full.value.retry_after is not None and full.value.retry_after >= 1
