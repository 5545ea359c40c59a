"""Preparations: opening cards, the four actions, the bonus action and placement rules (Gameplay)."""

from __future__ import annotations

import pytest
from hike_scenario import invalid, opening, play_days
from msgspec.structs import replace
from support.scenario import ScriptedRng, after, illegal, legal, play, state_of, then, when

from domain.core import IllegalCommand
from domain.games.hike import SPEC
from domain.games.hike.commands import (
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    SwapHusky,
    UseHusky,
)
from domain.games.hike.events import (
    ActionSkipped,
    CardDrafted,
    CardsOpened,
    DayEnded,
    DayStarted,
    HuskyDrafted,
    HuskyPlaced,
    HuskySwappedOut,
    LandscapeTurned,
    TurnEnded,
    YoungsterPlaced,
)
from domain.games.hike.sled import can_place
from domain.games.hike.state import Phase, Spot, Step, with_musher

# Seat 0 holds Glacier (H21, all edges green) and Zephyr (H48, all red); seat 1 holds Aki and Alaska.
# The centre shows Tala (H45, all green) and Nanook (H34: top green, right yellow, bottom green, left green).
TOP = ("H21", "H48", "H01", "H02", "H45", "H34", "H10", "H11", "H12", "H13", "H14", "H15")
GIVEN = opening(top=TOP)
OPENED = after(SPEC, GIVEN, (0, OpenCards()))


def test_a_turn_opens_two_cards_from_the_husky_deck() -> None:
    """Opening cards from the husky deck: on the first days each player opens 2 cards."""
    then(when(SPEC, GIVEN, 0, OpenCards()), CardsOpened(seat=0, cards=("H10", "H11"), plus_cards=0))
    assert state_of(SPEC, OPENED).centre == ("H45", "H34", "H10", "H11")


def test_each_discarded_plus_card_opens_one_more_card() -> None:
    """Opening cards: a player may discard any number of their +1 cards to open more cards."""
    then(when(SPEC, GIVEN, 0, OpenCards(extra=2)),
         CardsOpened(seat=0, cards=("H10", "H11", "H12", "H13"), plus_cards=2))
    assert play(SPEC, GIVEN, 0, OpenCards(extra=2)).mushers[0].plus_cards == 0


def test_no_more_plus_cards_than_held_can_be_discarded() -> None:
    """Opening cards: only the player's own +1 cards (2 at setup)."""
    illegal(SPEC, GIVEN, 0, OpenCards(extra=3), match="you have only 2 \\+1 cards")
    assert legal(SPEC, GIVEN, 0) == [OpenCards(extra=0), OpenCards(extra=1), OpenCards(extra=2)]


def test_from_the_rotated_landscape_onward_one_card_is_opened() -> None:
    """Opening cards: when the rotated (4th) landscape is turned face up, each player opens 1 card."""
    day_three = play_days(GIVEN, 3)
    then(when(SPEC, day_three, 0, OpenCards()), CardsOpened(seat=0, cards=state_of(SPEC, day_three).deck[:2]))
    day_four = play_days(GIVEN, 4)
    assert LandscapeTurned(place=4, card=state_of(SPEC, day_four).landscapes[3]) in day_four[len(day_three):]
    then(when(SPEC, day_four, 0, OpenCards()), CardsOpened(seat=0, cards=state_of(SPEC, day_four).deck[:1]))


def test_each_day_begins_by_turning_the_next_landscape() -> None:
    """Gameplay: begin the day by turning one landscape face up, from the start towards the finish."""
    day_two = play_days(GIVEN, 2)
    assert day_two[-2:] == [DayStarted(phase=Phase.PREPARATIONS, day=2, order=(0, 1)),
                            LandscapeTurned(place=2, card=state_of(SPEC, GIVEN).landscapes[1])]


def test_an_action_comes_only_after_opening_cards() -> None:
    """Gameplay: each player first opens cards, then performs one action."""
    illegal(SPEC, GIVEN, 0, DraftHusky(card="H45", slot=0), match="exactly one action a turn, after opening cards")
    illegal(SPEC, GIVEN, 0, EndTurn(), match="exactly one action before ending your turn")


def test_drafting_a_husky_to_the_sled_takes_any_face_up_card() -> None:
    """Draft a husky to the sled: any face-up card, not only the ones opened this turn."""
    then(when(SPEC, OPENED, 0, DraftHusky(card="H45", slot=2)),
         HuskyDrafted(seat=0, card="H45", slot=2), TurnEnded(seat=0))
    state = play(SPEC, OPENED, 0, DraftHusky(card="H45", slot=2))
    assert state.mushers[0].sled[2].card == "H45" and "H45" not in state.centre
    assert SPEC.to_act(state) == frozenset({1})


def test_drafting_a_card_to_the_hand() -> None:
    """Draft a card to the hand: an opened card from the centre goes to the hand."""
    then(when(SPEC, OPENED, 0, DraftCard(card="H11")), CardDrafted(seat=0, card="H11"), TurnEnded(seat=0))
    assert play(SPEC, OPENED, 0, DraftCard(card="H11")).mushers[0].hand == ("H11", "H21", "H48")


def test_a_card_not_face_up_in_the_centre_cannot_be_drafted() -> None:
    """Performing actions: cards are taken from the centre of the table."""
    illegal(SPEC, OPENED, 0, DraftCard(card="H01"), match="not face-up in the centre")
    invalid(OPENED, 0, DraftCard(card="X99"), match="unknown card")


def test_placing_a_husky_from_the_hand() -> None:
    """Place a husky to the sled from hand."""
    then(when(SPEC, OPENED, 0, PlaceHusky(card="H21", slot=0)), HuskyPlaced(seat=0, card="H21", slot=0),
         TurnEnded(seat=0))
    illegal(SPEC, OPENED, 0, PlaceHusky(card="H45", slot=0), match="not in your hand")


# Placement rules


def sled_with(*cards: tuple[int, str]) -> tuple[Spot, ...]:
    sled = [Spot()] * 8
    for slot, card in cards:
        sled[slot] = Spot(card=card)
    return tuple(sled)


def test_a_husky_without_neighbours_goes_anywhere() -> None:
    """Placement rules: A, where the new husky has no neighbours."""
    assert all(can_place(sled_with(), 4, slot, "H48") for slot in range(8))


def test_edges_must_match_every_neighbouring_experienced_husky() -> None:
    """Placement rules: B, edges match cards on both sides; E, a mismatched edge forbids the place."""
    sled = sled_with((0, "H21"), (5, "H21"))  # green all round
    assert can_place(sled, 4, 1, "H45")  # green left edge next to green, green bottom over green
    assert not can_place(sled, 4, 1, "H48")  # red edges
    assert not can_place(sled, 4, 4, "H48")  # under Glacier's green bottom edge


def test_huskies_are_never_rotated() -> None:
    """Placement rules: cards are placed vertically without rotation; Nanook's right edge is yellow."""
    sled = sled_with((1, "H21"))
    assert not can_place(sled, 4, 0, "H34")  # its right edge (yellow) would face Glacier's green left edge
    assert can_place(sled, 4, 2, "H34")  # its left edge (green) faces Glacier's green right edge


def test_youngsters_fit_next_to_any_edge_and_any_husky_fits_next_to_them() -> None:
    """Placement rules: D, a youngster neighbour imposes nothing; youngsters match anything."""
    sled = sled_with((0, "H21"), (2, "Y01"))
    assert can_place(sled, 4, 1, "Y02")
    sled = sled_with((1, "Y01"), (6, "H21"))
    assert can_place(sled, 4, 2, "H45") and not can_place(sled, 4, 2, "H48")


def test_a_husky_that_does_not_match_is_refused_in_the_rulebook_words() -> None:
    """Placement rules: the new husky's borders must match those of the neighbouring cards."""
    given = after(SPEC, OPENED, (0, PlaceHusky(card="H21", slot=0)), (1, OpenCards()), (1, DraftCard(card="H10")),
                  (0, OpenCards()))
    illegal(SPEC, given, 0, PlaceHusky(card="H48", slot=1), match="edges must match")
    illegal(SPEC, given, 0, DraftHusky(card="H45", slot=0), match="free places")
    assert DraftHusky(card="H45", slot=1) in legal(SPEC, given, 0)
    assert DraftHusky(card="H11", slot=1) not in legal(SPEC, given, 0)  # Boreas has a yellow left edge


# Swap


def test_a_swap_takes_a_husky_back_and_places_one_from_the_hand() -> None:
    """Swap a husky in the sled: one card back to the hand, then one placed from the hand."""
    given = after(SPEC, OPENED, (0, PlaceHusky(card="H21", slot=0)), (1, OpenCards()), (1, DraftCard(card="H10")),
                  (0, OpenCards()))
    then(when(SPEC, given, 0, SwapHusky(slot=0)), HuskySwappedOut(seat=0, card="H21", slot=0))
    swapping = after(SPEC, given, (0, SwapHusky(slot=0)))
    assert state_of(SPEC, swapping).step is Step.SWAP
    assert all(isinstance(command, PlaceHusky) for command in legal(SPEC, swapping, 0))
    illegal(SPEC, swapping, 0, EndTurn(), match="exactly one action before ending")
    illegal(SPEC, swapping, 0, DraftCard(card="H45"), match="exactly one action a turn")
    then(when(SPEC, swapping, 0, PlaceHusky(card="H21", slot=3)), HuskyPlaced(seat=0, card="H21", slot=3),
         TurnEnded(seat=0))


def test_a_swap_needs_a_husky_in_the_sled() -> None:
    illegal(SPEC, OPENED, 0, SwapHusky(slot=0), match="no husky on that place")
    invalid(OPENED, 0, SwapHusky(slot=8), match="places 0 to 7")


# Bonus action

YOUNG = opening(top=("Y01", "H21", "H01", "H02", "Y02", "H45", "H10", "H11"))
YOUNG_OPENED = after(SPEC, YOUNG, (0, OpenCards()))


def test_a_youngster_from_the_centre_or_hand_is_a_bonus_action_after_the_action() -> None:
    """Bonus action: after the regular action, place one youngster from the centre or the hand."""
    illegal(SPEC, YOUNG_OPENED, 0, PlaceYoungster(card="Y02", slot=1), match="after completing the regular action")
    acted = after(SPEC, YOUNG_OPENED, (0, DraftHusky(card="H45", slot=0)))
    assert state_of(SPEC, acted).step is Step.BONUS
    assert {PlaceYoungster(card="Y01", slot=1), PlaceYoungster(card="Y02", slot=7)} <= set(legal(SPEC, acted, 0))
    then(when(SPEC, acted, 0, PlaceYoungster(card="Y01", slot=1)),
         YoungsterPlaced(seat=0, card="Y01", slot=1, from_hand=True), TurnEnded(seat=0))
    assert when(SPEC, acted, 0, PlaceYoungster(card="Y02", slot=7))[0] == YoungsterPlaced(
        seat=0, card="Y02", slot=7, from_hand=False)
    used = replace(state_of(SPEC, acted), bonus_used=True)
    illegal(SPEC, used, 0, PlaceYoungster(card="Y01", slot=2), match="one bonus action a turn")


def test_only_one_regular_action_a_turn() -> None:
    """Performing actions: the player performs exactly one of the actions."""
    acted = after(SPEC, YOUNG_OPENED, (0, DraftHusky(card="H45", slot=0)))
    illegal(SPEC, acted, 0, DraftCard(card="H10"), match="exactly one action a turn")
    illegal(SPEC, acted, 0, PlaceYoungster(card="H21", slot=1), match="places a youngster husky only")
    then(when(SPEC, acted, 0, EndTurn()), TurnEnded(seat=0))


def test_a_turn_with_nothing_left_to_choose_ends_by_itself() -> None:
    """Bonus action and declaring are optional: with neither possible the turn simply ends."""
    assert when(SPEC, OPENED, 0, DraftCard(card="H45"))[-1] == TurnEnded(seat=0)


def test_with_no_plus_card_the_cards_are_opened_without_asking() -> None:
    """Opening cards: with nothing to choose, the turn's cards are opened at once."""
    spent = after(SPEC, GIVEN, (0, OpenCards(extra=2)), (0, DraftCard(card="H45")), (1, OpenCards(extra=2)),
                  (1, DraftCard(card="H34")))
    day_two = spent[spent.index(DayEnded(day=1)):]
    assert [type(e) for e in day_two] == [DayEnded, DayStarted, LandscapeTurned, CardsOpened]
    assert state_of(SPEC, spent).step is Step.ACTION and SPEC.to_act(state_of(SPEC, spent)) == frozenset({0})


def test_an_empty_husky_deck_skips_the_opening() -> None:
    """Opening cards: if the husky deck is depleted, skip this step."""
    state = replace(state_of(SPEC, OPENED), deck=())
    assert when(SPEC, state, 0, DraftCard(card="H45"))[-1] == CardsOpened(seat=1, cards=(), plus_cards=0)


def test_a_musher_with_no_possible_action_skips_it() -> None:
    """Performing actions: with an empty centre, no husky to place and none to swap, nothing happens."""
    state = replace(state_of(SPEC, OPENED), centre=("H45",), deck=())
    state = with_musher(state, 1, hand=("E01",), plus_cards=0)
    events = when(SPEC, state, 0, DraftCard(card="H45"))
    assert events[2:5] == [CardsOpened(seat=1, cards=(), plus_cards=0), ActionSkipped(seat=1), TurnEnded(seat=1)]


def test_race_commands_are_refused_in_preparations() -> None:
    illegal(SPEC, OPENED, 0, UseHusky(slot=0), match="done in the Race")


def test_only_the_musher_whose_turn_it_is_acts() -> None:
    """Gameplay: players take turns; the command cycle refuses the others, and so does decide on its own."""
    illegal(SPEC, OPENED, 1, DraftCard(card="H45"), match="not seat 1's turn; to act: 0")
    with pytest.raises(IllegalCommand, match="not your turn"):
        SPEC.decide(state_of(SPEC, OPENED), 1, DraftCard(card="H45"), ScriptedRng())  # type: ignore[arg-type]
