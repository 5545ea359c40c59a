"""Hike!'s determinisation (issue 29): a whole state drawn from one seat's view, for the search bot.

Seeded games of random and expert bots, at 2, 4 and 6 seats, under rules versions 1, 2 and 3 and each of
version 3's table options; at every decision, for every seat's view (JSON as the API sends it):
- the view of every determinised state, for several draws, is that view again;
- the cards are where the rules can put them: each card in one place only; in Preparations every card of
  the husky deck and the care piles is somewhere; in the race every personal care card is (they never
  leave the game), and no racer holds a husky (they were handed in on declaring ready);
- the hidden parts (deck, other hands, face-down landscapes, care pile, other mushers' pending moves)
  vary across draws where there are enough of them;
- a random playout from a determinised state (every few decisions) reaches a result.
Also between the events of one command (a finished game's analysis may look at any step), and with a care token.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hike_scenario import racing
from support.scenario import play, state_of

from domain.core import Rng, SeatConfig, Table, replace
from domain.games.hike import SPEC
from domain.games.hike.cards import DECK_CARE, DOUBLE_CARE, HUSKY_DECK, PILE_SINGLE_CARE, is_husky
from domain.games.hike.commands import EndTurn
from domain.games.hike.determinize import determinize, viewer
from domain.games.hike.events import DayStarted
from domain.games.hike.state import HikeState, Phase
from domain.games.hike.views import view

DRAWS = 4
PLAYOUT_EVERY = 20  # decisions between two playouts from a determinised state (the runtime budget)
PLAYOUT_CAP = 5_000  # commands: far more than any Hike! game takes

# (seats, bot levels by seat, options, rules version); expert beside random bots falls behind or leads, so
# drawn care cards (End of the day) show up too.
CASES = [
    (2, ("random",), {}, 3),
    (4, ("expert",), {}, 3),
    (6, ("expert", "random"), {}, 3),
    (2, ("expert", "random"), {"care_card_lapses": True}, 3),
    (4, ("random",), {"care_card_lapses": True}, 3),
    (2, ("expert",), {"simultaneous_days": True}, 3),
    (4, ("expert", "random"), {"simultaneous_days": True}, 3),
    (6, ("random", "expert"), {"simultaneous_days": True}, 3),
    (4, ("expert", "random"), {}, 2),
    (6, ("random",), {}, 2),
    (2, ("expert", "random"), {}, 1),
    (6, ("expert",), {}, 1),
]


def as_sent(state: HikeState, seat: int) -> dict[str, Any]:
    """The seat's view as JSON, the way a bot or the API has it."""
    return json.loads(json.dumps(view(state, seat)))


def hidden_parts(state: HikeState, seat: int) -> tuple[Any, ...]:
    others = tuple((index, musher.hand, musher.run, musher.rests_due)
                   for index, musher in enumerate(state.mushers) if index != seat)
    return state.deck, state.landscapes[state.turned:], state.care_pile, others


def enough_hidden(shown: dict[str, Any]) -> bool:
    """Whether the view hides enough that four draws are all but sure to differ."""
    face_down = sum(1 for card in shown["track"] if not card["face_up"])
    return shown["deck_size"] >= 4 or shown["care_pile_size"] >= 4 or face_down >= 2


def check_components(state: HikeState) -> None:
    """Each card in one place; none lost where the rules keep them; racers hold no husky."""
    places: list[str] = [*state.deck, *state.centre, *state.side_care, *state.care_pile, *state.care_discards]
    for musher in state.mushers:
        places += [*musher.hand, *musher.care_pile]
        places += [card for spot in musher.sled for card in (spot.card, spot.equipment) if card is not None]
    doubled = [card for card, count in Counter(places).items() if count > 1]
    assert not doubled, f"cards in two places: {doubled}"
    if state.phase is Phase.PREPARATIONS:
        assert set(places) == {*HUSKY_DECK, *PILE_SINGLE_CARE, *DOUBLE_CARE}
    else:
        assert {*PILE_SINGLE_CARE, *DOUBLE_CARE} <= set(places)
        for musher in state.mushers:
            assert musher.out or not any(is_husky(card) for card in musher.hand)


def playout(state: HikeState, rng: Rng) -> dict[str, Any]:
    """Random commands from random seats to act until the game ends."""
    for _ in range(PLAYOUT_CAP):
        result = SPEC.result(state)
        if result is not None:
            return result
        acting = sorted(SPEC.to_act(state))
        seat = acting[rng.randbelow(len(acting))]
        legal = SPEC.legal_commands(state, seat)
        assert legal, f"seat {seat} is to act with nothing to do"
        state = SPEC.decide(state, seat, legal[rng.randbelow(len(legal))], rng).state
    raise AssertionError("the playout did not end")


def check_view(state: HikeState, seat: int, rng: Rng, counts: Counter[str]) -> HikeState:
    shown = as_sent(state, seat)
    assert viewer(shown) == seat
    counts[shown["phase"]] += 1
    draws = []
    for _ in range(DRAWS):
        drawn = determinize(shown, rng)
        assert view(drawn, seat) == shown
        check_components(drawn)
        draws.append(drawn)
    if enough_hidden(shown):
        assert len({hidden_parts(drawn, seat) for drawn in draws}) > 1, "the hidden parts never vary"
        counts["varied"] += 1
    if shown["phase"] == "race" and shown["simultaneous_days"]:
        counts["pending"] += sum(1 for musher in shown["mushers"]
                                 if musher["seat"] != seat and musher["step"] in ("equipment", "rest"))
    return draws[0]


@pytest.mark.parametrize(("seats", "levels", "options", "version"), CASES,
                         ids=[f"{seats}-{'+'.join(levels)}-{'+'.join(options) or 'default'}-v{version}"
                              for seats, levels, options, version in CASES])
def test_every_view_of_a_seeded_game_determinises_consistently(seats: int, levels: tuple[str, ...],
                                                               options: dict[str, bool], version: int) -> None:
    seed = f"determinize-{seats}-{'-'.join(levels)}-{'-'.join(options)}-{version}"
    bots = [levels[seat % len(levels)] for seat in range(seats)]
    config = SPEC.normalize_config([SeatConfig(name=f"p{seat}", bot=bot) for seat, bot in enumerate(bots)],
                                   options, version)
    table = Table(SPEC, config, seed)
    rng, pick = Rng(seed, 0, "determinize"), Rng(seed, 0, "pick")
    counts: Counter[str] = Counter()
    decisions = 0
    while not table.finished:
        for seat in range(seats):
            drawn = check_view(table.state, seat, rng, counts)
            if decisions % PLAYOUT_EVERY == seat:
                assert playout(drawn, rng) is not None
                counts["playouts"] += 1
        acting = sorted(SPEC.to_act(table.state))
        seat = acting[pick.randbelow(len(acting))]  # seats to act at once take turns in any order
        table.submit(seat, table.bot_command(seat, bots[seat]))
        decisions += 1
    assert table.state.phase is Phase.OVER and counts["preparations"] and counts["race"]
    assert counts["varied"] > decisions and counts["playouts"] >= decisions // PLAYOUT_EVERY
    if options.get("simultaneous_days") and "expert" in levels:
        assert counts["pending"] > 0, "no other musher's hidden pending move was drawn"


def test_a_spectators_view_is_not_determinised() -> None:
    table = Table(SPEC, SPEC.normalize_config([SeatConfig(name="a"), SeatConfig(name="b")], {}), "spectator")
    with pytest.raises(ValueError, match="spectator"):
        determinize(as_sent(table.state, None), Rng("x", 1))  # type: ignore[arg-type]


def test_a_drawn_care_token_is_kept_and_the_personal_care_cards_stay_in_play() -> None:
    """End of the day: with the care pile and the discards empty a token is drawn. Here one musher holds every
    care card, the other, far behind, draws T01: each view determinises to states with the token and every
    personal care card in a hand."""
    care = (*PILE_SINGLE_CARE, *DOUBLE_CARE, *DECK_CARE)
    sleds = {0: tuple(f"H{n:02d}" for n in range(1, 9)), 1: tuple(f"H{n:02d}" for n in range(9, 17))}
    racing_state = state_of(SPEC, racing(sleds, hands={0: care}, positions={0: 10, 1: 3}, care_pile=()))
    drafted = {*sleds[0], *sleds[1], *care}  # `racing` fabricates sleds and hands without taking them from the deck
    racing_state = replace(racing_state, deck=tuple(card for card in racing_state.deck if card not in drafted))
    state = play(SPEC, play(SPEC, racing_state, 0, EndTurn()), 1, EndTurn())
    assert state.mushers[1].compulsory_care == "T01" and state.tokens_used == 1
    for seat in (0, 1):
        shown = as_sent(state, seat)
        for draw in range(DRAWS):
            drawn = determinize(shown, Rng("token", draw))
            assert view(drawn, seat) == shown and drawn.tokens_used == 1
            assert "T01" in drawn.mushers[1].hand and {*PILE_SINGLE_CARE, *DOUBLE_CARE} <= set(drawn.mushers[0].hand)
            check_components(drawn)
            assert playout(drawn, Rng("token-play", draw)) is not None


def test_the_state_after_every_event_determinises_too() -> None:
    """A finished game's analysis may look at any step (issue 29): between the events of one command too, e.g.
    when Preparations have ended and the race care pile is not shuffled yet."""
    config = SPEC.normalize_config([SeatConfig(name="a", bot="expert"), SeatConfig(name="b", bot="random")], {})
    table = Table(SPEC, config, "every-event")
    table.play_bots(["expert", "random"])
    state, rng, begun = None, Rng("every-event", 0), False
    for event in table.events:
        state = SPEC.evolve(state, event)
        begun = begun or isinstance(event, DayStarted)  # setup deals the cards before day 1 begins
        if begun:
            for seat in (0, 1):
                shown = as_sent(state, seat)
                assert view(determinize(shown, rng), seat) == shown
