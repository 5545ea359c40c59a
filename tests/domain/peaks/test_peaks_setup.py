"""Set-up: the board and decks, the display of 3, the mats, characters, starting mountains (rulebook: Global and
Player setup), and the card data fitting the book's counts."""

from __future__ import annotations

import pytest
from peaks_scenario import opening, ready
from support.scenario import created, given, illegal, then, when

from domain.core import GameConfig, IllegalCommand, InvalidCommand, Rng, SeatConfig
from domain.games.peaks import SPEC, cards
from domain.games.peaks.commands import PlaceCharacter, Prepare, Rest
from domain.games.peaks.events import (
    CharacterPlaced,
    DeckShuffled,
    DisplayDealt,
    StartingMountainsDealt,
)
from domain.games.peaks.state import Phase


def test_the_decks_hold_54_A_and_46_B_mountains_25_companions_and_18_bonus_cards() -> None:
    for version in SPEC.rules_versions:  # rules version 3 has Pic Boby for Teide and Maurice for Boby
        assert len(cards.deck_of("A", version)) == 54
        assert len(cards.deck_of("B", version)) == 46
        assert len(cards.companion_deck(version)) == 25
        names = {cards.mountains()[m].name for m in cards.deck_of("A", version) + cards.deck_of("B", version)}
        assert len(names) == 100
    assert len(cards.bonus_cards()) == 18


def test_every_mountain_has_a_continent_requirements_and_two_reward_groups_within_the_mat_limits() -> None:
    board, mat = cards.board(), cards.mat()
    for m in cards.mountains().values():
        assert m.continent in board.continents
        assert 0 < m.stamina <= mat.stamina_max
        assert set(m.equipment) <= set(board.equipment) and len(set(m.equipment)) == len(m.equipment)
        assert 0 <= m.experience
        assert m.left and m.right
        assert all(r.kind in cards.REWARD_KINDS for r in m.left + m.right)
    assert any(r.green for m in cards.mountains().values() for r in m.left + m.right)
    assert {m.continent for m in cards.mountains().values()} == set(board.continents)


def test_the_danger_die_has_one_danger_face_in_six() -> None:
    assert cards.board().die_faces == 6 and len(cards.board().danger_faces) == 1


def test_set_up_shuffles_four_decks_deals_three_A_mountains_to_the_display_and_one_to_each_player() -> None:
    config = GameConfig(seats=tuple(SeatConfig(name=n) for n in ("a", "b", "c")), options={})
    events = SPEC.setup(config, Rng("seed", 2))
    shuffles = [e for e in events if isinstance(e, DeckShuffled)]
    assert [e.deck for e in shuffles] == ["A", "B", "companions", "bonus"]
    assert all(e.visibility() == () for e in shuffles)
    display = next(e for e in events if isinstance(e, DisplayDealt)).display
    starting = next(e for e in events if isinstance(e, StartingMountainsDealt)).mountains
    assert display == shuffles[0].order[:3] and starting == shuffles[0].order[3:6]
    state = given(SPEC, created(SPEC, 3), events)
    assert len(state.supply.deck_a) == 54 - 3 - 3 and len(state.supply.deck_b) == 46
    assert len(state.supply.companions) == 25 and len(state.supply.bonus) == 18
    assert [p.mountains for p in state.players] == [(m,) for m in starting]


def test_each_mat_starts_with_stamina_and_stamina_level_6_and_equipment_experience_tokens_dials_and_tiles_at_0() -> None:
    player = given(SPEC, opening()).players[0]
    assert (player.stamina, player.stamina_level, player.experience) == (6, 6, 0)
    assert player.equipment == (0, 0, 0) and player.flags_placed == 0
    assert player.tokens == player.dials == player.tiles == (0, 0, 0)
    assert cards.mat().flags == 16


def test_every_player_places_their_character_in_a_chosen_continent_at_once_then_the_first_player_starts() -> None:
    assert SPEC.to_act(given(SPEC, opening(3))) == {0, 1, 2}
    then(when(SPEC, opening(3), 2, PlaceCharacter(continent="oceania")), CharacterPlaced(seat=2, continent="oceania"))
    state = given(SPEC, ready(3, ["asia", "europe", "oceania"]))
    assert state.phase is Phase.PLAYING and SPEC.to_act(state) == {0}
    assert [p.continent for p in state.players] == ["asia", "europe", "oceania"]


def test_a_character_is_placed_once_and_actions_wait_for_every_character() -> None:
    placed = [*opening(), CharacterPlaced(seat=0, continent="asia")]
    illegal(SPEC, placed, 0, PlaceCharacter(continent="europe"), match="not seat 0's turn; to act: 1")
    illegal(SPEC, placed, 1, Rest(choice="level"), match="place your character")
    illegal(SPEC, ready(), 0, PlaceCharacter(continent="asia"), match="placed at set-up only")


def test_decide_itself_words_why_a_seat_must_wait() -> None:
    """The command cycle's guard answers first; `decide` keeps its own guard, in the rulebook's words."""
    rng = Rng("wait", 1)
    with pytest.raises(IllegalCommand, match="already placed your character; waiting for the others"):
        SPEC.decide(given(SPEC, opening(), CharacterPlaced(seat=0, continent="asia")), 0,
                    PlaceCharacter(continent="europe"), rng)
    with pytest.raises(IllegalCommand, match="it is Ann's turn"):
        SPEC.decide(given(SPEC, ready()), 1, Prepare(), rng)


def test_an_unknown_continent_is_malformed_and_acting_out_of_turn_is_illegal() -> None:
    with pytest.raises(InvalidCommand, match="unknown continent"):
        when(SPEC, opening(), 0, PlaceCharacter(continent="atlantis"))
    illegal(SPEC, ready(), 1, Prepare(), match="not seat 1's turn; to act: 0")
