"""trailhead-bot in a tournament (`--tournament ID` with `--key=KEY` or `--player NAME`).

The runner enters the tournament with the player's key (unless the player is an entrant already), then follows
the tournament's stream (`Client.tournament_stream`): each `gameStarted` whose seats hold the player is played
to its end with the engine of the tournament's game type, one game after another, until the stream says
`tournamentFinished`. (In a duplicate tournament a player's two games of one table start together: the second
waits for the first, its clock running; a missed turn is played by the game's takeover rules.)
"""

from __future__ import annotations

import argparse
from typing import Any

from trailhead_client.bot.engines import EngineSet
from trailhead_client.bot.leaving import HeldGames, say
from trailhead_client.bot.playing import Outcome, line, play
from trailhead_client.client import Client
from trailhead_client.errors import IllegalCommand


def enter(client: Client, tournament_id: str, key: str, player_id: str) -> dict[str, Any]:
    """The tournament, with the player entered (now, or before)."""
    try:
        return client.join_tournament(tournament_id, key)
    except IllegalCommand:
        body = client.tournament(tournament_id)
        if player_id not in [entrant["entrant"] for entrant in body["entrants"]]:
            raise
        return body


def play_tournament(client: Client, args: argparse.Namespace, key: str, player_id: str, engines: EngineSet,
                    outcomes: list[Outcome], held: HeldGames) -> None:
    """Enter the tournament and play the player's games in it as they start, until it finishes."""
    body = enter(client, args.tournament, key, player_id)
    type_ = body["type"]
    say(f"entered tournament {body['name']} ({body['format']} of {type_}): {body['status']}")
    engine = engines.for_type(type_)
    for message in client.tournament_stream(args.tournament):
        if message["type"] == "tournamentFinished":
            mine = next((row for row in message["standings"] if row["entrant"] == player_id), None)
            if mine is not None:
                say(f"tournament over: place {mine['place']} with {mine['points']} point(s)")
            return
        if message["type"] != "gameStarted" or player_id not in message["seats"]:
            continue
        seat = client.seat(message["game_id"], key, message["seats"].index(player_id))
        held.hold(seat.game_id, seat.index, key)
        outcome = play(seat, type_, engine)
        held.release(seat.game_id)
        outcomes.append(outcome)
        say(line(len(outcomes), 0, outcome))
