"""Hitchiker's rules in our own words, one `Rule` per decision a bot or a client must understand.

Each names the rulebook heading it summarises (as the book writes it; "A > B" for a part of a
section), or "RULINGS.md: <heading>" where our rulings decide what the book leaves open.
docs/games/hitchiker.md repeats these summaries word for word (a test keeps them in sync).
"""

from __future__ import annotations

from domain.core import Rule

RULES: tuple[Rule, ...] = (
    Rule("TWO WAYS TO WIN!",
         "You win the moment your savings in the Bank reach $250,000 or your Travelling Cash reaches "
         "$50,000,000; the check runs after every single event, and the game stops there."),
    Rule("RULINGS.md: Set-up and the turn",
         "The `round_limit` option (by default none while a person holds a seat and 100 rounds when every "
         "seat is a bot; 0 for none) ends a game nobody has won after that many rounds: the richest by Travelling Cash plus "
         "savings wins and tied richest all win, Contraband worth nothing, the others ranked by cash plus "
         "savings, and the result's reason is round_limit. (Rules version 1 games keep the limit they recorded, "
         "100 by default.)"),
    Rule("STARTING CASH & BANK",
         "Every hitchiker starts with $25,000 of Travelling Cash and an empty Bank. Money moves in whole "
         "$1,000 bills: every amount you name is a multiple of $1,000, and halves are rounded down."),
    Rule("PLAYERS GET SET UP",
         "Starting rolls (recorded, re-rolled on ties) pick the first player; then, from that player "
         "clockwise, each seat sends ChooseHometown for an unowned Hometown, gets its card and starts there."),
    Rule("THE FIRST MOVE",
         "On your turn, RollDice rolls both dice and moves you clockwise that many of the 42 locations. "
         "Only the location you land on acts on you, except your own Hometowns, which act as you pass them."),
    Rule("LIFE INSURANCE",
         "Once a turn, before RollDice, you may send BuyLifeInsurance: both dice are rolled, the premium is "
         "$10,000 a pip, and you pay it at once if your cash covers it, being safe from every death until your "
         "turn ends; a premium above your cash buys nothing."),
    Rule("RULINGS.md: Death, insurance and going broke",
         "With the declinable_insurance option (off by default) the roll only quotes the premium: you then send "
         "TakeLifeInsurance, paying it, or DeclineLifeInsurance; a premium above your cash is declined for you. "
         "Games of rules version 2 always quote, games of version 1 never."),
    Rule("ABOUT YOUR HOMETOWN",
         "Each of your own Hometowns you pass through or land on pays you $10,000 of welfare automatically; a "
         "Hometown you buy on this move pays none."),
    Rule("SAVINGS OR TRAVELLING CASH?",
         "Passing your own Hometown offers a deposit of up to $20,000; landing on it, or buying it, up to "
         "$50,000. Answer DepositSavings with an amount (from $1,000, capped by the limit and your cash) or "
         "SkipDeposit. Savings never come back out to play with."),
    Rule("ORDER OF OCCURRENCE",
         "A move is dealt with in board order: first the welfare of every own Hometown on the way, then each "
         "deposit offer of a Hometown passed, and the location landed on last."),
    Rule("Landing On Someone Else's Hometown",
         "Landing on another player's Hometown costs rent of $5,000 times the total of the roll that brought you "
         "(a fresh roll when a Bad Ride card moved you), paid to its owner."),
    Rule("BUYING EXTRA HOMETOWNS",
         "On an unowned Hometown one die is rolled at once and the price is $5,000 a pip; send BuyHometown to "
         "pay it or DeclineHometown. If you cannot afford the price the Hometown is declined for you."),
    Rule("MISCELLANEOUS LOCATIONS",
         "Nine locations act alone with a roll made for you: la capacité de production énorme pays $10,000 a "
         "pip, Tortland $20,000 a pip, Smell Gaso one free Unit of Contraband a pip, Lie N' Sin D.C. $1,000,000 "
         "on doubles and nothing otherwise (with the lie_n_sin_sting option, and always under rules version 2, "
         "any other roll stings you for half your Travelling Cash); Corpus Risky kills on 7 or 11; Twister City "
         "gives all your Contraband to the player on your right; Fort McSlurry gives half your savings to the poorest other player."),
    Rule("MISCELLANEOUS LOCATIONS > Smashville",
         "At Smashville you sing by sending AddressJury with a line of text; every other player then sends Vote "
         "(secret until all are in), and only a unanimous approval pays you $50,000."),
    Rule("MISCELLANEOUS LOCATIONS > Remindya",
         "Landing on Remindya leaves you stuck: on later turns RollDice moves you only on an odd total, and an "
         "even total ends your turn where you are."),
    Rule("How To Purchase Contraband",
         "On a Black Market you may send RiskCash with a stake (whole $1,000 bills up to your cash) to buy "
         "Contraband, or PassBlackMarket."),
    Rule("How to determine the cost of Contraband",
         "The player on your left sends RollDeal and the roll is looked up on the Contraband Deal Chart; you "
         "answer TakeDeal or DeclineDeal, and a decline hands the dice to the next player on the left. You "
         "may decline twice at most: the third roll is taken for you, whatever it says."),
    Rule("Additional notes about the Contraband Deal Chart",
         "A price buys as many whole Units as your stake pays for and you keep the rest; free Units cost "
         "nothing; Ripped Off pays your whole stake to the player who rolled; Killed in Police Shootout kills "
         "you (unless insured: then the deal is off) and that roller inherits your estate."),
    Rule("SELLING CONTRABAND - SELL CITIES",
         "Landing on a Sell city with Contraband, send SellContraband with 1 to all of your Units at that "
         "city's price per Unit, or KeepContraband to wait for a better price. Contraband is never traded "
         "between players."),
    Rule("CUSTOMS - ZERO TOLERANCE",
         "Landing on a Customs city with any Contraband loses it all, and all of your Travelling Cash and half "
         "of your savings go to the poorest other player. Without Contraband nothing happens."),
    Rule("BAD RIDES",
         "Landing on a Bad Ride city draws the top card of the 36 (its order is hidden from everyone) and "
         "applies it at once; drawn cards are shown and discarded, and the discards are reshuffled when the "
         "deck runs out."),
    Rule("RULINGS.md: Bad Rides and the jury",
         "Four Bad Ride cards ask for a judgment: you plead with AddressJury, the other players Vote in secret, "
         "and only a unanimous approval gives the card's favourable outcome."),
    Rule("DEATH SUCKS!",
         "When you die (uninsured) your Travelling Cash, your savings (as cash) and your Contraband go to the "
         "poorest other player, or to the player who rolled your death; your Hometowns go back to the bank and "
         "your turn ends."),
    Rule("RULINGS.md: Death, insurance and going broke",
         "\"The poorest\" is the other player with the least Travelling Cash; a tie goes to the first of them "
         "clockwise from the left of the hitchiker who pays."),
    Rule("DEATH IS NOT PERMANENT",
         "A dead hitchiker is reincarnated at once: it sends ChooseHometown for any unowned Hometown and starts "
         "over there with $25,000."),
    Rule("GOING BROKE ISN'T SO BAD",
         "If you cannot pay an obligation in full (rent, a fine, a payment to a player), you pay what you "
         "have, jump to your next own Hometown, get $10,000 you may not bank, and your turn ends. Nobody ever "
         "pays, stakes or bets more than the cash in hand."),
    Rule("CASINOS",
         "Landing on one of the four Casinos makes you the Dealer: send ChooseCasinoGame with blackjack, holdem "
         "or craps, and every other player may take part, or DeclineCasinoGame to play none (rules version 2)."),
    Rule("HIGH ROLL CRAPS - (roll the dice for big bucks)",
         "High Roll Craps: everyone's dice are rolled for them and the high roll takes the bank's $250,000; "
         "tied high rolls share it in whole bills."),
    Rule("BLACKJACK (twenty one) > PLACING YOUR BET",
         "Blackjack: every player with $1,000 or more gets one face-up hand (the Dealer two) and the House shows "
         "one card; everyone at once sends PlaceWager for each own hand ($1,000 up to all their cash) or PassHand "
         "to sit it out."),
    Rule("BLACKJACK - SPECIAL HANDS",
         "Then each hand in turn sends Hit, Stand, DoubleDown (on two cards: as much again for exactly one more "
         "card) or Split (two cards of equal value: an equal wager for a second hand). A hand on 21 stands and "
         "a hand over 21 loses at once."),
    Rule("BLACKJACK PAYOUTS - UPDATED!",
         "The House draws to 17 and stands on any 17. Beating it returns your wager plus 5 times it, a tie "
         "returns the wager, and an ace with a ten-value card as a hand's first two cards is paid 10 times at "
         "once."),
    Rule("TEXAS HOLD 'EM > ANTE UP TO BEGIN",
         "Texas Hold'em: the bank seeds the pot with $100,000 and every player with $10,000 or more sends Ante "
         "($10,000) or SitOut, all at once; a lone ante takes the pot without a deal."),
    Rule("TEXAS HOLD 'EM > DEALING THE STARTING HANDS",
         "Each player in the hand gets two hidden hole cards, then the flop (three cards) is dealt; there is "
         "no betting before the flop, and a betting round follows the flop, the turn and the river."),
    Rule("TEXAS HOLD 'EM > BETTING",
         "In turn from the Dealer's left: Check or Bet (at least $10,000, or all of a smaller stack) until "
         "someone bets; then Call, Raise (naming your new total for the round, up by at least the last bet or "
         "raise, or all in) or Fold."),
    Rule("TEXAS HOLD 'EM > THE SHOWDOWN",
         "The best five-card hand from hole cards and board wins the pot; ties share it in whole bills. An "
         "all-in player wins at most what its own chips matched from each other player (side pots), and the "
         "last player left in after folds takes the pot unseen."),
)
