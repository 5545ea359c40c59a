"""Hidden information: bonus cards in hand and deck orders stay hidden until revealed (issue: Views;
DESIGN.md: views are allowlists, hidden events carry a visibility)."""

from __future__ import annotations

from peaks_scenario import ready
from support.scenario import given

from domain.core import PUBLIC, SeatConfig, Table, canonical_json
from domain.games.peaks import SPEC, cards
from domain.games.peaks.events import (
    BonusCardDiscarded,
    BonusCardDrawn,
    BonusCardsRevealed,
    DeckShuffled,
    StaminaGained,
)


def test_a_seats_view_is_the_same_whatever_bonus_cards_another_seat_holds() -> None:
    first = given(SPEC, ready(), BonusCardDrawn(seat=1, card="globetrotter"))
    second = given(SPEC, ready(), BonusCardDrawn(seat=1, card="seven-summits"))
    assert first != second
    for viewer in (0, None):
        assert SPEC.view(first, viewer) == SPEC.view(second, viewer)
    assert SPEC.view(first, 1)["players"][1]["bonus_cards"] == ["globetrotter"]
    assert SPEC.view(first, 0)["players"][1]["bonus_cards_in_hand"] == 1


def test_views_are_the_same_whatever_the_order_of_the_decks() -> None:
    base = ready()
    reordered = [
        DeckShuffled(deck=e.deck, order=e.order[:6] + tuple(reversed(e.order[6:])))
        if isinstance(e, DeckShuffled) and e.deck == "A"
        else DeckShuffled(deck=e.deck, order=tuple(reversed(e.order))) if isinstance(e, DeckShuffled) else e
        for e in base
    ]
    first, second = given(SPEC, base), given(SPEC, reordered)
    assert first.supply.deck_a != second.supply.deck_a and first.supply.bonus != second.supply.bonus
    for viewer in (0, 1, None):
        assert SPEC.view(first, viewer) == SPEC.view(second, viewer)


def test_no_spectator_view_names_a_bonus_card_in_hand() -> None:
    state = given(SPEC, ready(), BonusCardDrawn(seat=0, card="globetrotter"), StaminaGained(seat=0, amount=1))
    assert "globetrotter" not in canonical_json(SPEC.view(state, None))
    assert "globetrotter" not in canonical_json(SPEC.view(state, 1))


def test_in_a_played_game_only_hidden_events_carry_deck_orders_and_cards_drawn_into_a_hand() -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(3)], {})
    table = Table(SPEC, config, "hidden")
    table.play_bots(["guide", "random", "guide"])
    bonus_ids = set(cards.bonus_cards())
    revealing = (BonusCardDiscarded, BonusCardsRevealed)
    for event in table.events:
        _, data = SPEC.events.encode(event)
        if isinstance(event, DeckShuffled):
            assert event.visibility() == ()
        elif isinstance(event, BonusCardDrawn):
            assert event.visibility() == (event.seat,)
        elif not isinstance(event, revealing):
            assert event.visibility() == PUBLIC
            assert not any(card in canonical_json(data) for card in bonus_ids), event
