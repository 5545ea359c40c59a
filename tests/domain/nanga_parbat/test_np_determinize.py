"""Nanga Parbat's determinisation (determinize.py): open information, so the view rebuilds the state itself."""

from __future__ import annotations

from domain.core import Rng, SeatConfig, Table
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.determinize import determinize, viewer


def test_every_seat_s_view_rebuilds_the_true_state_at_every_decision() -> None:
    config = SPEC.normalize_config([SeatConfig(name="ann", bot="greedy"), SeatConfig(name="bob", bot="random")],
                                   {"area_scoring": True})
    game = Table(SPEC, config, "np-determinize")
    decisions = 0
    while not game.finished:
        for seat in (0, 1):
            view = SPEC.view(game.state, seat)
            assert viewer(view) == seat
            assert determinize(view, Rng("np", game.version)) == game.state
        seat = min(SPEC.to_act(game.state))
        game.submit(seat, game.bot_command(seat, ["greedy", "random"][seat]))
        decisions += 1
    assert decisions > 20
