"""What a seat, or a spectator, may see: built field by field (an allowlist).

Mountains, companions, flags and tracks are public; bonus cards in hand are seen
only by their holder (others see how many); deck orders are never shown, only sizes.
The turn's queue of steps is public (every step in it was queued by a public event:
an action chosen, a climb resolved, a reward taken, a discard), and so are the mountains
whose backing fell short this turn; a determinisation rebuilds the state from them.
"""

from __future__ import annotations

from typing import Any

from domain.games.peaks import cards
from domain.games.peaks.climbing import reward_counts, still_missing
from domain.games.peaks.state import AUTOMATIC, Mountaineer, Phase, State, Step, StepKind
from domain.games.peaks.steps import PROMPTS


def _player_view(state: State, seat: int, player: Mountaineer, viewer: int | None) -> dict[str, Any]:
    board = cards.board()
    view: dict[str, Any] = {
        "seat": seat,
        "name": state.names[seat],
        "continent": player.continent,
        "stamina": player.stamina,
        "stamina_level": player.stamina_level,
        "experience": player.experience,
        "equipment": dict(zip(board.equipment, player.equipment)),
        "flags": dict(zip(board.continents, player.flags)),
        "flags_placed": player.flags_placed,
        "mountains": list(player.mountains),
        "companions": [{"companion": slot.companion, "uses": slot.uses} for slot in player.companions],
        "bonus_cards_in_hand": len(player.bonus_cards),
        "tokens": dict(zip(cards.ACTIONS, player.tokens)),
        "dials": dict(zip(cards.ACTIONS, player.dials)),
        "tiles": dict(zip(cards.ACTIONS, player.tiles)),
        "first_summit": player.first_summit,
    }
    if viewer == seat:
        view["bonus_cards"] = list(player.bonus_cards)
    if state.revealed and seat < len(state.revealed):
        view["revealed_bonus_cards"] = list(state.revealed[seat])
    return view


def _step_view(state: State, step: Step) -> dict[str, Any]:
    view: dict[str, Any] = {"kind": step.kind.value, "seat": step.seat, "prompt": PROMPTS.get(step.kind, "")}
    if step.amount:
        view["amount"] = step.amount
    if step.equipment:
        view["equipment"] = step.equipment
    if step.kind is StepKind.REWARDS:
        view["rewards"] = reward_counts(step.cards)
    elif step.kind is StepKind.BACK_CLIMB:
        view["missing"] = list(still_missing(state, step))
    elif step.cards:
        view["cards"] = list(step.cards)
    return view


def _queued_view(step: Step) -> dict[str, Any]:
    """One step of the turn's queue as the state holds it (its fields other than their defaults)."""
    view: dict[str, Any] = {"kind": step.kind.value, "seat": step.seat}
    if step.amount:
        view["amount"] = step.amount
    if step.continent:
        view["continent"] = step.continent
    if step.equipment:
        view["equipment"] = step.equipment
    if step.cards:
        view["cards"] = list(step.cards)
    return view


def has_waiting_step(state: State) -> bool:
    """Is a step waiting for a decision? Between a command's events (a replay can stand there) the head of the
    queue may be an automatic step, which waits for nobody: the view shows no step then."""
    return state.phase is Phase.PLAYING and bool(state.steps) and state.steps[0].kind not in AUTOMATIC


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The game as `seat` (None: a spectator) may see it."""
    supply = state.supply
    expedition = state.expedition
    return {
        "rules_version": state.rules_version,
        "phase": state.phase.value,
        "current": state.current,
        "turn": state.turn,
        "round_cap": state.round_cap,
        "action": state.action,
        "display": list(supply.display),
        "decks": {
            "A": len(supply.deck_a), "B": len(supply.deck_b),
            "companions": len(supply.companions), "bonus": len(supply.bonus),
            "refills_display": "B" if supply.b_next else "A",
        },
        "discards": {
            "A": list(supply.discard_a), "B": list(supply.discard_b),
            "companions": list(supply.companion_discard), "bonus": list(supply.bonus_discard),
        },
        "step": _step_view(state, state.steps[0]) if has_waiting_step(state) else None,
        "climb": None if expedition is None else {
            "climber": expedition.climber,
            "mountain": expedition.mountain,
            "side": expedition.side,
            "party": [{"seat": r.seat, "companions": list(r.companions)} for r in expedition.party],
            "offers": [{"seat": o.seat, "equipment": list(o.equipment), "accepted": o.accepted}
                       for o in expedition.offers],
            "backing": [{"seat": b.seat, "equipment": list(b.equipment)} for b in expedition.backing],
        },
        "queue": [_queued_view(step) for step in state.steps],
        "unbacked": list(state.unbacked),
        "players": [_player_view(state, s, p, seat) for s, p in enumerate(state.players)],
        "you": seat,
    }
