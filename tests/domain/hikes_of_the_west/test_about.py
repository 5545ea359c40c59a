"""The game describes itself: rules summary, catalog, view schema, labels, ranges, and the doc page.

Rulebook: every section; the labels use the words of Setting off, Hiking and Location reference.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import msgspec
import pytest
from hotw_scenario import cover, first_card_done, on_left_trail, rested_at, special_trail_head, trail_head
from support.scenario import ScriptedRng, given, legal, play

from domain.core import Command, IllegalCommand, InvalidCommand, SeatConfig, Table, decision_rng
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import (
    ChooseTurnedPath,
    COMMANDS,
    ChoosePath,
    Cover,
    PlanHikes,
    Rest,
    RideToTop,
    Roll,
    SaveStamina,
)
from domain.games.hikes_of_the_west.events import DiceRolled, PathChosen, Rested, StaminaSaved
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import GameState, Phase, RestCause

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "domain" / "games" / "hikes_of_the_west"
RULEBOOK = ROOT.parent / "shared" / "rules" / "hikes-of-the-west.md"
DOC = ROOT / "docs" / "games" / "hikes_of_the_west.md"
CANYON_PLAN = ("grand-canyon", "zion", "pipestone")
# Zion's trail covered but for its last terrain, a 4 (as test_hotw_locations.py builds it).
ALMOST_DONE = [*first_card_done(), PathChosen(slot=0, card="cedar-breaks"), DiceRolled(dice=(6, 3, 5, 2)),
               *cover(6, (6, 3, 5, 2)), rested_at(10, 2), DiceRolled(dice=(1, 4, 1, 1, 1)), *cover(10, (1,))]
# Seeds whose games, between the two bots, hike the Grand Canyon, ride up Pikes Peak, end stranded and make par.
SEEDS = ("about-1", "about-6", "about-8", "about-10")


def labels(state: GameState) -> dict[Command, str]:
    """Every legal command of the hiker now, with its label."""
    return {command: SPEC.label(state, HIKER, command) for command in legal(SPEC, state, HIKER)}


def playout(seed: str, level: str) -> Iterator[GameState]:
    """Every state of a seeded game played by a bot, the final one included."""
    table = Table(SPEC, SPEC.normalize_config([SeatConfig(name="Ann")], {}), seed)
    yield table.state
    while not table.finished:
        table.submit(HIKER, table.bot_command(HIKER, level))
        yield table.state


@functools.cache
def played_states() -> tuple[GameState, ...]:
    """Every state of the seeded games of both bots."""
    return tuple(state for seed, level in itertools.product(SEEDS, ("random", "planner"))
                 for state in playout(seed, level))


def test_the_played_games_reach_every_kind_of_hike_and_end() -> None:
    states = played_states()
    ends = [state for state in states if state.phase is Phase.FINISHED]
    assert len(ends) == 2 * len(SEEDS)
    assert any(state.hike is not None and state.hike.location == "grand-canyon" for state in states)
    assert any(state.stranded for state in ends) and any(SPEC.result(state)["made_par"] for state in ends)
    assert any(5 in state.scored[state.plan.index("pikes-peak")] for state in ends if "pikes-peak" in state.plan)


# The rules summary.

def rulebook_headings() -> set[str]:
    if not RULEBOOK.exists():
        pytest.fail(f"the rulebook is not at {RULEBOOK}: the project expects ../shared beside it (README)")
    headings, parent = set(), ""
    for line in RULEBOOK.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"^(#+) (.+)$", line):
            depth, title = len(match[1]), match[2].strip()
            if depth <= 2:
                parent = title
                headings.add(title)
            else:
                headings.add(f"{parent} > {title}")
    return headings


def test_every_rule_cites_a_heading_of_the_rulebook_a_location_of_its_table_or_a_ruling() -> None:
    headings = rulebook_headings()
    rulings = set(re.findall(r"\*\*(.+?)\.\*\*", (PACKAGE / "data" / "RULINGS.md").read_text(encoding="utf-8")))
    names = {entry["name"] for entry in SPEC.catalog()["locations"].values()}
    for rule in SPEC.rules:
        if rule.section.startswith("RULINGS.md: "):
            assert rule.section.removeprefix("RULINGS.md: ") in rulings, rule.section
        elif rule.section.startswith("Location reference > "):
            assert rule.section.removeprefix("Location reference > ") in names, rule.section
        else:
            assert rule.section in headings, rule.section


def test_the_rules_cover_every_command_every_special_location_and_the_end() -> None:
    summaries = " ".join(rule.summary for rule in SPEC.rules)
    for command in COMMANDS:
        assert re.search(rf"\b{command.TYPE}\b", summaries), f"no rule names {command.TYPE}"
    sections = {rule.section for rule in SPEC.rules}
    for entry in SPEC.catalog()["locations"].values():
        if entry["name"] != "Zion":
            assert f"Location reference > {entry['name']}" in sections
    assert {"Setup", "Planning stage", "Setting off", "Game end", "RULINGS.md: Making par",
            "RULINGS.md: A ninth location", "RULINGS.md: Stranded"} <= sections
    assert 12 <= len(SPEC.rules) <= 30


# The catalog.

def test_the_catalog_prints_every_card_as_data_cards_json_has_it() -> None:
    data = json.loads((PACKAGE / "data" / "cards.json").read_text(encoding="utf-8"))["cards"]
    catalog = SPEC.catalog()
    assert set(catalog) == {"cards", "locations", "slots", "dice"}
    assert catalog["cards"] == {
        entry["id"]: {"name": entry["location"], "par": entry["par"], "rule": entry["rule"], "path": entry["path"]}
        for entry in data
    }
    assert set(catalog["locations"]) == {entry["id"] for entry in data}
    for entry in data:
        location = catalog["locations"][entry["id"]]
        assert (location["name"], location["par"], location["rule"]) == (entry["location"], entry["par"], entry["rule"])


def test_the_catalog_tells_each_location_how_it_is_hiked() -> None:
    locations = SPEC.catalog()["locations"]
    assert locations["grand-canyon"] | {"rule": ""} == {
        "name": "Grand Canyon", "par": 9, "rule": "", "layout": "v", "cards_hiked": 5, "trail_length": 30,
        "stamina_dice": 1}
    assert locations["cedar-breaks"]["stamina_dice"] == 2
    assert {(entry["layout"], entry["trail_length"]) for key, entry in locations.items() if key != "grand-canyon"} \
        == {("pyramid", 12)}
    assert SPEC.catalog()["slots"]["4"] == {"pyramid": "bottom right", "pyramid_row": "base", "v": "south rim",
                                            "v_rim": True}
    assert SPEC.catalog()["dice"]["4"] == {"pips": 4, "covers": [4], "covers_as_stamina": [1, 2, 3, 4]}
    assert list(SPEC.catalog()["dice"]) == ["1", "2", "3", "4", "5", "6"]


def test_every_id_a_view_of_a_played_game_shows_is_in_the_catalog_with_the_same_printed_values() -> None:
    catalog = SPEC.catalog()
    cards, locations, slots, dice = (catalog[kind] for kind in ("cards", "locations", "slots", "dice"))
    seen_slots: set[str] = set()
    for state in played_states():
        view = SPEC.view(state, None)
        for location in view["locations"]:
            printed = locations[location["id"]]
            assert (location["name"], location["par"], location["rule"]) == (printed["name"], printed["par"],
                                                                          printed["rule"])
            assert all(str(die) in dice for die in location["dice"])
        assert view["current_location"] is None or view["current_location"] in locations
        hike = view["hike"]
        if hike is None:
            continue
        layout_kind = locations[hike["location"]]["layout"]
        for dealt in hike["layout"]:
            assert dealt["terrains"] == cards[dealt["card"]]["path"]
            assert dealt["place"] == slots[str(dealt["slot"])][layout_kind]
            seen_slots.add(str(dealt["slot"]))
        assert all(str(slot) in slots for slot in [*hike["route"], *hike["path_choices"]])
        assert hike["trail_length"] == locations[hike["location"]]["trail_length"]
        assert hike["stamina_limit"] == locations[hike["location"]]["stamina_dice"]
        faces = [*hike["free_dice"], *hike["stamina"], *(placed["die"] for placed in hike["path_dice"])]
        assert all(str(face) in dice for face in faces)
    assert seen_slots == set(slots)


# The view schema.

def test_every_view_of_played_games_fits_the_schema_for_the_hiker_and_a_spectator() -> None:
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    states = [*played_states(), given(SPEC, trail_head("grand-canyon", plan=CANYON_PLAN))]
    for state in states:
        for seat in (HIKER, None):
            errors = list(validator.iter_errors(SPEC.view(state, seat)))
            assert not errors, errors[0].message


@pytest.mark.parametrize(("path", "value"), [
    (("surprise",), 1),
    (("phase",), "resting"),
    (("dice", "spare"), 0),
    (("locations", 0, "status"), "skipped"),
    (("hike", "layout", 0, "terrains"), [1, 2, 3]),
    (("hike", "free_dice"), [7]),
    (("hike", "step"), "walking"),
    (("hike", "rest_stop"), {"position": 0}),
])
def test_the_schema_refuses_a_view_with_a_field_out_of_place(path: tuple[Any, ...], value: Any) -> None:
    view = SPEC.view(given(SPEC, on_left_trail()), HIKER)
    validator = jsonschema_rs.Draft202012Validator(SPEC.view_schema)
    assert validator.is_valid(view)
    target = view
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert not validator.is_valid(view)


def test_every_field_of_the_schema_says_what_it_is() -> None:
    def walk(schema: dict[str, Any], where: str) -> Iterator[str]:
        for name, field in schema.get("properties", {}).items():
            if "description" not in field:
                yield f"{where}.{name}"
            for inner in (field, *field.get("anyOf", ())):
                yield from walk(inner, f"{where}.{name}")
                if isinstance(inner.get("items"), dict):
                    yield from walk(inner["items"], f"{where}.{name}[]")

    assert list(walk(dict(SPEC.view_schema), "state")) == []


# Labels.

def test_planning_labels_name_the_locations_in_the_order_chosen() -> None:
    state = given(SPEC, trail_head()[:3])
    named = labels(state)
    assert len(named) == 6
    assert named[PlanHikes(order=("zion", "pipestone", "joshua-tree"))] == \
        "Hike Zion first, then Pipestone, then Joshua Tree"


def test_at_the_trail_head_the_labels_show_each_base_card_and_the_dice_to_roll() -> None:
    assert labels(given(SPEC, trail_head())) == {
        ChoosePath(slot=2): "Set off on the bottom left path as printed (Mt. Rainier card: 2-5-1-6-3-4)",
        ChoosePath(slot=3): "Set off on the bottom middle path as printed (Great Sand Dunes card: 4-1-3-6-2-5)",
        ChoosePath(slot=4): "Set off on the bottom right path as printed (Black Hills card: 5-2-3-1-6-4)",
        ChooseTurnedPath(slot=2): "Set off on the bottom left path, turned end for end (Mt. Rainier card: 4-3-6-1-5-2)",
        ChooseTurnedPath(slot=3): "Set off on the bottom middle path, turned end for end (Great Sand Dunes card: "
                                  "5-2-6-3-1-4)",
        ChooseTurnedPath(slot=4): "Set off on the bottom right path, turned end for end (Black Hills card: "
                                  "4-6-1-3-2-5)",
        Roll(): "Roll 6 dice",
    }


def test_at_the_top_of_the_first_card_the_labels_show_both_top_cards() -> None:
    assert labels(given(SPEC, first_card_done())) == {
        ChoosePath(slot=0): "Go on to the top left path as printed (Cedar Breaks card: 6-3-5-2-1-4)",
        ChoosePath(slot=1): "Go on to the top right path as printed (Pikes Peak card: 1-3-5-4-6-2)",
        ChooseTurnedPath(slot=0): "Go on to the top left path, turned end for end (Cedar Breaks card: 4-1-2-5-3-6)",
        ChooseTurnedPath(slot=1): "Go on to the top right path, turned end for end (Pikes Peak card: 2-6-4-5-3-1)",
        SaveStamina(die=1): "Save a 1 as stamina",
        SaveStamina(die=2): "Save a 2 as stamina",
        Roll(): "Roll 4 dice",
        Rest(): "Rest at spot 6: the rest die shows 2",
    }


def test_at_the_grand_canyon_the_labels_offer_the_rims() -> None:
    named = labels(given(SPEC, trail_head("grand-canyon", plan=CANYON_PLAN)))
    assert named == {
        ChoosePath(slot=0): "Start from the north rim and hike rim to rim: 30 terrains, beginning 6-3-5-2-1-4",
        ChoosePath(slot=4): "Start from the south rim and hike rim to rim: 30 terrains, beginning 4-6-1-3-2-5",
        Roll(): "Roll 6 dice",
    }


def test_after_the_first_roll_the_labels_cover_save_or_rest_forced() -> None:
    assert labels(given(SPEC, on_left_trail(), DiceRolled(dice=(2, 3, 3, 5, 6, 6)))) == {
        SaveStamina(die=2): "Save a 2 as stamina",
        SaveStamina(die=3): "Save a 3 as stamina",
        SaveStamina(die=5): "Save a 5 as stamina",
        SaveStamina(die=6): "Save a 6 as stamina",
        Cover(die=2): "Cover terrain 2 (spot 1 of 12) with a 2",
        Rest(): "Take a forced rest at the trail head: the rest die shows 1",
    }


def test_a_forced_rest_tells_the_progress_it_loses() -> None:
    state = play(SPEC, given(SPEC, on_left_trail(), DiceRolled(dice=(2, 3, 3, 5, 6, 6))), HIKER, Cover(die=2))
    state = play(SPEC, state, HIKER, Cover(die=5))
    assert labels(state)[Rest()] == "Rest at spot 2: the rest die shows 1"
    rolled = play(SPEC, state, HIKER, Roll(), ScriptedRng((1, 1, 4, 4)))
    assert labels(rolled)[Rest()] == "Take a forced rest: lose 2 covered terrains, back to the trail head; " \
                                     "the rest die shows 1"


def test_stamina_labels_show_the_die_and_the_location_rule() -> None:
    saved = given(SPEC, on_left_trail(), DiceRolled(dice=(2, 2, 3, 4, 5, 6)), StaminaSaved(die=6, stamina=6))
    assert labels(saved)[Cover(die=6, stamina=True)] == "Cover terrain 2 (spot 1 of 12) with your stamina die showing 6"
    dunes = given(SPEC, special_trail_head("great-sand-dunes"), DiceRolled(dice=(1, 2, 3, 4, 5, 6)))
    assert labels(dunes)[SaveStamina(die=5)] == "Save a 5 as stamina (it drops to 4)"
    assert SaveStamina(die=1) not in labels(dunes)
    rainier = given(SPEC, special_trail_head("mt-rainier"), DiceRolled(dice=(1, 1, 3, 4, 5, 6)),
                    StaminaSaved(die=6, stamina=6))
    assert labels(rainier)[Cover(die=6, stamina=True)] == (
        "Cover terrain 2 (spot 1 of 12) with your stamina die showing 6: "
        "it becomes your rest stop, the rest die shows 1"
    )


def test_the_labels_of_pikes_peak_and_the_black_hills_warn_of_their_rules() -> None:
    pikes = labels(given(SPEC, special_trail_head("pikes-peak")))
    assert pikes[RideToTop()] == "Ride to the top of Pikes Peak: a die showing 5 goes on its card (par 4)"
    assert pikes[Roll()] == "Roll 6 dice and start hiking Pikes Peak (no riding to the top after that)"
    assert labels(given(SPEC, special_trail_head("black-hills")))[Roll()] == \
        "Roll 6 dice (three of a kind forces a rest in the Black Hills)"


def test_the_label_of_the_last_terrain_completes_the_location() -> None:
    assert labels(given(SPEC, ALMOST_DONE))[Cover(die=4)] == "Cover terrain 4 (spot 12 of 12) with a 4, completing Zion"


def test_a_rest_that_strands_the_hiker_says_so() -> None:
    worn = Rested(cause=RestCause.NO_COVER, rest_stop=0, rest_die=6, lost=0, scored=(6, 6, 6, 6))
    state = given(SPEC, on_left_trail(), DiceRolled(dice=(2, 3, 3, 5, 6, 6)), worn, DiceRolled(dice=(2,)))
    assert state.dice_available == 2
    assert labels(state)[Rest()] == ("Take a forced rest at the trail head: the rest die at 6 goes on the location "
                                     "card and a new one shows 1; no die is left to roll: stranded, the game ends")


def test_no_two_legal_actions_read_alike_and_labels_tell_nothing_hidden() -> None:
    for state in played_states():
        named = labels(state)
        assert len(set(named.values())) == len(named)
        shuffled = msgspec.structs.replace(state, deck=tuple(reversed(state.deck)))
        assert labels(shuffled) == named


# Ranges.

def test_no_command_has_a_range_every_die_and_slot_is_listed() -> None:
    for state in played_states():
        for command in legal(SPEC, state, HIKER):
            assert SPEC.ranges(state, HIKER, command) == {}


def test_a_die_beside_the_listed_ones_is_refused_and_one_off_the_die_is_malformed() -> None:
    state = given(SPEC, on_left_trail(), DiceRolled(dice=(2, 3, 3, 5, 6, 6)))
    listed = {command.die for command in legal(SPEC, state, HIKER) if isinstance(command, SaveStamina)}
    assert listed == {2, 3, 5, 6}
    rng = decision_rng("about", 0)
    for die in (1, 4):
        with pytest.raises(IllegalCommand, match=f"no free die showing {die}"):
            SPEC.decide(state, HIKER, SaveStamina(die=die), rng)
    for die in (0, 7):
        with pytest.raises(InvalidCommand, match="must be 1 to 6"):
            SPEC.decide(state, HIKER, SaveStamina(die=die), rng)


# The doc page.

def doc_text() -> str:
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def test_the_doc_page_lists_every_rule_with_its_section() -> None:
    text = doc_text()
    for rule in SPEC.rules:
        assert f"**{rule.section}**: {rule.summary}" in text, rule.summary


def test_the_doc_page_shows_every_command_with_a_label_the_game_gives() -> None:
    commands = DOC.read_text(encoding="utf-8").split("## Commands", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| .*? \| (.+?) \|$", commands, flags=re.MULTILINE)
    examples = dict(rows)
    assert set(examples) == {command.TYPE for command in COMMANDS}
    given_labels = set()
    for state in [given(SPEC, trail_head()[:3]), given(SPEC, trail_head()), given(SPEC, first_card_done()),
                  given(SPEC, on_left_trail(), DiceRolled(dice=(2, 3, 3, 5, 6, 6))),
                  given(SPEC, special_trail_head("pikes-peak")), given(SPEC, ALMOST_DONE)]:
        given_labels |= set(labels(state).values())
    missing = sorted(label for label in examples.values() if label not in given_labels)
    assert not missing


def test_the_doc_page_names_every_field_of_the_view_and_every_catalog_kind() -> None:
    text = doc_text()
    schema = SPEC.view_schema
    hike = schema["properties"]["hike"]["anyOf"][0]
    location = schema["properties"]["locations"]["items"]
    for field in [*schema["properties"], *hike["properties"], *location["properties"]]:
        assert f"`{field}`" in text, field
    for kind in SPEC.catalog():
        assert f"`{kind}`" in text, kind
