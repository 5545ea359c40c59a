"""The miscellaneous locations, listed from the top right of the board going clockwise.

Rulebook: MISCELLANEOUS LOCATIONS. Every roll they call for is made at once and
recorded in a `DiceRolled`.
"""

from __future__ import annotations

from domain.games.hitchiker.amounts import bills
from domain.games.hitchiker.events import (
    ContrabandLost,
    ContrabandReceived,
    DiceRolled,
    JuryCalled,
    SavingsSeized,
    StuckInRemindya,
)
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.money import collect, die, lose_cash, poorest_other

ENERGY_REBATE_PER_PIP = 10_000
LIE_N_SIN_JACKPOT = 1_000_000
LIE_N_SIN_STING_SHARE = 2  # the sting (`lie_n_sin_sting`; version 2): half the Travelling Cash
SINGING_PRIZE = 50_000
SHARK_ROLLS = (7, 11)
TORTLAND_PER_PIP = 20_000


def _roll(play: Play, seat: int, purpose: str) -> tuple[int, ...]:
    dice = play.roll()
    play.emit(DiceRolled(seat=seat, dice=dice, purpose=purpose))
    return dice


def energy_rebate(play: Play, seat: int, location: int) -> None:
    """la capacité de production énorme: $10,000 times both dice."""
    collect(play, seat, ENERGY_REBATE_PER_PIP * sum(_roll(play, seat, "energy_rebate")), "energy_rebate")


def twister_city(play: Play, seat: int, location: int) -> None:
    """All your Contraband blows away to the player on your right."""
    units = play.player(seat).contraband
    if units > 0:
        right = (seat - 1) % play.state.seats
        play.emit(ContrabandLost(seat=seat, payee=right, units=units, reason="twister_city"))


def lie_n_sin(play: Play, seat: int, location: int) -> None:
    """Doubles win $1,000,000, any other roll nothing (Lie N' Sin D.C.). With the sting (the `lie_n_sin_sting`
    option; always under rules version 2) any other roll is the Deception Corporation's sting: half the
    Travelling Cash, rounded down to bills, goes to the bank (a loss of a share, never an obligation)."""
    dice = _roll(play, seat, "lie_n_sin")
    if dice[0] == dice[1]:
        collect(play, seat, LIE_N_SIN_JACKPOT, "lie_n_sin")
    elif play.state.lie_n_sin_sting:
        lose_cash(play, seat, bills(play.player(seat).cash // LIE_N_SIN_STING_SHARE), None, "lie_n_sin_sting")


def smashville(play: Play, seat: int, location: int) -> None:
    """Sing for $50,000: the other players judge (jury.py pays the prize)."""
    play.emit(JuryCalled(seat=seat, subject="smashville", card=None))


def corpus_risky(play: Play, seat: int, location: int) -> None:
    """A 7 or an 11 and you die in a shark attack."""
    if sum(_roll(play, seat, "corpus_risky")) in SHARK_ROLLS:
        die(play, seat, "shark attack")


def smell_gaso(play: Play, seat: int, location: int) -> None:
    """One free Unit of Contraband times both dice."""
    units = sum(_roll(play, seat, "smell_gaso"))
    play.emit(ContrabandReceived(seat=seat, units=units, reason="smell_gaso"))


def tortland(play: Play, seat: int, location: int) -> None:
    """D.B. Cooper's ransom: $20,000 times both dice."""
    collect(play, seat, TORTLAND_PER_PIP * sum(_roll(play, seat, "tortland")), "tortland")


def fort_mcslurry(play: Play, seat: int, location: int) -> None:
    """Carbon credits: half your savings to the player with the least Travelling Cash."""
    half = bills(play.player(seat).savings // 2)
    if half > 0:
        play.emit(SavingsSeized(seat=seat, payee=poorest_other(play.state, seat), amount=half,
                                reason="fort_mcslurry"))


def remindya(play: Play, seat: int, location: int) -> None:
    """Stuck here until an odd roll (turn.py moves the odd roll)."""
    play.emit(StuckInRemindya(seat=seat, location=location))
