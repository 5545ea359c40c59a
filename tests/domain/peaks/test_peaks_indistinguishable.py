"""Hidden stays hidden (rules version 3; RULINGS.md, Rules version 3): states a seat cannot tell apart look the same.

At every decision of seeded games, each other seat's hidden bonus cards are swapped for cards from the top of the
(hidden) bonus deck: a state consistent with everything public. The viewing seat's view, its listed actions, who
is to act, and the public part of the events of every command the acting seat may send must not change.
Under rules version 2 the same check finds the leak of `TagAlongsCalled.asked` (Climb 2; Rewards, Bonus card).
"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.core import IllegalCommand, SeatConfig, Table, decision_rng
from domain.games.peaks import SPEC
from domain.games.peaks.commands import DiscardBonusCard
from domain.games.peaks.state import State


def swapped(state: State, seat: int) -> State | None:
    """The state with `seat`'s hand exchanged for as many cards from the top of the bonus deck, or None if the deck
    has no other cards to give."""
    hand, deck = state.players[seat].bonus_cards, state.supply.bonus
    if not hand or len(deck) < len(hand):
        return None
    other = deck[:len(hand)]
    players = tuple(replace(p, bonus_cards=other) if s == seat else p for s, p in enumerate(state.players))
    return replace(state, players=players, supply=replace(state.supply, bonus=hand + deck[len(hand):]))


def public(events: list[Any]) -> list[tuple[str, Any]]:
    """What every seat is told of each event: its type, and its data unless it is hidden; up to the end of the
    game, where the book has the fulfilled bonus cards revealed (Game end 1: `BonusCardsRevealed`)."""
    told = []
    for event in events:
        if event.TYPE == "BonusCardsRevealed":
            break
        told.append((event.TYPE, event if event.visibility() == "public" else None))
    return told


def outcome(state: State, seat: int, command: Any, seed: str, version: int) -> list[tuple[str, Any]] | str:
    try:
        return public(list(SPEC.decide(state, seat, command, decision_rng(seed, version))))
    except IllegalCommand as error:
        return f"illegal: {error}"


def differences(state: State, seed: str, version: int) -> list[str]:
    """Every way a seat could tell `state` from one where another seat holds other hidden cards."""
    found = []
    acting = sorted(SPEC.to_act(state))
    for holder in range(state.seats):
        alt = swapped(state, holder)
        if alt is None:
            continue
        for viewer in (s for s in range(state.seats) if s != holder):
            if SPEC.view(alt, viewer) != SPEC.view(state, viewer):
                found.append(f"view of seat {viewer}")
            if SPEC.legal_commands(alt, viewer) != SPEC.legal_commands(state, viewer):
                found.append(f"actions of seat {viewer}")
        if SPEC.to_act(alt) != SPEC.to_act(state):
            found.append("to_act")
        for seat in acting:
            for command in SPEC.legal_commands(state, seat):
                if seat == holder and isinstance(command, DiscardBonusCard):
                    continue  # the holder's own cards: its own choice, told publicly once made
                if outcome(state, seat, command, seed, version) != outcome(alt, seat, command, seed, version):
                    found.append(f"events of {type(command).__name__} by seat {seat} (cards of seat {holder})")
    return found


def leaks(seats: int, seed: str, rules_version: int, decisions: int = 5000) -> list[str]:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="guide") for i in range(seats)], {}, rules_version)
    table = Table(SPEC, config, seed)
    found: list[str] = []
    for _ in range(decisions):
        if table.finished:
            break
        found += differences(table.state, seed, table.version)
        seat = min(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, "random" if table.version % 3 else "guide"))
    return found


GAMES = [(2, "hidden-d"), (3, "hidden-a"), (3, "hidden-c"), (4, "hidden-b"), (6, "hidden-e")]


@pytest.mark.parametrize(("seats", "seed"), GAMES)
def test_no_seat_can_tell_which_bonus_cards_another_holds_under_rules_version_3(seats: int, seed: str) -> None:
    assert leaks(seats, seed, 3) == []


def test_under_rules_version_2_who_was_asked_to_tag_along_told_of_a_hidden_hand() -> None:
    # The same games under version 2: a climb (its forced calls for tag-alongs) or the call itself came out
    # differently for another seat's hidden cards.
    found = [leak for seats, seed in GAMES[1:3] for leak in leaks(seats, seed, 2)]
    assert any("CallForTagAlongs" in leak for leak in found), found
