"""trailhead-bot: create games (or take seats you hold), play your seat through the stream, print results.

    trailhead-bot --url URL --type TYPE [--seats N] [--games K] [--engine 'CMD ...' | --level random]

Each game has your seat (seat 0) and, in the others, the server's strongest bot of the type (or
`--opponent LEVEL`). The engine is told about each decision on its stdin and answers on its
stdout (docs/bot-protocol.md); `--level random` plays without one.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from trailhead_client import __version__
from trailhead_client.bot import protocol
from trailhead_client.bot.engines import LEVELS, Engine, ExternalEngine
from trailhead_client.bot.protocol import EngineError
from trailhead_client.client import Client
from trailhead_client.errors import BadRequest, IllegalCommand, TrailheadError, VersionConflict
from trailhead_client.seat import SeatHandle
from trailhead_client.types import GameType

#: How often the runner asks the engine again after the server refused its choice, before giving up the game.
MAX_REFUSALS = 3


@dataclass(frozen=True)
class Outcome:
    """One game as the runner's seat ended it: `over` is the protocol's over message, or None if abandoned."""

    game_id: str
    seat: int
    over: dict[str, Any] | None
    note: str = ""


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="trailhead-bot", description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://localhost:8000")
    parser.add_argument("--type", required=True, dest="type_", metavar="TYPE", help="the game type, e.g. peaks")
    parser.add_argument("--seats", type=int, help="seats per game (default: the fewest the type allows)")
    parser.add_argument("--games", type=int, default=1, help="how many games to play, one after another")
    parser.add_argument("--opponent", metavar="LEVEL", help="the bot level of the other seats (default: strongest)")
    parser.add_argument("--name", default="trailhead-bot", help="your seat's name")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help="a game option, e.g. round_limit=10 (repeatable)")
    parser.add_argument("--seed", help="the games' seed (game i gets SEED-i)")
    # Joining open seats comes with open seats (a later issue): --join will take seats listed by
    # GET /games?open=true through POST /games/{id}/join, a third source of seats beside these two.
    parser.add_argument("--seat", action="append", default=[], metavar="GAME_ID:TOKEN",
                        help="play this seat of an existing game instead of creating games (repeatable)")
    engine = parser.add_mutually_exclusive_group(required=True)
    engine.add_argument("--engine", metavar="'CMD ...'", help="an engine program speaking docs/bot-protocol.md")
    engine.add_argument("--level", choices=sorted(LEVELS), help="a built-in engine instead of a program")
    parser.add_argument("--engine-timeout", type=float, default=30.0, help="seconds the engine may think per move")
    parser.add_argument("--rng-seed", type=int, help="the seed of a built-in level's choices")
    return parser.parse_args(argv)


def options(pairs: Sequence[str]) -> dict[str, Any] | None:
    """`--option key=value` pairs as the options object (values read as JSON, else as text)."""
    found: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise SystemExit(f"trailhead-bot: --option {pair!r} is not KEY=VALUE")
        try:
            found[key] = json.loads(raw)
        except ValueError:
            found[key] = raw
    return found or None


def created_seats(client: Client, args: argparse.Namespace, game_type: GameType) -> Iterator[SeatHandle]:
    """Seat 0 of each of `--games` new games, the other seats the opponent's."""
    seats = args.seats or game_type["min_seats"]
    opponent = args.opponent or game_type["bots"][-1]
    for number in range(args.games):
        others = [{"name": f"{opponent}-{i}", "bot": opponent} for i in range(1, seats)]
        seed = f"{args.seed}-{number}" if args.seed is not None else None
        created = client.create_game(args.type_, [args.name, *others], options=options(args.option), seed=seed)
        yield client.seats_of(created)[0]


def given_seats(client: Client, pairs: Sequence[str]) -> Iterator[SeatHandle]:
    """The seats named by `--seat GAME_ID:TOKEN`."""
    for pair in pairs:
        game_id, sep, token = pair.partition(":")
        if not sep or not game_id or not token:
            raise SystemExit(f"trailhead-bot: --seat {pair!r} is not GAME_ID:TOKEN")
        yield client.seat(game_id, token)


def play(seat: SeatHandle, game_type: str, engine: Engine) -> Outcome:
    """Play one seat to the end of its game with the engine; the over message is sent to it.

    Raises:
        EngineError: the engine broke the protocol.
    """
    for turn in seat.turns():
        decide = protocol.decision(turn, game_type)
        for _ in range(MAX_REFUSALS + 1):
            answer = engine.choose(decide)
            action = protocol.chosen_action(answer, turn.actions)
            try:
                turn.seat.play(action)
                break
            except VersionConflict:
                break  # the game moved on meanwhile (another seat acted): the next turn tells
            except (IllegalCommand, BadRequest) as refused:
                decide = {**decide, "refused": {"answer": answer, "status": refused.status, "detail": refused.detail}}
        else:
            return Outcome(seat.game_id, seat.index, None, f"abandoned: the server refused {MAX_REFUSALS + 1} choices")
    over = protocol.over(seat.view(), seat.index)
    engine.game_over(over)
    return Outcome(seat.game_id, seat.index, over)


def line(number: int, total: int, outcome: Outcome) -> str:
    """One game's result in a line."""
    head = f"game {number}/{total} {outcome.game_id} seat {outcome.seat}:"
    if outcome.over is None:
        return f"{head} {outcome.note}"
    result = outcome.over["result"]
    mine: dict[str, Any] = next((s for s in result["standings"] if s["seat"] == outcome.seat), {})
    score = f", score {mine['score']}" if mine.get("score") is not None else ""
    verdict = "won" if outcome.over["won"] else "lost"
    return f"{head} {verdict}, place {outcome.over['place']} of {len(result['standings'])}{score}"


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    client = Client(args.url)
    try:
        game_type = client.game_type(args.type_)
        if args.level:
            engine: Engine = LEVELS[args.level](args.rng_seed)
        else:
            engine = ExternalEngine(args.engine, args.engine_timeout)
        try:
            engine.start(protocol.hello(f"trailhead-bot/{__version__}", game_type))
            seats = given_seats(client, args.seat) if args.seat else created_seats(client, args, game_type)
            total = len(args.seat) or args.games
            outcomes = []
            for number, seat in enumerate(seats, start=1):
                outcome = play(seat, args.type_, engine)
                outcomes.append(outcome)
                print(line(number, total, outcome), flush=True)
        finally:
            engine.close()
    except EngineError as error:
        print(f"trailhead-bot: engine error: {error}", file=sys.stderr)
        return 2
    except TrailheadError as error:
        print(f"trailhead-bot: {error}", file=sys.stderr)
        return 1
    finally:
        client.close()
    won = sum(1 for o in outcomes if o.over and o.over["won"])
    abandoned = sum(1 for o in outcomes if o.over is None)
    print(f"{len(outcomes)} game(s) of {args.type_} with {engine.name}: {won} won, "
          f"{len(outcomes) - won - abandoned} lost, {abandoned} abandoned")
    return 1 if abandoned else 0


if __name__ == "__main__":
    sys.exit(main())
