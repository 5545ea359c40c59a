"""What Hike! says about itself to client developers: the rules in our own words (the catalog: catalog.py).

Each rule names the rulebook heading it summarises (sub-headings as "Race > Using care cards"), or
the ruling of data/RULINGS.md that decides what the book leaves open.
"""

from __future__ import annotations

from domain.core import Rule

RULES: tuple[Rule, ...] = (
    Rule("Overview",
         "Each seat is a musher who first assembles a sled of huskies and then races it along a track of "
         "landscape cards; the first sled to reach the last field of the track wins."),
    Rule("Game setup",
         "The track is the start card, 8 face-down landscapes (6 at five or six players) and the finish card; "
         "the 4th face-down landscape (the 3rd at five or six) lies rotated. Fields are numbered 1 to the last "
         "field from the start card on; position 0 is the start card's empty space."),
    Rule("Game setup",
         "The husky deck holds the 48 experienced huskies, 8 youngsters, 12 equipment cards and 6 single care "
         "cards; each musher is dealt 2 of them, and 2 more are opened face up in the centre."),
    Rule("Game setup",
         "Each musher has a sled of two rows of 4 empty places (3 at five or six players), two +1 cards and a "
         "face-up personal pile of one single and two double care cards, the single on top."),
    Rule("RULINGS.md: Gameplay, first player",
         "Seat 0 is the first player and clockwise means increasing seat numbers; exactly one musher acts at a "
         "time, the seat listed in `current` (except on simultaneous race days, below)."),
    Rule("Gameplay",
         "The game is played in days: Preparations days, then race days. Each Preparations day begins by turning "
         "the next face-down landscape face up, one per day, until the whole track is visible."),
    Rule("Preparations > Opening cards from the husky deck",
         "A Preparations turn starts with OpenCards: 2 cards from the husky deck to the centre, only 1 from the "
         "day the rotated landscape is turned; `extra` discards that many +1 cards to open one more card each. "
         "With no choice to make the cards are opened for you."),
    Rule("Preparations > Performing actions",
         "Then exactly one action: DraftHusky (a face-up centre husky into the sled), DraftCard (any centre card "
         "into your hand), PlaceHusky (a husky from your hand into the sled) or SwapHusky (a sled husky back to "
         "your hand, followed by a PlaceHusky from your hand). With no action possible the turn moves on."),
    Rule("Placement rules",
         "A sled place is numbered row by row (`slot` = row x columns + column, top row first). An experienced "
         "husky may go on a free place only if each of its four edge colours matches the facing edge of every "
         "experienced husky directly above, below, left or right; youngsters fit anywhere and match anything."),
    Rule("Preparations > Bonus action",
         "After the action a musher may once place a youngster from the centre or the hand on any free place "
         "(PlaceYoungster), may declare ready, and ends the turn with EndTurn."),
    Rule("Preparations > Declaring you are ready to race",
         "With every sled place filled, DeclareReady moves the musher to the start and sends the husky cards in "
         "hand to the centre; UpgradeHusky may then put an equipment card from the hand under each experienced "
         "husky printed with exactly 1 movement point. Later Preparations turns of a ready musher only take the "
         "top card of their care pile to the hand, without a command."),
    Rule("RULINGS.md: Declaring you are ready, countdown",
         "Preparations end at the end of the third day after the day of the first declaration, or sooner at the "
         "end of a day when everyone is ready; mushers not ready then are out of the race. If nobody has "
         "declared by the end of day 30 everyone is out and the game ends without a race."),
    Rule("RULINGS.md: End of Preparations",
         "When Preparations end the centre and all +1 cards are removed, the rest of the track is revealed, "
         "equipment and care cards in hand are kept for the race, and the unused care cards form a face-down "
         "race care pile."),
    Rule("Race > Using husky movement points",
         "Each field shows one snow type (snow, ice or powder) and takes one movement point of that type. "
         "UseHusky spends all points of one ready experienced husky, field by field while one matches the next "
         "field, then puts a cube on it (tired); unspent points are lost. A husky with no point matching the "
         "next field cannot be used, and youngsters never move the sled."),
    Rule("Race > Huskies with equipment",
         "An upgraded 1-point husky has one extra point that may be any snow type printed on its direct "
         "neighbours in the sled that are not resting (rules version 2; version 1 counted resting ones); the view "
         "lists every point of a husky with the types it may be spent as."),
    Rule("Race > Landscape cards that require equipment",
         "Before a field marked as needing equipment the musher chooses: UseEquipment (discard an equipment card "
         "from the hand and run on) or PushThrough (enter the field, stop there and turn 2 huskies to rest); "
         "rules version 1 also offered StopBeforeField (lose the husky's remaining points). Equipment under a "
         "husky never counts."),
    Rule("Race > Landscape cards that require equipment",
         "After pushing through, RestHusky turns huskies face down one at a time: ready huskies without a cube "
         "first (youngsters too), tired ones only when no ready one is left. A resting husky never moves again."),
    Rule("Race > Using care cards",
         "Only when no husky can be used: CareForHusky discards a single care card to take the cube off one tired "
         "husky, CareForColumn discards a double care card to take the cubes off both huskies of one column."),
    Rule("Race",
         "A race turn is a series of these commands; EndTurn makes camp for the night. A musher who can do nothing "
         "but make camp, or who has reached the last field, ends the turn without a command."),
    Rule("Race > End of the day",
         "After everyone has moved, a musher 7 or more fields behind the leader with no care card in hand draws "
         "one from the care pile, face up (`compulsory_care`), to use the next day: that day the musher may not "
         "make camp while the card can still be used (rules versions 1 and 3); a card that could not be used stays "
         "in hand as an ordinary care card. Then every cube comes off the sleds, but resting huskies stay "
         "resting."),
    Rule("Race > End of the day",
         "Table option `care_card_lapses` (rules version 3; how every version 2 game is played): the drawn care "
         "card never bars making camp, and if it is still in hand at the end of that day it lapses to the "
         "discards (`CareCardLapsed`)."),
    Rule("Race > End of the day",
         "Table option `simultaneous_days` (rules version 3; the book's Pro tip): on each race day every musher "
         "still on the road is to act at once (`to_act` holds them all, `current` is null) and sends their "
         "own commands in any order; the day ends when all have made camp (`mushers[].camped`). Nothing one sled "
         "does during a day changes what another may do, so the day's outcome is the same in any order; the "
         "log's order is the record. Preparations stay in turn."),
    Rule("RULINGS.md: Race, turn order",
         "Race day 1 follows seat order; on later days the last sled on the track moves first and the leader "
         "last, sleds on the same field keeping the previous day's order."),
    Rule("End of the game and winner",
         "The game ends at the end of a day on which at least one sled reached the last field; a single finisher "
         "wins."),
    Rule("End of the game and winner",
         "Among several finishers the one with more ready huskies wins, each single care card in hand counting "
         "as 1 more and each double care card as 2; if still tied, the sled with fewer printed movement points "
         "wins (resting huskies included, upgrade points excluded)."),
    Rule("RULINGS.md: Ruling (cap)",
         "A race also ends at the end of a day on which no sled can ever move again (no awake husky of any racer "
         "has a point for its next field), and after day 100 at the latest (rules version 1: after day 30): the "
         "furthest sled wins, ties broken as for finishers."),
    Rule("RULINGS.md: End of the game, standings",
         "The standings put finishers first, then the other racers by the field reached, then the mushers out "
         "of the race sharing the last place; a seat's score is the field it reached."),
)
"""The rules a bot writer needs, in our own words (the docs page lists each summary)."""
