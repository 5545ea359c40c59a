"""An argument that the command's other arguments make meaningless is a 400 (InvalidCommand) naming it, not
silently ignored (issue 14; RULINGS.md: Meaningless arguments). Rulebook: Prepare 1, Negotiation, Companions."""

from __future__ import annotations

import pytest
from peaks_scenario import holding, ready, with_companion
from support.scenario import after, when

from domain.core import InvalidCommand
from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    BringCompanions,
    CallForTagAlongs,
    Climb,
    GainMountain,
    KeepCompanion,
    OfferEquipment,
    Prepare,
    TagAlong,
)
from domain.games.peaks.events import EquipmentGained, MountainGained

PREPARING = after(SPEC, ready(), (0, Prepare()))
# Ann climbs Kirkjufell (1 stamina, rope) with 2 ropes and Boby on her mat; Bo and Cy have none.
KIRKJUFELL = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=0, equipment="rope"),
              EquipmentGained(seat=0, equipment="rope"), with_companion(0, "boby"), with_companion(1, "ana")]


def refused(given_: list, seat: int, command: object, match: str) -> None:
    with pytest.raises(InvalidCommand, match=match):
        when(SPEC, given_, seat, command)  # type: ignore[arg-type]


@pytest.mark.parametrize("source", ["A", "B"])
def test_a_deck_draw_with_a_display_slot_is_refused_naming_the_slot(source: str) -> None:
    for slot in (1, 2, 3):
        refused(PREPARING, 0, GainMountain(source=source, slot=slot), match=rf"^args\.slot: only a mountain from the "
                                                                            rf"display has a slot.*{source} deck")


def test_a_deck_draw_without_a_slot_is_the_draw_bots_and_recorded_games_send() -> None:
    assert GainMountain(source="A") == GainMountain(source="A", slot=0)
    assert when(SPEC, PREPARING, 0, GainMountain(source="A"))[0] == MountainGained(seat=0, mountain="kirkjufell",
                                                                                    source="A")


def test_an_offer_of_no_equipment_is_refused_naming_the_equipment() -> None:
    climbing = after(SPEC, KIRKJUFELL, (0, Climb(mountain="kirkjufell", side="left")),
                     (0, BringCompanions(companions=())))
    refused(climbing, 0, OfferEquipment(to_seat=1, equipment=()), match=r"^args\.equipment: .*at least one")


def test_an_offer_naming_an_equipment_type_twice_is_refused() -> None:
    climbing = after(SPEC, KIRKJUFELL, (0, Climb(mountain="kirkjufell", side="left")),
                     (0, BringCompanions(companions=())))
    refused(climbing, 0, OfferEquipment(to_seat=1, equipment=("rope", "rope")), match=r"^args\.equipment: .*once")


def test_a_companion_brought_twice_is_refused() -> None:
    climbing = after(SPEC, KIRKJUFELL, (0, Climb(mountain="kirkjufell", side="left")))
    refused(climbing, 0, BringCompanions(companions=("boby", "boby")), match=r"^args\.companions: .*once")


def test_a_companion_tagging_along_twice_is_refused() -> None:
    asked = after(SPEC, [*KIRKJUFELL, EquipmentGained(seat=1, equipment="rope")],
                  (0, Climb(mountain="kirkjufell", side="left")), (0, BringCompanions(companions=())),
                  (0, CallForTagAlongs()))
    assert SPEC.to_act(SPEC.fold(asked)) == {1}
    refused(asked, 1, TagAlong(companions=("ana", "ana")), match=r"^args\.companions: .*once")


def test_a_companion_kept_in_place_of_itself_is_refused_naming_replace() -> None:
    refused(PREPARING, 0, KeepCompanion(companion="boby", replace="boby"), match=r"^args\.replace: .*itself")
