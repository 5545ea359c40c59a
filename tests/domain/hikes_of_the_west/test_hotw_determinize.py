"""Hikes of the West's determinisation (determinize.py): the hiker's view, the undrawn path cards shuffled."""

from __future__ import annotations

import pytest

from domain.core import Rng, SeatConfig, Table
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.cards import card_ids
from domain.games.hikes_of_the_west.determinize import determinize, viewer
from domain.games.hikes_of_the_west.state import Phase


def table(seed: str, level: str = "planner") -> Table:
    return Table(SPEC, SPEC.normalize_config([SeatConfig(name="hiker", bot=level)], {}), seed)


def test_while_planning_the_deck_is_the_six_path_cards_that_are_not_locations_in_a_drawn_order() -> None:
    game = table("det-plan")
    assert game.state.phase is Phase.PLANNING
    view = SPEC.view(game.state, 0)
    assert viewer(view) == 0
    decks = {determinize(view, Rng("deck", draw)).deck for draw in range(8)}
    unseen = sorted(set(card_ids()) - set(game.state.locations))
    assert all(sorted(deck) == unseen for deck in decks)
    assert len(decks) > 1  # the order is drawn, not the true one


@pytest.mark.parametrize("seed", ["det-a", "det-b", "det-c"])
def test_along_a_game_a_drawn_state_shows_the_view_and_offers_the_same_commands(seed: str) -> None:
    """What the view leaves out is derived: the dice on the cards, the leg, the rolls and saves since the last
    rest (stamina may be saved only after the first roll, up to the location's limit)."""
    game = table(seed)
    while not game.finished:
        view = SPEC.view(game.state, 0)
        drawn = determinize(view, Rng(seed, game.version))
        assert SPEC.view(drawn, 0) == view
        assert SPEC.legal_commands(drawn, 0) == SPEC.legal_commands(game.state, 0)
        if game.state.phase is Phase.HIKING:
            assert drawn.deck == game.state.deck  # the one card left is known: neither a location nor dealt
            assert (drawn.scored, drawn.leg) == (game.state.scored, game.state.leg)
            assert drawn.hike is not None and game.state.hike is not None
            assert drawn.hike.saved_since_rest == game.state.hike.saved_since_rest
        game.submit(0, game.bot_command(0, "planner"))
