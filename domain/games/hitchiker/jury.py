"""The table as jury: Smashville's singing contest and the Bad Rides that ask for a judgment.

Rulebook: Smashville (the other players judge); BAD RIDES (the other players are
the jury and decisions should be unanimous). The hitchiker addresses the jury,
then every other player votes at once; votes stay secret until the last one is in,
and only a unanimous approval favours the hitchiker.
"""

from __future__ import annotations

from domain.core import Command, InvalidCommand
from domain.games.hitchiker.badride import follow
from domain.games.hitchiker.board import BAD_RIDES
from domain.games.hitchiker.commands import AddressJury, Vote
from domain.games.hitchiker.events import JudgmentGiven, JuryAddressed, VoteCast
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.locations import SINGING_PRIZE
from domain.games.hitchiker.money import collect
from domain.games.hitchiker.state import Jury, Phase, State, clockwise_from

MAX_WORDS = 280
SAMPLE_WORDS = {
    "smashville": "(sings a couple of lines of an old country song)",
    "bad_ride": "(pleads the case to the table)",
}


def jurors(state: State, jury: Jury) -> tuple[int, ...]:
    return clockwise_from(state, jury.defendant)


def jurors_to_vote(state: State) -> tuple[int, ...]:
    if state.jury is None or state.phase is not Phase.JURY_VOTE:
        return ()
    voted = {seat for seat, _ in state.jury.votes}
    return tuple(seat for seat in jurors(state, state.jury) if seat not in voted)


def check_words(command: AddressJury) -> None:
    """Sing or plead in 1 to 280 characters (malformed words are refused whatever the game's moment).

    Raises:
        InvalidCommand: empty words, or more than 280 characters.
    """
    words = command.words.strip()
    if not words or len(words) > MAX_WORDS:
        raise InvalidCommand(f"args.words: say 1 to {MAX_WORDS} characters")


def address_refusal(state: State, seat: int, command: AddressJury) -> str | None:
    """The hitchiker speaks when a jury waits."""
    return None if state.phase is Phase.JURY_ADDRESS else "there is no jury to address"


def address(play: Play, seat: int, command: AddressJury) -> None:
    play.emit(JuryAddressed(seat=seat, words=command.words.strip()))


def address_choices(state: State, seat: int) -> list[Command]:
    subject = state.jury.subject if state.jury is not None else "bad_ride"
    return [AddressJury(words=SAMPLE_WORDS[subject])]


def vote_refusal(state: State, seat: int, command: Vote) -> str | None:
    """Each other player votes once on the hitchiker before the jury (those yet to vote act: `rules.to_act`)."""
    return None if state.phase is Phase.JURY_VOTE else "there is nothing to judge"


def vote(play: Play, seat: int, command: Vote) -> None:
    """Record a vote; with the last one, give the judgment and apply it."""
    play.emit(VoteCast(seat=seat, approve=command.approve))
    jury = play.state.jury
    assert jury is not None
    if jurors_to_vote(play.state):
        return
    approved = all(approve for _, approve in jury.votes)
    play.emit(JudgmentGiven(seat=jury.defendant, approved=approved, votes=jury.votes))
    if jury.subject == "smashville":
        if approved:
            collect(play, jury.defendant, SINGING_PRIZE, "smashville")
    elif jury.card is not None:
        effect = BAD_RIDES[jury.card].effect
        verdict = effect.approved if approved else effect.rejected
        if verdict is not None:
            follow(play, jury.defendant, verdict, jury.card)


def vote_choices(state: State, seat: int) -> list[Command]:
    return [Vote(approve=True), Vote(approve=False)]
