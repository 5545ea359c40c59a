"""Listed actions: what a seat may do now, each labelled, ranged arguments with their whole range.

`GET /games/{id}/actions` lists concrete commands (`type`, `args`), each with a `label` a person can
read and, for an argument that ranges over many values, its range beside one representative value.
An `Action` remembers the version it was listed at, so that sending it carries that version as
`expected_version` (a 409 instead of a command decided on a game that has moved on).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload


@dataclass(frozen=True)
class Range:
    """Every value from `min` to `max` (both included) in steps of `step`."""

    min: int
    max: int
    step: int = 1

    def __contains__(self, value: object) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool) and self.min <= value <= self.max
                and (value - self.min) % self.step == 0)

    def values(self) -> range:
        """The accepted values, in order."""
        return range(self.min, self.max + 1, self.step)

    def nearest(self, value: float) -> int:
        """The accepted value nearest to `value` (the lower one on a tie)."""
        clamped = min(max(value, self.min), self.max)
        steps = int((clamped - self.min) // self.step)
        low = self.min + steps * self.step
        high = min(low + self.step, self.max)
        return high if (high - clamped) < (clamped - low) else low


@dataclass(frozen=True)
class Action:
    """One legal command as listed: send it as it is, or with another value of one of its `ranges`.

    `ranges` maps an argument's path inside `args` (`amount`, or `a.b` / `a.0` for nested ones) to
    its Range. `version` is the game's version when it was listed, `index` its place in the list.
    """

    type: str
    args: dict[str, Any]
    label: str
    ranges: dict[str, Range] = field(default_factory=dict)
    version: int | None = None
    index: int = 0

    @staticmethod
    def from_json(listed: dict[str, Any], version: int | None = None, index: int = 0) -> Action:
        ranges = {path: Range(int(span["min"]), int(span["max"]), int(span.get("step", 1)))
                  for path, span in (listed.get("ranges") or {}).items()}
        return Action(str(listed["type"]), dict(listed.get("args") or {}), str(listed.get("label", listed["type"])),
                      ranges, version, index)

    def command(self) -> dict[str, Any]:
        """The command to send: `{"type": ..., "args": ...}`."""
        return {"type": self.type, "args": copy.deepcopy(self.args)}

    def to_json(self) -> dict[str, Any]:
        """The action as the API lists it (type, args, label, and ranges when there are any)."""
        listed: dict[str, Any] = {"type": self.type, "args": copy.deepcopy(self.args), "label": self.label}
        if self.ranges:
            listed["ranges"] = {path: {"min": r.min, "max": r.max, "step": r.step} for path, r in self.ranges.items()}
        return listed

    def value(self, path: str) -> Any:
        """The value at `path` inside `args` (dots separate keys and list indexes)."""
        node: Any = self.args
        for part in path.split("."):
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def with_value(self, path: str, value: int) -> Action:
        """This action with another value at a ranged path.

        Raises:
            KeyError: `path` is not one of the action's ranges.
            ValueError: `value` is outside the range or off its step.
        """
        span = self.ranges[path]
        if value not in span:
            raise ValueError(f"{value!r} is not in {path}'s range {span.min}..{span.max} step {span.step}")
        args = copy.deepcopy(self.args)
        *parents, last = path.split(".")
        node: Any = args
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
        return Action(self.type, args, self.label, self.ranges, self.version, self.index)


@dataclass(frozen=True)
class ActionList(Sequence[Action]):
    """The actions a seat may take at `version` (empty when it is not to act); `seat` is the caller's."""

    version: int
    seat: int | None
    actions: tuple[Action, ...] = ()

    @staticmethod
    def from_json(body: dict[str, Any]) -> ActionList:
        version = int(body["version"])
        listed = tuple(Action.from_json(a, version, i) for i, a in enumerate(body.get("actions") or []))
        return ActionList(version, body.get("seat"), listed)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self.actions[index]

    def __len__(self) -> int:
        return len(self.actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def by_label(self, label: str) -> Action:
        """The action with this label (labels are unique within a list).

        Raises:
            KeyError: no action has it.
        """
        for action in self.actions:
            if action.label == label:
                return action
        raise KeyError(label)

    def of_type(self, type_: str) -> list[Action]:
        """The actions of one command type."""
        return [action for action in self.actions if action.type == type_]
