"""trailhead-bot: play seats of Trailhead games with an engine, and print each game's result.

    trailhead-bot --url URL --type TYPE [--seats N] [--games K] [--engine 'CMD ...' | --level random]
    trailhead-bot --url URL --key=KEY [--join [TYPE]] [--games K] [--engine 'CMD ...' | --level random]
    trailhead-bot --url URL --key=KEY --tournament ID [--engine 'CMD ...' | --level random]

Three sources of seats. By default the runner creates games: your seat (seat 0) and, in the
others, the server's strongest bot of the type (or `--opponent LEVEL`), played one after another.
`--seat GAME_ID:TOKEN` plays seats you already hold. `--key=KEY` (or `--player NAME`, which
registers a player first) plays as a player: it follows the player's stream and plays every turn
of every game of the player, several games at once, and with `--join` it also takes open seats of
other people's games as they appear (bot/player.py); with `--tournament ID` it enters that tournament and
plays the player's games in it as they start, until it finishes (bot/tournament.py). The engine is told about each decision on
its stdin and answers on its stdout (docs/bot-protocol.md); `--level random` plays without one.

The runner never strands a game: it paces its requests below the server's rate limits and waits
out any `Retry-After` (saying so), and whenever it stops with games it holds unfinished (Ctrl-C,
SIGTERM, a fatal error, or its `--games` reached while others go on) it leaves them to their
takeover bots (bot/leaving.py).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from trailhead_client import __version__
from trailhead_client.bot.engines import LEVELS, Engine, EngineSet, ExternalEngine
from trailhead_client.bot.leaving import HeldGames, Stopped, say, stop_on_sigterm, waiting
from trailhead_client.bot.player import play_as_player
from trailhead_client.bot.playing import Outcome, line, play, summary
from trailhead_client.bot.protocol import EngineError
from trailhead_client.client import Client
from trailhead_client.errors import IllegalCommand, TrailheadError
from trailhead_client.seat import SeatHandle
from trailhead_client.types import GameType

RUNNER = f"trailhead-bot/{__version__}"


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="trailhead-bot", description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://localhost:8000")
    parser.add_argument("--type", dest="type_", metavar="TYPE",
                        help="the game type, e.g. peaks (needed to create games and with --seat)")
    parser.add_argument("--seats", type=int, help="seats per game (default: the fewest the type allows)")
    parser.add_argument("--games", type=int, default=1,
                        help="how many games to play (created: one after another; as a player: as they come, "
                             "0 for no end)")
    parser.add_argument("--opponent", metavar="LEVEL", help="the bot level of the other seats (default: strongest)")
    parser.add_argument("--name", default="trailhead-bot", help="your seat's name")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                        help="a game option, e.g. round_limit=10 (repeatable)")
    parser.add_argument("--seed", help="the games' seed (game i gets SEED-i)")
    parser.add_argument("--seat", action="append", default=[], metavar="GAME_ID:TOKEN",
                        help="play this seat of an existing game instead of creating games (repeatable)")
    player = parser.add_mutually_exclusive_group()
    player.add_argument("--key", help="play as this player (its key): every game of the player, through its stream; "
                                      "write --key=KEY, since a key may begin with '-'")
    player.add_argument("--player", metavar="NAME", help="register a player of this name and play as it (as --key)")
    parser.add_argument("--tournament", metavar="ID", help="enter this tournament as the player (--key or --player) and "
                        "play its games as they start, until it finishes")
    parser.add_argument("--join", nargs="?", const="", metavar="TYPE",
                        help="as a player, also join open seats of other people's games (of TYPE, else of --type, "
                             "else of any type) as they appear, until it holds --games games")
    parser.add_argument("--at-once", type=int, default=4, metavar="N",
                        help="with --join and --games 0: the most games it plays at once (default 4)")
    parser.add_argument("--poll", type=float, default=2.0, metavar="SECONDS",
                        help="with --join: how often it looks for open seats (default 2)")
    engine = parser.add_mutually_exclusive_group(required=True)
    engine.add_argument("--engine", metavar="'CMD ...'", help="an engine program speaking docs/bot-protocol.md")
    engine.add_argument("--level", choices=sorted(LEVELS), help="a built-in engine instead of a program")
    parser.add_argument("--engine-timeout", type=float, default=30.0, help="seconds the engine may think per move")
    parser.add_argument("--rng-seed", type=int, help="the seed of a built-in level's choices")
    args = parser.parse_args(argv)
    as_player = args.key is not None or args.player is not None
    if as_player and args.seat:
        parser.error("--seat plays seats you hold; --key and --player play a player's games: choose one")
    if args.tournament is not None and (not as_player or args.join is not None):
        parser.error("--tournament needs a player (--key=KEY or --player NAME), and no --join")
    if args.join is not None and not as_player:
        parser.error("--join needs a player: --key=KEY or --player NAME")
    if not as_player and not args.type_:
        parser.error("--type is needed to create games and with --seat")
    if args.games < (0 if as_player else 1) or args.at_once < 1:
        parser.error("--games must be at least 1 (0 with --key or --player: no end), --at-once at least 1")
    return args


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
    opponent = args.opponent or client.strongest_bot(args.type_)
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


def engine_maker(args: argparse.Namespace) -> Callable[[], Engine]:
    """A function starting a new engine of the kind asked for (a built-in level, or the program)."""
    if args.level:
        return lambda: LEVELS[args.level](args.rng_seed)
    return lambda: ExternalEngine(args.engine, args.engine_timeout)


def play_seats(client: Client, args: argparse.Namespace, engines: EngineSet, outcomes: list[Outcome],
               held: HeldGames) -> None:
    """The created games' seats, or those given with --seat, one after another; each held until it ends."""
    engine = engines.for_type(args.type_)
    seats = given_seats(client, args.seat) if args.seat else created_seats(client, args, client.game_type(args.type_))
    total = len(args.seat) or args.games
    for number, seat in enumerate(seats, start=1):
        held.hold(seat.game_id, seat.index, seat.token)
        outcome = play(seat, args.type_, engine)
        if outcome.over is None:  # given up: the game's takeover bot plays on for the others' sake
            try:
                client.leave(seat.game_id, seat.token)
                outcome = dataclasses.replace(outcome, note=f"{outcome.note}; left to the takeover bot")
            except IllegalCommand as refused:  # left already (a bot plays it), or over
                outcome = dataclasses.replace(outcome, note=f"{outcome.note}; {refused.detail}")
        held.release(seat.game_id)
        outcomes.append(outcome)
        say(line(number, total, outcome))


def run(client: Client, args: argparse.Namespace, engines: EngineSet, outcomes: list[Outcome],
        held: HeldGames) -> int:
    """Play as asked; the exit status of a stop (0 when nothing stopped it).

    Every way out is caught here, so that the caller leaves the games still held: an engine
    error (2), a server error, or any other error (1), Ctrl-C (130), SIGTERM (143).
    """
    try:
        try:
            if args.key is not None or args.player is not None:
                play_as_player(client, args, engines, outcomes, held)
            else:
                play_seats(client, args, engines, outcomes, held)
        finally:
            engines.close()
    except EngineError as error:
        say(f"trailhead-bot: engine error: {error}", error=True)
        return 2
    except TrailheadError as error:
        say(f"trailhead-bot: {error}", error=True)
        return 1
    except KeyboardInterrupt:
        return 130
    except Stopped as stopped:
        return stopped.status
    except Exception:  # noqa: BLE001 - a bug must not strand the games either
        say(f"trailhead-bot: unexpected error:\n{traceback.format_exc().rstrip()}", error=True)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    restore = stop_on_sigterm()
    client = Client(args.url, patient=True, on_wait=waiting, pace=True)
    engines = EngineSet(engine_maker(args), client.game_type, RUNNER)
    outcomes: list[Outcome] = []
    held = HeldGames()
    try:
        status = run(client, args, engines, outcomes, held)
        client.close()
        held.leave_all(args.url)
    except (KeyboardInterrupt, Stopped) as again:  # stopped again while leaving: stop now
        status = again.status if isinstance(again, Stopped) else 130
    finally:
        client.close()
        restore()
    say(summary(outcomes, engines))
    return status or (1 if any(o.over is None for o in outcomes) else 0)


if __name__ == "__main__":
    sys.exit(main())
