"""A rematch is one game per finished game on both backends, even when two seats ask at the same moment."""

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask

from application.rematch import rematch, rematch_id
from domain.core import SeatConfig
from domain.core.seating import LeaveSeat
from storage import AlreadyStored

pytestmark = pytest.mark.both_backends


def test_two_seats_asking_at_once_get_one_rematch_and_a_clashing_id_is_refused(app: Flask) -> None:
    bus = app.extensions["trailhead"].bus
    created = bus.create("hike", [SeatConfig(name="Ann"), SeatConfig(name="Bot", bot="random")])
    old = created.game.record.id
    bus.seat_command(old, LeaveSeat(seat=0, resigned=True), 0, "resign:0")
    deadline = time.monotonic() + 60
    while not bus.games.load(old).finished:
        assert time.monotonic() < deadline, "the takeover bot did not finish the game"
        time.sleep(0.05)

    answers = []
    barrier = threading.Barrier(2)

    def ask(seat: int) -> None:
        barrier.wait()
        answers.append(rematch(bus, old, seat))

    threads = [threading.Thread(target=ask, args=[seat]) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(made.created for made in answers) == [False, True]
    assert {made.game.record.id for made in answers} == {rematch_id(old)}
    assert bus.store.game(rematch_id(old)) is not None

    with pytest.raises(AlreadyStored):
        bus.games.create("hike", [SeatConfig(name="A", bot="random"), SeatConfig(name="B", bot="random")],
                         game_id=rematch_id(old))
