"""The scenario kit every game's domain tests share: given events, when a command, then events.

    state = given(SPEC, *events)                  # fold recorded events (GameCreated first)
    events = when(SPEC, state, seat, command, rng=ScriptedRng(rolls=[(3, 4)]))
    then(events, DiceRolled(dice=(3, 4)), ...)    # exactly these events, in order
    illegal(SPEC, state, seat, command, match="not your turn")

`when` runs the one command cycle (`domain.core.play_command`: guard, decide, fold), so a
scenario exercises exactly what the service runs. `ScriptedRng` stands in for the seeded
Rng: dice, rolls, choices and shuffles come from the script, in order; a shuffle with no
script left keeps the items as given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import pytest

from domain.core import Command, Event, GameCreated, GameSpec, SeatConfig, play_command

E = TypeVar("E", bound=Event)
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


class ScriptedRng:
    """An Rng stand-in whose draws are scripted.

    `rolls`: each `dice(count)` call takes the next tuple (its length must be `count`), and
    each `roll()` the next single value; `shuffles`: each `shuffled(items)` takes the next
    order (it must hold exactly the items), else the items as given; `choices`: each
    `choice(items)` / `randbelow(n)` takes the next index.
    """

    def __init__(self, *rolls: Sequence[int] | int, shuffles: Iterable[Sequence[Any]] = (),
                 choices: Iterable[int] = ()) -> None:
        self.rolls: list[Any] = list(rolls)
        self.shuffles = [tuple(order) for order in shuffles]
        self.choices = list(choices)

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        assert self.rolls, f"the rules rolled {count} dice; the script has no roll left"
        roll = self.rolls.pop(0)
        roll = (roll,) if isinstance(roll, int) else tuple(roll)
        assert len(roll) == count, f"the rules rolled {count} dice; the script has {roll}"
        return roll

    def roll(self, sides: int = 6) -> int:
        return self.dice(1, sides)[0]

    def randint(self, low: int, high: int) -> int:
        value = self.roll(high)
        assert low <= value <= high
        return value

    def shuffled(self, items: Sequence[Any]) -> tuple[Any, ...]:
        if not self.shuffles:
            return tuple(items)
        order = self.shuffles.pop(0)
        assert sorted(map(str, order)) == sorted(map(str, items)), "a scripted order must hold exactly the items"
        return order

    def randbelow(self, n: int) -> int:
        index = self.choices.pop(0) if self.choices else 0
        assert 0 <= index < n
        return index

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.randbelow(len(items))]

    @property
    def done(self) -> bool:
        """Whether the rules used the whole script."""
        return not self.rolls and not self.shuffles and not self.choices


def created(spec: GameSpec, seats: int | Sequence[str] = 2, options: Mapping[str, Any] | None = None,
            rules_version: int | None = None) -> GameCreated:
    """The GameCreated of a scenario table: seats named Ann, Bo, ... (or as given), the spec's options."""
    names = NAMES[:seats] if isinstance(seats, int) else tuple(seats)
    config = spec.normalize_config([SeatConfig(name=name) for name in names], options or {}, rules_version)
    return GameCreated(game_id="scenario", game_type=spec.id,
                       rules_version=spec.rules_version if rules_version is None else rules_version,
                       seed_commitment="0" * 64, seats=config.seats, options=dict(config.options))


def given(spec: GameSpec, *events: Event | Iterable[Event]) -> Any:
    """The state after folding `events` (single events and lists of them, in order)."""
    return spec.fold(flatten(events))


def flatten(events: Iterable[Event | Iterable[Event]]) -> list[Event]:
    flat: list[Event] = []
    for item in events:
        if isinstance(item, Event):
            flat.append(item)
        else:
            flat.extend(item)
    return flat


def state_of(spec: GameSpec, given_: Any) -> Any:
    """A state, or the state after a sequence of events."""
    if isinstance(given_, (list, tuple)):
        return spec.fold(flatten(given_))
    return given_


def when(spec: GameSpec, given_: Any, seat: int, command: Command, rng: Any = None) -> list[Event]:
    """The events `command` by `seat` makes on `given_` (a state or events), through the command cycle."""
    events, _ = play_command(spec, state_of(spec, given_), seat, command, rng if rng is not None else ScriptedRng())
    return events


def play(spec: GameSpec, given_: Any, seat: int, command: Command, rng: Any = None) -> Any:
    """The state after `command` by `seat` on `given_`."""
    _, state = play_command(spec, state_of(spec, given_), seat, command, rng if rng is not None else ScriptedRng())
    return state


def after(spec: GameSpec, given_: Sequence[Event], *moves: tuple[int, Command], rng: Any = None) -> list[Event]:
    """`given_` followed by the events of each (seat, command) in turn."""
    events = flatten(given_)
    state = spec.fold(events)
    for seat, command in moves:
        new, state = play_command(spec, state, seat, command, rng if rng is not None else ScriptedRng())
        events.extend(new)
    return events


def then(events: Sequence[Event], *expected: Event) -> None:
    """Exactly the `expected` events, in order."""
    assert list(events) == list(expected)


def illegal(spec: GameSpec, given_: Any, seat: int, command: Command, match: str, rng: Any = None) -> None:
    """`command` by `seat` is refused by the rules with a reason matching `match`."""
    from domain.core import IllegalCommand

    with pytest.raises(IllegalCommand, match=match):
        when(spec, given_, seat, command, rng)


def legal(spec: GameSpec, given_: Any, seat: int) -> list[Command]:
    return spec.legal_commands(state_of(spec, given_), seat)


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [event for event in events if isinstance(event, kind)]
