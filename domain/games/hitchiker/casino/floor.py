"""The casino floor: the hitchiker who lands, as the Dealer, chooses ONE game.

Rulebook: CASINOS.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.casino.blackjack import open_blackjack
from domain.games.hitchiker.casino.craps import play_craps
from domain.games.hitchiker.casino.holdem import open_holdem
from domain.games.hitchiker.commands import ChooseCasinoGame
from domain.games.hitchiker.events import CasinoEntered, CasinoGameChosen
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.guards import require_phase
from domain.games.hitchiker.state import CasinoGame, Phase, State


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


def game_choices(state: State, seat: int) -> list[Command]:
    return [ChooseCasinoGame(game=game) for game in CasinoGame]
