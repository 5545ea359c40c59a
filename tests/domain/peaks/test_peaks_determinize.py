"""The determinisation of Peaks (issue 29): a full state from one seat's view, the hidden rest drawn at random.

Seeded games of every rules version still played, with 2, 4 and 6 seats, random and guide bots and each value of
the `round_cap` option, are played to the end; at every decision, for every seat, several draws must show that
seat exactly its view, the seat to act must be offered exactly its true commands, the hidden parts (other hands,
deck orders) must vary between draws, and a random playout from a draw must reach a result.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from domain.core import Rng, SeatConfig, Table
from domain.games.peaks import SPEC, cards
from domain.games.peaks.asking import could_tag_along_with_discards
from domain.games.peaks.determinize import asked_for_their_cards, public_state, determinize, viewer
from domain.games.peaks.scoring import is_fulfilled
from domain.games.peaks.state import Phase, State

DRAWS = 3
PLAYOUT_EVERY = 150  # decisions between two random playouts from a draw (and one from the last decision)
ARRANGEMENTS = 10_000  # hidden arrangements from which 3 equal draws would be a failure (odds below 1 in 10^8)

# (rules version, seats, options, bot level of each seat in turn, seed)
GAMES = [
    (3, 2, {}, ("guide", "random"), "det-a"),  # bots only: the cap of 150 rounds by default
    (3, 4, {"round_cap": 0}, ("random", "guide"), "det-b"),  # a person's table: no cap, only the 16th flag ends it
    (3, 6, {"round_cap": 10}, ("random",), "det-c"),  # ended by the cap
    (3, 4, {}, ("guide",), "det-4-guide"),  # backing asked and falling short (`unbacked`)
    (2, 2, {}, ("guide", "random"), "det-2-mixed"),
    (2, 4, {}, ("guide", "random"), "det-4-mixed"),
    (2, 6, {}, ("guide", "random"), "det-e"),  # backing asked and falling short (`unbacked`)
    (1, 2, {}, ("random",), "det-f"),
    (1, 4, {}, ("guide", "random"), "det-g"),
]


def played(version: int, seats: int, options: dict[str, Any], levels: tuple[str, ...], seed: str) -> Iterator[Table]:
    """The table at each decision of a seeded game, then once more when it is over."""
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="guide") for i in range(seats)], options, version)
    table = Table(SPEC, config, seed)
    while not table.finished:
        yield table
        seat = min(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, levels[seat % len(levels)]))
    yield table


def hidden(state: State, seat: int) -> tuple[Any, ...]:
    """What `seat` cannot see: the other hands and the order of every deck."""
    supply = state.supply
    hands = tuple(player.bonus_cards for other, player in enumerate(state.players) if other != seat)
    return hands, supply.deck_a, supply.deck_b, supply.companions, supply.bonus


def arrangements(view: dict[str, Any]) -> int:
    """How many hidden states the view allows, at least (deck orders, and other hands from the unseen bonus cards)."""
    decks = view["decks"]
    count = math.prod(math.factorial(decks[deck]) for deck in ("A", "B", "companions"))
    unrevealed = [p["bonus_cards_in_hand"] - len(p.get("revealed_bonus_cards", ()))
                  for p in view["players"] if p["seat"] != view["you"]]
    if view["phase"] != Phase.OVER.value:  # after the end a hand may hold only unfulfilled cards besides its own
        count *= math.factorial(decks["bonus"] + sum(unrevealed)) // math.prod(map(math.factorial, unrevealed))
    return count


def playout(state: State, rng: Rng) -> dict[str, Any]:
    """Random commands from `state` to the end; the result."""
    for _ in range(20_000):
        result = SPEC.result(state)
        if result is not None:
            return result
        seat = min(SPEC.to_act(state))
        state = SPEC.decide(state, seat, rng.choice(SPEC.legal_commands(state, seat)), rng).state
    raise AssertionError("a random playout from a determinised state did not end")


@pytest.mark.parametrize(("version", "seats", "options", "levels", "seed"), GAMES, ids=[game[-1] for game in GAMES])
def test_every_draw_shows_each_seat_its_view_and_plays_to_the_end(
        version: int, seats: int, options: dict[str, Any], levels: tuple[str, ...], seed: str) -> None:
    decisions = varied = playouts = 0
    for decisions, table in enumerate(played(version, seats, options, levels, seed)):
        state = table.state
        for seat in range(seats):
            view = SPEC.view(state, seat)
            draws = [determinize(view, Rng(seed, decisions, f"draw-{seat}-{k}")) for k in range(DRAWS)]
            for draw in draws:
                assert SPEC.view(draw, seat) == view, f"decision {decisions}, seat {seat}"
                assert SPEC.to_act(draw) == SPEC.to_act(state)
                if seat in SPEC.to_act(state):
                    assert SPEC.legal_commands(draw, seat) == SPEC.legal_commands(state, seat)
            if arrangements(view) >= ARRANGEMENTS:
                assert len({hidden(draw, seat) for draw in draws}) > 1, f"decision {decisions}, seat {seat}"
                varied += 1
            if table.finished:
                assert all(SPEC.result(draw) == SPEC.result(state) for draw in draws)
        if decisions % PLAYOUT_EVERY == 0 and not table.finished:
            seat = min(SPEC.to_act(state))
            draw = determinize(SPEC.view(state, seat), Rng(seed, decisions, "playout"))
            result = playout(draw, Rng(seed, decisions, "playout"))
            assert sorted(row["seat"] for row in result["standings"]) == list(range(seats))
            playouts += 1
    assert table.finished and decisions > 30 and varied > decisions and playouts >= 1


def test_a_spectators_view_is_not_determinised() -> None:
    table = next(played(3, 2, {}, ("random",), "det-spectator"))
    assert viewer(SPEC.view(table.state, 1)) == 1
    with pytest.raises(ValueError, match="spectator"):
        determinize(SPEC.view(table.state, None), Rng("det-spectator", 0))


def test_a_view_whose_hidden_counts_do_not_add_up_is_refused() -> None:
    view = SPEC.view(next(played(3, 2, {}, ("random",), "det-counts")).state, 0)
    view["decks"]["A"] += 1
    with pytest.raises(ValueError, match="A deck"):
        determinize(view, Rng("det-counts", 0))


def test_after_the_end_a_drawn_hand_holds_its_revealed_cards_and_no_other_fulfilled_one() -> None:
    *_, table = played(3, 4, {}, ("guide",), "det-end")
    state = table.state
    assert state.phase is Phase.OVER and any(state.revealed)
    for seat in range(4):
        for k in range(5):
            draw = determinize(SPEC.view(state, seat), Rng("det-end", k, str(seat)))
            for other, player in enumerate(draw.players):
                assert set(state.revealed[other]) <= set(player.bonus_cards)
                unrevealed = [card for card in player.bonus_cards if card not in state.revealed[other]]
                assert not any(is_fulfilled(draw, other, cards.bonus_cards()[card].condition) for card in unrevealed)
            assert draw.final == state.final and draw.end_reason == state.end_reason


def test_under_rules_version_2_an_opponent_asked_only_for_its_cards_is_drawn_cards_that_pay() -> None:
    # Version 2 asked an opponent to tag along when the cards it holds would pay (RULINGS.md, Who is asked): a hand
    # drawn for it must pay too, as the true one did.
    checked = 0
    for seed in ("det-v2-a", "det-v2-b"):
        for table in played(2, 4, {}, ("guide", "random"), seed):
            for seat in range(4):
                view = SPEC.view(table.state, seat)
                asked = asked_for_their_cards(public_state(view), seat)
                for k in range(DRAWS if asked else 0):
                    draw = determinize(view, Rng(seed, table.version, f"{seat}-{k}"))
                    assert all(could_tag_along_with_discards(draw, other) for other in asked)
                    checked += 1
    assert checked > 20


def test_the_queue_and_the_climbs_backing_fell_short_are_public() -> None:
    for table in played(2, 2, {}, ("guide", "random"), "det-2-mixed"):
        spectator = SPEC.view(table.state, None)
        for seat in range(2):
            view = SPEC.view(table.state, seat)
            assert (view["queue"], view["unbacked"]) == (spectator["queue"], spectator["unbacked"])
        assert len(spectator["queue"]) == len(table.state.steps)
