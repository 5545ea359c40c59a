"""Hike! describes itself (issue 14): labels of known states, the catalog, ranges, the view schema and the docs page.

Race track of the scenarios (hike_scenario.py): 1-2 Musher's Camp, 3-7 Hunter's Cabin, 8-12 Icefall, where
field 10 (ice) requires equipment. SLED (test_hike_race.py): Nanook S S S | Aki S I | Tala I | youngster Pip
on top, Echo S | Balto S S I | Togo I | youngster Bean below.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from hike_scenario import opening, racing
from msgspec.structs import replace
from support.scenario import after, play, state_of

from domain.core import IllegalCommand, InvalidCommand, SeatConfig, Table, decision_rng, play_command
from domain.games.hike import SPEC
from domain.games.hike.cards import DATA
from domain.games.hike.commands import (
    COMMANDS,
    CareForColumn,
    CareForHusky,
    DeclareReady,
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    PushThrough,
    RestHusky,
    StopBeforeField,
    SwapHusky,
    UpgradeHusky,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.state import HikeState, Step, with_musher, with_spot

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "hike.md"
SLED = ("H34", "H01", "H45", "Y01", "H17", "H08", "H46", "Y02")
OTHER = ("H21", "H29", "H31", "H36", "H38", "H39", "H43", "H47")
KIND_OF_CARD = {"husky": "huskies", "youngster": "youngsters", "equipment": "equipment_cards",
                "care": "care_cards", "double_care": "care_cards"}
TOKEN = re.compile(r"^T[0-9]{2,}$")


def labels(given: Any, seat: int = 0) -> dict[Any, str]:
    state = state_of(SPEC, given)
    return {command: SPEC.label(state, seat, command) for command in SPEC.legal_commands(state, seat)}


def at(position: int, hand: tuple[str, ...] = ()) -> list:
    return racing({0: SLED, 1: OTHER}, hands={0: hand}, positions={0: position})


def tired(state: HikeState, *slots: int) -> HikeState:
    sled = state.mushers[0].sled
    for slot in slots:
        sled = with_spot(sled, slot, tired=True)
    return with_musher(state, 0, sled=sled)


def data(name: str) -> dict[str, dict[str, Any]]:
    return {raw["id"]: raw for raw in json.loads((DATA / name).read_text(encoding="utf-8"))}


# Labels: Preparations

# Seat 0 holds Glacier (H21) and Rope (E01); the centre shows two care cards, then seat 0 opens Blizzard and Boreas.
CARE_TOP = ("H21", "E01", "H01", "H02", "C03", "C05", "H10", "H11")


def test_opening_cards_is_labelled_with_the_count_and_the_plus_cards_spent() -> None:
    """Preparations > Opening cards from the husky deck: 2 cards, one more per +1 card."""
    assert list(labels(opening(top=CARE_TOP)).values()) == [
        "Open 2 cards from the husky deck",
        "Open 3 cards from the husky deck, discarding 1 +1 card",
        "Open 4 cards from the husky deck, discarding 2 +1 cards",
    ]


def test_actions_name_the_cards_their_snowflakes_and_the_sled_place() -> None:
    """Preparations > Performing actions: draft to the sled or the hand, or place from the hand."""
    named = labels(after(SPEC, opening(top=CARE_TOP), (0, OpenCards())))
    assert named[DraftHusky(card="H10", slot=5)] == \
        "Draft Blizzard (snow, snow, powder) from the centre to your sled at bottom row, column 2"
    assert named[DraftCard(card="H11")] == "Draft Boreas (snow, ice) from the centre to your hand"
    assert named[DraftCard(card="C03")] == "Draft a care card (C03) from the centre to your hand"
    assert named[DraftCard(card="C05")] == "Draft a care card (C05) from the centre to your hand"
    assert named[PlaceHusky(card="H21", slot=3)] == \
        "Place Glacier (snow, snow, ice) from your hand in your sled at top row, column 4"
    assert len(set(named.values())) == len(named)


def test_a_swap_is_labelled_in_its_two_halves() -> None:
    """Preparations > Performing actions, Swap a husky: take one back, then place one from the hand."""
    top = ("H21", "H48", "H01", "H02", "H45", "H34", "H10", "H11", "H12", "H13", "H14", "H15")
    given = after(SPEC, opening(top=top), (0, OpenCards()), (0, PlaceHusky(card="H21", slot=0)), (1, OpenCards()),
                  (1, DraftCard(card="H10")), (0, OpenCards()))
    assert labels(given)[SwapHusky(slot=0)] == \
        "Swap a husky: take Glacier (snow, snow, ice) at top row, column 1 back to your hand"
    swapping = after(SPEC, given, (0, SwapHusky(slot=0)))
    assert labels(swapping)[PlaceHusky(card="H21", slot=3)] == \
        "Finish the swap: place Glacier (snow, snow, ice) from your hand in your sled at top row, column 4"


def test_the_bonus_action_says_where_the_youngster_comes_from() -> None:
    """Preparations > Bonus action: a youngster from the hand (Pip) or the centre (Bean)."""
    young = opening(top=("Y01", "H21", "H01", "H02", "Y02", "H45", "H10", "H11"))
    acted = after(SPEC, young, (0, OpenCards()), (0, DraftHusky(card="H45", slot=0)))
    named = labels(acted)
    assert named[PlaceYoungster(card="Y01", slot=1)] == \
        "Bonus action: place youngster Pip from your hand in your sled at top row, column 2"
    assert named[PlaceYoungster(card="Y02", slot=7)] == \
        "Bonus action: place youngster Bean from the centre in your sled at bottom row, column 4"
    assert named[EndTurn()] == "End your turn"


# Seven places filled (test_hike_ready.py): Sitka Skye Storm Mochi / Togo Yukon Biscuit, Tala drafted to place 7.
READY_TOP = ("H21", "E01", "H01", "H02", "H45", "E02", "H10", "H11", "H12", "H13")
SLED_0 = ("H42", "H43", "H44", "Y07", "H46", "H47", "Y08")
SLED_1 = ("H36", "H37", "H38", "Y05", "H39", "H40", "Y06")
COMPLETE = after(SPEC, opening(top=READY_TOP, sleds={0: SLED_0, 1: SLED_1}),
                 (0, OpenCards()), (0, DraftHusky(card="H45", slot=7)))


def test_declaring_ready_says_what_leaves_the_hand() -> None:
    """Preparations > Declaring you are ready to race: husky cards in hand go to the centre."""
    assert labels(COMPLETE) == {
        DeclareReady(): "Declare you are ready to race and move to the start (your 1 husky card in hand goes to "
                        "the centre)",
        EndTurn(): "End your turn",
    }


def test_an_upgrade_names_the_equipment_and_the_snow_its_extra_point_may_take() -> None:
    """Race > Huskies with equipment: the extra point takes a snow type printed on a neighbour.

    Sitka's neighbours are Skye (snow, ice) and Togo (ice); Togo's are Sitka (snow) and Yukon (snow, powder);
    Tala's are the youngsters Mochi and Biscuit only.
    """
    assert labels(after(SPEC, COMPLETE, (0, DeclareReady()))) == {
        UpgradeHusky(slot=0): "Upgrade Sitka (snow) at top row, column 1 with Rope (+1 point: snow or ice)",
        UpgradeHusky(slot=4): "Upgrade Togo (ice) at bottom row, column 1 with Rope (+1 point: snow or powder)",
        UpgradeHusky(slot=7): "Upgrade Tala (ice) at bottom row, column 4 with Rope (no extra point: no experienced "
                              "neighbour)",
        EndTurn(): "End your turn without more upgrades",
    }


# Labels: Race


def test_using_a_husky_says_how_far_it_carries_the_sled() -> None:
    """Race > Using husky movement points: Nanook's three snow points reach field 3, Aki's one field 1."""
    assert labels(at(0)) == {
        UseHusky(slot=0): "Use Nanook (snow, snow, snow) at top row, column 1: 3 fields to field 3 (Hunter's Cabin)",
        UseHusky(slot=1): "Use Aki (snow, ice) at top row, column 2: 1 field to field 1 (Musher's Camp)",
        UseHusky(slot=4): "Use Echo (snow) at bottom row, column 1: 1 field to field 1 (Musher's Camp)",
        UseHusky(slot=5): "Use Balto (snow, snow, ice) at bottom row, column 2: 2 fields to field 2 (Musher's Camp)",
        EndTurn(): "Make camp for the night at the start (Musher's Camp)",
    }


def test_the_equipment_field_choices_name_the_field_and_the_cost() -> None:
    """Race > Landscape cards that require equipment: discard equipment or push through (version 1: or stop)."""
    given = at(9, hand=("E02",))
    assert labels(given)[UseHusky(slot=1)] == \
        "Use Aki (snow, ice) at top row, column 2: wait before field 10 (Icefall), which requires equipment"
    assert labels(after(SPEC, given, (0, UseHusky(slot=1)))) == {
        UseEquipment(): "Discard Snow hook to get onto field 10 (Icefall), then 1 field to field 11 (Icefall)",
        PushThrough(): "Push onto field 10 (Icefall) without equipment: stop there and turn 2 huskies to rest",
    }
    version_1 = play(SPEC, replace(state_of(SPEC, given), rules_version=1), 0, UseHusky(slot=1))
    assert labels(version_1)[StopBeforeField()] == \
        "Stop before field 10 (Icefall) and lose the husky's remaining 2 movement points"


def test_resting_names_the_husky_and_whether_it_is_ready_or_tired() -> None:
    """Race > Landscape cards that require equipment: ready huskies first, tired ones when none is ready."""
    resting = after(SPEC, at(9), (0, UseHusky(slot=1)), (0, PushThrough()))
    named = labels(resting)
    assert named[RestHusky(slot=3)] == "Turn ready youngster Pip at top row, column 4 to the rest state"
    assert named[RestHusky(slot=5)] == "Turn ready Balto (snow, snow, ice) at bottom row, column 2 to the rest state"
    worn = tired(state_of(SPEC, resting), 0, 2, 3, 4, 5, 6, 7)
    assert labels(worn)[RestHusky(slot=1)] == "Turn tired Aki (snow, ice) at top row, column 2 to the rest state"


def test_care_cards_name_the_huskies_they_refresh() -> None:
    """Race > Using care cards: a single card for one husky, a double card for a column."""
    stuck = tired(state_of(SPEC, at(0, hand=("C01", "D05"))), 0, 1, 4, 5)
    named = labels(stuck)
    assert named[CareForHusky(slot=1)] == "Use a care card on Aki (snow, ice) at top row, column 2: its cube comes off"
    assert named[CareForColumn(column=1)] == \
        "Use a double care card (D05) on column 2, refreshing Aki (snow, ice) and Balto (snow, snow, ice)"
    assert named[CareForColumn(column=0)] == \
        "Use a double care card (D05) on column 1, refreshing Nanook (snow, snow, snow) and Echo (snow)"
    token = with_musher(stuck, 0, hand=("T01",))
    assert labels(token)[CareForHusky(slot=0)] == \
        "Use a care token on Nanook (snow, snow, snow) at top row, column 1: its cube comes off"


def test_labels_never_tell_what_the_seat_may_not_see() -> None:
    """Views: another seat's hand and the deck order never change a seat's labels."""
    state = state_of(SPEC, after(SPEC, opening(top=CARE_TOP), (0, OpenCards())))
    other = replace(with_musher(state, 1, hand=("Y08", "E12")), deck=tuple(reversed(state.deck)))
    assert labels(state) == labels(other)


# Ranges


def test_the_plus_cards_range_is_accepted_at_its_ends_and_refused_beyond() -> None:
    """Preparations > Opening cards from the husky deck: 0 to the +1 cards held."""
    state = state_of(SPEC, opening(top=CARE_TOP))
    assert SPEC.ranges(state, 0, OpenCards(extra=1)) == {"extra": {"min": 0, "max": 2, "step": 1}}
    for extra in (0, 2):
        play_command(SPEC, state, 0, OpenCards(extra=extra), decision_rng("range", 9))
    with pytest.raises(IllegalCommand, match="only 2 \\+1 cards"):
        SPEC.decide(state, 0, OpenCards(extra=3), decision_rng("range", 9))
    with pytest.raises(InvalidCommand, match="0 or more"):
        SPEC.decide(state, 0, OpenCards(extra=-1), decision_rng("range", 9))


def test_the_plus_cards_range_ends_where_the_deck_runs_out() -> None:
    """Ruling: only useful numbers of +1 cards: no more than the deck can yield beyond the normal 2 cards."""
    state = replace(state_of(SPEC, opening(top=CARE_TOP)), deck=("H30", "H31", "H32"))
    assert SPEC.ranges(state, 0, OpenCards()) == {"extra": {"min": 0, "max": 1, "step": 1}}
    play_command(SPEC, state, 0, OpenCards(extra=1), decision_rng("range", 9))
    with pytest.raises(IllegalCommand, match="too few cards"):
        SPEC.decide(state, 0, OpenCards(extra=2), decision_rng("range", 9))


def test_commands_that_choose_cards_or_places_have_no_range() -> None:
    state = state_of(SPEC, after(SPEC, opening(top=CARE_TOP), (0, OpenCards())))
    assert all(SPEC.ranges(state, 0, command) == {} for command in SPEC.legal_commands(state, 0))
    assert all(SPEC.ranges(state_of(SPEC, at(0)), 0, command) == {} for command in SPEC.legal_commands(
        state_of(SPEC, at(0)), 0))


# Catalog


def test_the_catalog_holds_every_card_of_the_data_files_by_its_id() -> None:
    """Components: 48 experienced huskies, 8 youngsters, 12 equipment, 24 care, 12 +1 cards, 18 landscapes."""
    catalog = SPEC.catalog()
    sizes = {kind: len(entries) for kind, entries in catalog.items()}
    assert sizes == {"huskies": 48, "youngsters": 8, "equipment_cards": 12, "care_cards": 24, "mentor_cards": 12,
                     "landscapes": 18, "snow_types": 3}
    for kind, name in (("huskies", "huskies.json"), ("youngsters", "youngsters.json"),
                       ("equipment_cards", "equipment.json"), ("care_cards", "care.json"),
                       ("mentor_cards", "mentors.json"), ("landscapes", "landscapes.json")):
        raw = data(name)
        assert list(catalog[kind]) == sorted(raw)
        assert all(catalog[kind][card]["name"] == raw[card]["name"] for card in raw)


def test_a_husky_shows_its_edges_and_snowflakes_as_printed() -> None:
    """Placement rules / Using husky movement points: edges for placing, snowflakes for moving."""
    huskies = SPEC.catalog()["huskies"]
    assert huskies["H01"] == {"name": "Aki", "edges": {"top": "red", "right": "green", "bottom": "green",
                                                       "left": "red"}, "snow": ["snow", "ice"], "movement_points": 2}
    for card, raw in data("huskies.json").items():
        assert huskies[card]["edges"] == raw["edges"] and huskies[card]["snow"] == raw["snow"]
        assert huskies[card]["movement_points"] == len(raw["snow"])


def test_landscapes_show_their_fields_and_the_two_that_require_equipment() -> None:
    """Components: the track's fields; RULINGS.md: equipment fields on Mountain Pass and Icefall."""
    landscapes = SPEC.catalog()["landscapes"]
    for card, raw in data("landscapes.json").items():
        assert landscapes[card] == {"name": raw["name"], "role": raw["role"], "fields": raw["fields"]}
    assert landscapes["L07"]["fields"][2] == {"snow": "ice", "equipment": True}
    needing = sorted(card for card, entry in landscapes.items() if any(f["equipment"] for f in entry["fields"]))
    assert needing == ["L03", "L07"]
    assert (landscapes["L00"]["role"], landscapes["L17"]["role"]) == ("start", "finish")


def test_snow_types_count_as_the_rulebook_components_table() -> None:
    """Components, terrain type count: 55/25/11 fields and 52/24/16 husky points."""
    snow = SPEC.catalog()["snow_types"]
    assert {kind: (entry["landscape_fields"], entry["husky_points"]) for kind, entry in snow.items()} == {
        "snow": (55, 52), "ice": (25, 24), "powder": (11, 16)}


def test_care_cards_say_how_many_cubes_they_remove_and_where_they_start() -> None:
    """Using care cards, Game setup 3-4 and End of the game: singles count 1, doubles 2."""
    care = SPEC.catalog()["care_cards"]
    assert care["C01"] == {"name": "Care", "double": False, "cubes_removed": 1, "counts_as_ready_huskies": 1,
                           "starts_in": "husky deck"}
    assert care["C07"]["starts_in"] == "care piles"
    assert care["D12"] == {"name": "Double care", "double": True, "cubes_removed": 2, "counts_as_ready_huskies": 2,
                           "starts_in": "care piles"}
    assert sum(entry["starts_in"] == "husky deck" for entry in care.values()) == 6


def referenced(view: dict[str, Any]) -> list[tuple[str, str, dict[str, Any] | None]]:
    """(catalog kind, id, the card as the view shows it) for every id a view refers to."""
    found: list[tuple[str, str, dict[str, Any] | None]] = []
    cards = [*view["centre"], *(view["hand"] or [])]
    for musher in view["mushers"]:
        cards += [spot["card"] for spot in musher["sled"] if spot["card"]]
        found += [("equipment_cards", spot["equipment"], None) for spot in musher["sled"] if spot.get("equipment")]
        found += [("care_cards", card, None) for card in musher["care_pile"]]
        if musher["compulsory_care"]:
            found.append(("care_cards", musher["compulsory_care"], None))
    found += [(KIND_OF_CARD[card["kind"]], card["id"], card) for card in cards]
    found += [("care_cards", card, None) for card in view["care_discards"]]
    found += [("landscapes", card["card"], None) for card in view["track"] if card["face_up"]]
    found += [("snow_types", field["snow"], None) for field in view["fields"] or []]
    return found


@pytest.mark.parametrize("seats", [2, 6])
def test_every_id_a_view_shows_is_in_the_catalog_with_the_same_values(seats: int) -> None:
    """Views refer to catalog entries by id (care tokens stand in for care cards and are not catalogued)."""
    catalog = SPEC.catalog()
    config = SPEC.normalize_config([SeatConfig(name=f"p{seat}") for seat in range(seats)], {})
    table = Table(SPEC, config, "about-ids")
    kinds_seen = set()
    while not table.finished:
        seat = min(SPEC.to_act(table.state))
        for viewer in (None, seat):
            for kind, card, shown in referenced(SPEC.view(table.state, viewer)):
                if kind == "care_cards" and TOKEN.match(card):
                    continue
                assert card in catalog[kind], (kind, card)
                kinds_seen.add(kind)
                if shown is not None:
                    assert shown["name"] == catalog[kind][card]["name"]
                    if kind == "huskies":
                        assert (shown["edges"], shown["snow"]) == (catalog[kind][card]["edges"],
                                                                   catalog[kind][card]["snow"])
        table.submit(seat, table.bot_command(seat, "expert"))
    assert kinds_seen >= {"huskies", "youngsters", "equipment_cards", "care_cards", "landscapes", "snow_types"}


# View schema


def test_the_schema_accepts_the_views_of_a_waiting_run_and_a_rest() -> None:
    """The schema covers `run` (a husky waiting at an equipment field) and the rest step."""
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    waiting = state_of(SPEC, after(SPEC, at(9, hand=("E02",)), (0, UseHusky(slot=1))))
    waiting = with_musher(waiting, 0, hand=("E02", "T01"), compulsory_care="T01")
    resting = state_of(SPEC, after(SPEC, at(9), (0, UseHusky(slot=1)), (0, PushThrough())))
    assert waiting.mushers[0].step is Step.EQUIPMENT and resting.mushers[0].step is Step.REST
    for state in (waiting, resting):
        for viewer in (None, 0, 1):
            assert not list(validator.iter_errors(SPEC.view(state, viewer)))
    assert SPEC.view(waiting, 0)["run"] == {"slot": 1, "points": [["snow"], ["ice"]]}


def test_the_schema_refuses_unknown_ids_fields_and_steps() -> None:
    """The schema is strict: it could fail a view that drifts from it."""
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    view = SPEC.view(state_of(SPEC, after(SPEC, opening(top=CARE_TOP), (0, OpenCards()))), 0)
    assert not list(validator.iter_errors(view))
    wrong_card = {**view, "centre": [{**view["centre"][0], "id": "H49"}]}
    extra_field = {**view, "deck": []}
    wrong_step = {**view, "step": "draft"}
    wrong_spot = {**view, "mushers": [{**view["mushers"][0], "sled": [{"slot": 0, "card": None, "tired": False}]},
                                      view["mushers"][1]]}
    for broken in (wrong_card, extra_field, wrong_step, wrong_spot):
        assert list(validator.iter_errors(broken))


def test_every_field_of_the_schema_is_described() -> None:
    def walk(schema: Any, path: str) -> None:
        if isinstance(schema, dict):
            for name, field in schema.get("properties", {}).items():
                assert "description" in field, f"{path}.{name}"
            for key, value in schema.items():
                walk(value, f"{path}.{key}")
        elif isinstance(schema, list):
            for index, value in enumerate(schema):
                walk(value, f"{path}[{index}]")
    walk(SPEC.view_schema, "view")


# The docs page


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_docs_page_lists_every_rule_with_its_section() -> None:
    page = flat(DOC.read_text(encoding="utf-8"))
    for rule in SPEC.rules:
        assert flat(rule.summary) in page, rule.summary[:60]
        assert rule.section in page


def test_the_docs_page_covers_every_command_view_field_and_catalog_kind() -> None:
    page = DOC.read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"### `{command.TYPE}`" in page, command.TYPE
    for field in SPEC.view_schema["properties"]:
        assert f"`{field}`" in page, field
    for kind in SPEC.catalog():
        assert f"`{kind}`" in page, kind


def test_every_rule_names_a_heading_of_the_rulebook_or_a_ruling() -> None:
    """Sections are the book's headings ("Race > Using care cards") or rulings of RULINGS.md, never invented."""
    book = (Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "hike.md").read_text(encoding="utf-8")
    rulings = (DATA / "RULINGS.md").read_text(encoding="utf-8")
    headings = {line.strip().rstrip(":") for line in book.splitlines()}
    for rule in SPEC.rules:
        if rule.section.startswith("RULINGS.md: "):
            assert f"- {rule.section.removeprefix('RULINGS.md: ')}" in rulings, rule.section
        else:
            for part in rule.section.split(" > "):
                assert any(re.fullmatch(rf"{re.escape(part)}( [0-9]+| or .*)?", line) for line in headings), part
