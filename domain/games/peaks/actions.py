"""Choosing an action: the steps that rest, prepare and climb queue, upgraded by tiles and dials.

Rulebook: Rest, Prepare, Climb, Rewards (Upgrade), Action bonuses.
"""

from __future__ import annotations

from domain.games.peaks import cards
from domain.games.peaks.state import Mountaineer, Step, StepKind

TILE_STEPS = {
    "equipment": lambda seat: Step(kind=StepKind.EQUIPMENT, seat=seat, amount=1),
    "travel": lambda seat: Step(kind=StepKind.TRAVEL, seat=seat),
    "mountain": lambda seat: Step(kind=StepKind.GAIN_MOUNTAIN, seat=seat),
    "companion": lambda seat: Step(kind=StepKind.DRAW_COMPANIONS, seat=seat),
    "bonus": lambda seat: Step(kind=StepKind.DRAW_BONUS, seat=seat),
}


def dial_value(player: Mountaineer, action: str) -> int:
    """What the action's dial shows now (its lowest number until rotated)."""
    dial = cards.mat().actions[action].dial
    return dial[min(player.dials[cards.ACTIONS.index(action)], len(dial) - 1)]


def tiles_slid(player: Mountaineer, action: str) -> tuple[str, ...]:
    """The extra steps of the action's tiles slid up so far, in tile order."""
    tiles = cards.mat().actions[action].tiles
    return tuple(tile.step for tile in tiles[:player.tiles[cards.ACTIONS.index(action)]])


def end_of_turn(player: Mountaineer, seat: int, action: str) -> tuple[Step, ...]:
    """The action bonus (with 3 or more tokens on the action, counting this turn's) and the end of the turn."""
    tokens = player.tokens[cards.ACTIONS.index(action)] + 1
    bonus = (Step(kind=StepKind.ACTION_BONUS, seat=seat),) if tokens >= cards.mat().action_bonus_tokens else ()
    return bonus + (Step(kind=StepKind.END_TURN, seat=seat),)


def rest_gain(player: Mountaineer, choice: str) -> int:
    """Rest: up to your stamina level, or the rest dial's number of stamina (more than the level is fine)."""
    if choice == "level":
        return max(0, player.stamina_level - player.stamina)
    return dial_value(player, "rest")


def rest_steps(player: Mountaineer, seat: int, choice: str) -> tuple[Step, ...]:
    extra = tuple(TILE_STEPS[step](seat) for step in tiles_slid(player, "rest"))
    gain = Step(kind=StepKind.STAMINA, seat=seat, amount=rest_gain(player, choice))
    return (gain,) + extra + end_of_turn(player, seat, "rest")


def prepare_steps(player: Mountaineer, seat: int) -> tuple[Step, ...]:
    """Gain a mountain (two with the first tile), discard and refill, then equipment per the dial."""
    slid = tiles_slid(player, "prepare")
    mountains = tuple(Step(kind=StepKind.GAIN_MOUNTAIN, seat=seat) for _ in range(1 + slid.count("mountain")))
    refill = Step(kind=StepKind.REFILL, seat=seat)
    equipment = dial_value(player, "prepare")
    final = (Step(kind=StepKind.EQUIPMENT, seat=seat, amount=equipment),) if equipment else ()
    extra = tuple(TILE_STEPS[step](seat) for step in slid if step != "mountain")
    return mountains + (refill,) + final + extra + end_of_turn(player, seat, "prepare")


def climb_steps(player: Mountaineer, seat: int) -> tuple[Step, ...]:
    """Bring companions, negotiate and call for tag-alongs, then the climb itself and the tile steps."""
    plan = (Step(kind=StepKind.BRING_COMPANIONS, seat=seat), Step(kind=StepKind.NEGOTIATE, seat=seat),
            Step(kind=StepKind.RESOLVE_CLIMB, seat=seat))
    extra = tuple(TILE_STEPS[step](seat) for step in tiles_slid(player, "climb"))
    return plan + extra + end_of_turn(player, seat, "climb")


def upgrade_options(player: Mountaineer) -> list[tuple[str, str]]:
    """Upgrade: rotate a dial not yet at its last number, or slide the next tile whose prerequisite you meet."""
    options = []
    for index, action in enumerate(cards.ACTIONS):
        mat = cards.mat().actions[action]
        if player.dials[index] < len(mat.dial) - 1:
            options.append((action, "dial"))
        slid = player.tiles[index]
        if slid < len(mat.tiles) and player.experience >= mat.tiles[slid].prerequisite:
            options.append((action, "tile"))
    return options


def is_fully_upgraded(player: Mountaineer, action: str) -> bool:
    """All the action's tiles slid up and its dial at the last number (rulebook: Game end, upgrades)."""
    index = cards.ACTIONS.index(action)
    mat = cards.mat().actions[action]
    return player.tiles[index] >= len(mat.tiles) and player.dials[index] >= len(mat.dial) - 1


def bonus_steps(action: str, choice: str, seat: int, continent: str) -> tuple[Step, ...]:
    """The action bonus: rest +1 stamina level; prepare any upgrade; climb 3 experience or a flag here."""
    return {
        "stamina_level": (Step(kind=StepKind.STAMINA_LEVEL, seat=seat, amount=1),),
        "upgrade": (Step(kind=StepKind.UPGRADE, seat=seat),),
        "experience": (Step(kind=StepKind.EXPERIENCE, seat=seat, amount=cards.mat().climb_bonus_experience),),
        "flag": (Step(kind=StepKind.FLAG, seat=seat, amount=1, continent=continent),),
    }[choice]


def discard_steps(card: str, seat: int) -> tuple[Step, ...]:
    """A bonus card's discard bonus: stamina, experience or one equipment of its type."""
    bonus = cards.bonus_cards()[card].discard
    if bonus["kind"] == "stamina":
        return (Step(kind=StepKind.STAMINA, seat=seat, amount=bonus["amount"]),)
    if bonus["kind"] == "experience":
        return (Step(kind=StepKind.EXPERIENCE, seat=seat, amount=bonus["amount"]),)
    return (Step(kind=StepKind.EQUIPMENT, seat=seat, amount=1, equipment=bonus["equipment"]),)
