"""Declaring you are ready to race, the last days of Preparations, and their clean-up (Gameplay)."""

from __future__ import annotations

from hike_scenario import opening, play_days
from msgspec.structs import replace
from support.scenario import after, illegal, legal, of_type, play, state_of, then, when

from domain.games.hike import SPEC
from domain.games.hike.commands import (
    DeclareReady,
    DraftHusky,
    EndTurn,
    OpenCards,
    UpgradeHusky,
)
from domain.games.hike.events import (
    CareCardTaken,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    HuskiesHandedIn,
    HuskyUpgraded,
    LandscapeTurned,
    PreparationsEnded,
    RaceEnded,
    ReadyDeclared,
    TurnEnded,
)
from domain.games.hike.state import PREPARATION_DAY_CAP, Phase, Step

# Seat 0 holds Glacier and an equipment card; seat 1 holds Aki and Alaska; the centre shows Tala, E02.
TOP = ("H21", "E01", "H01", "H02", "H45", "E02", "H10", "H11", "H12", "H13")
# Seven places filled in each sled; place 7 sits under a youngster and right of one, so anything fits.
# Sitka (H42), Togo (H46) and Tala (H45, drafted to place 7) have 1 point.
SLED_0 = ("H42", "H43", "H44", "Y07", "H46", "H47", "Y08")
SLED_1 = ("H36", "H37", "H38", "Y05", "H39", "H40", "Y06")
GIVEN = opening(top=TOP, sleds={0: SLED_0, 1: SLED_1})
COMPLETE = after(SPEC, GIVEN, (0, OpenCards()), (0, DraftHusky(card="H45", slot=7)))


def test_a_complete_sled_may_declare_ready_after_the_action() -> None:
    """Declaring you are ready: when every cube has been replaced with a husky."""
    assert state_of(SPEC, COMPLETE).step is Step.BONUS
    assert legal(SPEC, COMPLETE, 0) == [DeclareReady(), EndTurn()]


def test_an_incomplete_sled_cannot_declare() -> None:
    """Declaring you are ready: only if the player's sled is complete."""
    opened = after(SPEC, GIVEN, (0, OpenCards()))
    bonus = replace(state_of(SPEC, opened), step=Step.BONUS)
    illegal(SPEC, bonus, 0, DeclareReady(), match="sled is complete only when every cube")
    illegal(SPEC, opened, 0, DeclareReady(), match="after your action")


def test_declaring_moves_to_the_start_and_hands_huskies_in_hand_to_the_centre() -> None:
    """Declaring you are ready 1-2: the cube goes to the start; husky cards in hand go to the centre."""
    then(when(SPEC, COMPLETE, 0, DeclareReady()), ReadyDeclared(seat=0), HuskiesHandedIn(seat=0, cards=("H21",)))
    state = play(SPEC, COMPLETE, 0, DeclareReady())
    assert state.mushers[0].ready and state.mushers[0].hand == ("E01",) and "H21" in state.centre
    assert state.first_ready == 0 and state.last_preparation_day == 4


def test_equipment_upgrades_one_point_huskies_only() -> None:
    """Declaring you are ready 3: an equipment card under an experienced husky with exactly 1 point."""
    ready = after(SPEC, COMPLETE, (0, DeclareReady()))
    assert state_of(SPEC, ready).step is Step.UPGRADE
    assert legal(SPEC, ready, 0) == [UpgradeHusky(slot=0), UpgradeHusky(slot=4), UpgradeHusky(slot=7), EndTurn()]
    illegal(SPEC, ready, 0, UpgradeHusky(slot=1), match="exactly 1 movement point")
    illegal(SPEC, ready, 0, UpgradeHusky(slot=3), match="exactly 1 movement point")  # a youngster
    then(when(SPEC, ready, 0, UpgradeHusky(slot=4)), HuskyUpgraded(seat=0, slot=4, equipment="E01"), TurnEnded(seat=0))
    state = play(SPEC, ready, 0, UpgradeHusky(slot=4))
    assert state.mushers[0].sled[4].equipment == "E01" and "E01" not in state.mushers[0].hand


def test_upgrades_happen_only_when_declaring() -> None:
    illegal(SPEC, COMPLETE, 0, UpgradeHusky(slot=0), match="when you declare")


def test_a_ready_musher_draws_a_care_card_instead_of_a_turn() -> None:
    """Declaring you are ready: from then on, on their turn they draw the top card of their care pile."""
    ready = after(SPEC, COMPLETE, (0, DeclareReady()), (0, EndTurn()))
    day_two = play_days(ready, 2)
    assert day_two[-3:] == [LandscapeTurned(place=2, card="L07"), CareCardTaken(seat=0, card="C07"), TurnEnded(seat=0)]
    assert SPEC.to_act(state_of(SPEC, day_two)) == frozenset({1})


def test_preparations_last_three_more_days_and_the_unready_are_out() -> None:
    """Declaring you are ready: at most 3 more days; the first to declare empties their care pile."""
    ready = after(SPEC, COMPLETE, (0, DeclareReady()), (0, EndTurn()))
    raced = play_days(ready, 99)
    assert [e.day for e in of_type(raced, DayStarted) if e.phase is Phase.PREPARATIONS] == [1, 2, 3, 4]
    assert of_type(raced, PreparationsEnded) == [PreparationsEnded(racers=(0,), out=(1,))]
    state = state_of(SPEC, raced)
    assert state.mushers[0].hand == ("C07", "D01", "D02", "E01") and state.mushers[1].out
    assert raced[-1] == DayStarted(phase=Phase.RACE, day=1, order=(0,))


def test_preparations_end_the_day_everyone_is_ready_and_clean_up() -> None:
    """Declaring you are ready; end of Preparations: clean-up, reveal the track, shuffle the care pile."""
    both = after(SPEC, COMPLETE, (0, DeclareReady()), (0, EndTurn()), (1, OpenCards()),
                 (1, DraftHusky(card="H10", slot=7)))
    events = when(SPEC, both, 1, DeclareReady())
    assert events[:4] == [ReadyDeclared(seat=1), HuskiesHandedIn(seat=1, cards=("H01", "H02")), TurnEnded(seat=1),
                          DayEnded(day=1)]
    assert of_type(events, PreparationsEnded) == [PreparationsEnded(racers=(0, 1), out=())]
    assert [e.place for e in of_type(events, LandscapeTurned)] == [2, 3, 4, 5, 6, 7, 8]
    shuffled = of_type(events, CarePileShuffled)[0]
    assert shuffled.visibility() == ()
    assert sorted(shuffled.order) == ["C07", "C08", "C09", "C10", "C11", "C12", *(f"D{i:02d}" for i in range(1, 13))]
    state = play(SPEC, both, 1, DeclareReady())
    assert state.phase is Phase.RACE and state.centre == () and state.turned == 8
    assert [m.plus_cards for m in state.mushers] == [0, 0] and [m.care_pile for m in state.mushers] == [(), ()]
    assert events[-1] == DayStarted(phase=Phase.RACE, day=1, order=(0, 1))


def test_nobody_racing_after_the_preparation_day_cap_ends_the_game() -> None:
    """Ruling (cap): nobody ready by the end of day 30 ends Preparations with everyone out."""
    opened = after(SPEC, opening(top=TOP), (0, OpenCards()), (0, DraftHusky(card="H45", slot=0)), (1, OpenCards()))
    capped = replace(state_of(SPEC, opened), day=PREPARATION_DAY_CAP)
    events = when(SPEC, capped, 1, DraftHusky(card="H10", slot=0))
    assert of_type(events, PreparationsEnded) == [PreparationsEnded(racers=(), out=(0, 1))]
    assert events[-1] == RaceEnded(reason="nobody reached the start", finishers=())
    result = SPEC.result(play(SPEC, capped, 1, DraftHusky(card="H10", slot=0)))
    assert result is not None and result["winners"] == []
    assert [row["place"] for row in result["standings"]] == [1, 1]
