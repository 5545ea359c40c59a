"""Peaks describes itself to client developers (issue 14): labels in the rulebook's words for known states,
a catalog read from the data files that holds every id a view shows, a view schema that is exact, no hidden
ranges, and a doc page in sync with the rules and the commands (docs/games/peaks.md)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from peaks_scenario import holding, opening, ready, ready_v1, spent, tokens, turn_to, with_companion
from support.scenario import after, given

from domain.core import IllegalCommand, InvalidCommand, SeatConfig, Table, command_schemas, decision_rng
from domain.games.peaks import SPEC, cards
from domain.games.peaks.commands import (
    AcceptOffer,
    BringCompanions,
    Climb,
    Decline,
    GainMountain,
    OfferEquipment,
    Prepare,
    RejectOffer,
    StayBehind,
)
from domain.games.peaks.events import EquipmentGained, TurnEnded
from domain.games.peaks.state import StepKind

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "peaks.md"


def labels(events: list, seat: int) -> list[str]:
    state = given(SPEC, events)
    assert seat in SPEC.to_act(state)
    return [SPEC.label(state, seat, command) for command in SPEC.legal_commands(state, seat)]


def played(seats: int, level: str, seed: str) -> Iterator[Table]:
    """A seeded table, yielded before each command and once more at the end."""
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(seats)], {})
    table = Table(SPEC, config, seed)
    while not table.finished:
        yield table
        seat = min(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, level))
    yield table


# --- labels -----------------------------------------------------------------------------------------------------


def test_the_issue_example_names_the_mountain_its_side_its_requirements_and_its_rewards() -> None:
    # Rulebook, Climb example: Mount Elbert, 6 stamina, acclimatisation, 3 experience; Bo stands in North America.
    assert labels([*ready(3, ["europe", "north_america", "north_america"]), turn_to(1)], 1)[-2:] == [
        "Climb Mount Elbert, left side (6 stamina, no equipment, 3 experience): a stamina level (green) and a flag",
        "Climb Mount Elbert, right side (6 stamina, no equipment, 3 experience): a bonus card and an upgrade",
    ]


def test_the_choice_of_action_reads_as_rest_prepare_and_each_climb() -> None:
    kirkjufell = [*ready(), *holding(0, "kirkjufell"), EquipmentGained(seat=0, equipment="rope"), spent(0, 4)]
    assert labels(kirkjufell, 0) == [
        "Rest: gain stamina up to your stamina level (2 to 6)",
        "Rest: gain 2 stamina (2 to 4)",
        "Prepare: gain 1 mountain",
        "Climb Pen y Fan, left side (2 stamina, no equipment): a stamina level (green) and a flag",
        "Climb Pen y Fan, right side (2 stamina, no equipment): a bonus card and an upgrade",
        "Climb Kirkjufell, left side (1 stamina, 1 equipment: rope): a flag and an upgrade (green)",
        "Climb Kirkjufell, right side (1 stamina, 1 equipment: rope): a stamina level and a bonus card",
    ]


def test_gaining_a_mountain_names_the_display_cards_but_never_a_decks_top_card() -> None:
    assert labels(after(SPEC, ready(), (0, Prepare())), 0) == [
        "Gain Ben Nevis from the leftmost slot of the display (Europe, 2 stamina, no equipment)",
        "Gain Snowdon from the middle slot of the display (Europe, 2 stamina, no equipment)",
        "Gain Scafell Pike from the rightmost slot of the display (Europe, 2 stamina, no equipment)",
        "Gain the top mountain of the A deck (face down)",
        "Gain the top mountain of the B deck (face down)",
    ]


def test_companions_drawn_read_with_their_experience_uses_and_ability() -> None:
    climbed = after(SPEC, [*ready_v1(), *holding(0, "scafell-pike")], (0, Climb(mountain="scafell-pike", side="right")),
                    (1, StayBehind()))
    assert labels(climbed, 0) == [
        "Keep Boby (1 experience, 3 uses: pay 2 less stamina)",
        "Keep Ana (2 experience, 2 uses: need no rope)",
        "Keep neither companion (discard both)",
    ]


def test_a_tag_along_reads_as_the_other_side_and_what_it_costs() -> None:
    assert labels(after(SPEC, ready(), (0, Climb(mountain="pen-y-fan", side="right"))), 1) == [
        "Tag along on Pen y Fan (you pay 2 stamina, no equipment) for the left side: "
        "a stamina level (green) and a flag",
        "Stay behind (do not tag along on Pen y Fan)",
    ]


def test_upgrades_read_as_the_dial_numbers_and_a_bonus_card_as_its_discard_bonus() -> None:
    upgrading = after(SPEC, ready_v1(), (0, Climb(mountain="pen-y-fan", side="right")), (1, StayBehind()))
    assert labels(upgrading, 0) == [
        "Upgrade: rotate the rest dial from 2 to 3 (stamina gained instead of resting up to your stamina level)",
        "Upgrade: rotate the prepare dial from 0 to 1 (equipment gained as the final step)",
        "Upgrade: rotate the climb dial from 1 to 2 (experience gained by everyone on your climbs)",
        "Decline the upgrade",
    ]
    back = [*after(SPEC, upgrading, (0, Decline())), TurnEnded(seat=1, next_seat=0)]
    assert labels(back, 0)[0] == "Discard Africa Explorer for 3 stamina"


def test_the_action_bonus_names_its_choices_and_what_claiming_costs() -> None:
    climbed = after(SPEC, [*ready_v1(), *tokens(0, "climb", 2)], (0, Climb(mountain="pen-y-fan", side="left")),
                    (1, StayBehind()))
    assert labels(climbed, 0) == [
        "Claim the climb action bonus: gain 3 experience (clears your tokens from all three actions)",
        "Claim the climb action bonus: place 1 flag in Europe (clears your tokens from all three actions)",
        "Decline the action bonus (keep your tokens)",
    ]


def test_bringing_companions_offers_and_answers_read_with_names_and_costs() -> None:
    kirkjufell = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=0, equipment="rope"),
                  EquipmentGained(seat=0, equipment="rope"), with_companion(0, "boby")]
    bringing = after(SPEC, kirkjufell, (0, Climb(mountain="kirkjufell", side="left")))
    assert labels(bringing, 0) == [
        "Bring no companions (you pay 1 stamina, 1 equipment: rope; experience 0 of 0 needed)",
        "Bring Boby (you pay 0 stamina, 1 equipment: rope; experience 1 of 0 needed)",
    ]
    negotiating = after(SPEC, bringing, (0, BringCompanions(companions=("boby",))))
    assert labels(negotiating, 0) == [
        "Offer to pay Bo's rope if they tag along",
        "Offer to pay Cy's rope if they tag along",
        "Make no more offers: ask the others whether they tag along",
    ]
    offered = after(SPEC, negotiating, (0, OfferEquipment(to_seat=1, equipment=("rope",))))
    assert labels(offered, 1) == [
        "Accept Ann's offer to pay your rope: you must then tag along",
        "Reject Ann's offer to pay your rope",
    ]
    assert SPEC.legal_commands(given(SPEC, offered), 1) == [AcceptOffer(), RejectOffer()]


def test_characters_are_placed_by_continent_name() -> None:
    names = cards.board().continent_names.values()
    assert labels(opening(), 0) == [f"Place your character in {name}" for name in names]


def test_no_label_names_a_card_the_seat_may_not_see() -> None:
    mountains = [mountain.name for mountain in cards.mountains().values()]
    bonus = [card.name for card in cards.bonus_cards().values()]
    for table in played(3, "random", "about-hidden"):
        state = table.state
        for seat in SPEC.to_act(state):
            own = {cards.bonus_cards()[card].name for card in state.players[seat].bonus_cards}
            for command in SPEC.legal_commands(state, seat):
                text = SPEC.label(state, seat, command)
                if isinstance(command, GainMountain) and command.source != "display":
                    assert not any(name in text for name in mountains), text
                assert not any(name in text for name in bonus if name not in own), text


# --- catalog ----------------------------------------------------------------------------------------------------


def data_rows(name: str, key: str) -> dict[str, dict[str, Any]]:
    rows = json.loads((cards.DATA / name).read_text(encoding="utf-8"))[key]
    return {row["id"]: {field: value for field, value in row.items() if field != "id"} for row in rows}


@pytest.mark.parametrize(("kind", "name", "count"), [
    ("mountains", "mountains.json", 101), ("companions", "companions.json", 26),
    ("bonus_cards", "bonus_cards.json", 18),
])
def test_the_catalog_holds_every_card_of_the_data_files_with_all_its_printed_values(
        kind: str, name: str, count: int) -> None:
    assert SPEC.catalog()[kind] == data_rows(name, kind)
    # FACTS.md: 54 A and 46 B mountains, 25 companions, 18 bonus cards in a game's decks; the catalog also holds
    # the cards rules version 3 replaced (Teide and the companion Boby, in older games' decks: RULINGS.md, Pic Boby)
    assert len(SPEC.catalog()[kind]) == count


def test_catalog_entries_read_as_the_rulebook_example_and_the_mat() -> None:
    catalog = SPEC.catalog()
    elbert = catalog["mountains"]["mount-elbert"]
    assert (elbert["name"], elbert["continent"], elbert["stamina"], elbert["acclimatisation"], elbert["experience"],
            elbert["equipment"]) == ("Mount Elbert", "north_america", 6, True, 3, [])
    assert elbert["left"] == [{"reward": "stamina_level", "green": True}, {"reward": "flag", "green": False}]
    assert catalog["continents"]["north_america"] == {"name": "North America"}
    assert catalog["equipment"]["ice_axe"] == {"name": "ice axe"}
    mat = json.loads((cards.DATA / "mats.json").read_text(encoding="utf-8"))
    for action, entry in catalog["actions"].items():
        assert entry["dial"] == mat["actions"][action]["dial"]
        assert [(t["prerequisite"], t["step"]) for t in entry["tiles"]] == [
            (t["prerequisite"], t["step"]) for t in mat["actions"][action]["tiles"]]
    assert catalog["actions"]["climb"]["bonus"] == [
        {"choice": "experience", "effect": "gain 3 experience"},
        {"choice": "flag", "effect": "place 1 flag in your current continent"}]
    assert {deck: entry["cards"] for deck, entry in catalog["decks"].items()} == {
        "A": 54, "B": 46, "companions": 25, "bonus": 18}
    assert catalog["display_slots"]["0"] == {"name": "leftmost", "index": 0, "discarded_at_refill": True}
    assert catalog["mats"]["player"]["companion_slots"] == 3
    assert catalog["boards"]["board"]["danger_die"] == {"faces": 6, "danger_faces": [1]}
    assert set(catalog["rewards"]) == set(cards.REWARD_KINDS)


def view_ids(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(catalog kind, id) of every id the view shows."""
    for mountain in view["display"]:
        if mountain is not None:
            yield "mountains", mountain
    for deck in view["decks"]:
        if deck != "refills_display":
            yield "decks", deck
    yield "decks", view["decks"]["refills_display"]
    kinds = {"A": "mountains", "B": "mountains", "companions": "companions", "bonus": "bonus_cards"}
    for pile, ids in view["discards"].items():
        yield "decks", pile
        yield from ((kinds[pile], card) for card in ids)
    if view["action"] is not None:
        yield "actions", view["action"]
    if view["step"] is not None:
        yield from (("companions", card) for card in view["step"].get("cards", ()))
        if "equipment" in view["step"]:
            yield "equipment", view["step"]["equipment"]
    if view["climb"] is not None:
        yield "mountains", view["climb"]["mountain"]
        yield from (("companions", c) for roped in view["climb"]["party"] for c in roped["companions"])
        yield from (("equipment", kind) for offer in view["climb"]["offers"] for kind in offer["equipment"])
    for player in view["players"]:
        if player["continent"] is not None:
            yield "continents", player["continent"]
        yield from (("continents", continent) for continent in player["flags"])
        yield from (("equipment", kind) for kind in player["equipment"])
        yield from (("actions", action) for field in ("tokens", "dials", "tiles") for action in player[field])
        yield from (("mountains", mountain) for mountain in player["mountains"])
        yield from (("companions", slot["companion"]) for slot in player["companions"])
        for field in ("bonus_cards", "revealed_bonus_cards"):
            yield from (("bonus_cards", card) for card in player.get(field, ()))


@pytest.mark.parametrize(("seats", "level"), [(2, "random"), (4, "guide")])
def test_every_id_a_view_of_a_played_game_shows_is_in_the_catalog(seats: int, level: str) -> None:
    catalog = SPEC.catalog()
    shown: set[tuple[str, str]] = set()
    for table in played(seats, level, f"about-ids-{seats}"):
        for viewer in [None, *range(seats)]:
            shown.update(view_ids(SPEC.view(table.state, viewer)))
    missing = sorted((kind, id_) for kind, id_ in shown if id_ not in catalog[kind])
    assert not missing
    assert {kind for kind, _ in shown} >= {"mountains", "companions", "bonus_cards", "continents", "equipment",
                                           "actions", "decks"}


# --- view schema ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> Table:
    *_, table = played(3, "guide", "about-finished")
    return table


def test_seat_and_spectator_views_of_a_finished_game_fit_the_schema(finished: Table) -> None:
    validator = jsonschema.Draft202012Validator(SPEC.view_schema)
    spectator = SPEC.view(finished.state, None)
    validator.validate(spectator)
    assert all("bonus_cards" not in player and "revealed_bonus_cards" in player for player in spectator["players"])
    own = SPEC.view(finished.state, 1)
    validator.validate(own)
    assert [("bonus_cards" in player) for player in own["players"]] == [False, True, False]


@pytest.mark.parametrize(("change", "error"), [
    (lambda view: view.update(deck_order=[]), "Additional properties"),
    (lambda view: view["display"].__setitem__(0, "mount-nowhere"), "is not valid under any"),
    (lambda view: view["players"][0].update(stamina=cards.mat().stamina_max + 1), "greater than the maximum"),
    (lambda view: view["players"][0]["flags"].pop("asia"), "'asia' is a required property"),
    (lambda view: view["decks"].update(refills_display="C"), "is not one of"),
    (lambda view: view.update(you="0"), "is not valid under any"),
])
def test_the_schema_refuses_what_a_view_never_holds(finished: Table, change: Any, error: str) -> None:
    view = copy.deepcopy(SPEC.view(finished.state, 0))
    change(view)
    messages = [e.message for e in jsonschema.Draft202012Validator(SPEC.view_schema).iter_errors(view)]
    assert any(error in message for message in messages), messages


def described(schema: Any, path: str = "") -> Iterator[str]:
    """The paths of schema properties without a description."""
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            if "description" not in sub:
                yield f"{path}.{name}"
        for key, sub in schema.items():
            yield from described(sub, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, sub in enumerate(schema):
            yield from described(sub, f"{path}[{index}]")


def test_every_field_of_the_view_schema_says_what_it_is() -> None:
    assert not list(described(SPEC.view_schema))
    players = SPEC.view_schema["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (SPEC.min_seats, SPEC.max_seats)
    assert SPEC.view_schema["$defs"]["seat"]["maximum"] == SPEC.max_seats - 1


# --- ranges -----------------------------------------------------------------------------------------------------


def accepted(table: Table, seat: int, command: Any) -> bool:
    try:
        SPEC.decide(table.state, seat, command, decision_rng(table.seed, table.version))
    except IllegalCommand:
        return False
    return True


def test_no_argument_ranges_beyond_what_is_listed_and_just_beyond_the_display_is_refused() -> None:
    """Peaks lists every value it accepts, so `ranges` is empty; a slot or seat past the table is a 400."""
    size, checked = cards.board().display_size, 0
    for table in played(3, "random", "about-ranges"):
        state = table.state
        if table.finished or not state.steps:
            continue
        seat, kind = state.steps[0].seat, state.steps[0].kind
        listed = SPEC.legal_commands(state, seat)
        assert all(SPEC.ranges(state, seat, command) == {} for command in listed)
        if kind is StepKind.GAIN_MOUNTAIN:
            tried = [GainMountain(source="display", slot=slot) for slot in range(size)]
            tried += [GainMountain(source="A"), GainMountain(source="B")]
            for over in (-1, size):
                with pytest.raises(InvalidCommand, match="args.slot"):
                    SPEC.decide(state, seat, GainMountain(source="display", slot=over), decision_rng(table.seed, 1))
        elif kind is StepKind.NEGOTIATE and state.expedition is not None:
            equipment = cards.mountains()[state.expedition.mountain].equipment
            tried = [OfferEquipment(to_seat=to_seat, equipment=(kit,)) for to_seat in range(3) for kit in equipment]
            with pytest.raises(InvalidCommand, match="args.to_seat"):
                SPEC.decide(state, seat, OfferEquipment(to_seat=3, equipment=equipment[:1]),
                            decision_rng(table.seed, 1))
        else:
            continue
        checked += 1
        assert [c for c in tried if accepted(table, seat, c)] == [c for c in tried if c in listed]
    assert checked > 20


# --- the doc page -----------------------------------------------------------------------------------------------


def test_the_doc_page_lists_every_rule_command_catalog_kind_and_view_field() -> None:
    page = DOC.read_text(encoding="utf-8")
    for rule in SPEC.rules:
        assert rule.summary in page, rule.summary
        assert rule.section in page, rule.section
    headings = set(re.findall(r"^### `(\w+)`", page, re.MULTILINE))
    assert headings == set(command_schemas(SPEC.commands))
    for kind in SPEC.catalog():
        assert f"`{kind}`" in page, kind
    for field in SPEC.view_schema["properties"]:
        assert f"`{field}`" in page, field
    for field in SPEC.view_schema["properties"]["players"]["items"]["properties"]:
        assert f"`{field}`" in page, field
