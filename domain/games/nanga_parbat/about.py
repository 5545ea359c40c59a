"""The rules of Nanga Parbat in our own words, each with the rulebook heading (or ruling) it summarises.

Together they say what a bot must know: the goal, the setup, the turn and each decision in it,
every command, the scoring, the end and ties. Headings are those of the Board Game Arena help page
(../shared/rules/nanga-parbat.md); "RULINGS.md: ..." names a heading of data/RULINGS.md where our
ruling settles what the page leaves open. docs/games/nanga_parbat.md lists the same summaries.
"""

from __future__ import annotations

from domain.core import Rule

RULES: tuple[Rule, ...] = (
    Rule("Game End",
         "Two players race along the scoring path; whoever is farthest along it when the game ends wins. Points "
         "come from spots claimed on the points chart, from trapped red pandas and, in the variant, from regions."),
    Rule("Game Board",
         "The mountain has six regions, flags 1 to 6, stacked as a pyramid (1 on top, then 2-3, then 4-5-6); each "
         "region has six sections numbered 1 to 6 in the same pyramid. Commands name a section by region and "
         "section; the catalog's id is \"region.section\"."),
    Rule("RULINGS.md: The board and the chart (data files)",
         "Two sections are adjacent when they touch inside one region or when a dotted white path joins them "
         "across two regions; regions share no other border. The catalog lists each section's adjacent sections."),
    Rule("Game Board",
         "Setup shuffles 36 animals, six of each of the six types, and puts one on every section. Each player "
         "has 15 hikers, 12 camps and 5 cubes for the points chart, and starts at 0 on the scoring path."),
    Rule("RULINGS.md: Setup and turn order",
         "Before the first turn seat 1, the second player, puts the guide on any region (PlaceGuide); then seat 0 "
         "plays the first turn and the two players alternate."),
    Rule("Turn Overview",
         "A turn is: trap one animal from the guide's region, which leaves your hiker there and moves the guide; "
         "then, if you like, claim one free spot of the points chart; then EndTurn. At any point of your own turn "
         "you may also activate animals."),
    Rule("Step Details > Trap an animal",
         "TrapAnimal takes any animal standing on a section of the guide's region onto your animal board; exactly "
         "one trap per turn, and it must come before a claim or EndTurn."),
    Rule("Step Details > Trap an animal",
         "If the guide's region has no animal left, first move the guide with RelocateGuide to a region that "
         "still has one; relocating is allowed only then."),
    Rule("Step Details > Replace the animal with a hiker",
         "One hiker from your stock takes the trapped animal's section at once; hikers never return to stock."),
    Rule("Step Details > Move the guide",
         "The guide then goes to the region whose flag equals the trapped section's number (section 4 sends it to "
         "region 4, maybe where it already is). Your opponent usually traps there next, so pick the section with "
         "that in mind."),
    Rule("Points Chart",
         "The points chart has three rows and five columns; the columns ask for 6, 5, 4, 3 and 3 camps or animals "
         "and each square pays its printed points (catalog `chart_spots`). A claimed square stays taken for both "
         "players."),
    Rule("Step Details > Build camps or trade animals",
         "After the trap you may claim one free square by putting one of your 5 cubes on it; a player with no "
         "cube left skips this step, so nobody claims more than five times."),
    Rule("Step Details > Build camps or trade animals",
         "Row 1, BuildCamps: turn exactly the column's number of your own hikers into camps. The hikers must form "
         "one group linked by adjacency (a chain will do) and you must still have that many camps; the hikers "
         "leave the game."),
    Rule("Step Details > Build camps or trade animals",
         "Row 2, TradeDifferentAnimals: discard exactly the column's number of animals from your board, no two of "
         "the same type; any number of bharals may fill in as wilds."),
    Rule("Step Details > Build camps or trade animals",
         "Row 3, TradeSameAnimals: discard exactly the column's number of animals of one type; bharals are wild, "
         "and a set made only of bharals counts too."),
    Rule("RULINGS.md: Step 4: building camps and trading animals",
         "A trade names animal types only; activated and unactivated animals can both be traded, and the "
         "activated ones of a type go first. Traded animals leave the game."),
    Rule("Activating Animals",
         "During your own turn, before or after the trap and the claim, activate each trapped snow leopard, tahr, "
         "musk deer or yak once, even on the turn it was trapped; it then stays on your board as spent."),
    Rule("Activating Animals > Snow Leopard",
         "ActivateSnowLeopard swaps the hikers on two adjacent sections; we require one to be yours and one your "
         "opponent's, since a swap of one colour changes nothing. Camps never move."),
    Rule("Activating Animals > Tahr",
         "ActivateTahr swaps a hiker of either player with an animal on an adjacent section; camps never move."),
    Rule("Activating Animals > Musk Deer",
         "ActivateMuskDeer swaps two animals of different types on any two sections of the mountain."),
    Rule("Activating Animals > Yak",
         "ActivateYak moves the guide to any region other than its own, even one with no animal left (the next "
         "trapper then relocates it)."),
    Rule("Special Animals > Bharal",
         "The bharal is never activated; in a trade it stands for any animal type."),
    Rule("Special Animals > Red Panda",
         "The red panda is never activated; trapping one scores 1 point when, just before the trap, your score "
         "is equal to or lower than your opponent's."),
    Rule("Scoring Path",
         "Points move your marker along an endless scoring path; if a move would end on your opponent's spot "
         "(other than 0), you go one spot further, a free point. Passing the opponent costs nothing."),
    Rule("Game End",
         "The game ends the moment both players have placed all 15 hikers: the second player's 15th trap ends it, "
         "with no claim or activation after it. It also ends at once when all 10 cubes are on the chart."),
    Rule("RULINGS.md: The end",
         "With the whole_last_turn option (off by default) the second player's 15th turn goes on after its trap: "
         "a claim and activations may follow, and the game ends when that player ends the turn. Games of rules "
         "version 2 always play so, games of version 1 never."),
    Rule("RULINGS.md: The end",
         "The player farthest along the scoring path wins; players can share a spot only at 0, and then both win."),
    Rule("Area Scoring Variant",
         "With the area_scoring option, once the end triggers each region from 1 to 6 pays 1, 2 or 3 points to "
         "the player with 4, 5 or 6 hikers and camps in it; the scoring path's hop applies."),
    Rule("RULINGS.md: Commands",
         "The list of actions gives every legal choice concretely (each camp group, each trade set); a region or "
         "section outside 1 to 6 or a column outside 1 to 5 is a malformed request (400), not an illegal one."),
)
