"""One line of human-readable text per event, for timelines."""

from __future__ import annotations

from domain.core import Event, GameCreated
from domain.core.wording import UNTOLD, Names, listed, seat_name, seat_names
from domain.games.peaks import cards
from domain.games.peaks import events as ev


def _mountain(mountain_id: str) -> str:
    card = cards.mountains().get(mountain_id)
    return card.name if card else mountain_id


def _companion(companion_id: str) -> str:
    card = cards.companions().get(companion_id)
    return card.name if card else companion_id


def _continent(continent: str) -> str:
    return cards.board().continent_names.get(continent, continent)


def _kit(kit: tuple[str, ...]) -> str:
    """Equipment by its printed names: 'ice axe and rope'."""
    return listed([cards.board().equipment_names.get(kind, kind) for kind in kit])


#: What anyone may be told of a hidden event before the game ends (domain.core.wording.hidden_line).
HIDDEN_LINES = {
    "DeckShuffled": "A deck was shuffled",
    "BonusCardDrawn": "{holder} gained a bonus card",
}


def describe(event: Event, names: Names = ()) -> str:
    """A one-line text for a timeline, the seats called by their `names` (hidden card names stay out of hidden
    events' text)."""

    def _seat(seat: int) -> str:
        return seat_name(names, seat)

    match event:
        case GameCreated(seats=seats):
            return f"A game of Peaks for {len(seats)} players was created"
        case ev.DeckShuffled(deck=deck, order=order):
            return f"The {deck} deck was shuffled ({len(order)} cards)"
        case ev.DisplayDealt(display=display):
            return "The display was dealt: " + ", ".join(_mountain(m) for m in display)
        case ev.StartingMountainsDealt(mountains=mountains):
            return "Starting mountains were dealt: " + ", ".join(_mountain(m) for m in mountains)
        case ev.CharacterPlaced(seat=seat, continent=c):
            return f"{_seat(seat)} placed their character in {_continent(c)}"
        case ev.BonusCardDiscarded(seat=seat, card=card):
            return f"{_seat(seat)} discarded the bonus card {cards.bonus_cards()[card].name} for its bonus"
        case ev.ActionChosen(seat=seat, action="climb", mountain=m, side=side):
            return f"{_seat(seat)} chose to climb {_mountain(m)} for its {side} rewards"
        case ev.ActionChosen(seat=seat, action=action):
            return f"{_seat(seat)} chose the {action} action"
        case ev.MountainGained(seat=seat, mountain=m, source=source):
            where = "the display" if source == "display" else f"the top of the {source} deck"
            return f"{_seat(seat)} gained {_mountain(m)} from {where}"
        case ev.DisplayRefilled(discarded=discarded, display=display):
            gone = f"{_mountain(discarded)} was discarded; " if discarded else ""
            return f"{gone}the display now shows " + ", ".join(_mountain(m) for m in display)
        case ev.EquipmentGained(seat=seat, equipment=kind):
            return f"{_seat(seat)} gained {cards.board().equipment_names.get(kind, kind)}"
        case ev.Travelled(seat=seat, continent=c):
            return f"{_seat(seat)} travelled to {_continent(c)}"
        case ev.CompanionsDrawn(seat=seat, cards=drawn):
            return f"{_seat(seat)} drew the companions " + " and ".join(_companion(c) for c in drawn)
        case ev.CompanionKept(seat=seat, companion=c, replaced=r):
            return f"{_seat(seat)} kept {_companion(c)}" + (f" in place of {_companion(r)}" if r else "")
        case ev.CompanionsDiscarded(seat=seat):
            return f"{_seat(seat)} discarded the companions drawn"
        case ev.BonusCardDrawn(seat=seat):
            return f"{_seat(seat)} gained a bonus card"
        case ev.ActionUpgraded(seat=seat, action=action, part=part):
            verb = "rotated the dial" if part == "dial" else "slid up a tile"
            return f"{_seat(seat)} {verb} of their {action} action"
        case ev.FlagsPlaced(seat=seat, continent=c, count=n):
            return f"{_seat(seat)} placed {n} flag{'s' if n != 1 else ''} in {_continent(c)}"
        case ev.ExperienceGained(seat=seat, amount=n):
            return f"{_seat(seat)} gained {n} experience"
        case ev.StaminaLevelRaised(seat=seat, amount=n):
            return f"{_seat(seat)} raised their stamina level by {n}"
        case ev.StaminaGained(seat=seat, amount=n):
            return f"{_seat(seat)} gained {n} stamina"
        case ev.DecksSwapped(seat=seat):
            return f"{_seat(seat)} reached stamina level 12 first: the B deck now refills the display"
        case ev.StepDeclined(seat=seat, step=step):
            return f"{_seat(seat)} declined: {step.value.replace('_', ' ')}"
        case ev.StepSkipped(seat=seat, step=step):
            return f"Nothing to gain for {_seat(seat)}: {step.value.replace('_', ' ')}"
        case ev.CompanionsBrought(seat=seat, companions=cs):
            return f"{_seat(seat)} brought " + (", ".join(_companion(c) for c in cs) if cs else "no companions")
        case ev.EquipmentOffered(seat=seat, to_seat=to_seat, equipment=kit):
            return f"{_seat(seat)} offered to pay {_kit(kit)} for {_seat(to_seat)} to tag along"
        case ev.OfferAnswered(seat=seat, accepted=accepted):
            return f"{_seat(seat)} {'accepted' if accepted else 'rejected'} the offer"
        case ev.TagAlongsCalled(seat=seat, asked=asked):
            return f"Asked to tag along on {_seat(seat)}'s climb: " + seat_names(names, asked, "nobody can")
        case ev.TaggedAlong(seat=seat):
            return f"{_seat(seat)} tagged along"
        case ev.StayedBehind(seat=seat):
            return f"{_seat(seat)} stayed behind"
        case ev.ClimbPaid(seat=seat, stamina=stamina, equipment=kit):
            return f"{_seat(seat)} paid {stamina} stamina" + (f" and {_kit(kit)}" if kit else "")
        case ev.DangerRolled(seat=seat, rolls=rolls, danger=danger):
            return (f"{_seat(seat)} rolled the danger die: {', '.join(map(str, rolls))}: "
                    + ("danger! green rewards are lost" if danger else "safe"))
        case ev.ClimbResolved(seat=seat, mountain=m, party=party):
            return f"{_seat(seat)} summited {_mountain(m)} with {len(party) - 1} tagging along"
        case ev.ActionBonusClaimed(seat=seat, action=action, choice=choice):
            return f"{_seat(seat)} cleared their tokens for the {action} bonus: {choice.replace('_', ' ')}"
        case ev.TurnEnded(seat=seat, next_seat=nxt):
            return f"{_seat(seat)}'s turn ended; {_seat(nxt)} is next"
        case ev.BonusCardsRevealed(seat=seat, cards=shown):
            revealed = ", ".join(cards.bonus_cards()[c].name for c in shown) or "none"
            return f"{_seat(seat)} revealed fulfilled bonus cards: {revealed}"
        case ev.FinalFlagsPlaced(seat=seat, majorities=m, every_continent=e, stamina_level=s, experience=x, upgrades=u):
            return f"{_seat(seat)} placed {len(m) + e + s + x + u} end-game flags"
        case ev.RewardTaken(seat=seat, reward=reward, count=n):
            return f"{_seat(seat)} took {n} {reward.replace('_', ' ')} from the climb"
        case ev.RewardDeclined(seat=seat, reward=reward, count=n):
            return f"{_seat(seat)} declined {n} {reward.replace('_', ' ')} from the climb"
        case ev.BackingAsked(seat=seat, mountain=m, missing=kit, asked=asked):
            who = seat_names(names, asked)
            return f"{_seat(seat)} wants to climb {_mountain(m)} and asks {who} to pay its {_kit(kit)}"
        case ev.ClimbBacked(seat=seat, to_seat=to_seat, equipment=kit):
            return f"{_seat(seat)} agreed to pay {_kit(kit)} for {_seat(to_seat)}'s climb"
        case ev.ClimbUnbacked(seat=seat, mountain=m):
            return f"Nobody covered {_seat(seat)}'s equipment for {_mountain(m)}: they choose another action"
        case ev.BackingPaid(seat=seat, to_seat=to_seat, equipment=kit):
            return f"{_seat(seat)} paid {_kit(kit)} for {_seat(to_seat)}'s climb"
        case ev.GameEnded(reason=reason):
            return f"The game ended: {reason}"
    return UNTOLD
