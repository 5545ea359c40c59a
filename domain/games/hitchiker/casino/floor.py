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
from domain.games.hitchiker.state import CHOICES_VERSION, CasinoGame, Phase, State


def land_on_casino(play: Play, seat: int, location: int) -> None:
    play.emit(CasinoEntered(seat=seat, location=location))


def choose_game_refusal(state: State, seat: int, command: ChooseCasinoGame) -> str | None:
    """The Dealer chooses one game on landing."""
    return None if state.phase is Phase.CASINO_CHOICE else "you choose a casino game when you land on a CASINO"


def choose_game(play: Play, seat: int, command: ChooseCasinoGame) -> None:
    play.emit(CasinoGameChosen(seat=seat, game=command.game))
    if command.game is CasinoGame.CRAPS:
        play_craps(play, seat)
    elif command.game is CasinoGame.BLACKJACK:
        open_blackjack(play, seat)
    else:
        open_holdem(play, seat)


def decline_game_refusal(state: State, seat: int, command: DeclineCasinoGame) -> str | None:
    """From rules version 2 the Dealer may play none of the games."""
    if state.phase is not Phase.CASINO_CHOICE:
        return "you decline the casino when you land on a CASINO"
    if state.rules_version < CHOICES_VERSION:
        return "under rules version 1, the Dealer must choose one of the casino's games"
    return None


def decline_game(play: Play, seat: int, command: DeclineCasinoGame) -> None:
    play.emit(CasinoDeclined(seat=seat, location=play.state.casino_location or 0))


def game_choices(state: State, seat: int) -> list[Command]:
    return [*(ChooseCasinoGame(game=game) for game in CasinoGame), DeclineCasinoGame()]
