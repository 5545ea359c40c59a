"""openapi.yaml's per-game view schemas: written from the game specs, up to date, and resolving inside the document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest
import referencing
import yaml

from domain.core import GameSpec, SeatConfig, Table
from domain.games import GAMES
from service import openapi_views
from service.openapi_views import ViewSchemaError, game_components, rewritten, state_name, view_components

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
DOCUMENT_URI = "urn:trailhead:openapi"
STEPS = 300  # views checked per game: enough to pass through set-up, play and (for the short games) the end
KEYED_EVERY = 20  # steps between checks of a view against the oneOf keyed by type (the branch taken is its own)


def document() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def component_validator(doc: dict[str, Any], name: str) -> jsonschema.Draft202012Validator:
    """A validator of component `name`, its `$ref`s resolved inside the whole document."""
    registry = referencing.Registry().with_resource(
        DOCUMENT_URI, referencing.Resource.from_contents(doc, default_specification=referencing.jsonschema.DRAFT202012))
    return jsonschema.Draft202012Validator({"$ref": f"{DOCUMENT_URI}#/components/schemas/{name}"}, registry=registry)


def test_the_view_schemas_in_openapi_yaml_are_up_to_date_with_the_game_specs() -> None:
    text = SPEC_PATH.read_text(encoding="utf-8")

    fresh = rewritten(text, game_components(GAMES))

    assert fresh == text, ("openapi.yaml's view schemas are out of date with the game specs: "
                           "run `python -m service.openapi_views --write`")


def test_every_game_type_has_its_state_component_and_a_branch_keyed_by_its_type() -> None:
    schemas = document()["components"]["schemas"]

    assert [state_name(spec.id) for spec in GAMES] == [
        "HikeState", "HikesOfTheWestState", "NangaParbatState", "HitchikerState", "PeaksState"]
    branches = schemas["GameStateByType"]["oneOf"]
    assert [(b["properties"]["type"]["const"], b["properties"]["state"]["$ref"]) for b in branches] == [
        (spec.id, f"#/components/schemas/{state_name(spec.id)}") for spec in GAMES]
    assert schemas["GameView"]["allOf"] == [{"$ref": "#/components/schemas/GameStateByType"}]
    assert schemas["Replay"]["properties"]["state"]["$ref"] == "#/components/schemas/AnyGameState"


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_views_of_a_seeded_playout_fit_the_games_component_in_openapi_yaml(spec: GameSpec) -> None:
    doc = document()
    state_schema = component_validator(doc, state_name(spec.id))
    keyed = component_validator(doc, "GameStateByType")
    config = spec.normalize_config([SeatConfig(name=f"p{i}") for i in range(spec.min_seats)], {})
    table = Table(spec, config, "openapi-views")
    viewers = [None, *range(spec.min_seats)]
    for step in range(STEPS):
        # one viewer a step, in turn (as the conformance test does): every viewer all game long, at a
        # cost the suite can afford under coverage
        viewer = viewers[step % len(viewers)]
        view = spec.view(table.state, viewer)
        errors = sorted(state_schema.iter_errors(view), key=str)
        assert not errors, f"step {step}, viewer {viewer}: {errors[0].message} at {list(errors[0].absolute_path)}"
        if step % KEYED_EVERY == 0 or table.finished:  # oneOf over every game's schema: five validations
            assert keyed.is_valid({"type": spec.id, "state": view}), f"step {step}, viewer {viewer}"
        if table.finished:
            break
        seat = min(spec.to_act(table.state))
        table.submit(seat, table.bot_command(seat, "random"))
    assert not keyed.is_valid({"type": "no-such-game", "state": {}}), "a type no game has fits GameStateByType"


# -- the generator, on schemas of its own ------------------------------------------------------------


class Husky(msgspec.Struct):
    name: str
    strength: int


class Sled(msgspec.Struct):
    huskies: list[Husky]
    trailer: Sled | None = None


class SledView(msgspec.Struct):
    sleds: list[Sled]


def sled_view_schema() -> dict[str, Any]:
    """msgspec's schema of SledView: `$defs` (Husky, Sled, SledView), a root `$ref` and a recursive one."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **msgspec.json.schema(SledView)}


def test_defs_become_components_of_their_own_and_every_ref_points_at_them() -> None:
    components = view_components({"dog-sled": sled_view_schema()}, {"dog-sled": "Dog Sled"})

    assert list(components)[0] == "DogSledState" and list(components)[-2:] == ["GameStateByType", "AnyGameState"]
    assert sorted(components)[1:4] == ["DogSledState", "DogSledState_Husky", "DogSledState_Sled"]
    assert "DogSledState_SledView" in components
    assert components["DogSledState"]["$ref"] == "#/components/schemas/DogSledState_SledView"
    assert "$schema" not in components["DogSledState"] and "$defs" not in components["DogSledState"]
    assert components["DogSledState_Sled"]["properties"]["trailer"]["anyOf"][0] == {
        "$ref": "#/components/schemas/DogSledState_Sled"}
    assert components["AnyGameState"]["anyOf"] == [{"$ref": "#/components/schemas/DogSledState"}]
    doc = {"components": {"schemas": components}}
    sled = {"sleds": [{"huskies": [{"name": "Ada", "strength": 3}], "trailer": {"huskies": []}}]}
    assert component_validator(doc, "DogSledState").is_valid(sled)
    assert not component_validator(doc, "DogSledState").is_valid({"sleds": [{"huskies": [{"name": "Ada"}]}]})


def test_a_ref_outside_the_schemas_own_defs_is_refused() -> None:
    schema = {"type": "object", "properties": {"card": {"$ref": "https://example.com/card.json"}}}

    with pytest.raises(ViewSchemaError, match="not one of the schema's own"):
        view_components({"peaks": schema}, {})


def test_nested_defs_and_ids_are_refused() -> None:
    with pytest.raises(ViewSchemaError, match=r"\$defs below its root"):
        view_components({"peaks": {"properties": {"a": {"$defs": {"b": {}}}}}}, {})
    with pytest.raises(ViewSchemaError, match=r"\$id"):
        view_components({"peaks": {"properties": {"a": {"$id": "urn:a"}}}}, {})


def test_a_property_named_like_a_keyword_is_kept() -> None:
    schema = {"type": "object", "properties": {"$ref": {"type": "string"}}, "required": ["$ref"]}

    (state, *_) = view_components({"peaks": schema}, {}).values()

    assert state["properties"] == {"$ref": {"type": "string"}} and state["required"] == ["$ref"]


def test_the_block_is_written_between_its_markers_and_read_back_as_yaml(tmp_path: Path) -> None:
    components = view_components({"dog-sled": sled_view_schema()}, {"dog-sled": "Dog Sled — “quoted”"})
    before = "components:\n  schemas:\n    Other: {type: string}\n"

    once = rewritten(before, components)
    twice = rewritten(once.replace("DogSledState_Husky", "Stale"), components)

    assert once == twice and once.startswith(before)
    assert yaml.safe_load(once)["components"]["schemas"] == {"Other": {"type": "string"}, **components}


def test_one_marker_alone_is_an_error() -> None:
    with pytest.raises(ViewSchemaError, match="markers"):
        rewritten(f"a: 1\n{openapi_views.BEGIN}\n", {})


def test_the_command_writes_and_then_checks_the_block(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "openapi.yaml"
    spec.write_text("components:\n  schemas:\n    Other: {type: string}\n", encoding="utf-8")

    assert openapi_views.main(["--check", "--spec", str(spec)]) == 1
    assert "python -m service.openapi_views --write" in capsys.readouterr().out
    assert openapi_views.main(["--write", "--spec", str(spec)]) == 0
    assert openapi_views.main(["--check", "--spec", str(spec)]) == 0
    assert set(yaml.safe_load(spec.read_text())["components"]["schemas"]) >= {state_name(s.id) for s in GAMES}
