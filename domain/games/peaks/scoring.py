"""Game end: when it comes, the end-game steps 1-4, and the standings with their tie-breaks.

Rulebook: Game end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Event
from domain.games.peaks import cards
from domain.games.peaks.actions import is_fully_upgraded
from domain.games.peaks.events import BonusCardsRevealed, FinalFlagsPlaced, GameEnded
from domain.games.peaks.state import FinalScore, Mountaineer, Phase, State


def end_reason(state: State) -> str | None:
    """A player has placed their 16th flag this turn, or the round cap ruling is reached (none if it is 0)."""
    if any(player.flags_placed >= cards.mat().flags for player in state.players):
        return "a player placed their 16th flag"
    if state.round_cap and state.turn >= state.round_cap * state.seats:
        return f"round cap: every seat has taken {state.round_cap} turns"
    return None


def neighbours(state: State, seat: int) -> tuple[int, ...]:
    """The players to your immediate left and right (the one opponent, twice over, with 2 seats)."""
    return ((seat - 1) % state.seats, (seat + 1) % state.seats)


def is_fulfilled(state: State, seat: int, condition: Mapping[str, Any]) -> bool:
    """Does the seat meet a bonus card's game-end requirement now?"""
    player = state.players[seat]
    count = condition.get("count", 0)
    match condition["kind"]:
        case "flags_in_continent":
            return player.flags[cards.board().continents.index(condition["continent"])] >= count
        case "continents_with_flags":
            return sum(1 for flags in player.flags if flags) >= count
        case "stamina_level_at_least":
            return player.stamina_level >= count
        case "experience_at_least":
            return player.experience >= count
        case "companions_on_mat":
            return len(player.companions) >= count
        case "full_actions":
            return sum(is_fully_upgraded(player, action) for action in cards.ACTIONS) >= count
        case "dials_maxed":
            return sum(1 for i, action in enumerate(cards.ACTIONS)
                       if player.dials[i] >= len(cards.mat().actions[action].dial) - 1) >= count
        case "tiles_upgraded":
            return sum(player.tiles) >= count
        case "more_flags_than_neighbours":
            return all(player.flags_placed > state.players[n].flags_placed for n in neighbours(state, seat))
        case "equipment_each_at_least":
            return all(amount >= count for amount in player.equipment)
        case "mountains_kept":
            return len(player.mountains) >= count
    return False


def majorities(state: State, seat: int) -> tuple[str, ...]:
    """Step 2: continents where the seat has more flags than each opponent (ties don't count)."""
    player = state.players[seat]
    return tuple(
        continent for i, continent in enumerate(cards.board().continents)
        if player.flags[i] > 0 and all(player.flags[i] > other.flags[i]
                                       for s, other in enumerate(state.players) if s != seat)
    )


def threshold_flags(value: int, table: list[list[int]]) -> int:
    """Flags for a track value from (at least, flags) rows: the highest row reached."""
    return max((flags for least, flags in table if value >= least), default=0)


def end_game_events(state: State, reason: str) -> list[Event]:
    """Steps 1-4 for every seat: revealed bonus cards, majorities, every continent, levels and upgrades."""
    scoring = cards.board().end_scoring
    bonus = cards.bonus_cards()
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        fulfilled = tuple(card for card in player.bonus_cards if is_fulfilled(state, seat, bonus[card].condition))
        events.append(BonusCardsRevealed(seat=seat, cards=fulfilled))
    for seat, player in enumerate(state.players):
        every = scoring["every_continent_flags"] if all(player.flags) else 0
        events.append(FinalFlagsPlaced(
            seat=seat,
            majorities=majorities(state, seat),
            every_continent=every,
            stamina_level=threshold_flags(player.stamina_level, scoring["stamina_level_flags"]),
            experience=threshold_flags(player.experience, scoring["experience_flags"]),
            upgrades=scoring["full_action_flags"] * sum(is_fully_upgraded(player, a) for a in cards.ACTIONS),
        ))
    events.append(GameEnded(reason=reason))
    return events


def tie_key(score: FinalScore, player: Mountaineer) -> tuple[int, int, int, int]:
    """Most flags, then highest stamina level, then experience, then the earliest first summit."""
    first = player.first_summit if player.first_summit is not None else 1 << 30
    return (-score.total, -player.stamina_level, -player.experience, first)


def result(state: State) -> dict[str, Any] | None:
    """The standings once the game is over; players still tied after every tie-break share a place."""
    if state.phase is not Phase.OVER:
        return None
    scores = {score.seat: score for score in state.final}
    keys = {seat: tie_key(scores[seat], state.players[seat]) for seat in sorted(scores)}
    order = sorted(keys, key=lambda seat: (keys[seat], seat))
    standings = []
    for seat in order:
        place = 1 + sum(1 for other in order if keys[other] < keys[seat])
        score = scores[seat]
        standings.append({
            "seat": seat, "place": place, "score": score.total,
            "breakdown": {
                "board_flags": score.board_flags, "bonus_cards": score.bonus_flags,
                "majorities": len(score.majorities), "every_continent": score.every_continent,
                "stamina_level": score.stamina_level, "experience": score.experience, "upgrades": score.upgrades,
            },
        })
    return {
        "standings": standings,
        "winners": [row["seat"] for row in standings if row["place"] == 1],
        "reason": state.end_reason,
    }
