"""Command and event codecs on msgspec: plain JSON in, typed Structs out, clear reasons for bad input."""

from __future__ import annotations

import enum
import json
import pickle
from typing import Any, ClassVar, Literal

import pytest

from domain.core import (
    Codec,
    Command,
    Event,
    GameCreated,
    InvalidCommand,
    SeatConfig,
    Value,
    canonical_bytes,
    canonical_json,
    from_plain,
    to_plain,
)


class Trail(enum.Enum):
    NORTH = "north"
    SOUTH = "south"


class Spot(Value):
    region: int
    column: int


class Hike(Command, Value):
    TYPE: ClassVar[str] = "Hike"
    die: int
    spots: tuple[int, ...] = ()
    trail: Trail | None = None
    pace: Literal["slow", "fast"] = "slow"
    rest: bool = False
    spot: Spot | None = None
    three: tuple[int, int, int] | None = None


class Rested(Event, Value):
    TYPE: ClassVar[str] = "Rested"
    seat: int
    name: str
    tally: dict[str, int] = {}


CODEC = Codec([Hike], "command")
EVENTS = Codec([Rested, GameCreated], "event")


def test_decode_builds_the_typed_command() -> None:
    command = CODEC.decode("Hike", {"die": 3, "spots": [1, 2], "trail": "north", "pace": "fast", "rest": True,
                                    "spot": {"region": 2, "column": 4}})
    assert command == Hike(die=3, spots=(1, 2), trail=Trail.NORTH, pace="fast", rest=True, spot=Spot(region=2, column=4))


def test_encode_then_decode_round_trips() -> None:
    command = Hike(die=6, spots=(4,), trail=Trail.SOUTH)
    type_, args = CODEC.encode(command)
    assert (type_, args) == ("Hike", {"die": 6, "spots": [4], "trail": "south", "pace": "slow", "rest": False,
                                      "spot": None, "three": None})
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
        ("Hike", {"die": 1, "spot": {"region": "2", "column": 1}}, "args.spot.region: expected an integer"),
        ("Hike", {"die": 1, "spot": {"region": 2}}, "args.spot: missing field 'column'"),
        ("Hike", {"die": 1, "spot": {"region": 2, "column": 1, "row": 3}}, "args.spot: unknown field 'row'"),
        ("Hike", {"die": 1, "three": [1, 2]}, "args.three: expected a list of 3 items"),
        ("Hike", [1], "args: expected an object"),
    ],
)
def test_bad_input_is_an_invalid_command_naming_the_field(type_: object, args: object, reason: str) -> None:
    with pytest.raises(InvalidCommand) as caught:
        CODEC.decode(type_, args)
    assert caught.value.reason.startswith(reason)


def test_decoding_from_json_text_gives_the_same_message_and_the_same_errors() -> None:
    assert EVENTS.decode_json("Rested", '{"seat":1,"name":"Ann","tally":{"a":2}}') == Rested(
        seat=1, name="Ann", tally={"a": 2})
    with pytest.raises(InvalidCommand, match=r"^data.seat: expected an integer"):
        EVENTS.decode_json("Rested", '{"seat":"1","name":"Ann"}')
    with pytest.raises(InvalidCommand, match="not valid JSON"):
        EVENTS.decode_json("Rested", '{"seat":')


def test_duplicate_type_names_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate command type 'Hike'"):
        Codec([Hike, Hike], "command")


def test_an_unregistered_message_is_not_encoded() -> None:
    with pytest.raises(TypeError, match="not a registered event"):
        EVENTS.encode_json(Hike(die=1))  # type: ignore[arg-type]


def test_encoded_text_is_canonical_json_byte_for_byte() -> None:
    created = GameCreated(game_id="g", game_type="toy", rules_version=1, seed_commitment="0" * 64,
                          seats=(SeatConfig(name="Zoë"), SeatConfig(name="hal", bot="random")),
                          options={"b": 1, "a": [True, None, "é\u2028"]})
    type_, text = EVENTS.encode_json(created)
    assert type_ == "GameCreated"
    assert text == canonical_json(json.loads(text)) == canonical_bytes(created).decode()
    assert EVENTS.decode_json(type_, text) == created


def test_canonical_json_sorts_keys_and_refuses_nan() -> None:
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


def test_scalars_are_strict_and_bool_is_never_an_integer() -> None:
    assert from_plain(int, 3) == 3
    for bad, hint in ((True, int), ("3", int), (1, bool), (1, str), (3.0, int)):
        with pytest.raises(InvalidCommand, match="^args: expected"):
            from_plain(hint, bad)


def test_to_plain_gives_json_ready_data() -> None:
    assert to_plain(Hike(die=2, spots=(1,), trail=Trail.NORTH)) == {
        "die": 2, "spots": [1], "trail": "north", "pace": "slow", "rest": False, "spot": None, "three": None}
    assert to_plain((Trail.SOUTH, {"k": (1, 2)})) == ["south", {"k": [1, 2]}]
    with pytest.raises(TypeError, match="cannot encode"):
        to_plain(object())


def test_a_codec_still_pickles_after_use() -> None:
    EVENTS.decode_json("Rested", '{"seat":1,"name":"Ann"}')
    copy: Any = pickle.loads(pickle.dumps(EVENTS))
    assert copy.decode_json("Rested", '{"seat":2,"name":"Bo"}') == Rested(seat=2, name="Bo")
