"""The casino floor: the hitchiker who lands, as the Dealer, chooses ONE game (from rules version 2 the
Dealer "may" choose, so may also decline: RULINGS.md, Rules version 2).

Rulebook: CASINOS.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.casino.blackjack import open_blackjack
from domain.games.hitchiker.casino.craps import play_craps
from domain.games.hitchiker.casino.holdem import open_holdem
from domain.games.hitchiker.commands import ChooseCasinoGame, DeclineCasinoGame
from domain.games.hitchiker.events import CasinoDeclined, CasinoEntered, CasinoGameChosen
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.guards import require, require_phase
from domain.games.hitchiker.state import CHOICES_VERSION, CasinoGame, Phase, State


def land_on_casino(play: Play, seat: int, location: int) -> None:
    play.emit(CasinoEntered(seat=seat, location=location))


def check_choose_game(state: State, seat: int, command: ChooseCasinoGame) -> None:
    """The Dealer chooses one game on landing.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.CASINO_CHOICE, "you choose a casino game when you land on a CASINO")


def choose_game(play: Play, seat: int, command: ChooseCasinoGame) -> None:
    play.emit(CasinoGameChosen(seat=seat, game=command.game))
    if command.game is CasinoGame.CRAPS:
        play_craps(play, seat)
    elif command.game is CasinoGame.BLACKJACK:
        open_blackjack(play, seat)
    else:
        open_holdem(play, seat)


def check_decline_game(state: State, seat: int, command: DeclineCasinoGame) -> None:
    """From rules version 2 the Dealer may play none of the games.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.CASINO_CHOICE, "you decline the casino when you land on a CASINO")
    require(state.rules_version >= CHOICES_VERSION,
            "under rules version 1, the Dealer must choose one of the casino's games")


def decline_game(play: Play, seat: int, command: DeclineCasinoGame) -> None:
    play.emit(CasinoDeclined(seat=seat, location=play.state.casino_location or 0))


def game_choices(state: State, seat: int) -> list[Command]:
    return [*(ChooseCasinoGame(game=game) for game in CasinoGame), DeclineCasinoGame()]
