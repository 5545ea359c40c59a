"""A whole game, the views, the timeline and the bots."""

from __future__ import annotations

import json
from collections import Counter

from np_scenario import H0, H1, YAK, opening, spot, trapped
from support.scenario import legal, when

from domain.core import Rng, SeatConfig, Table, canonical_json
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.bots import greedy_bot, state_from_view
from domain.games.nanga_parbat.commands import TrapAnimal
from domain.games.nanga_parbat.events import GameEnded, PointsScored, RegionScored
from domain.games.nanga_parbat.state import HIKERS


def table(seed: str, levels: tuple[str, str], area_scoring: bool = False) -> Table:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot=level) for i, level in enumerate(levels)],
                                   {"area_scoring": area_scoring})
    return Table(SPEC, config, seed)


def test_a_full_seeded_game_plays_15_turns_each_to_its_result() -> None:
    """Game End: greedy (seat 0) against random, seed `summit-day`: 30 traps, then the standings."""
    game = table("summit-day", ("greedy", "random"))
    game.play_bots(["greedy", "random"])
    assert SPEC.result(game.state) == {
        "standings": [{"seat": 0, "place": 1, "score": 45}, {"seat": 1, "place": 2, "score": 17}],
        "winners": [0],
        "reason": "hikers",
    }
    types = Counter(event.TYPE for event in game.events)
    assert (types["AnimalTrapped"], types["GuideMoved"], types["TurnEnded"], types["GameEnded"]) == (30, 30, 29, 1)
    assert [e.hikers for e in game.state.expeditions] == [0, 0]
    assert game.events[-1] == GameEnded(reason="hikers", scores=(45, 17))
    last_scores = {e.seat: e.score for e in game.events if isinstance(e, PointsScored)}
    assert last_scores == {0: 45, 1: 17}
    assert SPEC.fold(game.events) == game.state


def test_a_full_game_with_area_scoring_scores_regions_at_the_end() -> None:
    """Area Scoring Variant: the regions are scored after the end triggers, then the game ends."""
    game = table("summit-day", ("greedy", "random"), area_scoring=True)
    game.play_bots(["greedy", "random"])
    tail = [e for e in game.events if isinstance(e, (RegionScored, GameEnded))]
    assert [type(e).__name__ for e in tail] == ["RegionScored", "RegionScored", "GameEnded"]
    assert SPEC.result(game.state)["standings"][0] == {"seat": 0, "place": 1, "score": 42}  # type: ignore[index]


def test_the_view_shows_the_whole_open_board_to_every_seat_and_spectators() -> None:
    """Views: all information is open; the view is JSON-ready and the same for everyone but `viewer`."""
    state = trapped(opening(guide=2), 0, board={"1.1": H0, "1.2": H1}, ready={0: (YAK,)})
    views = [SPEC.view(state, seat) for seat in (None, 0, 1)]
    for view in views:
        assert json.loads(canonical_json(view)) == view
        del view["viewer"]
    assert views[0] == views[1] == views[2]
    view = views[0]
    assert view["regions"][0]["sections"][:3] == [
        {"section": 1, "piece": "hiker", "seat": 0},
        {"section": 2, "piece": "hiker", "seat": 1},
        {"section": 3, "piece": "animal", "animal": "musk_deer"},
    ]
    assert view["seats"][0]["ready"] == ["yak"] and view["seats"][0]["hikers_in_stock"] == HIKERS
    assert (view["phase"], view["active_seat"], view["guide"], view["to_act"]) == ("score", 0, 2, [0])
    assert len(view["chart"]) == 15 and len(view["dotted_paths"]) == 12


def test_every_event_of_a_game_has_a_one_line_description() -> None:
    """Timeline: `describe` gives one human-readable line per event."""
    game = table("timeline", ("greedy", "greedy"), area_scoring=True)
    game.play_bots(["greedy", "greedy"])
    lines = [SPEC.describe(event) for event in game.events]
    assert all(line and "\n" not in line and line != event.TYPE for line, event in zip(lines, game.events, strict=True))
    trap, scored, moved = when(SPEC, opening(guide=1), 0, TrapAnimal(spot=spot("1.6")))
    assert [SPEC.describe(e, ("Ann", "Bob")) for e in (trap, scored, moved)] == [
        "Ann trapped a red panda on section 1.6 and left a hiker there",
        "Ann scored 1 point from the red panda, now at 1",
        "The guide moved from region 1 to region 6",
    ]


def test_the_greedy_bot_rebuilds_the_state_from_its_view() -> None:
    """Bots: a bot sees only its seat's view; here the view holds the whole state."""
    state = trapped(opening(guide=2), 1, ready={1: (YAK,)}, scores=(3, 5))
    assert state_from_view(SPEC.view(state, 1)) == state


def test_the_greedy_bot_picks_a_legal_command() -> None:
    """Bots: `greedy` answers with one of the listed legal commands."""
    state = trapped(opening(guide=2), 0, ready={0: (YAK, YAK, YAK)})
    listed = legal(SPEC, state, 0)
    assert greedy_bot(SPEC.view(state, 0), listed, Rng("bot", 1)) in listed


def test_the_greedy_bot_beats_random_in_seeded_games() -> None:
    """Bots: the stronger level wins against `random` (the bench measures it over 500 games)."""
    wins = 0
    for number in range(4):
        levels = ("greedy", "random") if number % 2 == 0 else ("random", "greedy")
        game = table(f"duel-{number}", levels)
        game.play_bots(list(levels))
        wins += SPEC.result(game.state)["winners"] == [levels.index("greedy")]  # type: ignore[index]
    assert wins == 4
