"""Hidden stays hidden, for every game type (issue 27): the generic guard against hidden data shaping
what a seat may see.

At every decision of seeded games of each registered type (its smallest and largest tables, the current
rules version), for each observer (every seat and a spectator), a resampler (tests/support/hidden.py)
builds a variant of the state the observer cannot tell apart from the true one: other seats' hidden cards
exchanged with one another and the undrawn deck, deck orders changed, other jurors' votes turned. Then:

1. the observer's view and the seats to act are the same in the variant (checked first, so that a
   resampler that changed something public cannot make the rest pass or fail by accident);
2. the observer's listed actions (each command as the API lists it: type, args, label and ranges) are
   the same;
3. the command the actor chose in the true state, decided in the variant with the same RNG, is accepted
   and gives the same events as the observer may read them (type, visibility, and data unless hidden
   from it), and the observer's view after them is the same.

The actor's own hidden data is never changed (its command stays the command it chose), nor the cards a
command draws or reveals (hidden.py says how); a decision whose events reveal what the resampler may
change, or that ends the game, is not compared event by event.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec import to_builtins
from support import hidden

from domain.core import PUBLIC, GameSpec, IllegalCommand, InvalidCommand, SeatConfig, Table, decision_rng
from domain.core.seating import strongest_bot
from domain.games import GAMES

SEED = "hidden-1"
MAX_DECISIONS = 400  # per game: the runtime budget (a few seconds a game type)


def table_for(spec: GameSpec, seats: int, level: str = "random") -> Table:
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot=level) for i in range(seats)], {})
    return Table(spec, config, SEED)


def seat_counts(spec: GameSpec) -> list[int]:
    return sorted({spec.min_seats, spec.max_seats})


# The strongest bot at every table size (it keeps what it draws: hands fill), random bots at the largest; a game
# of open information is checked by the test of open views below instead.
CASES = [
    pytest.param(spec, seats, level, id=f"{spec.id}-{seats}-{level}")
    for spec in GAMES
    if hidden.RESAMPLERS.get(spec.id) != hidden.OPEN
    for seats, level in sorted({*((n, strongest_bot(spec)) for n in seat_counts(spec)), (spec.max_seats, "random")})
]


def differences(true: Any, variant: Any, path: str = "") -> Iterator[str]:
    """Where two plain values differ, each as `path: true != variant`."""
    if true == variant:
        return
    if isinstance(true, dict) and isinstance(variant, dict):
        for key in sorted(set(true) | set(variant), key=str):
            yield from differences(true.get(key, "<absent>"), variant.get(key, "<absent>"), f"{path}.{key}")
        return
    if isinstance(true, (list, tuple)) and isinstance(variant, (list, tuple)):
        for index, (left, right) in enumerate(zip(true, variant)):
            yield from differences(left, right, f"{path}[{index}]")
        if len(true) != len(variant):
            longer, side = (true, "true state's") if len(true) > len(variant) else (variant, "variant's")
            index = min(len(true), len(variant))
            yield (f"{path or '(whole)'}: {len(true)} items != {len(variant)} (the {side} item {index}: "
                   f"{longer[index]!r:.300})")
        return
    yield f"{path or '(whole)'}: {true!r:.300} != {variant!r:.300}"


def first_difference(true: Any, variant: Any) -> str | None:
    return next(differences(true, variant), None)


def as_seen(spec: GameSpec, events: list[Any], observer: int | None) -> list[dict[str, Any]]:
    """The events as the observer reads them in the log: type, visibility, data unless hidden from it."""
    seen = []
    for event in events:
        type_, data = spec.events.encode(event)
        visibility = event.visibility()
        shown = visibility == PUBLIC or (observer is not None and observer in visibility)
        seen.append({"type": type_, "visibility": visibility, "data": data if shown else None})
    return seen


def listed_actions(spec: GameSpec, state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The seat's actions as GET /actions lists them (service/api.py `action`)."""
    if seat is None or seat not in spec.to_act(state):
        return []
    actions = []
    for command in spec.legal_commands(state, seat):
        type_, args = spec.commands.encode(command)
        ranges = spec.ranges(state, seat, command)
        actions.append({"type": type_, "args": args, "label": spec.label(state, seat, command),
                        "ranges": {path: dict(span) for path, span in sorted(ranges.items())}})
    return actions


def watching(observers: list[int | None], actor: int, decision: int) -> list[int | None]:
    """The observers checked at a decision (the budget): a spectator, the actor, and two other seats in turn."""
    others = [seat for seat in observers if seat not in (None, actor)]
    turn = [others[(decision * 2 + step) % len(others)] for step in range(min(2, len(others)))] if others else []
    return [None, actor, *turn]


def who(observer: int | None) -> str:
    return "a spectator" if observer is None else f"seat {observer}"


class Guard:
    """One game's checks; collects every failure, so a report names them all (up to a few)."""

    def __init__(self, spec: GameSpec, table: Table) -> None:
        self.spec = spec
        self.table = table
        self.failures: list[str] = []
        self.checks = self.changed = self.compared_events = 0

    def fail(self, decision: int, observer: int | None, actor: int, command: Any, what: str) -> None:
        type_, args = self.spec.commands.encode(command)
        rules = getattr(self.table.state, "rules_version", "?")
        self.failures.append(f"{self.spec.id} (rules version {rules}), decision {decision} (after event "
                             f"{self.table.version}), observer {who(observer)}, seat {actor} playing {type_} {args}: "
                             f"{what}")

    def variation(self, variant: Any) -> str:
        """What the resampler changed: the first few differences between the true state and the variant."""
        changed = list(differences(to_builtins(self.table.state), to_builtins(variant)))
        return "; ".join(changed[:4]) + (f" and {len(changed) - 4} more" if len(changed) > 4 else "")

    def check(self, decision: int, observer: int | None, actor: int, command: Any, variant: Any,
              true_events: list[Any], true_after: Any, rng_seed: tuple[str, int]) -> None:
        spec, state = self.spec, self.table.state
        self.changed += 1
        before = first_difference(spec.view(state, observer), spec.view(variant, observer))
        before = before or first_difference(sorted(spec.to_act(state)), sorted(spec.to_act(variant)))
        if before:
            self.fail(decision, observer, actor, command, f"the resampled state is not indistinguishable "
                      f"(a resampler bug, or the view shows hidden data): view {before}")
            return
        listed = first_difference(listed_actions(spec, state, observer), listed_actions(spec, variant, observer))
        if listed:
            self.fail(decision, observer, actor, command, f"the listed actions depend on hidden data: {listed}")
        try:
            events = list(spec.decide(variant, actor, command, decision_rng(*rng_seed)))
        except (IllegalCommand, InvalidCommand) as error:
            self.fail(decision, observer, actor, command, f"refused in a state the observer cannot tell apart: {error}")
            return
        self.compared_events += 1
        shown = hidden.before_reveal(spec, true_events)
        cut = len(events) if shown == len(true_events) else shown
        differed = first_difference(as_seen(spec, true_events[:shown], observer), as_seen(spec, events[:cut], observer))
        if differed:
            self.fail(decision, observer, actor, command, f"the events as {who(observer)} reads them depend on "
                      f"hidden data: events{differed}; the resampler changed {self.variation(variant)}")
            return
        if shown < len(true_events):
            return
        after = spec.fold(events, variant)
        view_after = first_difference(spec.view(true_after, observer), spec.view(after, observer))
        if view_after:
            self.fail(decision, observer, actor, command, f"the view after the command depends on hidden data: "
                      f"view{view_after}")


def guard_game(spec: GameSpec, seats: int, level: str, rules: GameSpec | None = None,
               max_decisions: int = MAX_DECISIONS) -> Guard:
    """Play a seeded game with `level` bots and check every decision; `rules`: the spec checked (the game's own
    by default; the planted-leak tests pass a leaky copy, while the table plays by the real one)."""
    resample = hidden.resampler(spec)
    assert callable(resample)
    checked = rules or spec
    table = table_for(spec, seats, level)
    rng = random.Random(f"{SEED}/{spec.id}/{seats}")
    observers: list[int | None] = [None, *range(seats)]
    known: dict[int | None, set[str]] = {observer: set() for observer in observers}
    seen_up_to = 0
    guard = Guard(checked, table)
    for decision in range(max_decisions):
        if table.finished or len(guard.failures) >= 5:
            break
        for event in table.events[seen_up_to:]:
            strings = set(hidden.strings_in(spec.events.encode(event)[1]))
            visibility = event.visibility()
            for observer in observers:
                if visibility == PUBLIC or (observer is not None and observer in visibility):
                    known[observer] |= strings
        seen_up_to = len(table.events)
        state = table.state
        actor = min(spec.to_act(state))
        command = table.bot_command(actor, level)
        rng_seed = (table.seed, table.version)
        true_events = list(checked.decide(state, actor, command, decision_rng(*rng_seed)))
        true_after = checked.fold(true_events, state)
        for observer in watching(observers, actor, decision):
            guard.checks += 1
            variant = resample(state, observer, actor, frozenset(known[observer]), rng)
            if variant is not None and variant != state:
                guard.check(decision, observer, actor, command, variant, true_events, true_after, rng_seed)
        table.submit(actor, command)
    return guard


@pytest.mark.parametrize(("spec", "seats", "level"), CASES)
def test_a_seat_sees_the_same_in_every_state_it_cannot_tell_apart(spec: GameSpec, seats: int, level: str) -> None:
    guard = guard_game(spec, seats, level)
    assert not guard.failures, "hidden data shapes what a seat sees:\n" + "\n".join(guard.failures)
    share = hidden.SHARES.get(spec.id, hidden.SHARE)
    assert guard.changed and guard.changed >= share * guard.checks, (
        f"the resampler changed the state in only {guard.changed} of {guard.checks} checks: the guard tests too little")
    assert guard.compared_events >= share * guard.changed, (
        f"events were compared in only {guard.compared_events} of {guard.changed} changed states")


def digest_odd(state: Any) -> bool:
    """A bit of the whole state, hidden parts included: what a leak would let slip."""
    return hashlib.sha256(msgspec.json.encode(to_builtins(state))).digest()[0] % 2 == 1


# The games whose hidden data lasts (Hikes of the West's is dealt face up by its first command).
WITH_HIDDEN = [pytest.param(spec, id=spec.id) for spec in GAMES
               if callable(hidden.RESAMPLERS.get(spec.id)) and spec.id not in hidden.SHARES]


@pytest.mark.parametrize("spec", WITH_HIDDEN)
def test_the_guard_finds_a_planted_leak_in_the_listed_actions(spec: GameSpec) -> None:
    """The guard can fail: a label that tells a bit of the hidden state is reported."""
    def label(state: Any, seat: int, command: Any) -> str:
        return spec.label(state, seat, command) + (" (odd)" if digest_odd(state) else "")

    guard = guard_game(spec, spec.min_seats, strongest_bot(spec), dataclasses.replace(spec, label=label), 60)
    assert any("the listed actions depend on hidden data" in failure for failure in guard.failures), guard.failures


@pytest.mark.parametrize("spec", WITH_HIDDEN)
def test_the_guard_finds_a_planted_leak_in_a_commands_events(spec: GameSpec) -> None:
    """The guard can fail: a command whose last event depends on a bit of the hidden state is reported."""
    def decide(state: Any, seat: int, command: Any, rng: Any) -> list[Any]:
        events = list(spec.decide(state, seat, command, rng))
        return events[:-1] if len(events) > 1 and digest_odd(state) else events

    guard = guard_game(spec, spec.min_seats, strongest_bot(spec), dataclasses.replace(spec, decide=decide), 60)
    assert any("reads them depend on hidden data" in failure for failure in guard.failures), guard.failures


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_every_game_type_says_what_it_hides(spec: GameSpec) -> None:
    """A new game type fails here until tests/support/hidden.py has its resampler (or calls it open)."""
    assert callable(hidden.resampler(spec)) or hidden.resampler(spec) == hidden.OPEN


@pytest.mark.parametrize("spec", [spec for spec in GAMES if hidden.RESAMPLERS.get(spec.id) == hidden.OPEN],
                         ids=lambda spec: spec.id)
def test_a_game_of_open_information_shows_every_seat_what_a_spectator_sees(spec: GameSpec) -> None:
    for seats in seat_counts(spec):
        table = table_for(spec, seats)
        for _ in range(MAX_DECISIONS):
            if table.finished:
                break
            spectator = {**spec.view(table.state, None), "you": None, "viewer": None}
            for seat in range(seats):
                assert {**spec.view(table.state, seat), "you": None, "viewer": None} == spectator
                assert all(event.visibility() == PUBLIC for event in table.events)
            seat = min(spec.to_act(table.state))
            table.submit(seat, table.bot_command(seat, "random"))
