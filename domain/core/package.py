"""A game's spec built from its package: every game keeps each concern in the module of the same name.

A game package holds these modules, and `game_spec` reads these names from them (a name marked
optional may be left out; the core's default stands):

    commands.py     COMMANDS                      the command types
    events.py       EVENTS                        the event types
    options.py      OPTIONS_SCHEMA                table options (JSON Schema);
                    seated_defaults (optional)    option defaults that depend on who is seated
    state.py        renamed (optional)            the state with the seats' final names
    evolve.py       setup, evolve                 the opening events; one event folded into the state
    rules.py        to_act, waiting, REFUSALS,    who acts, and what each command may do (below)
                    refusal, candidates, decide
    views.py        view                          a seat's view
    view_schema.py  VIEW_SCHEMA                   the view's JSON Schema
    scoring.py      result                        the result once the game has ended, else None;
                    LOWER_SCORE_WINS (optional)
    describe.py     describe, HIDDEN_LINES        one line per event for the timeline
    labels.py       label, ranges                 a legal command in words; an argument's whole range
    about.py        RULES                         the rules in our own words, each with its book section
    catalog.py      catalog                       every public component by id
    bots.py         BOTS                          the game's own bot levels ("random" is every game's);
                    SEARCH (optional)             the `search` level's settings (domain/core/search.py);
                    LEVELS (optional)             each level's description and measured strength (BotLevel)
    determinize.py  determinize, viewer           (optional module) a full state drawn from a seat's view, and
                                                  whose view it is: with SEARCH, the game has the `search` level

so that a sixth game is one package (and one line in domain/games/__init__.py), and a reader finds
the same concern under the same name in all five. The package's `__init__.py` is one line,
`SPEC = game_spec(__name__, id=..., title=..., ...)`.

How rules.py reads, in every game (python-chess's `is_legal` and `legal_moves`, over one predicate):

    to_act(state) -> frozenset[int]            the seats that may act now
    waiting(state, seat) -> str                what `decide` tells a seat that is not to act, in the game's words
    REFUSALS: {command type: Refusal}          ONE predicate per command type: (state, seat, command) -> why the
                                               rules forbid it now, in the rulebook's words, or None
    refusal(state, seat, command)              that command type's predicate (asked of a seat that is to act)
    candidates(state, seat) -> Iterable        every command worth asking `refusal` about, in listing order
                                               (a bounded, representative set where an argument ranges widely)
    decide(state, seat, command, rng)          InvalidCommand for a malformed command (`check_args`, before
                                               any rule); then `refuse(refusal(state, seat, command))`;
                                               then the events, a `match` on the command

The turn is the core's, checked once for every game: the listing (`legal_commands`) is built here
from `candidates` and `refusal`, so what is listed is exactly what `decide` accepts, and `decide`
is wrapped here in the turn check. The command cycle (cycle.py `check_turn`) answers a client
before either, in its own words.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
from collections.abc import Callable
from types import ModuleType
from typing import Any

from domain.core.codec import Codec
from domain.core.errors import IllegalCommand
from domain.core.protocol import RANDOM_LEVEL, SEARCH_LEVEL, Command, GameSpec, no_seated_defaults, random_bot
from domain.core.rng import Rng
from domain.core.search import SearchSettings, search_level

MODULES = ("commands", "events", "options", "state", "evolve", "rules", "views", "view_schema", "scoring",
           "describe", "labels", "about", "catalog", "bots")

#: The names every game's modules define (CONTRACT) and those a game may leave out (OPTIONAL), by module.
CONTRACT: dict[str, tuple[str, ...]] = {
    "commands": ("COMMANDS",),
    "events": ("EVENTS",),
    "options": ("OPTIONS_SCHEMA",),
    "state": (),
    "evolve": ("setup", "evolve"),
    "rules": ("to_act", "waiting", "REFUSALS", "refusal", "candidates", "decide"),
    "views": ("view",),
    "view_schema": ("VIEW_SCHEMA",),
    "scoring": ("result",),
    "describe": ("describe", "HIDDEN_LINES"),
    "labels": ("label", "ranges"),
    "about": ("RULES",),
    "catalog": ("catalog",),
    "bots": ("BOTS",),
}
#: The modules a game may leave out, and the names each defines when present.
OPTIONAL_MODULES: dict[str, tuple[str, ...]] = {
    "determinize": ("determinize", "viewer"),
}
OPTIONAL: dict[str, tuple[str, ...]] = {
    "options": ("seated_defaults",),
    "state": ("renamed",),
    "scoring": ("LOWER_SCORE_WINS",),
    "bots": ("SEARCH", "LEVELS"),
}


def game_spec(package: str, *, id: str, title: str, min_seats: int, max_seats: int, rules_version: int,
              oldest_rules_version: int = 1) -> GameSpec:
    """The spec of the game in `package` (its `__name__`), from the modules named in this module's doc."""
    parts = {name: importlib.import_module(f"{package}.{name}") for name in MODULES}

    def optional(module: str, name: str, default: Any) -> Any:
        return getattr(parts[module], name, default)

    rules, result = parts["rules"], parts["scoring"].result
    search = search_settings(package, optional("bots", "SEARCH", None))
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
        decide=decide_in_turn(rules, result),
        to_act=rules.to_act,
        legal_commands=listing(rules),
        view=parts["views"].view,
        view_schema=parts["view_schema"].VIEW_SCHEMA,
        result=result,
        lower_score_wins=optional("scoring", "LOWER_SCORE_WINS", False),
        describe=parts["describe"].describe,
        hidden_lines=parts["describe"].HIDDEN_LINES,
        label=parts["labels"].label,
        ranges=parts["labels"].ranges,
        rules=parts["about"].RULES,
        catalog=parts["catalog"].catalog,
        renamed=optional("state", "renamed", None),
        search=search,
        bot_levels={"random": RANDOM_LEVEL, **optional("bots", "LEVELS", {}),
                    **({SEARCH_LEVEL: search_level(search)} if search is not None else {})},
    )


def search_settings(package: str, settings: SearchSettings | None) -> SearchSettings | None:
    """The game's search settings with its determinize.py's functions; None without either."""
    if settings is None or importlib.util.find_spec(f"{package}.determinize") is None:
        return None
    module = importlib.import_module(f"{package}.determinize")
    return dataclasses.replace(settings, determinize=module.determinize, viewer=module.viewer)


def listing(rules: ModuleType) -> Callable[[Any, int], list[Command]]:
    """A game's `legal_commands`: for a seat to act, every candidate its one predicate allows."""
    to_act, candidates, refusal = rules.to_act, rules.candidates, rules.refusal

    def legal_commands(state: Any, seat: int) -> list[Command]:
        if seat not in to_act(state):
            return []
        return [command for command in candidates(state, seat) if refusal(state, seat, command) is None]

    return legal_commands


def decide_in_turn(rules: ModuleType, result: Callable[[Any], Any]) -> Callable[[Any, int, Command, Rng], Any]:
    """A game's `decide` behind the turn check: nothing once the game is over, nothing from a seat that is not
    to act (told why in the game's words, `rules.waiting`).

    The command cycle has checked the turn already (`check_turn`, in its words); this check keeps `decide`
    called on its own (a search, a test) to the same rule.
    """
    to_act, waiting, decide = rules.to_act, rules.waiting, rules.decide

    def decide_checked(state: Any, seat: int, command: Command, rng: Rng) -> Any:
        if result(state) is not None:
            raise IllegalCommand("the game is over")
        if seat not in to_act(state):
            raise IllegalCommand(waiting(state, seat))
        return decide(state, seat, command, rng)

    return decide_checked
