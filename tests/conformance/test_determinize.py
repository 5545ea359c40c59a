"""Every game's determinisation (issue 29): a full state drawn from a seat's view, for the `search` level.

Seeded games of every registered type, random bots, at a few table sizes. At every decision, for every seat,
the game's `determinize(view, rng)` (its determinize.py) is drawn `DRAWS` times and:

1. each draw shows the seat exactly its view: `view(determinize(v, rng), seat) == v` (the leak OpenSpiel's
   hand-written resamplers had: a sampled state that shows more, or other, than the seat saw);
2. `viewer(v)` names the seat;
3. where the seat has something hidden, the draws differ (the sampler is not the truth): "hidden" as the
   hidden-information guard's resampler finds it (tests/support/hidden.py: a state the seat cannot tell apart
   from the true one); the draws must differ at most such decisions (a hidden juror's vote has two values,
   so four draws may agree by chance), and in a game of open information they never do;
4. every `PLAYOUT_EVERY` decisions, for one seat in turn, a random playout from a draw reaches a result (the
   state is playable: to_act, legal_commands, decide and evolve work on it).

The smallest and the largest table of each type, at most `MAX_DECISIONS` decisions each (the runtime budget:
the whole module in under a minute on a busy 2-core machine).

A game without determinize.py fails here until it has one.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import msgspec
import pytest
from support import hidden

from domain.core import PUBLIC, GameSpec, Rng, SeatConfig, Table
from domain.games import GAMES

DRAWS = 4
PLAYOUT_EVERY = 12  # decisions between two playouts from a draw
MAX_DECISIONS = 240  # per game: the runtime budget
MAX_PLAYOUT = 20_000  # commands: a playout that goes on longer is stuck
VARIED_SHARE = 0.5  # of the decisions with something hidden, at least this share must draw different states


def seat_counts(spec: GameSpec) -> list[int]:
    return sorted({spec.min_seats, spec.max_seats})


CASES = [pytest.param(spec, seats, id=f"{spec.id}-{seats}") for spec in GAMES for seats in seat_counts(spec)]


def determinizer(spec: GameSpec) -> Any:
    """The game's determinize.py; fails the test when it has none."""
    try:
        return importlib.import_module(f"domain.games.{spec.id.replace('-', '_')}.determinize")
    except ModuleNotFoundError:
        pytest.fail(f"{spec.id} has no determinize.py (issue 29): the search level cannot play it")


def encoded(state: Any) -> bytes:
    return msgspec.json.encode(msgspec.to_builtins(state))


def playout(spec: GameSpec, state: Any, rng: Rng) -> dict[str, Any]:
    """Random legal commands from `state` to the end; the result."""
    for _ in range(MAX_PLAYOUT):
        result = spec.result(state)
        if result is not None:
            return result
        seat = min(spec.to_act(state))
        command = rng.choice(spec.legal_commands(state, seat))
        events = spec.decide(state, seat, command, rng)
        after = getattr(events, "state", None)
        state = after if after is not None else spec.fold(events, state)
    raise AssertionError(f"a playout from a determinised state did not end within {MAX_PLAYOUT} commands")


class Known:
    """The strings each seat could read in the log so far (what hidden.py's resamplers keep in place)."""

    def __init__(self, seats: int) -> None:
        self.strings: dict[int, set[str]] = {seat: set() for seat in range(seats)}
        self.read = 0

    def catch_up(self, spec: GameSpec, table: Table) -> None:
        for event in table.events[self.read:]:
            strings = set(hidden.strings_in(spec.events.encode(event)[1]))
            visibility = event.visibility()
            for seat, known in self.strings.items():
                if visibility == PUBLIC or seat in visibility:
                    known |= strings
        self.read = len(table.events)


def has_hidden(spec: GameSpec, state: Any, seat: int, known: set[str], rng: random.Random) -> bool:
    """Whether the hidden-information guard's resampler finds a state `seat` cannot tell from `state`."""
    resample = hidden.resampler(spec)
    if resample == hidden.OPEN:
        return False
    assert callable(resample)
    variant = resample(state, seat, seat, frozenset(known), rng)
    return variant is not None and variant != state


@pytest.mark.parametrize(("spec", "seats"), CASES)
def test_every_seat_s_determinised_state_shows_it_its_view_and_plays_on(spec: GameSpec, seats: int) -> None:
    module = determinizer(spec)
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(seats)], {})
    table = Table(spec, config, f"determinize-{seats}")
    known, oracle = Known(seats), random.Random(f"determinize/{spec.id}/{seats}")
    hidden_checks = varied = playouts = 0
    for decision in range(MAX_DECISIONS):
        if table.finished:
            break
        known.catch_up(spec, table)
        for seat in range(seats):
            view = spec.view(table.state, seat)
            assert module.viewer(view) == seat
            draws = [module.determinize(view, Rng(f"draw/{decision}/{seat}", draw)) for draw in range(DRAWS)]
            for draw, state in enumerate(draws):
                shown = spec.view(state, seat)
                assert shown == view, (f"{spec.id}, decision {decision}, seat {seat}, draw {draw}: the determinised "
                                       f"state shows another view: {first_key(view, shown)}")
            distinct = len({encoded(state) for state in draws})
            if has_hidden(spec, table.state, seat, known.strings[seat], oracle):
                hidden_checks += 1
                varied += distinct > 1
            else:
                assert hidden.resampler(spec) != hidden.OPEN or distinct == 1, (
                    f"{spec.id} has open information, yet seat {seat}'s draws differ at decision {decision}")
            if decision % PLAYOUT_EVERY == 0 and seat == decision // PLAYOUT_EVERY % seats:
                assert playout(spec, draws[0], Rng(f"playout/{decision}", seat)) is not None
                playouts += 1
        actor = min(spec.to_act(table.state))
        table.submit(actor, table.bot_command(actor, "random"))
    assert playouts > 0
    assert varied >= VARIED_SHARE * hidden_checks, (
        f"{spec.id}: the determinised states differed at only {varied} of the {hidden_checks} decisions where a seat "
        f"had something hidden: the sampler draws too little (or returns the truth)")


def first_key(view: dict[str, Any], shown: dict[str, Any]) -> str:
    """The first top-level field where two views differ, both values shortened."""
    for key in sorted(set(view) | set(shown)):
        if view.get(key) != shown.get(key):
            return f"{key}: {view.get(key)!r:.200} in the view, {shown.get(key)!r:.200} shown"
    return "(equal)"
