"""Tournaments: a competition of many games as an event-sourced stream of its own (docs/tournaments.md).

Pure like the games: events and commands (events.py), the state and its fold (state.py), what the rules
allow (rules.py, with one refusal predicate per command in refusals.py), who meets whom (pairing.py), points and standings (scoring.py), seeds (seeds.py), re-derivation from the seed (audit.py).
The fold is `evolve`/`fold_tournament`, named apart from a game spec's `fold` (tests/test_architecture.py).
"""

from domain.tournaments.events import COMMANDS, EVENTS, FORMATS, Entrant, TimeControl
from domain.tournaments import audit, refusals
from domain.tournaments.rules import RULES_VERSION, decide
from domain.tournaments.scoring import standings
from domain.tournaments.seeds import game_seed, game_seed_commitment, starting_order
from domain.tournaments.state import Status, TournamentState, evolve, fold_tournament

__all__ = ["COMMANDS", "audit", "EVENTS", "FORMATS", "RULES_VERSION", "Entrant", "Status", "TimeControl",
           "TournamentState", "decide", "refusals", "evolve", "fold_tournament", "game_seed", "game_seed_commitment",
           "standings", "starting_order"]
