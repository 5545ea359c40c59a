"""The rules of Hikes of the West in our own words, each with the rulebook section (or ruling) it summarises.

Served as `rules` by GET /api/v1/game-types/hikes-of-the-west and printed on docs/games/hikes_of_the_west.md.
Sections name the rulebook's headings (nested ones as "Hiking > Resting"); where the book is silent or
unclear, "RULINGS.md: <ruling>" names the ruling in data/RULINGS.md that decides it.
"""

from __future__ import annotations

from domain.core import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "Setup",
        "A solo game with six dice and nine cards, each showing a location on its front and a path of six terrains "
        "on its back. Three cards are turned up as the locations to hike; the order of the other six stays hidden. "
        "The hiker (seat 0) gives every command, one at a time, until the game ends.",
    ),
    Rule(
        "Game end",
        "The goal is to complete all three hikes resting as little as possible: the score is the sum of the dice "
        "left on the location cards, and lower is better, as in golf.",
    ),
    Rule(
        "RULINGS.md: Making par",
        "The game is won (the hiker is listed among the winners) when the final score is at or below the sum of the "
        "three locations' pars.",
    ),
    Rule(
        "Planning stage",
        "The first command, PlanHikes, puts the three locations in the order they will be hiked; the order is fixed "
        "from then on.",
    ),
    Rule(
        "Setting off",
        "Five path cards are dealt under the current location as a pyramid: two on top (slots 0 and 1) over three "
        "at the base (slots 2 to 4). The trail runs over one base card, then one top card: twelve terrains.",
    ),
    Rule(
        "RULINGS.md: Pyramid",
        "ChoosePath picks the base card at the trail head, before or after the first roll; the top card is picked "
        "only on reaching the sixth terrain of the first card. No terrain can be covered while such a choice is "
        "open.",
    ),
    Rule(
        "RULINGS.md: Orientation",
        "Path cards can be rotated either way: ChooseTurnedPath picks a card like ChoosePath but turned end for end, "
        "so its six terrains come in the reverse of the printed order (rules version 2; version 1 read every card "
        "as printed). The Grand Canyon's V is hiked as dealt, from the rim chosen.",
    ),
    Rule(
        "Hiking > Completing a path card",
        "A rest stop back on the first card lets the hiker pick the top card again, and one at the trail head the "
        "base card too; a rest stop on the top card keeps the route.",
    ),
    Rule(
        "Location reference > Grand Canyon",
        "At the Grand Canyon the five cards form a V (north rim, north wall, river, south wall, south rim) and the "
        "trail crosses all of them, thirty terrains. The starting rim is chosen once and holds; from the south rim "
        "every card is read in reverse.",
    ),
    Rule(
        "Hiking",
        "Every terrain shows 1 to 6 pips. Terrains are covered strictly in order, each by a die showing exactly its "
        "number (Cover).",
    ),
    Rule(
        "RULINGS.md: Covering by value",
        "Dice are interchangeable, so Cover and SaveStamina name a die by the number it shows; Cover with "
        "stamina=true uses a stamina die.",
    ),
    Rule(
        "RULINGS.md: Rolling is a command",
        "At a new location and after every rest the dice are in hand and must be rolled (Roll) before any terrain "
        "is covered or another rest taken. A roll throws every free die: those in hand and the unplaced dice of the "
        "last roll, never dice on the path, stamina or dice on locations.",
    ),
    Rule(
        "Hiking > Rolling again",
        "After a roll at least one terrain must be covered before rolling again. If no die (stamina included) could "
        "cover the next terrain, the roll itself forces a rest; resting without covering anything since the roll is "
        "a forced rest too.",
    ),
    Rule(
        "RULINGS.md: No dice to roll",
        "With every die on the path or saved, Roll is refused: cover with stamina or rest.",
    ),
    Rule(
        "Hiking > Using stamina",
        "From the first roll after a rest (or the first roll at a location), and until the next roll, one rolled "
        "die may be set aside as stamina (SaveStamina), before or after covering terrain.",
    ),
    Rule(
        "Hiking > Using stamina",
        "A stamina die covers any terrain of its number or lower, so a 6 is wild. Once used it stays on the path; "
        "at every rest all stamina goes back in hand to be rolled, and unused stamina does not follow the hiker to "
        "the next location.",
    ),
    Rule(
        "Hiking > Resting",
        "Resting after covering terrain (Rest) keeps the progress: the furthest die becomes the rest die, showing "
        "how many rests were taken at this location, and every other die on the path returns to hand.",
    ),
    Rule(
        "Hiking > Resting",
        "A forced rest gives up every terrain covered since the last rest and raises the rest die by one; with no "
        "rest die yet, a die from hand marks the trail head showing 1.",
    ),
    Rule(
        "RULINGS.md: Forced rest with the rest die at 6",
        "A rest die that would pass 6 goes onto the location card showing 6, out of play for good, and a fresh die "
        "from hand starts counting again at 1.",
    ),
    Rule(
        "Hiking > Completing a path card",
        "Covering the trail's last terrain completes the location: the rest die moves onto the location card with "
        "its number (the rests taken there), the other dice go on, and the six leftover cards are reshuffled to "
        "deal five under the next location.",
    ),
    Rule(
        "RULINGS.md: Stranded",
        "If no die is left to roll after a rest, or none is in play at a new location, the hiker is stranded: every "
        "die still in play goes on the location card as a 6 and the game ends at once, over par.",
    ),
    Rule(
        "Location reference > Mt. Rainier",
        "Covering terrain with stamina ends the leg at once: that spot becomes the new rest stop, as if the hiker "
        "had chosen to rest there.",
    ),
    Rule(
        "Location reference > Great Sand Dunes",
        "A die saved as stamina loses a pip on the spot, so a 1 cannot be saved.",
    ),
    Rule(
        "Location reference > Joshua Tree",
        "A die showing 6 cannot be saved as stamina.",
    ),
    Rule(
        "Location reference > Pipestone",
        "Any die covers a terrain of its number or lower, as stamina does; stamina is saved and used as usual.",
    ),
    Rule(
        "Location reference > Black Hills",
        "Rolling three or more dice of the same number forces a rest, even when a die could be placed; only the "
        "dice just rolled count.",
    ),
    Rule(
        "Location reference > Cedar Breaks",
        "Up to two stamina dice may be saved after each rest.",
    ),
    Rule(
        "Location reference > Pikes Peak",
        "Before the first roll there, RideToTop skips the hike: a die showing 5 goes on the location card. Rolling "
        "commits the hiker to walking.",
    ),
    Rule(
        "RULINGS.md: A ninth location",
        "Zion, the ninth card, which the book's table lacks, has no special rule and par 5.",
    ),
)
