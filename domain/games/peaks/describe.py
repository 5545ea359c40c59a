"""One line of human-readable text per event, for timelines."""

from __future__ import annotations

from domain.core import Event, GameCreated
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


def describe(event: Event) -> str:
    """A one-line text for a timeline (hidden card names stay out of hidden events' text)."""
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
            return f"Seat {seat} placed their character in {_continent(c)}"
        case ev.BonusCardDiscarded(seat=seat, card=card):
            return f"Seat {seat} discarded the bonus card {cards.bonus_cards()[card].name} for its bonus"
        case ev.ActionChosen(seat=seat, action="climb", mountain=m, side=side):
            return f"Seat {seat} chose to climb {_mountain(m)} for its {side} rewards"
        case ev.ActionChosen(seat=seat, action=action):
            return f"Seat {seat} chose the {action} action"
        case ev.MountainGained(seat=seat, mountain=m, source=source):
            where = "the display" if source == "display" else f"the top of the {source} deck"
            return f"Seat {seat} gained {_mountain(m)} from {where}"
        case ev.DisplayRefilled(discarded=discarded, display=display):
            gone = f"{_mountain(discarded)} was discarded; " if discarded else ""
            return f"{gone}the display now shows " + ", ".join(_mountain(m) for m in display)
        case ev.EquipmentGained(seat=seat, equipment=kind):
            return f"Seat {seat} gained {cards.board().equipment_names.get(kind, kind)}"
        case ev.Travelled(seat=seat, continent=c):
            return f"Seat {seat} travelled to {_continent(c)}"
        case ev.CompanionsDrawn(seat=seat, cards=drawn):
            return f"Seat {seat} drew the companions " + " and ".join(_companion(c) for c in drawn)
        case ev.CompanionKept(seat=seat, companion=c, replaced=r):
            return f"Seat {seat} kept {_companion(c)}" + (f" in place of {_companion(r)}" if r else "")
        case ev.CompanionsDiscarded(seat=seat):
            return f"Seat {seat} discarded the companions drawn"
        case ev.BonusCardDrawn(seat=seat):
            return f"Seat {seat} gained a bonus card"
        case ev.ActionUpgraded(seat=seat, action=action, part=part):
            verb = "rotated the dial" if part == "dial" else "slid up a tile"
            return f"Seat {seat} {verb} of their {action} action"
        case ev.FlagsPlaced(seat=seat, continent=c, count=n):
            return f"Seat {seat} placed {n} flag{'s' if n != 1 else ''} in {_continent(c)}"
        case ev.ExperienceGained(seat=seat, amount=n):
            return f"Seat {seat} gained {n} experience"
        case ev.StaminaLevelRaised(seat=seat, amount=n):
            return f"Seat {seat} raised their stamina level by {n}"
        case ev.StaminaGained(seat=seat, amount=n):
            return f"Seat {seat} gained {n} stamina"
        case ev.DecksSwapped(seat=seat):
            return f"Seat {seat} reached stamina level 12 first: the B deck now refills the display"
        case ev.StepDeclined(seat=seat, step=step):
            return f"Seat {seat} declined: {step.value.replace('_', ' ')}"
        case ev.StepSkipped(seat=seat, step=step):
            return f"Nothing to gain for seat {seat}: {step.value.replace('_', ' ')}"
        case ev.CompanionsBrought(seat=seat, companions=cs):
            return f"Seat {seat} brought " + (", ".join(_companion(c) for c in cs) if cs else "no companions")
        case ev.EquipmentOffered(seat=seat, to_seat=to_seat, equipment=kit):
            return f"Seat {seat} offered to pay {', '.join(kit)} for seat {to_seat} to tag along"
        case ev.OfferAnswered(seat=seat, accepted=accepted):
            return f"Seat {seat} {'accepted' if accepted else 'rejected'} the offer"
        case ev.TagAlongsCalled(asked=asked):
            return "Asked to tag along: " + (", ".join(f"seat {s}" for s in asked) if asked else "nobody can")
        case ev.TaggedAlong(seat=seat):
            return f"Seat {seat} tagged along"
        case ev.StayedBehind(seat=seat):
            return f"Seat {seat} stayed behind"
        case ev.ClimbPaid(seat=seat, stamina=stamina, equipment=kit):
            return f"Seat {seat} paid {stamina} stamina" + (f" and {', '.join(kit)}" if kit else "")
        case ev.DangerRolled(rolls=rolls, danger=danger):
            return f"Danger die rolled {list(rolls)}: " + ("danger! green rewards are lost" if danger else "safe")
        case ev.ClimbResolved(seat=seat, mountain=m, party=party):
            return f"Seat {seat} summited {_mountain(m)} with {len(party) - 1} tagging along"
        case ev.ActionBonusClaimed(seat=seat, action=action, choice=choice):
            return f"Seat {seat} cleared their tokens for the {action} bonus: {choice.replace('_', ' ')}"
        case ev.TurnEnded(seat=seat, next_seat=nxt):
            return f"Seat {seat}'s turn ended; seat {nxt} is next"
        case ev.BonusCardsRevealed(seat=seat, cards=shown):
            names = ", ".join(cards.bonus_cards()[c].name for c in shown) or "none"
            return f"Seat {seat} revealed fulfilled bonus cards: {names}"
        case ev.FinalFlagsPlaced(seat=seat, majorities=m, every_continent=e, stamina_level=s, experience=x, upgrades=u):
            return f"Seat {seat} placed {len(m) + e + s + x + u} end-game flags"
        case ev.RewardTaken(seat=seat, reward=reward, count=n):
            return f"Seat {seat} took {n} {reward.replace('_', ' ')} from the climb"
        case ev.RewardDeclined(seat=seat, reward=reward, count=n):
            return f"Seat {seat} declined {n} {reward.replace('_', ' ')} from the climb"
        case ev.BackingAsked(seat=seat, mountain=m, missing=kit, asked=asked):
            who = ", ".join(f"seat {s}" for s in asked)
            return f"Seat {seat} wants to climb {_mountain(m)} and asks {who} to pay its {', '.join(kit)}"
        case ev.ClimbBacked(seat=seat, to_seat=to_seat, equipment=kit):
            return f"Seat {seat} agreed to pay {', '.join(kit)} for seat {to_seat}'s climb"
        case ev.ClimbUnbacked(seat=seat, mountain=m):
            return f"Nobody covered seat {seat}'s equipment for {_mountain(m)}: they choose another action"
        case ev.BackingPaid(seat=seat, to_seat=to_seat, equipment=kit):
            return f"Seat {seat} paid {', '.join(kit)} for seat {to_seat}'s climb"
        case ev.GameEnded(reason=reason):
            return f"The game ended: {reason}"
    return event.TYPE
