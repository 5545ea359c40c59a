"""Command and event codecs: plain JSON in, typed messages out, clear reasons for bad input."""

from __future__ import annotations

import collections
import dataclasses
import enum
import pickle
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Optional, Union

import pytest

from domain.core import (
    Codec,
    Command,
    Event,
    GameCreated,
    InvalidCommand,
    SeatConfig,
    canonical_json,
    from_plain,
    to_plain,
)


class Trail(enum.Enum):
    NORTH = "north"
    SOUTH = "south"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Hike(Command):
    TYPE: ClassVar[str] = "Hike"
    die: int
    spots: tuple[int, ...] = ()
    trail: Trail | None = None
    pace: Literal["slow", "fast"] = "slow"
    rest: bool = False


CODEC = Codec([Hike], "command")


def test_decode_builds_the_typed_command() -> None:
    command = CODEC.decode("Hike", {"die": 3, "spots": [1, 2], "trail": "north", "pace": "fast", "rest": True})
    assert command == Hike(die=3, spots=(1, 2), trail=Trail.NORTH, pace="fast", rest=True)


def test_encode_then_decode_round_trips() -> None:
    command = Hike(die=6, spots=(4,), trail=Trail.SOUTH)
    type_, args = CODEC.encode(command)
    assert (type_, args) == ("Hike", {"die": 6, "spots": [4], "trail": "south", "pace": "slow", "rest": False})
    assert CODEC.decode(type_, args) == command


@pytest.mark.parametrize(
    ("type_", "args", "reason"),
    [
        ("Nope", {}, "unknown command type 'Nope'; known types: Hike"),
        (7, {}, "unknown command type 7"),
        ("Hike", {}, "args: missing field 'die'"),
        ("Hike", {"die": "3"}, "args.die: expected an integer"),
        ("Hike", {"die": True}, "args.die: expected an integer"),
        ("Hike", {"die": 1, "spots": 4}, "args.spots: expected a list"),
        ("Hike", {"die": 1, "spots": [1, "x"]}, "args.spots[1]: expected an integer"),
        ("Hike", {"die": 1, "trail": "east"}, "args.trail: must be one of 'north', 'south'"),
        ("Hike", {"die": 1, "pace": "run"}, "args.pace: must be one of 'slow', 'fast'"),
        ("Hike", {"die": 1, "rest": 1}, "args.rest: expected true or false"),
        ("Hike", {"die": 1, "extra": 1}, "args: unknown field 'extra'"),
        ("Hike", [1], "args: expected an object"),
    ],
)
def test_bad_input_is_an_invalid_command_naming_the_field(type_: object, args: object, reason: str) -> None:
    with pytest.raises(InvalidCommand) as caught:
        CODEC.decode(type_, args)
    assert caught.value.reason.startswith(reason)


def test_duplicate_type_names_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        Codec([Hike, Hike], "command")


def test_events_round_trip_through_canonical_json() -> None:
    codec = Codec([GameCreated], "event")
    created = GameCreated(
        game_id="g",
        game_type="t",
        rules_version=1,
        seed_commitment="c",
        seats=(SeatConfig(name="Ann"), SeatConfig(name="Bot", bot="random")),
        options={"pile": 3},
    )
    type_, data = codec.encode(created)
    text = canonical_json(data)
    assert text.startswith('{"forked_from":null,"game_id":"g"')
    assert " " not in text
    assert codec.decode(type_, data) == created


def test_canonical_json_sorts_keys_and_refuses_nan() -> None:
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": "é"}]}) == '{"a":[1,{"c":"é","d":2}],"b":1}'
    with pytest.raises(ValueError):
        canonical_json(float("nan"))


# --- the exact behaviour, field type by field type ------------------------------------


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Spot:
    row: int
    col: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Named:
    name: str
    flag: bool = False


@dataclasses.dataclass(frozen=True, kw_only=True)
class Tree:
    label: str
    kids: tuple[Tree, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Move(Event):
    TYPE: ClassVar[str] = "Move"
    seat: int
    to: Spot
    path: tuple[Spot, ...] = ()
    pair: tuple[str, int] = ("a", 0)
    pairs: tuple[tuple[int, bool], ...] = ()
    scores: dict[str, int] = dataclasses.field(default_factory=dict)
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)
    note: str | None = None
    target: Spot | Named | None = None
    trail: Optional[Trail] = None  # noqa: UP045 - typing.Optional on purpose
    kind: Literal["walk", "run"] = "walk"
    last: int = -1


EVENTS = Codec([Move], "event")


def reason(call: Any, *args: Any) -> str:
    with pytest.raises(InvalidCommand) as caught:
        call(*args)
    return caught.value.reason


def test_nested_dataclasses_tuples_and_maps_decode_to_typed_values() -> None:
    data: dict[str, Any] = {
        "seat": 1,
        "to": {"row": 2},
        "path": [{"row": 1, "col": 1}, {"row": 2, "col": 1}],
        "pair": ["b", 3],
        "pairs": [[1, True], (2, False)],
        "scores": {"ann": 3, "bob": 0},
        "extra": {"any": [1, {"x": None}]},
        "note": None,
        "target": {"name": "summit", "flag": True},
        "trail": "south",
        "kind": "run",
    }
    move = EVENTS.decode("Move", data)
    assert move == Move(
        seat=1,
        to=Spot(row=2),
        path=(Spot(row=1, col=1), Spot(row=2, col=1)),
        pair=("b", 3),
        pairs=((1, True), (2, False)),
        scores={"ann": 3, "bob": 0},
        extra={"any": [1, {"x": None}]},
        target=Named(name="summit", flag=True),
        trail=Trail.SOUTH,
        kind="run",
    )
    assert type(move.path) is tuple and type(move.pairs[1]) is tuple
    assert move.extra["any"] is data["extra"]["any"]  # Any is passed through as it is
    type_, plain = EVENTS.encode(move)
    assert type_ == "Move"
    assert list(plain) == [f.name for f in dataclasses.fields(Move)]
    assert plain["path"] == [{"row": 1, "col": 1}, {"row": 2, "col": 1}]
    assert plain["pairs"] == [[1, True], [2, False]]
    assert plain["target"] == {"name": "summit", "flag": True}
    assert plain["trail"] == "south"
    assert EVENTS.decode(type_, plain) == move


@pytest.mark.parametrize(
    ("data", "reason_"),
    [
        (None, "data: missing field 'seat'"),
        ({"seat": 1}, "data: missing field 'to'"),
        ("x", "data: expected an object"),
        ({"seat": 1, "to": {"row": 1}, "zeta": 1, "alpha": 2}, "data: unknown field 'alpha'"),
        ({"seat": "x", "to": {}, "zeta": 1}, "data: unknown field 'zeta'"),
        ({"seat": "x", "to": 1}, "data.seat: expected an integer"),
        ({"seat": 1.0, "to": 1}, "data.seat: expected an integer"),
        ({"seat": False, "to": 1}, "data.seat: expected an integer"),
        ({"to": {"row": 1}, "seat": "x"}, "data.seat: expected an integer"),
        ({"to": "x"}, "data: missing field 'seat'"),
        ({"seat": 1, "to": [1]}, "data.to: expected an object"),
        ({"seat": 1, "to": {"col": "x"}}, "data.to: missing field 'row'"),
        ({"seat": 1, "to": {"row": True}}, "data.to.row: expected an integer"),
        ({"seat": 1, "to": {"row": 1, "z": 0}}, "data.to: unknown field 'z'"),
        ({"seat": 1, "to": {"row": 1}, "path": {"row": 1}}, "data.path: expected a list"),
        ({"seat": 1, "to": {"row": 1}, "path": [{"row": 1}, {"row": "2"}]}, "data.path[1].row: expected an integer"),
        ({"seat": 1, "to": {"row": 1}, "pair": ["a"]}, "data.pair: expected a list of 2 items"),
        ({"seat": 1, "to": {"row": 1}, "pair": ["a", 1, 2]}, "data.pair: expected a list of 2 items"),
        ({"seat": 1, "to": {"row": 1}, "pair": [1, 1]}, "data.pair[0]: expected a string"),
        ({"seat": 1, "to": {"row": 1}, "pair": "ab"}, "data.pair: expected a list"),
        ({"seat": 1, "to": {"row": 1}, "pairs": [[1, True], [2, 0]]}, "data.pairs[1][1]: expected true or false"),
        ({"seat": 1, "to": {"row": 1}, "pairs": [[1, True], [2]]}, "data.pairs[1]: expected a list of 2 items"),
        ({"seat": 1, "to": {"row": 1}, "scores": [1]}, "data.scores: expected an object"),
        ({"seat": 1, "to": {"row": 1}, "scores": {"ann": 1, "bob": None}}, "data.scores.bob: expected an integer"),
        ({"seat": 1, "to": {"row": 1}, "extra": "x"}, "data.extra: expected an object"),
        ({"seat": 1, "to": {"row": 1}, "note": 3}, "data.note: expected a string"),
        ({"seat": 1, "to": {"row": 1}, "trail": "east"}, "data.trail: must be one of 'north', 'south'"),
        ({"seat": 1, "to": {"row": 1}, "kind": "fly"}, "data.kind: must be one of 'walk', 'run'"),
        ({"seat": 1, "to": {"row": 1}, "target": {"row": "x"}}, "data.target: no allowed form matches {'row': 'x'}"),
        ({"seat": 1, "to": {"row": 1}, "target": 7}, "data.target: no allowed form matches 7"),
        ({"seat": 1, "to": {"row": 1}, "last": None}, "data.last: expected an integer"),
    ],
)
def test_bad_event_data_gives_the_path_and_reason_of_the_first_problem(data: object, reason_: str) -> None:
    assert reason(EVENTS.decode, "Move", data) == reason_


def test_defaults_fill_absent_fields_and_events_decode_with_the_data_path() -> None:
    assert EVENTS.decode("Move", {"seat": 0, "to": {"row": 5}}) == Move(seat=0, to=Spot(row=5, col=0))
    assert reason(EVENTS.decode, "Nope", {}) == "unknown event type 'Nope'; known types: Move"
    assert reason(CODEC.decode, "Hike", None) == "args: missing field 'die'"


def test_scalars_are_strict_and_bool_is_never_an_integer() -> None:
    assert from_plain(int, 5) == 5
    assert from_plain(int, -3, "x") == -3
    assert from_plain(bool, False) is False
    assert from_plain(str, "") == ""
    assert from_plain(type(None), None) is None
    assert reason(from_plain, int, True) == "args: expected an integer"
    assert reason(from_plain, int, 2.0, "options.pile") == "options.pile: expected an integer"
    assert reason(from_plain, bool, 1) == "args: expected true or false"
    assert reason(from_plain, bool, None) == "args: expected true or false"
    assert reason(from_plain, str, b"x") == "args: expected a string"
    assert reason(from_plain, type(None), 0) == "args: expected null"
    obj = object()
    assert from_plain(Any, obj) is obj


def test_tuples_take_lists_or_tuples_and_give_tuples() -> None:
    assert from_plain(tuple[int, ...], [1, 2]) == (1, 2)
    assert from_plain(tuple[int, ...], (1, 2)) == (1, 2)
    assert from_plain(tuple[int, ...], []) == ()
    pair = collections.namedtuple("pair", "a b")
    assert type(from_plain(tuple[int, ...], pair(1, 2))) is tuple
    assert reason(from_plain, tuple[int, ...], collections.UserList([1])) == "args: expected a list"
    assert from_plain(tuple[str, int, bool], ["a", 1, True]) == ("a", 1, True)
    assert from_plain(tuple[()], []) == ()
    assert reason(from_plain, tuple[()], [1]) == "args: expected a list of 0 items"
    assert reason(from_plain, tuple[int, ...], "12") == "args: expected a list"
    assert reason(from_plain, tuple[int, ...], {1: 1}) == "args: expected a list"
    assert reason(from_plain, tuple[int, ...], [1, 2, True], "data.dice") == "data.dice[2]: expected an integer"
    assert reason(from_plain, tuple[tuple[int, ...], ...], [[1], [2, "x"]]) == "args[1][1]: expected an integer"


def test_maps_check_their_values_and_stringify_their_keys() -> None:
    assert from_plain(dict[str, int], {"a": 1, 2: 3}) == {"a": 1, "2": 3}
    assert from_plain(dict[str, Spot], {"home": {"row": 1}}) == {"home": Spot(row=1)}
    assert from_plain(dict, {"a": [1]}) == {"a": [1]}
    assert from_plain(Mapping[str, int | None], {"a": None}) == {"a": None}
    assert reason(from_plain, dict[str, int], [("a", 1)]) == "args: expected an object"
    assert reason(from_plain, dict[str, Spot], {"home": {"row": 1}, "away": {}}) == "args.away: missing field 'row'"
    assert reason(from_plain, dict[str, tuple[int, ...]], {"a": [1, "b"]}) == "args.a[1]: expected an integer"


def test_enums_and_literals_name_their_allowed_values() -> None:
    assert from_plain(Trail, "north") is Trail.NORTH
    assert from_plain(Trail, Trail.SOUTH) is Trail.SOUTH
    assert from_plain(Level, 2) is Level.HIGH
    assert reason(from_plain, Trail, "NORTH") == "args: must be one of 'north', 'south'"
    assert reason(from_plain, Level, 3) == "args: must be one of 1, 2"
    assert reason(from_plain, Trail, ["north"]) == "args: must be one of 'north', 'south'"
    assert from_plain(Literal["a", 1], 1) == 1
    assert reason(from_plain, Literal[1, 2], True) == "args: must be one of 1, 2"
    assert reason(from_plain, Literal[1, 2], 1.0) == "args: must be one of 1, 2"
    assert reason(from_plain, Literal[True], 1) == "args: must be one of True"
    # Equal hints are not interchangeable: the message keeps each one's order.
    assert reason(from_plain, Literal[1, 2], 3) == "args: must be one of 1, 2"
    assert reason(from_plain, Literal[2, 1], 3) == "args: must be one of 2, 1"


def test_unions_try_their_forms_in_order() -> None:
    assert from_plain(int | None, None) is None
    assert from_plain(Optional[int], 3) == 3  # noqa: UP045
    assert from_plain(Union[None, int], None) is None  # noqa: UP007
    assert reason(from_plain, int | None, "x") == "args: expected an integer"
    assert reason(from_plain, Optional[Spot], {"row": "x"}) == "args.row: expected an integer"  # noqa: UP045
    assert reason(from_plain, int | str, None) == "args: no allowed form matches None"
    assert reason(from_plain, int | str, [1]) == "args: no allowed form matches [1]"
    assert from_plain(Spot | Named, {"name": "n"}) == Named(name="n")
    assert from_plain(Spot | Named, {"row": 1}) == Spot(row=1)
    assert reason(from_plain, Spot | Named, {"row": 1, "name": "n"}, "args.at") == (
        "args.at: no allowed form matches {'row': 1, 'name': 'n'}"
    )
    # `int | Level` == `Level | int`, yet the first form that fits wins.
    assert type(from_plain(Level | int, 1)) is Level
    assert type(from_plain(int | Level, 1)) is int
    assert type(from_plain(tuple[Level | int, ...], [1])[0]) is Level
    assert type(from_plain(tuple[int | Level, ...], [1])[0]) is int
    assert from_plain(Literal["public"] | tuple[int, ...], [0, 1]) == (0, 1)
    assert from_plain(Literal["public"] | tuple[int, ...], "public") == "public"
    assert reason(from_plain, Literal["public"] | tuple[int, ...], "secret") == (
        "args: no allowed form matches 'secret'"
    )


def test_an_error_raised_while_building_a_form_is_kept() -> None:
    @dataclasses.dataclass(frozen=True)
    class Positive:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise InvalidCommand(f"{self.n} is negative")

    assert reason(from_plain, Positive, {"n": -1}) == "-1 is negative"
    assert reason(from_plain, tuple[Positive, ...], [{"n": 1}, {"n": -2}]) == "-2 is negative"
    assert reason(from_plain, Positive | None, {"n": -3}) == "-3 is negative"
    assert reason(from_plain, Positive | Spot, {"n": -4}) == "args: no allowed form matches {'n': -4}"


def test_recursive_dataclasses_decode_at_any_depth() -> None:
    tree = from_plain(Tree, {"label": "a", "kids": [{"label": "b", "kids": [{"label": "c"}]}]})
    assert tree == Tree(label="a", kids=(Tree(label="b", kids=(Tree(label="c"),)),))
    assert to_plain(tree) == {"label": "a", "kids": [{"label": "b", "kids": [{"label": "c", "kids": []}]}]}
    bad = {"label": "a", "kids": [{"label": "b"}, {"label": "c", "kids": [{"label": 1}]}]}
    assert reason(from_plain, Tree, bad, "data.tree") == "data.tree.kids[1].kids[0].label: expected a string"


def test_unsupported_field_types_fail_only_when_used() -> None:
    @dataclasses.dataclass(frozen=True)
    class Odd:
        n: int = 0
        ratio: float = 0.5
        items: list[int] = dataclasses.field(default_factory=list)

    assert from_plain(Odd, {"n": 1}) == Odd(n=1)
    with pytest.raises(TypeError, match=r"^unsupported field type float at args\.ratio$"):
        from_plain(Odd, {"ratio": 1.5})
    with pytest.raises(TypeError, match=r"^unsupported field type list at data\.odd\[0\]\.items$"):
        from_plain(tuple[Odd, ...], [{"items": [1]}], "data.odd")
    with pytest.raises(TypeError, match=r"^unsupported field type float at args$"):
        from_plain(int | float, "x")  # not an InvalidCommand, even inside a union


class Colour(enum.Enum):
    RED = "red"


def test_to_plain_gives_json_ready_data() -> None:
    point = collections.namedtuple("point", "x y")
    assert to_plain(Move(seat=1, to=Spot(row=2), trail=Trail.NORTH)) == {
        "seat": 1,
        "to": {"row": 2, "col": 0},
        "path": [],
        "pair": ["a", 0],
        "pairs": [],
        "scores": {},
        "extra": {},
        "note": None,
        "target": None,
        "trail": "north",
        "kind": "walk",
        "last": -1,
    }
    assert to_plain(Level.HIGH) == 2 and type(to_plain(Level.HIGH)) is int
    assert to_plain((1, (2, [Colour.RED]))) == [1, [2, ["red"]]]
    assert to_plain(point(1, Spot(row=1))) == [1, {"row": 1, "col": 0}]
    assert to_plain({1: {"a": (None, True)}, Colour.RED: "x"}) == {"1": {"a": [None, True]}, "Colour.RED": "x"}
    listed = [1, 2]
    assert to_plain(listed) == listed and to_plain(listed) is not listed
    for bad, name in ((1.5, "float"), ({1, 2}, "set"), ([b"x"], "bytes"), (Spot, "type"), ({"k": Spot}, "type")):
        with pytest.raises(TypeError, match=f"^cannot encode {name} as game data$"):
            to_plain(bad)


def test_a_codec_still_pickles_after_use() -> None:
    codec = Codec([GameCreated], "event")
    data = {"game_id": "g", "game_type": "t", "rules_version": 1, "seed_commitment": "c", "seats": [], "options": {}}
    created = codec.decode("GameCreated", data)
    copy = pickle.loads(pickle.dumps(codec))
    assert copy.types == ("GameCreated",)
    assert copy.decode("GameCreated", data) == created
