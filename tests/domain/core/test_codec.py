"""Command and event codecs: plain JSON in, typed messages out, clear reasons for bad input."""

from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar, Literal

import pytest

from domain.core import Codec, Command, GameCreated, InvalidCommand, SeatConfig, canonical_json


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
