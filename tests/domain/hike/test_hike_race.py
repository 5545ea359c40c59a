"""Race: movement points, upgraded huskies, equipment fields, rest, care cards and camp (Race).

Track (see hike_scenario.py): 1-7 snow, 8 ice, 9 snow, 10 ice needing equipment, 11 snow, 12 ice...
"""

from __future__ import annotations

from hike_scenario import racing
from msgspec.structs import replace
from support.scenario import after, illegal, legal, play, state_of, then, when

from domain.games.hike import SPEC
from domain.games.hike.cards import Snow
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    DraftCard,
    EndTurn,
    PushThrough,
    RestHusky,
    StopBeforeField,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.events import (
    CareGiven,
    EquipmentFieldForced,
    EquipmentSpent,
    HuskyRan,
    HuskyRested,
    MovementStopped,
    TurnEnded,
)
from domain.games.hike.state import HikeState, Step, with_musher, with_spot

S, ICE = Snow.SNOW, Snow.ICE
# Places 0-3 on top, 4-7 below. Nanook S S S | Aki S I | Tala I | youngster
#                                Echo S     | Balto S S I | Togo I | youngster
SLED = ("H34", "H01", "H45", "Y01", "H17", "H08", "H46", "Y02")
OTHER = ("H21", "H29", "H31", "H36", "H38", "H39", "H43", "H47")


def at(position: int, hand: tuple[str, ...] = (), **kwargs: object) -> list:
    return racing({0: SLED, 1: OTHER}, hands={0: hand}, positions={0: position}, **kwargs)  # type: ignore[arg-type]


def tired(state: HikeState, seat: int, *slots: int, resting: tuple[int, ...] = ()) -> HikeState:
    sled = state.mushers[seat].sled
    for slot in slots:
        sled = with_spot(sled, slot, tired=True)
    for slot in resting:
        sled = with_spot(sled, slot, resting=True)
    return with_musher(state, seat, sled=sled)


def test_a_husky_spends_its_points_on_matching_fields() -> None:
    """Using husky movement points: to move onto a field, spend a point identical to the one on it."""
    then(when(SPEC, at(0), 0, UseHusky(slot=0)), HuskyRan(seat=0, slot=0, spent=(S, S, S), position=3))


def test_points_that_cannot_be_spent_are_lost_and_the_husky_is_tired() -> None:
    """Using husky movement points: unspent points are lost; a cube marks the husky tired."""
    then(when(SPEC, at(0), 0, UseHusky(slot=1)), HuskyRan(seat=0, slot=1, spent=(S,), position=1))
    used = after(SPEC, at(0), (0, UseHusky(slot=1)))
    assert state_of(SPEC, used).mushers[0].sled[1].tired
    illegal(SPEC, used, 0, UseHusky(slot=1), match="tired")


def test_points_are_spent_in_any_order() -> None:
    """Using husky movement points: movement points can be used in any order (ice, then snow)."""
    then(when(SPEC, at(7), 0, UseHusky(slot=1)), HuskyRan(seat=0, slot=1, spent=(ICE, S), position=9))


def test_only_ready_experienced_huskies_with_a_matching_point_can_be_used() -> None:
    """Using husky movement points; youngsters have no movement points."""
    illegal(SPEC, at(0), 0, UseHusky(slot=2), match="identical to the one on it")
    illegal(SPEC, at(0), 0, UseHusky(slot=3), match="only experienced huskies")
    assert legal(SPEC, at(0), 0) == [UseHusky(slot=0), UseHusky(slot=1), UseHusky(slot=4), UseHusky(slot=5), EndTurn()]


def test_an_upgraded_husky_gains_a_point_of_a_neighbours_snow() -> None:
    """Huskies with equipment: the extra point takes a snow type of the nearest neighbours."""
    plain = at(7)
    illegal(SPEC, plain, 0, UseHusky(slot=4), match="identical")  # Echo has only snow; field 8 is ice
    upgraded = at(7, upgrades={0: {4: "E01"}})  # neighbours Nanook (snow) and Balto (snow, ice)
    then(when(SPEC, upgraded, 0, UseHusky(slot=4)), HuskyRan(seat=0, slot=4, spent=(ICE, S), position=9))


def test_a_field_that_requires_equipment_stops_the_husky_for_a_decision() -> None:
    """Landscape cards that require equipment: the point and an equipment card are needed."""
    then(when(SPEC, at(9, hand=("E02",)), 0, UseHusky(slot=2)),
         HuskyRan(seat=0, slot=2, spent=(), position=9, remaining=((ICE,),)))
    waiting = after(SPEC, at(9, hand=("E02",)), (0, UseHusky(slot=2)))
    assert state_of(SPEC, waiting).mushers[0].step is Step.EQUIPMENT
    assert legal(SPEC, waiting, 0) == [UseEquipment(), PushThrough()]
    illegal(SPEC, waiting, 0, UseHusky(slot=0), match="first decide how to get onto the field")


def test_the_book_has_no_stopping_before_an_equipment_field() -> None:
    """Landscape cards that require equipment: spend an equipment card, or push through and rest 2 huskies; the
    book offers no third way (rules version 2 drops the invented StopBeforeField)."""
    waiting = after(SPEC, at(9), (0, UseHusky(slot=1)))
    assert legal(SPEC, waiting, 0) == [PushThrough()]
    illegal(SPEC, waiting, 0, StopBeforeField(), match="the book has no stopping before it")


def test_an_upgraded_husky_gains_no_point_from_a_resting_neighbour() -> None:
    """REST STATE: huskies in the rest state have no movement points, so (rules version 2) an upgrade's extra point
    never takes a resting neighbour's snow; version 1 let it."""
    upgraded = state_of(SPEC, at(7, upgrades={0: {4: "E01"}}))  # Echo: neighbours Nanook (S S S), Balto (S S I)
    balto_resting = tired(upgraded, 0, resting=(5,))
    illegal(SPEC, balto_resting, 0, UseHusky(slot=4), match="identical")  # field 8 is ice: only Balto had ice
    assert SPEC.view(balto_resting, 0)["mushers"][0]["sled"][4]["points"] == [["snow"], ["snow"]]
    version_1 = replace(balto_resting, rules_version=1)
    then(when(SPEC, version_1, 0, UseHusky(slot=4)), HuskyRan(seat=0, slot=4, spent=(ICE, S), position=9))


def test_an_equipment_card_from_the_hand_is_discarded_to_go_on() -> None:
    """Landscape cards that require equipment: discarded on moving onto the field; movement goes on."""
    waiting = after(SPEC, at(9, hand=("E02",)), (0, UseHusky(slot=1)))  # Aki: ice onto 10, snow onto 11
    then(when(SPEC, waiting, 0, UseEquipment()),
         EquipmentSpent(seat=0, card="E02", snow=ICE, position=10), HuskyRan(seat=0, slot=1, spent=(S,), position=11))
    state = play(SPEC, waiting, 0, UseEquipment())
    assert state.mushers[0].hand == () and state.mushers[0].step is Step.RUN


def test_equipment_under_a_husky_cannot_be_used_for_terrain() -> None:
    """Declaring you are ready 3 / Landscape cards that require equipment: the sled's equipment stays."""
    waiting = after(SPEC, at(9, upgrades={0: {4: "E01"}}), (0, UseHusky(slot=2)))
    illegal(SPEC, waiting, 0, UseEquipment(), match="no equipment card in your hand")
    assert UseEquipment() not in legal(SPEC, waiting, 0)


def test_without_equipment_the_sled_stops_on_the_field_and_two_huskies_rest() -> None:
    """Landscape cards that require equipment: stop on the field, turn 2 huskies, ready ones first."""
    waiting = after(SPEC, at(9), (0, UseHusky(slot=1)))
    then(when(SPEC, waiting, 0, PushThrough()), EquipmentFieldForced(seat=0, snow=ICE, position=10, rests=2))
    resting = after(SPEC, waiting, (0, PushThrough()))
    assert state_of(SPEC, resting).mushers[0].position == 10 and state_of(SPEC, resting).mushers[0].step is Step.REST
    assert RestHusky(slot=1) not in legal(SPEC, resting, 0) and RestHusky(slot=3) in legal(SPEC, resting, 0)
    illegal(SPEC, resting, 0, RestHusky(slot=1), match="start with ready huskies that have no cube")
    then(when(SPEC, resting, 0, RestHusky(slot=3)), HuskyRested(seat=0, slot=3))
    rested = after(SPEC, resting, (0, RestHusky(slot=3)), (0, RestHusky(slot=7)))
    state = state_of(SPEC, rested)
    assert state.mushers[0].step is Step.RUN and state.mushers[0].sled[7].resting
    assert UseHusky(slot=0) in legal(SPEC, rested, 0)  # the day goes on with the other huskies


def test_with_no_ready_husky_left_tired_ones_are_turned_to_rest() -> None:
    """Landscape cards that require equipment: if no ready husky is left, tired ones may be turned."""
    waiting = state_of(SPEC, after(SPEC, at(9), (0, UseHusky(slot=1))))
    worn = tired(waiting, 0, 0, 2, 4, 5, 6, resting=(3, 7))
    resting = play(SPEC, worn, 0, PushThrough())
    assert SPEC.legal_commands(resting, 0) == [RestHusky(slot=slot) for slot in (0, 1, 2, 4, 5, 6)]


def test_under_rules_version_1_a_musher_could_decline_the_equipment_field() -> None:
    """Ruling, version 1: stopping before the field that requires equipment loses the husky's other points."""
    waiting = play(SPEC, replace(state_of(SPEC, at(9)), rules_version=1), 0, UseHusky(slot=1))
    assert legal(SPEC, waiting, 0) == [PushThrough(), StopBeforeField()]
    then(when(SPEC, waiting, 0, StopBeforeField()), MovementStopped(seat=0, position=9))
    state = play(SPEC, waiting, 0, StopBeforeField())
    assert state.mushers[0].position == 9 and state.mushers[0].sled[1].tired and state.mushers[0].run is None


def test_care_cards_only_when_no_husky_can_be_used() -> None:
    """Using care cards: they can only be used at a time when no husky cards can be used."""
    illegal(SPEC, at(0, hand=("C01",)), 0, CareForHusky(slot=0), match="no husky can be used")
    assert not any(isinstance(c, CareForHusky) for c in legal(SPEC, at(0, hand=("C01",)), 0))


def test_a_care_card_takes_the_cube_off_one_tired_husky() -> None:
    """Using care cards: discard a care card, remove the cube from one husky."""
    stuck = tired(state_of(SPEC, at(0, hand=("C01", "D05"))), 0, 0, 1, 4, 5)
    then(when(SPEC, stuck, 0, CareForHusky(slot=1)), CareGiven(seat=0, card="C01", slots=(1,)))
    illegal(SPEC, stuck, 0, CareForHusky(slot=2), match="takes the cube off a tired husky")
    refreshed = play(SPEC, stuck, 0, CareForHusky(slot=1))
    assert SPEC.legal_commands(refreshed, 0)[0] == UseHusky(slot=1)
    assert refreshed.care_discards == ("C01",)


def test_a_double_care_card_refreshes_a_column() -> None:
    """Using care cards: double care removes cubes from 2 huskies in a column (one if only one is tired)."""
    stuck = tired(state_of(SPEC, at(0, hand=("D05",))), 0, 0, 1, 5, resting=(4,))
    then(when(SPEC, stuck, 0, CareForColumn(column=1)), CareGiven(seat=0, card="D05", slots=(1, 5)))
    then(when(SPEC, stuck, 0, CareForColumn(column=0)), CareGiven(seat=0, card="D05", slots=(0,)))
    illegal(SPEC, stuck, 0, CareForColumn(column=2), match="tired huskies in one column")
    illegal(SPEC, stuck, 0, CareForHusky(slot=0), match="no single care card")


def test_a_musher_makes_camp_and_the_next_one_races() -> None:
    """Race: the player may use as many huskies as they want; then the next player moves."""
    then(when(SPEC, at(0), 0, EndTurn()), TurnEnded(seat=0))
    assert SPEC.to_act(play(SPEC, at(0), 0, EndTurn())) == frozenset({1})


def test_a_turn_with_nothing_left_to_do_ends_by_itself() -> None:
    """Race: when no husky and no care card can be used, the day is over for that musher."""
    assert when(SPEC, at(0), 0, UseHusky(slot=0))[-1] != TurnEnded(seat=0)
    spent = after(SPEC, at(0), (0, UseHusky(slot=0)), (0, UseHusky(slot=4)), (0, UseHusky(slot=5)))
    assert when(SPEC, spent, 0, UseHusky(slot=1))[-1] == TurnEnded(seat=0)


def test_preparation_commands_are_refused_in_the_race() -> None:
    illegal(SPEC, at(0), 0, DraftCard(card="H01"), match="the race is on")


def test_a_run_state_is_rebuilt_from_events() -> None:
    """Determinism: folding the events gives the incremental state, a husky waiting at equipment included."""
    given = at(9, hand=("E02",))
    waiting = play(SPEC, given, 0, UseHusky(slot=1))
    assert waiting.mushers[0].run is not None and waiting == state_of(SPEC, after(SPEC, given, (0, UseHusky(slot=1))))
