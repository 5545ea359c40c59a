"""`describe`: one human-readable line per event for timelines, never naming a card a hidden event hides."""

from __future__ import annotations

from domain.core import SeatConfig, Table
from domain.games.peaks import SPEC, cards
from domain.games.peaks.events import BonusCardDrawn, DeckShuffled


def test_every_event_of_a_game_reads_as_one_line_and_hidden_events_name_no_card() -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(4)], {})
    table = Table(SPEC, config, "timeline")
    table.play_bots(["guide", "random", "random", "guide"])
    kinds = set()
    for event in table.events:
        line = SPEC.describe(event)
        assert line and "\n" not in line and line != event.TYPE, event
        kinds.add(event.TYPE)
        if isinstance(event, BonusCardDrawn):
            assert not any(card.name in line or card.id in line for card in cards.bonus_cards().values())
        if isinstance(event, DeckShuffled):
            assert not any(m in line for m in event.order)
    assert {"ClimbResolved", "TaggedAlong", "CompanionKept", "GameEnded", "FinalFlagsPlaced"} <= kinds
