"""Race, End of the day: care cards for those far behind, the overnight reset, the next day's order."""

from __future__ import annotations

from hike_scenario import racing
from msgspec.structs import replace
from support.scenario import after, illegal, of_type, play, state_of, then, when

from domain.games.hike import SPEC
from domain.games.hike.commands import CareForHusky, EndTurn, UseHusky
from domain.games.hike.events import (
    CareCardDrawn,
    CareCardLapsed,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    TurnEnded,
)
from domain.games.hike.state import HikeState, Phase, with_musher, with_spot

SLED = ("H34", "H01", "H45", "Y01", "H17", "H08", "H46", "Y02")
OTHER = ("H21", "H29", "H31", "H36", "H38", "H39", "H43", "H47")


def day_of(positions: dict[int, int], hands: dict[int, tuple[str, ...]] | None = None, **kwargs: object) -> list:
    return racing({0: SLED, 1: OTHER}, hands=hands, positions=positions, **kwargs)  # type: ignore[arg-type]


def test_more_than_six_fields_behind_without_care_draws_an_open_care_card() -> None:
    """End of the day: 6 or more fields between a player and the leader, no care card: draw one."""
    given = after(SPEC, day_of({0: 10, 1: 3}), (0, EndTurn()))
    then(when(SPEC, given, 1, EndTurn()),
         TurnEnded(seat=1), DayEnded(day=1), CareCardDrawn(seat=1, card="C07"),
         DayStarted(phase=Phase.RACE, day=2, order=(1, 0)))
    assert CareCardDrawn(seat=1, card="C07").visibility() == "public"


def test_six_fields_behind_or_holding_care_draws_nothing() -> None:
    """End of the day: exactly 6 behind (5 fields between) or a care card in hand: no draw."""
    close = after(SPEC, day_of({0: 9, 1: 3}), (0, EndTurn()))
    assert of_type(when(SPEC, close, 1, EndTurn()), CareCardDrawn) == []
    holding = after(SPEC, day_of({0: 10, 1: 3}, hands={1: ("D09",)}), (0, EndTurn()))
    assert of_type(when(SPEC, holding, 1, EndTurn()), CareCardDrawn) == []


def test_the_last_on_the_track_moves_first_and_the_leader_last() -> None:
    """End of the day: from the last player on the track to the one in the lead; ties keep their order."""
    assert after(SPEC, day_of({0: 5, 1: 2}), (0, EndTurn()), (1, EndTurn()))[-1] == DayStarted(
        phase=Phase.RACE, day=2, order=(1, 0))
    tied = after(SPEC, day_of({0: 4, 1: 4}, order=(1, 0)), (1, EndTurn()), (0, EndTurn()))
    assert tied[-1] == DayStarted(phase=Phase.RACE, day=2, order=(1, 0))


def test_cubes_come_off_overnight_but_resting_huskies_stay_resting() -> None:
    """End of the day: remove the cubes; huskies in the rest state remain as they are."""
    state = play(SPEC, day_of({}), 0, UseHusky(slot=0))
    state = with_musher(state, 0, sled=with_spot(state.mushers[0].sled, 3, resting=True))
    state = play(SPEC, play(SPEC, state, 0, EndTurn()), 1, EndTurn())
    assert state.day == 2 and not state.mushers[0].sled[0].tired and state.mushers[0].sled[3].resting


def behind_with_care(rules_version: int = SPEC.rules_version) -> HikeState:
    start = replace(state_of(SPEC, day_of({0: 10, 1: 3})), rules_version=rules_version)
    return play(SPEC, play(SPEC, start, 0, EndTurn()), 1, EndTurn())


def test_under_rules_version_2_the_drawn_care_card_never_barred_camp_and_lapsed_at_the_days_end() -> None:
    """End of the day, as version 2 read it (version 3's option `care_card_lapses`): the musher may make camp at any
    time, and a card left unused that day lapses to the discards."""
    state = behind_with_care(rules_version=2)
    assert state.mushers[1].compulsory_care == "C07" and SPEC.to_act(state) == frozenset({1})
    assert EndTurn() in SPEC.legal_commands(state, 1)
    camped = play(SPEC, state, 1, EndTurn())
    then(when(SPEC, camped, 0, EndTurn()),
         TurnEnded(seat=0), CareCardLapsed(seat=1, card="C07"), DayEnded(day=2), CareCardDrawn(seat=1, card="C08"),
         DayStarted(phase=Phase.RACE, day=3, order=(1, 0)))
    after_day = play(SPEC, camped, 0, EndTurn())
    assert after_day.mushers[1].hand == ("C08",) and "C07" in after_day.care_discards
    assert SPEC.describe(CareCardLapsed(seat=1, card="C07"))


def test_under_rules_version_1_the_care_card_drawn_had_to_be_used_before_camp() -> None:
    """End of the day, as version 1 read it: no camp while the drawn care card could be used."""
    state = behind_with_care(rules_version=1)
    assert state.mushers[1].compulsory_care == "C07" and SPEC.to_act(state) == frozenset({1})
    assert EndTurn() not in SPEC.legal_commands(state, 1)
    illegal(SPEC, state, 1, EndTurn(), match="need to use the care card you drew")
    worn = state
    for slot in range(8):
        worn = with_musher(worn, 1, sled=with_spot(worn.mushers[1].sled, slot, tired=True))
    assert SPEC.legal_commands(worn, 1)[-1] == CareForHusky(slot=7)
    cared = play(SPEC, worn, 1, CareForHusky(slot=0))
    assert cared.mushers[1].compulsory_care is None and EndTurn() in SPEC.legal_commands(cared, 1)


def test_under_rules_version_1_an_unusable_drawn_care_card_stays_in_hand() -> None:
    """Ruling, version 1: with no husky to use and none tired, the day ends; the card stays as a normal care card."""
    state = play(SPEC, replace(state_of(SPEC, day_of({0: 10, 1: 3})), rules_version=1), 0, EndTurn())
    for slot in range(8):
        state = with_musher(state, 1, sled=with_spot(state.mushers[1].sled, slot, resting=True))
    assert when(SPEC, state, 1, EndTurn())[-2:] == [DayStarted(phase=Phase.RACE, day=2, order=(1, 0)),
                                                     TurnEnded(seat=1)]
    state = play(SPEC, play(SPEC, state, 1, EndTurn()), 0, EndTurn())
    assert state.mushers[1].hand == ("C07",) and state.mushers[1].compulsory_care is None


def test_an_empty_care_pile_is_refilled_from_the_discards_then_with_tokens() -> None:
    """End of the day: reshuffle the discarded care cards; care cards are not meant to run out."""
    given = after(SPEC, day_of({0: 10, 1: 3}), (0, EndTurn()))
    state = replace(state_of(SPEC, given), care_pile=(), care_discards=("D03", "C01"))
    assert when(SPEC, state, 1, EndTurn())[2:4] == [CarePileShuffled(order=("C01", "D03")),
                                                     CareCardDrawn(seat=1, card="C01")]
    empty = replace(state, care_discards=())
    assert when(SPEC, empty, 1, EndTurn())[2] == CareCardDrawn(seat=1, card="T01")
    after_token = play(SPEC, empty, 1, EndTurn())
    assert after_token.mushers[1].hand == ("T01",) and after_token.tokens_used == 1
