"""Play one game against the server's strongest bot with the SDK, and print the result.

    python -m trailhead_client.examples.play --url http://localhost:8000 --type peaks

Your seat is seat 0; the other seats (the fewest the type allows, or --seats) are the strongest
bot's (the last of the type's `bots`: levels are listed weakest first). A solo game just plays.
Your seat plays the first listed action each turn, with the smallest value of a ranged argument.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from trailhead_client import Action, Client, VersionConflict


def choice(actions: Sequence[Action]) -> Action:
    """The first listed action, its ranged arguments at their smallest."""
    action = actions[0]
    for path, span in action.ranges.items():
        action = action.with_value(path, span.min)
    return action


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trailhead_client.examples.play",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--type", required=True, dest="type_", metavar="TYPE")
    parser.add_argument("--seats", type=int, help="default: the fewest the game type allows")
    parser.add_argument("--seed", help="the game's seed")
    parser.add_argument("--options", type=json.loads, help='the game options as JSON, e.g. \'{"round_limit": 5}\'')
    args = parser.parse_args(argv)

    with Client(args.url) as client:
        game_type = next(t for t in client.game_types() if t["id"] == args.type_)
        strongest = client.strongest_bot(args.type_)
        seats = args.seats or game_type["min_seats"]
        others = [{"name": f"{strongest} {i}", "bot": strongest} for i in range(1, seats)]
        created = client.create_game(args.type_, ["you", *others], options=args.options, seed=args.seed)
        seat = client.seats_of(created)[0]
        print(f"{game_type['title']}: game {created['id']}, you are seat {seat.index}"
              + (f" against {seats - 1} {strongest} bot(s)" if seats > 1 else ""))
        moves = 0
        for turn in seat.turns():
            try:
                turn.play(choice(turn.actions))
                moves += 1
            except VersionConflict:
                continue  # another seat acted first: the next turn comes with fresh actions
        game = seat.view()
        result = game["result"]
        assert result is not None
        print(f"finished after {game['version']} events, {moves} of them your moves")
        for standing in sorted(result["standings"], key=lambda s: s["place"]):
            who = "you" if standing["seat"] == seat.index else game["seats"][standing["seat"]]["name"]
            score = f"  score {standing['score']}" if standing.get("score") is not None else ""
            print(f"  place {standing['place']}: seat {standing['seat']} ({who}){score}")
        print("you won" if seat.index in result["winners"] else "you did not win")
    return 0


if __name__ == "__main__":
    sys.exit(main())
