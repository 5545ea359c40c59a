"""Who is asked to tag along on a climb, and whose answer the game waits for.

Rules version 1 asks the opponents who can meet their requirements now. Version 2 also asked those who could
after discarding the bonus cards they hold, which made a public event (`TagAlongsCalled.asked`, the waiting step)
depend on a hidden hand. From version 3 that second group is decided from what every seat can see: the number of
bonus cards a seat holds and the bonus discard pile, never the cards themselves; a seat asked whose own cards
cannot pay simply stays behind. Rulebook: Climb 2; Rewards, Bonus card; Timing.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.games.peaks import cards
from domain.games.peaks.climbing import (
    Cost,
    accepted_offer,
    backing_kit,
    companion_sets,
    feasible_sets,
    opponents_in_order,
    own_cost,
    tag_along_sets,
)
from domain.games.peaks.state import Mountaineer, State


def with_discards(player: Mountaineer) -> Mountaineer:
    """Rules version 2: the seat as it would be after discarding every bonus card it holds for stamina or
    equipment."""
    mat, kinds = cards.mat(), cards.board().equipment
    stamina, equipment = player.stamina, list(player.equipment)
    for card in player.bonus_cards:
        bonus = cards.bonus_cards()[card].discard
        if bonus["kind"] == "stamina":
            stamina = min(mat.stamina_max, stamina + bonus["amount"])
        elif bonus["kind"] == "equipment":
            index = kinds.index(bonus["equipment"])
            equipment[index] = min(mat.equipment_max, equipment[index] + 1)
    return replace(player, stamina=stamina, equipment=tuple(equipment))


def _offer_and_promise(state: State, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The equipment an accepted offer pays for the seat, and the equipment it promised the climber."""
    expedition = state.expedition
    assert expedition is not None
    offer = accepted_offer(expedition, seat)
    return (offer.equipment if offer else ()), backing_kit(expedition, seat)


def could_tag_along_with_discards(state: State, seat: int) -> bool:
    """Rules version 2: a seat that cannot tag along now, but could after discarding the bonus cards it holds."""
    expedition = state.expedition
    if expedition is None or seat == expedition.climber or tag_along_sets(state, seat):
        return False
    covered, extra = _offer_and_promise(state, seat)
    return bool(feasible_sets(with_discards(state.players[seat]), cards.mountains()[expedition.mountain],
                              covered=covered, extra=extra))


def unseen_bonus_cards(state: State) -> tuple[str, ...]:
    """The bonus cards a seat's hand could hold as far as every seat can tell: all but the discard pile's."""
    return tuple(card for card in sorted(cards.bonus_cards()) if card not in state.supply.bonus_discard)


def cards_to_pay(player: Mountaineer, cost: Cost | None, extra: tuple[str, ...], pool: tuple[str, ...]) -> int | None:
    """The fewest bonus cards of `pool` whose discard bonuses let the seat pay `cost` (and `extra` equipment), or
    None if none do (acclimatisation, or more than the mat or the pool allows)."""
    if cost is None:
        return None
    mat, table = cards.mat(), cards.bonus_cards()
    bonuses = [table[card].discard for card in pool]
    count = 0
    needed = cost.equipment + extra
    for index, kind in enumerate(cards.board().equipment):
        short = needed.count(kind) - player.equipment[index]
        if short <= 0:
            continue
        if needed.count(kind) > mat.equipment_max or sum(b.get("equipment") == kind for b in bonuses) < short:
            return None
        count += short
    short = cost.stamina - player.stamina
    if short > 0:
        if cost.stamina > mat.stamina_max:
            return None
        for amount in sorted((b["amount"] for b in bonuses if b["kind"] == "stamina"), reverse=True):
            short -= amount
            count += 1
            if short <= 0:
                break
        else:
            return None
    return count


def could_tag_along_with_some_hand(state: State, seat: int) -> bool:
    """Rules version 3: a seat that cannot tag along now, but could after discarding bonus cards, for some hand of
    the size it holds made of cards not in the discard pile: only what every seat can see decides."""
    expedition = state.expedition
    if expedition is None or seat == expedition.climber or tag_along_sets(state, seat):
        return False
    player = state.players[seat]
    if not player.bonus_cards:
        return False
    mountain = cards.mountains()[expedition.mountain]
    covered, extra = _offer_and_promise(state, seat)
    pool = unseen_bonus_cards(state)
    for companions in companion_sets(player):
        needed = cards_to_pay(player, own_cost(player, mountain, companions, covered), extra, pool)
        if needed is not None and needed <= len(player.bonus_cards):
            return True
    return False


def could_pay_by_discarding(state: State, seat: int) -> bool:
    """Is the seat asked (and waited for) because discarding bonus cards might pay its tag-along? Never under rules
    version 1; by the cards it holds under version 2; by what is public from version 3."""
    if state.public_asking:
        return could_tag_along_with_some_hand(state, seat)
    return state.book_choices and could_tag_along_with_discards(state, seat)


def tag_along_candidates(state: State) -> tuple[int, ...]:
    """Opponents asked to tag along, in turn order from the climber (Timing): those able to now, and those whom a
    discard might make able (`could_pay_by_discarding`)."""
    expedition = state.expedition
    if expedition is None:
        return ()
    return tuple(seat for seat in opponents_in_order(state, expedition.climber)
                 if tag_along_sets(state, seat) or could_pay_by_discarding(state, seat))
