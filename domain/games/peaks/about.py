"""Peaks described to client developers: the rules in our own words, each with its rulebook section.

Numbers come from the data files, so the summary says what the game plays. Sections are the rulebook's
headings (`../shared/rules/peaks.md`, "HEADING > sub-heading") or a ruling of data/RULINGS.md where the
book leaves the matter open. The catalog, the view schema and the labels (with the ranges) live beside
this module (catalog.py, view_schema.py, labels.py).
"""

from __future__ import annotations

from domain.core import Rule
from domain.games.peaks import cards


def _rules() -> tuple[Rule, ...]:
    mat, board = cards.mat(), cards.board()
    rest, prepare, climb = (mat.actions[action] for action in cards.ACTIONS)
    scoring = board.end_scoring

    def steps(table: list[list[int]]) -> str:
        return "/".join(str(least) for least, _ in table)

    return (
        Rule("GAME END", "You are a mountaineer placing flags in the seven continents by climbing their mountains; "
                         "at the end the player with the most flags (on the board, from the end-game steps and "
                         "from revealed bonus cards) wins."),
        Rule("GLOBAL SETUP", f"The A ({len(cards.deck_of('A'))}) and B ({len(cards.deck_of('B'))}) mountain decks, "
                             f"the {len(cards.companion_deck())} companions and the {len(cards.bonus_cards())} bonus cards "
                             f"are shuffled face down; {board.display_size} A mountains are dealt face up to the "
                             "display."),
        Rule("PLAYER SETUP", f"Each seat starts with {mat.start_stamina} stamina, stamina level "
                             f"{mat.start_stamina_level}, no experience or equipment, every dial and tile at the "
                             "bottom, and one A mountain; the mountains a player holds are public."),
        Rule("RULINGS.md: Character", "Before the first turn every seat places its character in a continent of its "
                                      "choice (PlaceCharacter), in any order; then seat 0 starts and the turn passes "
                                      "to the next seat."),
        Rule("PLAYER SETUP", "On your turn you take exactly one action, rest, prepare or climb, and place a player "
                             "token on it; the action's dial and its tiles slid up decide how much it does."),
        Rule("REWARDS > BONUS CARD", "You may discard bonus cards from your hand (DiscardBonusCard, one per "
                                     "command) for the discard bonus printed on each: stamina, experience or one "
                                     "equipment of a type; from rules version 2 at any choice you are asked to make, "
                                     "also on another player's turn (say, to afford a tag-along: a seat that could "
                                     "tag along after discarding is asked), under version 1 only before your action. "
                                     "From rules version 3 who is asked is decided by the number of cards a seat "
                                     "holds, never which: every seat that some hand of that size might let tag "
                                     "along is asked, and stays behind if its own cards cannot pay."),
        Rule("REST > Gain stamina up to your stamina level or gain 2 stamina",
             f"Rest either brings your stamina up to your stamina level (Rest choice 'level') or adds the number "
             f"on your rest dial, {rest.dial[0]} at first (choice 'gain'); stamina may end above the level."),
        Rule("PREPARE > 1. Gain 1 mountain", "Prepare first gains a mountain (GainMountain): the face-up card in a "
                                             "display slot (0 is the leftmost) or the face-down top card of the A "
                                             "or B deck. Boby, taken in the book's example, is Pic Boby, an A "
                                             "mountain, from rules version 3."),
        Rule("PREPARE > 2. Discard the mountain in the leftmost slot (if any) and replenish",
             "Then the card left in the leftmost slot, if any, is discarded, the others slide left and the display "
             f"is refilled from the A deck, or from the B deck once any stamina level has reached "
             f"{board.b_deck_stamina_level}."),
        Rule("PREPARE > 3. Gain up to 0 equipment",
             f"Last, you may gain as many equipment as your prepare dial shows ({prepare.dial[0]} until upgraded), "
             f"one GainEquipment each; the types are camping equipment, ice axe and rope, at most "
             f"{mat.equipment_max} of each."),
        Rule("CLIMB > 1. Choose 1 of your mountains and either its left or right rewards",
             "Climb names one of your mountains and the side (left or right) of rewards you want; you may choose "
             "it only if you can meet its stamina, acclimatisation and equipment requirements, with some of your "
             "companions if need be, or (rules version 2) if opponents between them hold the equipment you lack."),
        Rule("REQUIREMENTS", "Everyone on a climb travels to the mountain's continent and pays its whole stamina "
                             "cost and one of each equipment type it shows; a mountain marked acclimatisation can "
                             "only be climbed by those already standing in its continent."),
        Rule("REQUIREMENTS > EXPERIENCE", "Experience is met together by everyone on the climb and every companion "
                                          "brought; for each point short the climber rolls the danger die (one face "
                                          "in six is danger) and any danger cancels everyone's green-underlined "
                                          "rewards."),
        Rule("COMPANIONS", f"The climber then brings any of their companions (BringCompanions; a mat holds "
                           f"{mat.companion_slots}): each adds its experience and gives its owner its ability, and "
                           "loses one use; one at 0 uses is discarded after the climb."),
        Rule("OTHER IMPORTANT NOTES > NEGOTIATION", "The climber may offer each opponent once to pay part of the "
                                                    "mountain's equipment for them (OfferEquipment); the opponent "
                                                    "answers at once (AcceptOffer or RejectOffer) and an accepted "
                                                    "offer binds them to tag along. CallForTagAlongs ends the offers. "
                                                    "From rules version 2 a Climb you cannot equip alone asks the "
                                                    "opponents holding what you lack, in turn order, to pay part of "
                                                    "it (OfferEquipment to you, binding, or Decline); if they do not "
                                                    "cover it you choose another action. From rules version 3 an "
                                                    "offer must leave its opponent able to pay what it promised "
                                                    "by backing, and the climber pays offers only for seats on the "
                                                    "climb: agreements bind for the turn."),
        Rule("CLIMB > 2. You and opponents who tag along travel and pay requirements",
             "Opponents able to meet their own requirements are asked in turn order from the climber to tag along "
             "(TagAlong, naming the companions they bring) or stay behind (StayBehind); all pay after the last "
             "answer."),
        Rule("CLIMB > 3. Gain 1 experience level and chosen rewards (opponents gain 1 experience level and "
             "unchosen rewards)",
             f"Everyone on the climb gains the experience on the climber's climb dial ({climb.dial[0]} at first); "
             "the climber gains the chosen side's rewards, each tag-along the other side's; the mountain is then "
             "discarded."),
        Rule("REWARDS", "The six rewards are a flag in the mountain's continent, a bonus card (kept hidden), 1 "
                        "experience, a companion (two are drawn: KeepCompanion one or Decline both), 1 stamina level "
                        "and an upgrade (UpgradeAction)."),
        Rule("REWARDS > UPGRADE", f"An upgrade rotates one action dial a notch (at most {len(rest.dial) - 1} times: "
                                  f"rest gains {'/'.join(map(str, rest.dial))} stamina, prepare "
                                  f"{'/'.join(map(str, prepare.dial))} equipment, climb "
                                  f"{'/'.join(map(str, climb.dial))} experience) or slides up the action's next "
                                  "tile if your experience meets the number it covers."),
        Rule("RULINGS.md: Action tiles",
             f"Each action has {len(rest.tiles)} tiles, each adding a step: rest "
             f"{rest.tiles[0].prerequisite}/{rest.tiles[1].prerequisite} experience: gain 1 equipment, then travel "
             f"anywhere; prepare {prepare.tiles[0].prerequisite}/{prepare.tiles[1].prerequisite}: a second mountain, "
             f"then 2 companions to keep 1; climb {climb.tiles[0].prerequisite}/{climb.tiles[1].prerequisite}: "
             "gain 1 equipment, then a bonus card."),
        Rule("ACTION BONUSES", f"At the end of your turn, with {mat.action_bonus_tokens} or more tokens on the action "
                               "you took, you may clear your tokens from all three actions (ClaimActionBonus) for its "
                               f"bonus: rest 1 stamina level, prepare any upgrade, climb "
                               f"{mat.climb_bonus_experience} experience or a flag where you stand."),
        Rule("OTHER IMPORTANT NOTES > REWARDS AND BONUSES",
             "Everything gained may be declined: from rules version 2 a climb's rewards wait as one step and you "
             "take (GainReward) or decline (DeclineReward) each kind in the order you choose, a stamina level that "
             "would bring in the B deck included; equipment, travel, upgrades, companions and action bonuses are "
             "declined with Decline. Under version 1 a climb's flags, experience, stamina, stamina levels and bonus "
             "cards were always taken, in card order."),
        Rule("RULINGS.md: Forced steps", "A step with a single possible choice and nothing to decline is played for "
                                         "you, and a step with nothing to gain is skipped, so the actions listed "
                                         "are always a real choice."),
        Rule("OTHER IMPORTANT NOTES > LIMITATIONS",
             f"Tracks stop at the mat's numbers (stamina and stamina level {mat.stamina_max}, experience "
             f"{mat.experience_max}, {mat.equipment_max} of each equipment) and gains beyond are lost; an empty "
             "deck is rebuilt from its shuffled discard pile."),
        Rule("GAME END", f"The game ends at the end of a turn in which any player has placed {mat.flags} flags; "
                         "flags placed while tagging along count too."),
        Rule("RULINGS.md: Round cap", "The book ends a game only by a 16th flag; the table option round_cap ends it "
                                      "after the turn in which every seat has taken that many turns, scored the "
                                      "same way. From rules version 3 a table with a person (or an open seat) has "
                                      f"no cap by default and a bots-only table {board.round_cap} rounds; older "
                                      f"games always had {board.round_cap}."),
        Rule("GAME END > 1-2", "End scoring adds the flags of your bonus cards whose game-end requirement you meet, "
                               f"and {scoring['majority_flags']} flag per continent where you have strictly more "
                               "flags than every opponent."),
        Rule("GAME END > 3-4", f"It also adds {scoring['every_continent_flags']} flags for a flag in every continent, "
                               f"1/2/3 flags for a stamina level of {steps(scoring['stamina_level_flags'])}, 1/2/3 "
                               f"for experience of {steps(scoring['experience_flags'])}, and "
                               f"{scoring['full_action_flags']} per action with both tiles slid and its dial at the "
                               "last number."),
        Rule("GAME END", "Ties go to the higher stamina level, then the higher experience, then whoever first "
                         "summited a mountain (climbing or tagging along); players still tied share the place."),
        Rule("OTHER IMPORTANT NOTES > NEIGHBORS", "Bonus cards that count neighbours mean the seats to your left and "
                                                  "right; with two players your one opponent is both."),
    )


RULES: tuple[Rule, ...] = _rules()

