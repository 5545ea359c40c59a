"""Rules version 3 and its table options (RULINGS.md, Rules version 3), each against the rulebook section.

- End of the day: a drawn care card "needs to be used in the next day"; by default (the book's letter,
  as version 1 read it) the musher may not make camp while that card can still be used; the option
  `care_card_lapses` gives version 2's reading (camp at will, the card lapses at the day's end).
- End of the day, Pro tip: experienced players may perform the daily movements simultaneously and
  wait for each other at the end of the day; the option `simultaneous_days`.

Track (hike_scenario.py): 1-7 snow, 8 ice, 9 snow, 10 ice needing equipment, 11 snow, 12 ice...
"""

from __future__ import annotations

import itertools

import jsonschema_rs
import pytest
from hike_scenario import opening, racing
from msgspec.structs import replace
from support.scenario import ScriptedRng, after, illegal, legal, of_type, play, state_of, then, when

from domain.core import Command, IllegalCommand, InvalidCommand, SeatConfig, Table
from domain.games.hike import SPEC
from domain.games.hike.cards import Snow
from domain.games.hike.commands import CareForHusky, EndTurn, UseEquipment, UseHusky
from domain.games.hike.events import (
    CareCardDrawn,
    CareCardLapsed,
    DayEnded,
    DayStarted,
    EquipmentSpent,
    HuskyRan,
    TurnEnded,
)
from domain.games.hike.state import LETTER, HikeState, Phase, Step, with_musher, with_spot

S, ICE = Snow.SNOW, Snow.ICE
SLED = ("H34", "H01", "H45", "Y01", "H17", "H08", "H46", "Y02")  # Nanook S S S, Aki S I, Tala I, ...
OTHER = ("H21", "H29", "H31", "H36", "H38", "H39", "H43", "H47")  # H21 S S I first
LAPSES = {"care_card_lapses": True}
SIMULTANEOUS = {"simultaneous_days": True}


def race(positions: dict[int, int] | None = None, hands: dict[int, tuple[str, ...]] | None = None,
         options: dict[str, bool] | None = None) -> list:
    return racing({0: SLED, 1: OTHER}, hands=hands, positions=positions, options=options)


def behind_with_care(options: dict[str, bool] | None = None, rules_version: int = LETTER) -> HikeState:
    """Day 2: seat 1, 7 fields behind after day 1, holds the care card C07 it drew for it."""
    start = replace(state_of(SPEC, race({0: 10, 1: 3}, options=options)), rules_version=rules_version)
    state = play(SPEC, play(SPEC, start, 0, EndTurn()), 1, EndTurn())
    assert state.day == 2 and state.mushers[1].compulsory_care == "C07"
    return state


def worn_out(state: HikeState, seat: int) -> HikeState:
    for slot in range(8):
        state = with_musher(state, seat, sled=with_spot(state.mushers[seat].sled, slot, tired=True))
    return state


# The options schema


def test_the_options_are_listed_with_their_rulebook_section_and_off_by_default() -> None:
    properties = SPEC.options_schema["properties"]
    assert sorted(properties) == ["care_card_lapses", "simultaneous_days"]
    for rule in properties.values():
        assert rule["type"] == "boolean" and rule["default"] is False and rule["title"]
        assert rule["x-rulebook-section"] == "End of the day"
        assert rule["description"].endswith(")") and "(rulebook: End of the day" in rule["description"]
    config = SPEC.normalize_config([SeatConfig(name="a"), SeatConfig(name="b")], {})
    assert SPEC.rules_version == LETTER == 3
    assert dict(config.options) == {"care_card_lapses": False, "simultaneous_days": False}


@pytest.mark.parametrize("version", [1, 2])
def test_under_rules_versions_1_and_2_the_options_do_not_apply(version: int) -> None:
    """A game of an older version records no option of version 3 (its GameCreated stays byte for byte) and refuses
    one given."""
    seats = [SeatConfig(name="a"), SeatConfig(name="b")]
    assert dict(SPEC.normalize_config(seats, {}, version).options) == {}
    with pytest.raises(InvalidCommand, match="options.simultaneous_days: a table option from rules version 3"):
        SPEC.normalize_config(seats, SIMULTANEOUS, version)
    lapsing = replace(behind_with_care(), rules_version=version, care_card_lapses=False)
    assert SPEC.view(lapsing, 1)["care_card_lapses"] is (version == 2)


# End of the day: the drawn care card


def test_by_default_the_drawn_care_card_bars_camp_while_it_can_be_used() -> None:
    """End of the day: the care card drawn for being behind needs to be used in the next day, under the care card
    rules: the musher runs every husky they can, then uses the card, and only then may make camp."""
    state = behind_with_care()
    assert SPEC.to_act(state) == frozenset({1}) and EndTurn() not in SPEC.legal_commands(state, 1)
    illegal(SPEC, state, 1, EndTurn(), match="need to use the care card you drew")
    worn = worn_out(state, 1)
    assert SPEC.legal_commands(worn, 1) == [CareForHusky(slot=slot) for slot in range(8)]
    cared = play(SPEC, worn, 1, CareForHusky(slot=0))
    assert cared.mushers[1].compulsory_care is None and EndTurn() in SPEC.legal_commands(cared, 1)
    assert SPEC.view(state, 1)["care_card_lapses"] is False


def test_by_default_a_drawn_card_that_cannot_be_used_stays_in_hand() -> None:
    """End of the day: with no husky to use and none tired the card cannot be used; it stays an ordinary care card
    (nothing lapses) and the musher draws no other."""
    state = behind_with_care()
    for slot in range(8):
        state = with_musher(state, 1, sled=with_spot(state.mushers[1].sled, slot, resting=True))
    camped = play(SPEC, state, 1, EndTurn())
    events = when(SPEC, camped, 0, EndTurn())
    assert of_type(events, CareCardLapsed) == [] and of_type(events, CareCardDrawn) == []
    after_day = play(SPEC, camped, 0, EndTurn())
    assert after_day.mushers[1].hand == ("C07",) and after_day.mushers[1].compulsory_care is None


def test_option_care_card_lapses_lets_the_musher_camp_and_the_card_lapses() -> None:
    """End of the day, version 2's reading as a table option: camp at will; left unused, the card lapses to the
    discards and the musher, still far behind, draws again."""
    state = behind_with_care(LAPSES)
    assert EndTurn() in SPEC.legal_commands(state, 1) and SPEC.view(state, 1)["care_card_lapses"] is True
    camped = play(SPEC, state, 1, EndTurn())
    then(when(SPEC, camped, 0, EndTurn()),
         TurnEnded(seat=0), CareCardLapsed(seat=1, card="C07"), DayEnded(day=2), CareCardDrawn(seat=1, card="C08"),
         DayStarted(phase=Phase.RACE, day=3, order=(1, 0)))


# End of the day, Pro tip: simultaneous days


def test_simultaneous_days_put_every_racer_to_act_at_once() -> None:
    """Pro tip: the daily movements are performed simultaneously; players wait for each other at the end of the day
    and reset the cubes at the same time."""
    given = race(options=SIMULTANEOUS)
    state = state_of(SPEC, given)
    assert SPEC.to_act(state) == frozenset({0, 1}) and state.current is None
    assert legal(SPEC, given, 0) and legal(SPEC, given, 1)
    then(when(SPEC, given, 1, UseHusky(slot=0)), HuskyRan(seat=1, slot=0, spent=(S, S), position=2))
    camped = after(SPEC, given, (1, UseHusky(slot=0)), (1, EndTurn()))
    assert SPEC.to_act(state_of(SPEC, camped)) == frozenset({0})
    assert SPEC.view(state_of(SPEC, camped), None)["mushers"][1]["camped"] is True
    illegal(SPEC, camped, 1, UseHusky(slot=1), match="not seat 1's turn; to act: 0")
    with pytest.raises(IllegalCommand, match="you have made camp for today"):
        SPEC.decide(state_of(SPEC, camped), 1, UseHusky(slot=1), ScriptedRng())
    then(when(SPEC, camped, 0, UseHusky(slot=0)), HuskyRan(seat=0, slot=0, spent=(S, S, S), position=3))
    then(when(SPEC, camped, 0, EndTurn()),
         TurnEnded(seat=0), DayEnded(day=1), DayStarted(phase=Phase.RACE, day=2, order=(0, 1)))
    next_day = play(SPEC, camped, 0, EndTurn())
    assert SPEC.to_act(next_day) == frozenset({0, 1}) and not next_day.mushers[1].sled[0].tired


def test_preparations_stay_in_turn_with_simultaneous_days() -> None:
    """Pro tip: it speaks of the daily movements (the race); Preparations share the centre, so they stay in turn."""
    state = state_of(SPEC, opening(options=SIMULTANEOUS))
    assert state.phase is Phase.PREPARATIONS and SPEC.to_act(state) == frozenset({0})


def test_on_a_simultaneous_day_each_musher_has_their_own_decision_at_an_equipment_field() -> None:
    """Landscape cards that require equipment, on a simultaneous day: one musher waits before such a field while
    another moves; each view shows the viewer's own step and waiting husky."""
    given = after(SPEC, race({0: 9}, hands={0: ("E02",)}, options=SIMULTANEOUS), (0, UseHusky(slot=1)))
    state = state_of(SPEC, given)
    assert state.mushers[0].step is Step.EQUIPMENT and state.mushers[1].step is Step.RUN
    assert legal(SPEC, given, 0) == [UseEquipment(), *legal(SPEC, given, 0)[1:]]
    assert UseHusky(slot=0) in legal(SPEC, given, 1)
    moved = after(SPEC, given, (1, UseHusky(slot=0)))
    mine, theirs, watching = (SPEC.view(state_of(SPEC, moved), seat) for seat in (0, 1, None))
    assert (mine["step"], mine["run"]) == ("equipment", {"slot": 1, "points": [["snow"], ["ice"]]})
    assert (theirs["step"], theirs["run"]) == ("run", None)
    assert [musher["step"] for musher in watching["mushers"]] == ["equipment", "run"]
    then(when(SPEC, moved, 0, UseEquipment()),
         EquipmentSpent(seat=0, card="E02", snow=ICE, position=10), HuskyRan(seat=0, slot=1, spent=(S,), position=11))


def first_legal_day(given: list, pattern: tuple[int, ...]) -> HikeState:
    """Both mushers play the first listed command until the race ends, taking turns between seats by `pattern`."""
    state = state_of(SPEC, given)
    for seat in itertools.cycle(pattern):
        if SPEC.result(state) is not None:
            return state
        acting = SPEC.to_act(state)
        if seat not in acting:
            seat = min(acting)
        command: Command = SPEC.legal_commands(state, seat)[0]
        state = play(SPEC, state, seat, command)
    raise AssertionError("unreachable")


def test_the_order_between_seats_on_a_simultaneous_day_does_not_change_the_race() -> None:
    """Pro tip: nothing one sled does during a day changes what another may do (no blocking, no shared track
    effects, care cards drawn only at the day's end), so any order of the same commands gives the same race."""
    given = race({0: 9, 1: 3}, hands={0: ("E02",)}, options=SIMULTANEOUS)
    endings = [first_legal_day(given, pattern) for pattern in ((0,), (1,), (0, 1), (1, 1, 0))]
    assert all(SPEC.result(state) == SPEC.result(endings[0]) for state in endings)
    assert all(state.mushers == endings[0].mushers and state.day == endings[0].day for state in endings)


def test_on_a_simultaneous_day_a_musher_with_nothing_left_makes_camp_without_a_command() -> None:
    """Race: a musher who can do nothing but make camp ends the day by themselves, while the others move on."""
    given = race(options=SIMULTANEOUS)
    spent = after(SPEC, given, (0, UseHusky(slot=0)), (0, UseHusky(slot=4)), (0, UseHusky(slot=5)))
    assert when(SPEC, spent, 0, UseHusky(slot=1))[-1] == TurnEnded(seat=0)
    assert SPEC.to_act(play(SPEC, spent, 0, UseHusky(slot=1))) == frozenset({1})


@pytest.mark.parametrize("options", [SIMULTANEOUS, LAPSES])
def test_views_and_labels_of_a_game_with_each_option_fit_the_schema(options: dict[str, bool]) -> None:
    """The views of a whole game with the option on (spectator and each seat, in turn) fit the view schema, and
    each seat to act has its own actions with labels of their own."""
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    levels = ("expert", "random", "expert")
    config = SPEC.normalize_config([SeatConfig(name=f"p{seat}", bot=level) for seat, level in enumerate(levels)],
                                   options)
    table = Table(SPEC, config, "views-1")
    several = 0
    while not table.finished:
        if table.version % 5 == 0:  # a schema check costs milliseconds: every fifth version, viewers in turn
            viewer = [None, 0, 1, 2][table.version // 5 % 4]
            assert not list(validator.iter_errors(SPEC.view(table.state, viewer)))
        acting = sorted(SPEC.to_act(table.state))
        several = max(several, len(acting))
        for seat in acting:
            labels = [SPEC.label(table.state, seat, command) for command in SPEC.legal_commands(table.state, seat)]
            assert labels and len(set(labels)) == len(labels) and "not possible now" not in " ".join(labels)
        seat = acting[table.version % len(acting)]
        table.submit(seat, table.bot_command(seat, levels[seat]))
    assert not list(validator.iter_errors(SPEC.view(table.state, None)))
    assert (several > 1) is (options is SIMULTANEOUS)
