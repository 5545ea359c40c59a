"""Game end: the turn of the 16th flag, end-game steps 1-4 in order, and the tie-breaks (rulebook: Game end),
plus the round cap ruling and one full game."""

from __future__ import annotations

from peaks_scenario import holding, ready_v1 as ready, spent
from support.scenario import ScriptedRng, after, given, of_type, play, when

from domain.core import Event, SeatConfig, Table
from domain.games.peaks import SPEC, cards
from domain.games.peaks.commands import Climb, Rest, TagAlong
from domain.games.peaks.events import (
    ActionUpgraded,
    BonusCardDrawn,
    BonusCardsRevealed,
    ExperienceGained,
    FinalFlagsPlaced,
    FlagsPlaced,
    GameEnded,
    StaminaLevelRaised,
    TurnEnded,
)

ALONE = [*ready(), spent(1, 6)]


def flags(seat: int, **by_continent: int) -> list[FlagsPlaced]:
    return [FlagsPlaced(seat=seat, continent=c, count=n) for c, n in by_continent.items()]


def test_the_game_ends_at_the_end_of_the_turn_a_player_places_their_16th_flag() -> None:
    before = [*ALONE, *flags(0, europe=15)]
    events = when(SPEC, before, 0, Climb(mountain="pen-y-fan", side="left"))
    assert events[-7:-5] == [FlagsPlaced(seat=0, continent="europe", count=1), TurnEnded(seat=0, next_seat=1)]
    assert [type(e) for e in events[-5:]] == [BonusCardsRevealed, BonusCardsRevealed, FinalFlagsPlaced,
                                              FinalFlagsPlaced, GameEnded]
    state = given(SPEC, before, events)
    assert SPEC.to_act(state) == frozenset() and SPEC.result(state) is not None
    fifteen = after(SPEC, [*ALONE, *flags(0, europe=14)], (0, Climb(mountain="pen-y-fan", side="left")))
    assert SPEC.result(given(SPEC, fifteen)) is None


def test_a_tag_along_placing_their_16th_flag_ends_the_game_too() -> None:
    before = after(SPEC, [*ready(), *holding(0, "mount-fuji"), *flags(1, asia=15)],
                   (0, Climb(mountain="mount-fuji", side="right")))  # Bo gains the left side: 1 flag
    events = when(SPEC, before, 1, TagAlong(companions=()), rng=ScriptedRng((5, 5)))
    assert events[-1] == GameEnded(reason="a player placed their 16th flag")


def test_end_game_steps_reveal_fulfilled_bonus_cards_then_majorities_every_continent_levels_and_upgrades() -> None:
    everywhere = {c: 1 for c in cards.board().continents}
    before = [
        *ALONE, *flags(0, **{**everywhere, "europe": 9}), *flags(1, asia=1, africa=3),
        BonusCardDrawn(seat=0, card="europe-explorer"), BonusCardDrawn(seat=0, card="good-company"),
        StaminaLevelRaised(seat=0, amount=13), ExperienceGained(seat=0, amount=13),
        *(ActionUpgraded(seat=0, action="rest", part=p) for p in ("dial", "dial", "dial", "tile", "tile")),
    ]
    events = when(SPEC, before, 0, Climb(mountain="pen-y-fan", side="right"))  # 15 flags: no end yet
    assert not of_type(events, GameEnded)
    ending = [*before, *flags(0, europe=1), TurnEnded(seat=0, next_seat=1)]
    events = when(SPEC, ending, 1, Rest(choice="gain"))
    assert BonusCardsRevealed(seat=0, cards=("europe-explorer",)) in events  # good-company (3 companions) is not fulfilled
    assert FinalFlagsPlaced(seat=0, majorities=("antarctica", "europe", "north_america", "oceania", "south_america"),
                            every_continent=3, stamina_level=2, experience=2, upgrades=1) in events
    assert FinalFlagsPlaced(seat=1, majorities=("africa",), every_continent=0, stamina_level=0, experience=0,
                            upgrades=0) in events  # asia is a tie: it doesn't count
    result = SPEC.result(given(SPEC, ending, events))
    assert result is not None and result["winners"] == [0]
    assert result["standings"][0]["score"] == 16 + 2 + 5 + 3 + 2 + 2 + 1


def score_ending(*extra: Event) -> dict:
    result = SPEC.result(play(SPEC, [*ready(), *flags(0, europe=16), *flags(1, asia=16), *extra], 0,
                              Rest(choice="gain")))
    assert result is not None
    return result


def test_a_tie_goes_to_the_higher_stamina_level_then_experience() -> None:
    assert score_ending(StaminaLevelRaised(seat=1, amount=1))["winners"] == [1]
    assert score_ending(ExperienceGained(seat=0, amount=1))["winners"] == [0]


def test_a_tie_then_goes_to_the_first_to_summit_and_otherwise_the_place_is_shared() -> None:
    shared = score_ending()
    assert shared["winners"] == [0, 1] and [row["place"] for row in shared["standings"]] == [1, 1]
    first = after(SPEC, [*ready(), spent(1, 6)], (0, Climb(mountain="pen-y-fan", side="left")))
    assert [player.first_summit for player in given(SPEC, first).players] == [1, None]
    before = [*first, *flags(0, europe=15), *flags(1, asia=16), StaminaLevelRaised(seat=1, amount=1),
              ExperienceGained(seat=1, amount=1)]
    result = SPEC.result(play(SPEC, before, 1, Rest(choice="gain")))
    assert result is not None and result["winners"] == [0]
    assert [row["score"] for row in result["standings"]] == [17, 17]


def test_the_round_cap_ruling_ends_a_game_after_every_seat_has_taken_150_turns() -> None:
    before = [*ready(), *(TurnEnded(seat=i % 2, next_seat=(i + 1) % 2) for i in range(299))]
    events = when(SPEC, before, 1, Rest(choice="gain"))
    assert events[-1] == GameEnded(reason="round cap: every seat has taken 150 turns")


def test_a_full_seeded_game_of_guide_against_random_ends_with_these_standings() -> None:
    config = SPEC.normalize_config([SeatConfig(name="guide", bot="guide"), SeatConfig(name="random", bot="random")], {},
                                   rules_version=1)
    table = Table(SPEC, config, "full-game")
    table.play_bots(["guide", "random"])
    result = SPEC.result(table.state)
    assert result == EXPECTED
    assert table.state.turn == 59
    assert SPEC.fold(table.events) == table.state


EXPECTED = {
    "standings": [
        {"seat": 0, "place": 1, "score": 35, "breakdown": {
            "board_flags": 17, "bonus_cards": 8, "majorities": 5, "every_continent": 0, "stamina_level": 0,
            "experience": 3, "upgrades": 2}},
        {"seat": 1, "place": 2, "score": 9, "breakdown": {
            "board_flags": 6, "bonus_cards": 0, "majorities": 0, "every_continent": 0, "stamina_level": 0,
            "experience": 3, "upgrades": 0}},
    ],
    "winners": [0],
    "reason": "a player placed their 16th flag",
}
