"""The game describes itself (issue 14): labels, ranges, catalog, view schema, rules and the doc page."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from np_scenario import (
    BHARAL,
    C0,
    H0,
    H1,
    SNOW_LEOPARD,
    TAHR,
    YAK,
    arranged,
    opening,
    placed,
    spot,
    spots,
    trapped,
)
from support.scenario import legal

from domain.core import Command, InvalidCommand, SeatConfig, Table, decision_rng
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.board import SPOTS
from domain.games.nanga_parbat.chart import Row
from domain.games.nanga_parbat.commands import (
    COMMANDS,
    ActivateMuskDeer,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateYak,
    BuildCamps,
    EndTurn,
    PlaceGuide,
    RelocateGuide,
    TradeDifferentAnimals,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.events import GuidePlaced
from domain.games.nanga_parbat.state import ANIMALS, Animal, State

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "domain" / "games" / "nanga_parbat" / "data"
DOC = ROOT / "docs" / "games" / "nanga_parbat.md"
REGION_2_EMPTY = {f"2.{section}": H1 for section in range(1, 7)}


def data(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def before_trap(**kwargs: Any) -> State:
    """Seat 0's turn, before the trap, with the guide on region 2 (default layout)."""
    return arranged(opening(guide=2), **kwargs)


#: Known states, a legal command in each, and its exact label (the doc page shows the same examples).
KNOWN_LABELS: list[tuple[str, State, int, Command, str]] = [
    ("place the guide", arranged(placed()), 1, PlaceGuide(region=3), "Place the guide in region 3 (6 animals)"),
    ("relocate", before_trap(board=REGION_2_EMPTY), 0, RelocateGuide(region=1),
     "Relocate the guide from the empty region 2 to region 1 (6 animals)"),
    ("red panda scores", before_trap(), 0, TrapAnimal(spot=spot("2.5")),
     "Trap the Red Panda in region 2 section 5 (+1 point; the guide moves to region 5)"),
    ("red panda when ahead", before_trap(scores=(3, 1)), 0, TrapAnimal(spot=spot("2.5")),
     "Trap the Red Panda in region 2 section 5 (the guide moves to region 5)"),
    ("the guide stays", before_trap(), 0, TrapAnimal(spot=spot("2.2")),
     "Trap the Musk Deer in region 2 section 2 (the guide stays in region 2)"),
    ("snow leopard", before_trap(board={"1.2": H0, "1.4": H1}, ready={0: (SNOW_LEOPARD,)}), 0,
     ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")),
     "Activate the Snow Leopard: swap your hiker in region 1 section 2 and the opponent's hiker in region 1 section 4"),
    ("tahr", before_trap(board={"1.2": H1}, ready={0: (TAHR,)}), 0,
     ActivateTahr(hiker=spot("1.2"), animal=spot("1.4")),
     "Activate the Tahr: swap the opponent's hiker in region 1 section 2 and the Yak in region 1 section 4"),
    ("musk deer", before_trap(ready={0: (Animal.MUSK_DEER,)}), 0,
     ActivateMuskDeer(first=spot("1.1"), second=spot("6.1")),
     "Activate the Musk Deer: swap the Snow Leopard in region 1 section 1 and the Red Panda in region 6 section 1"),
    ("yak", before_trap(ready={0: (YAK,)}), 0, ActivateYak(region=6),
     "Activate the Yak: move the guide from region 2 to region 6 (6 animals)"),
    ("yak to an empty region", before_trap(board={f"6.{s}": H0 for s in range(1, 7)}, ready={0: (YAK,)}), 0,
     ActivateYak(region=6), "Activate the Yak: move the guide from region 2 to region 6 (no animals)"),
    ("camps across a dotted path", trapped(opening(guide=2), 0, board={"1.4": H0, "2.1": H0, "2.2": H0}), 0,
     BuildCamps(column=4, hikers=spots("1.4", "2.1", "2.2")),
     "Build 3 camps from adjacent hikers (column 4, 4 points): region 1 section 4; region 2 sections 1, 2"),
    ("different types", trapped(opening(guide=2), 0, ready={0: (SNOW_LEOPARD, TAHR, BHARAL)}), 0,
     TradeDifferentAnimals(column=4, animals=(SNOW_LEOPARD, TAHR, BHARAL)),
     "Trade 3 different animal types (column 4, 3 points): Snow Leopard, Tahr, Bharal"),
    ("same type", trapped(opening(guide=2), 0, ready={0: (YAK, YAK, BHARAL)}), 0,
     TradeSameAnimals(column=4, animals=(YAK, YAK, BHARAL)),
     "Trade 3 of the same animal type (column 4, 4 points): Yak, Yak, Bharal"),
    ("end the turn", trapped(opening(guide=2), 0), 0, EndTurn(), "End your turn"),
]


@pytest.mark.parametrize(("state", "seat", "command", "expected"), [case[1:] for case in KNOWN_LABELS],
                         ids=[case[0] for case in KNOWN_LABELS])
def test_a_legal_command_reads_as_the_rulebook_words_it(state: State, seat: int, command: Command,
                                                        expected: str) -> None:
    assert command in legal(SPEC, state, seat)
    assert SPEC.label(state, seat, command) == expected


def test_the_trap_that_ends_the_game_says_so() -> None:
    """Game End: the second player's 15th trap ends the game at once (the default), so its label says so; with
    `whole_last_turn` the turn goes on and the label is the usual one."""
    last = {"active": 1, "turn": 30, "hikers": (0, 1)}
    ending = arranged(opening(guide=2), **last)
    assert SPEC.label(ending, 1, TrapAnimal(spot=spot("2.2"))) == \
        "Trap the Musk Deer in region 2 section 2 (the guide stays in region 2; the game ends)"
    whole = arranged(opening(guide=2, options={"whole_last_turn": True}), **last)
    assert SPEC.label(whole, 1, TrapAnimal(spot=spot("2.2"))) == \
        "Trap the Musk Deer in region 2 section 2 (the guide stays in region 2)"
    assert SPEC.label(before_trap(), 0, TrapAnimal(spot=spot("2.2"))).endswith("(the guide stays in region 2)")


def test_the_snow_leopard_reads_from_the_acting_seat() -> None:
    """The same swap, seen by seat 1 on its turn: its own hiker is "your"."""
    state = arranged(opening(guide=2), active=1, board={"1.2": H0, "1.4": H1}, ready={1: (SNOW_LEOPARD,)})
    command = ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4"))
    assert command in legal(SPEC, state, 1)
    assert SPEC.label(state, 1, command) == ("Activate the Snow Leopard: swap the opponent's hiker in region 1 "
                                             "section 2 and your hiker in region 1 section 4")


def test_claims_of_two_columns_of_the_same_size_read_apart() -> None:
    """Columns 4 and 5 both take 3: the column and the points tell the two claims apart."""
    state = trapped(opening(guide=2), 0, board={"1.1": H0, "1.2": H0, "1.3": H0})
    labels = {command: SPEC.label(state, 0, command) for command in legal(SPEC, state, 0)
              if isinstance(command, BuildCamps)}
    assert sorted(labels.values()) == [
        "Build 3 camps from adjacent hikers (column 4, 4 points): region 1 sections 1, 2, 3",
        "Build 3 camps from adjacent hikers (column 5, 3 points): region 1 sections 1, 2, 3",
    ]


# --- ranges -----------------------------------------------------------------------------------------


def test_the_guide_is_placed_on_any_region_and_nowhere_beyond() -> None:
    """PlaceGuide's region ranges over 1 to 6: both ends accepted, 0 and 7 refused as malformed."""
    state = arranged(placed())
    command = PlaceGuide(region=3)
    assert SPEC.ranges(state, 1, command) == {"region": {"min": 1, "max": 6, "step": 1}}
    for region in range(1, 7):
        decoded = SPEC.commands.decode("PlaceGuide", {"region": region})
        assert list(SPEC.decide(state, 1, decoded, decision_rng("ranges", 2))) == [GuidePlaced(seat=1, region=region)]
    for region in (0, 7):
        with pytest.raises(InvalidCommand, match="region"):
            SPEC.commands.decode("PlaceGuide", {"region": region})
        with pytest.raises(InvalidCommand, match="regions are 1 to 6"):
            SPEC.decide(state, 1, PlaceGuide(region=region), decision_rng("ranges", 2))  # type: ignore[arg-type]


def test_no_other_argument_ranges_in_a_played_game() -> None:
    """Every other argument is a concrete choice the list gives in full: only PlaceGuide has a range."""
    table = table_for("ranges")
    while not table.finished:
        seat = min(SPEC.to_act(table.state))
        for command in SPEC.legal_commands(table.state, seat):
            expected = {"region": {"min": 1, "max": 6, "step": 1}} if isinstance(command, PlaceGuide) else {}
            assert SPEC.ranges(table.state, seat, command) == expected, command
        table.submit(seat, table.bot_command(seat, "greedy"))


# --- catalog ----------------------------------------------------------------------------------------


def test_the_catalog_holds_every_section_with_its_borders_and_dotted_paths_from_the_board_file() -> None:
    board = data("board.json")
    sections = SPEC.catalog()["sections"]
    assert list(sections) == [f"{r}.{s}" for r in range(1, 7) for s in range(1, 7)]
    for section_id, entry in sections.items():
        region, section = map(int, section_id.split("."))
        assert (entry["region"], entry["section"], entry["guide_goes_to"]) == (region, section, section)
        assert entry["name"] == f"region {region} section {section}"
        expected_borders = sorted({f"{region}.{b}" for a, b in board["section_borders"] if a == section}
                                  | {f"{region}.{a}" for a, b in board["section_borders"] if b == section})
        assert entry["borders"] == expected_borders
        expected_paths = sorted({f"{b[0]}.{b[1]}" for a, b in board["dotted_paths"] if a == [region, section]}
                                | {f"{a[0]}.{a[1]}" for a, b in board["dotted_paths"] if b == [region, section]})
        assert sorted(entry["dotted_paths"]) == expected_paths
        assert sorted(entry["adjacent"]) == sorted(expected_borders + expected_paths)
        assert entry["row"] == next(row for row, numbers in enumerate(board["section_rows"], 1) if section in numbers)
    assert sections["2.6"]["adjacent"] == ["2.3", "2.5", "3.4", "5.1"]


def test_the_spots_of_the_board_are_the_sections_of_the_catalog() -> None:
    assert [f"{spot_.region}.{spot_.section}" for spot_ in SPOTS] == list(SPEC.catalog()["sections"])


def test_the_catalog_holds_the_regions_and_dotted_paths_of_the_board_file() -> None:
    board = data("board.json")
    catalog = SPEC.catalog()
    assert list(catalog["regions"]) == ["1", "2", "3", "4", "5", "6"]
    assert [catalog["regions"][str(r)]["row"] for r in range(1, 7)] == [1, 2, 2, 3, 3, 3]
    assert catalog["regions"]["1"] == {"name": "Region 1", "flag": 1, "row": 1,
                                       "sections": ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6"],
                                       "linked_regions": [2, 3]}
    assert catalog["dotted_paths"] == {
        f"{a[0]}.{a[1]}-{b[0]}.{b[1]}": {"sections": [f"{a[0]}.{a[1]}", f"{b[0]}.{b[1]}"]}
        for a, b in board["dotted_paths"]
    }


def test_the_catalog_prints_the_points_chart_of_the_chart_file() -> None:
    chart = data("chart.json")
    spots_ = SPEC.catalog()["chart_spots"]
    assert len(spots_) == 15
    for row_number, row in enumerate(chart["rows"], start=1):
        for column in range(1, 6):
            entry = spots_[f"{row}.{column}"]
            assert (entry["row"], entry["row_number"], entry["column"]) == (row, row_number, column)
            assert entry["requires"] == chart["requirements"][column - 1]
            assert entry["points"] == chart["points"][row][column - 1]
    assert spots_["camps.1"]["name"] == "Build 6 camps from adjacent hikers"
    assert spots_["different.2"]["command"] == "TradeDifferentAnimals"
    assert spots_["same.5"]["name"] == "Trade 3 of the same animal type"


def test_the_catalog_describes_the_animals_of_the_animal_file_as_setup_places_them() -> None:
    animals = data("animals.json")
    catalog = SPEC.catalog()["animals"]
    assert list(catalog) == [animal.value for animal in ANIMALS] == [entry["id"] for entry in animals["types"]]
    assert catalog["snow_leopard"]["name"] == "Snow Leopard" and catalog["snow_leopard"]["colour"] == "white"
    assert catalog["red_panda"]["kind"] == "special" and "command" not in catalog["red_panda"]
    assert [entry.get("command") for entry in catalog.values()] == [
        "ActivateSnowLeopard", "ActivateTahr", "ActivateMuskDeer", "ActivateYak", None, None]
    assert all(entry.get("command") is None or entry["command"] in SPEC.commands.types for entry in catalog.values())
    table = table_for("animals")
    on_board = Counter(piece for piece in table.state.board)
    assert on_board == {Animal(animal): entry["count"] for animal, entry in catalog.items()}


def test_the_catalog_counts_each_players_pieces_as_the_opening_view_shows_them() -> None:
    pieces = SPEC.catalog()["pieces"]
    seat = SPEC.view(table_for("pieces").state, 0)["seats"][0]
    assert (pieces["hiker"]["per_player"], pieces["camp"]["per_player"], pieces["cube"]["per_player"]) == (
        seat["hikers_in_stock"], seat["camps_in_stock"], seat["cubes_in_stock"]) == (15, 12, 5)


def test_every_id_a_view_or_an_action_of_a_played_game_refers_to_is_in_the_catalog() -> None:
    catalog = SPEC.catalog()
    table = table_for("ids")
    seen: Counter[str] = Counter()
    while not table.finished:
        view = SPEC.view(table.state, None)
        for kind, entry_id in view_ids(view):
            assert entry_id in catalog[kind], f"{kind} {entry_id!r} is not in the catalog"
            seen[kind] += 1
        for square in view["chart"]:
            printed = catalog["chart_spots"][f"{square['row']}.{square['column']}"]
            assert (square["requires"], square["points"]) == (printed["requires"], printed["points"])
        seat = min(SPEC.to_act(table.state))
        for command in SPEC.legal_commands(table.state, seat):
            for kind, entry_id in command_ids(command):
                assert entry_id in catalog[kind], f"{command!r} names {kind} {entry_id!r}, not in the catalog"
                seen[kind] += 1
        table.submit(seat, table.bot_command(seat, "greedy"))
    assert set(seen) == {"regions", "sections", "dotted_paths", "animals", "chart_spots", "pieces"}


def view_ids(view: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (catalog kind, id) a view refers to."""
    ids = [("regions", str(view["guide"]))] if view["guide"] is not None else []
    for region in view["regions"]:
        ids.append(("regions", str(region["region"])))
        for section in region["sections"]:
            ids.append(("sections", f"{region['region']}.{section['section']}"))
            if section["piece"] == "animal":
                ids.append(("animals", section["animal"]))
            else:
                ids.append(("pieces", section["piece"]))
    for seat in view["seats"]:
        ids.extend(("animals", animal) for animal in seat["ready"] + seat["spent"])
    ids.extend(("chart_spots", f"{square['row']}.{square['column']}") for square in view["chart"])
    ids.extend(("dotted_paths", f"{a[0]}.{a[1]}-{b[0]}.{b[1]}") for a, b in view["dotted_paths"])
    return ids


def command_ids(command: Command) -> list[tuple[str, str]]:
    """Every (catalog kind, id) a command's args name."""
    type_, args = SPEC.commands.encode(command)
    ids = []
    for name, value in args.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict):
                ids.append(("sections", f"{item['region']}.{item['section']}"))
            elif name == "region":
                ids.append(("regions", str(item)))
            elif name == "animals":
                ids.append(("animals", item))
    if "column" in args:
        row = {"BuildCamps": "camps", "TradeDifferentAnimals": "different", "TradeSameAnimals": "same"}[type_]
        ids.append(("chart_spots", f"{row}.{args['column']}"))
    return ids


# --- view schema ------------------------------------------------------------------------------------


def test_the_view_schema_describes_every_field_of_the_view() -> None:
    schema = SPEC.view_schema
    view = SPEC.view(table_for("fields").state, 0)
    assert set(schema["properties"]) == set(view) == set(schema["required"])
    assert all(field.get("description") for field in schema["properties"].values())
    assert not list(jsonschema_rs.Draft202012Validator(schema).iter_errors(view))


def test_the_view_schema_fits_a_board_with_camps_claims_and_spent_animals() -> None:
    state = trapped(opening(guide=2), 1, board={"1.1": C0, "1.2": C0, "1.3": C0, "3.3": H1},
                    ready={0: (YAK, BHARAL)}, spent={0: (SNOW_LEOPARD,), 1: (TAHR,)}, scores=(4, 2),
                    camps=(9, 12), cubes=(4, 5), claimed_spots={(Row.CAMPS, 4): 0}, claimed=True)
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    for viewer in (None, 0, 1):
        view = SPEC.view(state, viewer)
        assert not list(validator.iter_errors(view))
        assert view["regions"][0]["sections"][0] == {"section": 1, "piece": "camp", "seat": 0}
        assert view["chart"][3]["claimed_by"] == 0


@pytest.mark.parametrize(("where", "change"), [
    ("an unknown field", lambda view: view.update(hint=1)),
    ("an unknown animal", lambda view: view["regions"][0]["sections"][0].update(piece="animal", animal="ibex")),
    ("a camp without a seat", lambda view: view["regions"][0]["sections"][0].update(piece="camp")),
    ("a seventh section", lambda view: view["regions"][0]["sections"].append(view["regions"][0]["sections"][0])),
    ("a region 7 guide", lambda view: view.update(guide=7)),
    ("a third seat's cube", lambda view: view["chart"][0].update(claimed_by=2)),
    ("a sixth cube", lambda view: view["seats"][0].update(cubes_in_stock=6)),
    ("a wrong phase", lambda view: view.update(phase="draft")),
])
def test_the_view_schema_refuses_a_view_the_game_never_gives(where: str, change: Any) -> None:
    view = copy.deepcopy(SPEC.view(table_for("refuse").state, None))
    change(view)
    assert list(jsonschema_rs.Draft202012Validator(SPEC.view_schema).iter_errors(view)), where


# --- rules and the doc page -------------------------------------------------------------------------


def doc_text() -> str:
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def test_the_doc_page_lists_every_rule_with_its_section() -> None:
    text = doc_text()
    for rule in SPEC.rules:
        assert f"**{rule.section}**: {rule.summary}" in text, rule.summary


def test_the_rules_cite_the_rulebook_headings_or_a_ruling() -> None:
    book = (ROOT.parent / "shared" / "rules" / "nanga-parbat.md").read_text(encoding="utf-8")
    rulings = (DATA / "RULINGS.md").read_text(encoding="utf-8")
    for rule in SPEC.rules:
        if rule.section.startswith("RULINGS.md: "):
            assert f"## {rule.section.removeprefix('RULINGS.md: ')}\n" in rulings, rule.section
        else:
            for part in rule.section.split(" > "):
                assert part in book, rule.section


def test_the_doc_page_shows_every_command_with_its_example_label_and_every_catalog_kind_and_view_field() -> None:
    text = doc_text()
    for command in COMMANDS:
        assert f"| `{command.TYPE}` |" in text, command.TYPE
    for name, *_, label in KNOWN_LABELS:
        if name not in ("red panda when ahead", "the guide stays", "yak to an empty region"):
            assert label in text, label
    for kind in SPEC.catalog():
        assert f"| `{kind}` |" in text, kind
    for field in SPEC.view_schema["properties"]:
        assert f"| `{field}` |" in text, field


# --- tables -----------------------------------------------------------------------------------------


def table_for(seed: str) -> Table:
    config = SPEC.normalize_config([SeatConfig(name="Ann"), SeatConfig(name="Bo")], {})
    return Table(SPEC, config, seed)

