"""to_act, the one refusal predicate of each command, the candidates worth asking it about, and decide.

`decide` refuses with the same predicate the listing filters the candidates through
(domain/core/package.py), so the two never drift apart. It emits through
`domain.core.Emitter`: the rules after an event (the end of the game) read the state
it left, and the Decision it returns carries that state to the command cycle.
Rulebook: Turn Overview, Step Details, Activating Animals, Special Animals, Game
End, Area Scoring Variant.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal


from domain.core import Command, Decision, Emitter, InvalidCommand, Refusal, Rng, refuse
from domain.games.nanga_parbat.activations import (
    activation_candidates,
    activated,
    musk_deer_refusal,
    snow_leopard_refusal,
    tahr_refusal,
    yak_refusal,
)
from domain.games.nanga_parbat.board import (
    REGION_NUMBERS,
    SECTION_NUMBERS,
    Spot,
    region_indices,
    spot_of,
)
from domain.games.nanga_parbat.chart import COLUMNS
from domain.games.nanga_parbat.claims import (
    animals_traded,
    camps_built,
    camps_refusal,
    claim_candidates,
    trade_refusal,
)
from domain.games.nanga_parbat.commands import (
    ActivateMuskDeer,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateYak,
    BuildCamps,
    EndTurn,
    PlaceGuide,
    RelocateGuide,
    TradeDifferentAnimals,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.events import (
    AnimalsTraded,
    AnimalTrapped,
    CampsBuilt,
    GameEnded,
    GuideMoved,
    GuidePlaced,
    GuideRelocated,
    PointsScored,
    RegionScored,
    TurnEnded,
)
from domain.games.nanga_parbat.evolve import evolve
from domain.games.nanga_parbat.scoring import landing, region_awards, scores_of
from domain.games.nanga_parbat.state import SEATS, Animal, Phase, State, opponent

SECOND_PLAYER = 1


def to_act(state: State) -> frozenset[int]:
    """The seat that may act: the second player places the guide, then the active player."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.PLACE_GUIDE:
        return frozenset({SECOND_PLAYER})
    return frozenset({state.active})


def waiting(state: State, seat: int) -> str:
    """What the player whose turn it is not is told."""
    return "it is not your turn"


def has_animals(state: State, region: int) -> bool:
    """Whether any animal remains in `region`."""
    return any(isinstance(state.board[index], Animal) for index in region_indices(region))


def place_guide_refusal(state: State, seat: int, command: PlaceGuide) -> str | None:
    """Why the guide cannot be placed: it is placed once, before the first turn."""
    if state.phase is not Phase.PLACE_GUIDE:
        return "the guide is already on the mountain"
    return None


def relocate_refusal(state: State, seat: int, command: RelocateGuide) -> str | None:
    """Why the guide cannot be relocated: only from an empty region, before trapping, to one with an animal."""
    if state.phase is not Phase.TRAP:
        return "the guide is relocated only before trapping an animal"
    if state.guide is not None and has_animals(state, state.guide):
        return f"animals remain in the guide's region {state.guide}: trap one of them"
    if not has_animals(state, command.region):
        return f"region {command.region} has no animal left: relocate the guide to a region with at least one"
    return None


def trap_refusal(state: State, seat: int, command: TrapAnimal) -> str | None:
    """Why this animal cannot be trapped: one per turn, from the guide's region."""
    if state.phase is Phase.SCORE:
        return "you have already trapped an animal this turn"
    if state.phase is not Phase.TRAP:
        return "animals are trapped during your turn"
    if command.spot.region != state.guide:
        return f"trap an animal from the guide's region ({state.guide})"
    if not isinstance(state.board[command.spot.index], Animal):
        return f"there is no animal on section {command.spot}"
    return None


def end_turn_refusal(state: State, seat: int, command: EndTurn) -> str | None:
    """Why the turn cannot end yet: an animal must be trapped first."""
    if state.phase is not Phase.SCORE:
        return "trap an animal before ending your turn"
    return None


REFUSALS: dict[type[Command], Refusal] = {
    PlaceGuide: place_guide_refusal,
    RelocateGuide: relocate_refusal,
    TrapAnimal: trap_refusal,
    ActivateSnowLeopard: snow_leopard_refusal,
    ActivateTahr: tahr_refusal,
    ActivateMuskDeer: musk_deer_refusal,
    ActivateYak: yak_refusal,
    BuildCamps: camps_refusal,
    TradeDifferentAnimals: trade_refusal,
    TradeSameAnimals: trade_refusal,
    EndTurn: end_turn_refusal,
}


def refusal(state: State, seat: int, command: Command) -> str | None:
    """Why `seat` may not give `command` now, or None when the rules allow it."""
    return REFUSALS[type(command)](state, seat, command)


def decide(state: State, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `command` given by `seat`, carrying the state after them.

    Raises:
        InvalidCommand: not a Nanga Parbat command, or a region, section or column out of range.
        IllegalCommand: the rules forbid it now (`refusal`, the reason quotes the rule).
    """
    check_args(command)
    refuse(refusal(state, seat, command))
    emitter = Emitter(evolve, state)
    match command:
        case PlaceGuide(region=region):
            emitter.emit(GuidePlaced(seat=seat, region=region))
        case RelocateGuide(region=region):
            emitter.emit(GuideRelocated(seat=seat, from_region=state.guide or 0, region=region))
        case TrapAnimal():
            _trap(emitter, seat, command)
        case BuildCamps():
            _claim(emitter, seat, camps_built(seat, command))
        case TradeDifferentAnimals() | TradeSameAnimals():
            _claim(emitter, seat, animals_traded(state, seat, command))
        case EndTurn() if out_of_hikers(state):  # the last turn, gone on past its trap (State.whole_last_turn)
            end_game(emitter, "hikers")
        case EndTurn():
            emitter.emit(TurnEnded(seat=seat))
        case _:
            emitter.emit(activated(state, seat, command))
    return emitter.decision()


def check_args(command: Command) -> None:
    """A command names regions and sections 1 to 6 and columns 1 to 5 (a well-typed one may be off the board).

    Raises:
        InvalidCommand: not a Nanga Parbat command, or a region, section or column out of range.
    """
    if type(command) not in REFUSALS:
        raise InvalidCommand(f"{type(command).__name__} is not a Nanga Parbat command")
    for name in command.__struct_fields__:  # the names alone: msgspec's fields() resolves every annotation anew
        value = getattr(command, name)
        for spot in value if isinstance(value, tuple) else (value,):
            if isinstance(spot, Spot) and (spot.region not in REGION_NUMBERS or spot.section not in SECTION_NUMBERS):
                raise InvalidCommand(f"args.{name}: region and section are 1 to 6")
        if name == "region" and value not in REGION_NUMBERS:
            raise InvalidCommand("args.region: regions are 1 to 6")
        if name == "column" and value not in COLUMNS:
            raise InvalidCommand("args.column: columns are 1 to 5")


def _trap(emitter: Emitter[State], seat: int, command: TrapAnimal) -> None:
    """Steps 1-3: trap, a hiker replaces the animal, the guide moves; the red panda may score 1."""
    before = emitter.state
    animal = before.board[command.spot.index]
    assert isinstance(animal, Animal)
    emitter.emit(AnimalTrapped(seat=seat, spot=command.spot, animal=animal))
    scores = scores_of(before)
    if animal is Animal.RED_PANDA and scores[seat] <= scores[opponent(seat)]:
        reached = landing(scores, seat, 1)
        emitter.emit(PointsScored(seat=seat, points=1, score=reached.score, bumped=reached.bumped,
                                  reason="red_panda"))
    emitter.emit(GuideMoved(from_region=before.guide or 0, region=command.spot.section))
    if out_of_hikers(emitter.state) and not emitter.state.whole_last_turn:
        end_game(emitter, "hikers")


def out_of_hikers(state: State) -> bool:
    """Both players have placed all 15 hikers: the end (Game End), at that trap or, with a whole last turn, at the
    turn's end."""
    return all(state.expeditions[each].hikers == 0 for each in SEATS)


def _claim(emitter: Emitter[State], seat: int, claim: CampsBuilt | AnimalsTraded) -> None:
    """A claim, the points it moves the player along the path, and the end if all cubes are placed."""
    reached = landing(scores_of(emitter.state), seat, claim.points)
    emitter.emit(claim, PointsScored(seat=seat, points=claim.points, score=reached.score, bumped=reached.bumped,
                                     reason="chart"))
    if all(emitter.state.expeditions[each].cubes == 0 for each in SEATS):
        end_game(emitter, "cubes")


def end_game(emitter: Emitter[State], reason: Literal["hikers", "cubes"]) -> None:
    """The end of the game: Area Scoring region by region when it is played, then the final scores."""
    if emitter.state.area_scoring:
        for award in region_awards(emitter.state):
            reached = landing(scores_of(emitter.state), award.seat, award.points)
            emitter.emit(RegionScored(region=award.region, seat=award.seat, pieces=award.pieces,
                                      points=award.points, score=reached.score, bumped=reached.bumped))
    emitter.emit(GameEnded(reason=reason, scores=scores_of(emitter.state)))


def candidates(state: State, seat: int) -> Iterator[Command]:
    """Every command worth checking for `seat` now, in the order the legal list shows them."""
    if state.phase is Phase.PLACE_GUIDE:
        yield from (PlaceGuide(region=region) for region in REGION_NUMBERS)
        return
    if state.phase is Phase.TRAP and state.guide is not None:
        yield from (TrapAnimal(spot=spot_of(index)) for index in region_indices(state.guide))
        yield from (RelocateGuide(region=region) for region in REGION_NUMBERS)
    yield from claim_candidates(state, seat)
    yield from activation_candidates(state, seat)
    if state.phase is Phase.SCORE:
        yield EndTurn()

