"""Hidden information: hole cards, the order of the playing cards and of the Bad Ride deck, the jury's votes.

No view and no event another seat may read reveals them: two states that differ
only in hidden data give every other seat (and a spectator) the same view.
"""

from __future__ import annotations

import json

import msgspec
from hk_scenario import deck, opening, script
from support.scenario import play

from domain.core import PUBLIC, SeatConfig, Table, canonical_json
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.casino.events import CardsShuffled, HoleCardsDealt
from domain.games.hitchiker.commands import AddressJury, Ante, ChooseCasinoGame, RollDice, Vote
from domain.games.hitchiker.events import BadRideDeckShuffled, VoteCast
from domain.games.hitchiker.state import CasinoGame, State

HIDDEN_EVENTS = {"BadRideDeckShuffled", "CardsShuffled", "HoleCardsDealt", "VoteCast"}


def holdem_on_the_flop() -> State:
    state = play(SPEC, opening(7, 30, 34), 0, RollDice(), script((1, 2)))
    state = play(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.HOLDEM))
    state = play(SPEC, play(SPEC, state, 1, Ante()), 2, Ante())
    return play(SPEC, state, 0, Ante(), script(shuffles=[deck("AC", "KC", "2H", "AD", "KD", "3H", "7S", "8S", "9D")]))


def others_see_the_same(first: State, second: State, owner: int | None) -> None:
    for viewer in [None, *range(first.seats)]:
        if viewer != owner:
            assert SPEC.view(first, viewer) == SPEC.view(second, viewer), f"seat {viewer} can tell them apart"


def test_hole_cards_are_seen_by_their_seat_only_and_no_seat_sees_a_deck_order() -> None:
    assert HoleCardsDealt(seat=2, cards=("AC", "AD")).visibility() == (2,)
    assert CardsShuffled(order=("AC",)).visibility() == ()
    assert BadRideDeckShuffled(order=(1, 2)).visibility() == ()
    assert VoteCast(seat=1, approve=True).visibility() == (1,)


def test_a_seat_sees_its_own_hole_cards_and_not_the_others() -> None:
    state = holdem_on_the_flop()
    assert SPEC.view(state, 1)["casino"]["your_cards"] == ["AC", "AD"]
    assert SPEC.view(state, 0)["casino"]["your_cards"] == ["2H", "3H"]
    assert SPEC.view(state, None)["casino"]["your_cards"] is None
    text = canonical_json(SPEC.view(state, 0))
    assert "AC" not in text and "KD" not in text


def test_other_seats_cannot_tell_two_states_that_differ_only_in_a_seats_hole_cards() -> None:
    state = holdem_on_the_flop()
    assert state.holdem is not None
    holes = tuple((seat, ("4C", "4D") if seat == 1 else cards) for seat, cards in state.holdem.holes)
    other = msgspec.structs.replace(state, holdem=msgspec.structs.replace(state.holdem, holes=holes))
    others_see_the_same(state, other, owner=1)
    assert SPEC.view(state, 1) != SPEC.view(other, 1)


def test_nobody_can_tell_two_states_that_differ_only_in_the_order_of_a_deck() -> None:
    state = holdem_on_the_flop()
    assert state.holdem is not None
    other = msgspec.structs.replace(state, holdem=msgspec.structs.replace(state.holdem, deck=state.holdem.deck[::-1]),
                                bad_ride_deck=state.bad_ride_deck[::-1])
    others_see_the_same(state, other, owner=None)


def test_other_jurors_cannot_tell_how_a_juror_voted_before_the_judgment() -> None:
    state = play(SPEC, opening(15, 30, 34), 0, RollDice(), script((1, 1)))  # Smashville
    state = play(SPEC, state, 0, AddressJury(words="hey hey"))
    yes, no = play(SPEC, state, 1, Vote(approve=True)), play(SPEC, state, 1, Vote(approve=False))
    others_see_the_same(yes, no, owner=1)
    assert SPEC.view(yes, 1)["pending"]["your_vote"] is True


def test_in_seeded_games_only_the_hidden_kinds_of_event_are_not_public_and_views_never_leak() -> None:
    for seats, seed in ((3, "hidden-a"), (6, "hidden-b")):
        config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(seats)],
                                       {"round_limit": 15})
        table = Table(SPEC, config, seed)
        while not table.finished:
            state = table.state
            if state.holdem is not None and state.holdem.holes:
                shuffled = msgspec.structs.replace(state.holdem, deck=state.holdem.deck[::-1])
                others_see_the_same(state, msgspec.structs.replace(state, holdem=shuffled), owner=None)
                for owner, _ in state.holdem.holes:
                    holes = tuple((seat, ("2S", "2D") if seat == owner else cards)
                                  for seat, cards in state.holdem.holes)
                    others_see_the_same(state, msgspec.structs.replace(
                        state, holdem=msgspec.structs.replace(state.holdem, holes=holes)), owner=owner)
            if state.blackjack is not None:
                shuffled_bj = msgspec.structs.replace(state.blackjack, deck=state.blackjack.deck[::-1])
                others_see_the_same(state, msgspec.structs.replace(state, blackjack=shuffled_bj), owner=None)
            seat = min(SPEC.to_act(state))
            table.submit(seat, table.bot_command(seat, "random"))
        for event in table.events:
            if event.visibility() != PUBLIC:
                assert event.TYPE in HIDDEN_EVENTS
            json.loads(canonical_json(SPEC.events.encode(event)[1]))
