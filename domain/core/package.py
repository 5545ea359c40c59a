"""A game's spec built from its package: every game keeps each concern in the module of the same name.

A game package holds these modules, and `game_spec` reads these names from them (a name marked
optional may be left out; the core's default stands):

    commands.py     COMMANDS                      the command types
    events.py       EVENTS                        the event types
    options.py      OPTIONS_SCHEMA                table options (JSON Schema);
                    seated_defaults (optional)    option defaults that depend on who is seated
    state.py        renamed (optional)            the state with the seats' final names
    evolve.py       setup, evolve                 the opening events; one event folded into the state
    rules.py        decide, legal_commands, to_act
                                                  one predicate per command, used by both the listing
                                                  and the check; the turn is checked once, by the core
    views.py        view                          a seat's view
    view_schema.py  VIEW_SCHEMA                   the view's JSON Schema
    scoring.py      result                        the result once the game has ended, else None;
                    LOWER_SCORE_WINS (optional)
    describe.py     describe, HIDDEN_LINES        one line per event for the timeline
    labels.py       label, ranges                 a legal command in words; an argument's whole range
    about.py        RULES                         the rules in our own words, each with its book section
    catalog.py      catalog                       every public component by id
    bots.py         BOTS                          the game's own bot levels ("random" is every game's)

so that a sixth game is one package (and one line in domain/games/__init__.py), and a reader finds
the same concern under the same name in all five.
"""

from __future__ import annotations

import importlib
from typing import Any

from domain.core.codec import Codec
from domain.core.protocol import GameSpec, no_seated_defaults, random_bot

MODULES = ("commands", "events", "options", "state", "evolve", "rules", "views", "view_schema", "scoring",
           "describe", "labels", "about", "catalog", "bots")


def game_spec(package: str, *, id: str, title: str, min_seats: int, max_seats: int, rules_version: int,
              oldest_rules_version: int = 1) -> GameSpec:
    """The spec of the game in `package` (its `__name__`), from the modules named in this module's doc."""
    parts = {name: importlib.import_module(f"{package}.{name}") for name in MODULES}

    def optional(module: str, name: str, default: Any) -> Any:
        return getattr(parts[module], name, default)

    return GameSpec(
        id=id,
        title=title,
        min_seats=min_seats,
        max_seats=max_seats,
        rules_version=rules_version,
        oldest_rules_version=oldest_rules_version,
        options_schema=parts["options"].OPTIONS_SCHEMA,
        seated_defaults=optional("options", "seated_defaults", no_seated_defaults),
        bots={"random": random_bot, **parts["bots"].BOTS},
        events=Codec(parts["events"].EVENTS, "event"),
        commands=Codec(parts["commands"].COMMANDS, "command"),
        setup=parts["evolve"].setup,
        evolve=parts["evolve"].evolve,
        decide=parts["rules"].decide,
        to_act=parts["rules"].to_act,
        legal_commands=parts["rules"].legal_commands,
        view=parts["views"].view,
        view_schema=parts["view_schema"].VIEW_SCHEMA,
        result=parts["scoring"].result,
        lower_score_wins=optional("scoring", "LOWER_SCORE_WINS", False),
        describe=parts["describe"].describe,
        hidden_lines=parts["describe"].HIDDEN_LINES,
        label=parts["labels"].label,
        ranges=parts["labels"].ranges,
        rules=parts["about"].RULES,
        catalog=parts["catalog"].catalog,
        renamed=optional("state", "renamed", None),
    )
