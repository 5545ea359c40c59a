"""Hitchiker: each hitchiker's money, Contraband, place on the ring and Hometowns; the Bad Ride deck; the casino
game under way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from domain.core.wording import ordinal
from service.render import line, money, seats_table, words

GAMES = {"blackjack": "Blackjack", "holdem": "Texas Hold'em", "craps": "High Roll Craps"}


def draw(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    board = {location["index"]: location for location in view["board"]}
    rides = view["bad_rides"]
    last = rides.get("last_card")
    limit = f" of {view['round_limit']}" if view.get("round_limit") else ""
    drawn = [
        line(f"Round {view['round']}{limit}, turn {view['turn']}: {names[view['current']]}'s turn "
             f"({words(view['phase'])})" if view.get("current") is not None else f"Round {view['round']}"),
        line(f"Bad Ride cards: {rides['cards_left']} left" + (f"; last drawn: {last['title']}" if last else "")),
    ]
    rows = []
    for player in view["players"]:
        where = "-" if player["position"] is None else board[player["position"]]["name"]
        notes = [note for note, held in (("insured", player["insured"]),
                                         ("stuck in Remindya", player["stuck_in_remindya"])) if held]
        rows.append((names[player["seat"]], money(player["cash"]), money(player["savings"]), player["contraband"],
                     where, ", ".join(board[index]["name"] for index in player["hometowns"]) or "-",
                     ", ".join(notes) or "-"))
    drawn.append(seats_table(("Hitchiker", "Cash", "Savings", "Contraband", "At", "Hometowns", "Notes"), rows))
    casino = view.get("casino")
    if casino:
        drawn.extend(_casino(casino, names))
    return drawn


def _casino(casino: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    title = f"{GAMES.get(casino['game'], casino['game'])}, dealt by {names[casino['dealer']]}"
    if casino["game"] == "blackjack":
        hands = "; ".join(
            f"{ordinal(hand['index'] + 1)} hand ({names[hand['owner']]}): {' '.join(hand['cards'])} = {hand['total']}"
            f", {words(hand['status'])}" + (f", {money(hand['wager'])}" if hand["wager"] else "")
            for hand in casino["hands"])
        return [line(f"{title}: the House shows {' '.join(casino['house']) or '-'} ({casino['house_total']})"),
                line(f"Hands: {hands}")]
    folded = {names[seat] for seat in casino.get("folded", [])}
    playing = ", ".join(names[seat] for seat in casino.get("seats", []) if names[seat] not in folded) or "nobody yet"
    return [line(f"{title}: {casino['street']}, board {' '.join(casino['board']) or '-'}, pot {money(casino['pot'])}; "
                 f"in the hand: {playing}")]
