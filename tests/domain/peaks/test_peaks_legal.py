"""`legal_commands` lists exactly what `decide` accepts: each rule is written once and used by both
(STYLE.md: legal_commands and decide share their predicates).

Every command of a canonical universe (ids in the data's order, companions in mat order, equipment in
board order) is tried on every state of played games; those accepted must be those listed.
"""

from __future__ import annotations

import itertools

import pytest

from domain.core import Command, IllegalCommand, SeatConfig, Table, decision_rng
from domain.games.peaks import SPEC, cards
from domain.games.peaks.commands import (
    AcceptOffer,
    BringCompanions,
    CallForTagAlongs,
    ClaimActionBonus,
    Climb,
    Decline,
    DeclineReward,
    DiscardBonusCard,
    GainEquipment,
    GainMountain,
    GainReward,
    KeepCompanion,
    OfferEquipment,
    PlaceCharacter,
    Prepare,
    RejectOffer,
    Rest,
    StayBehind,
    TagAlong,
    Travel,
    UpgradeAction,
)
from domain.games.peaks.state import State, StepKind

REWARDS = ("experience", "flag", "bonus", "companion", "stamina_level", "upgrade", "stamina")


def subsets(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [combo for size in range(len(items) + 1) for combo in itertools.combinations(items, size)]


def universe(state: State, seat: int) -> list[Command]:
    """Every command worth trying from `seat` now, in canonical form."""
    board, player = cards.board(), state.players[seat]
    mat = tuple(slot.companion for slot in player.companions)
    choosing = state.steps and state.steps[0].kind is StepKind.CHOOSE_COMPANION
    drawn = dict.fromkeys([*(state.steps[0].cards if choosing else ()), *list(cards.companions())[:2]])
    mountains = dict.fromkeys([*player.mountains, *(m for m in state.supply.display if m)])
    return [
        *(PlaceCharacter(continent=c) for c in board.continents),
        *(DiscardBonusCard(card=card) for card in cards.bonus_cards()),
        Rest(choice="level"), Rest(choice="gain"), Prepare(),
        *(Climb(mountain=m, side=side) for m in mountains for side in ("left", "right")),  # type: ignore[arg-type]
        *(GainMountain(source="display", slot=slot) for slot in range(board.display_size)),
        GainMountain(source="A"), GainMountain(source="B"),
        *(GainEquipment(equipment=kind) for kind in board.equipment),
        *(Travel(continent=c) for c in board.continents),
        *(KeepCompanion(companion=card, replace=old) for card in drawn for old in (None, *mat) if old != card),
        *(UpgradeAction(action=a, part=p) for a in cards.ACTIONS for p in ("dial", "tile")),  # type: ignore[arg-type]
        *(BringCompanions(companions=s) for s in subsets(mat)),
        *(OfferEquipment(to_seat=to, equipment=kit) for to in range(state.seats)
          for kit in subsets(board.equipment) if kit),  # an empty offer is malformed: test_peaks_arguments.py
        AcceptOffer(), RejectOffer(), CallForTagAlongs(), StayBehind(),
        *(TagAlong(companions=s) for s in subsets(mat)),
        *(ClaimActionBonus(choice=c) for c in ("stamina_level", "upgrade", "experience", "flag")),  # type: ignore[arg-type]
        Decline(),
        *(GainReward(reward=kind) for kind in REWARDS), *(DeclineReward(reward=kind) for kind in REWARDS),  # type: ignore[arg-type]
    ]


def accepted(table: Table, seat: int, command: Command) -> bool:
    try:
        SPEC.decide(table.state, seat, command, decision_rng(table.seed, table.version))
    except IllegalCommand:
        return False
    return True


@pytest.mark.parametrize("rules_version", SPEC.rules_versions)
@pytest.mark.parametrize(("seed", "levels"), [("drift-e", ["guide"] * 4),  # travel, offers, companions
                                              ("drift-f", ["random"] * 5)])  # offers answered both ways
def test_the_commands_decide_accepts_are_exactly_those_listed(seed: str, levels: list[str], rules_version: int) -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(len(levels))], {},
                                   rules_version=rules_version)
    table = Table(SPEC, config, seed)
    while not table.finished:
        seat = min(SPEC.to_act(table.state))
        listed = SPEC.legal_commands(table.state, seat)
        assert len(set(listed)) == len(listed)
        assert {c for c in universe(table.state, seat) if accepted(table, seat, c)} == set(listed)
        table.submit(seat, table.bot_command(seat, levels[seat]))
