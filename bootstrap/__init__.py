"""The composition root: builds a process's container from settings.

The storage port from `TRAILHEAD_DB`, the state cache, the handler, the projector, the
runner (RQ with `REDIS_URL`, inline without) and the message bus with its table. The HTTP app, the worker
and the CLI each call `bootstrap` once; nothing is built at import time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from application.bus import HANDLERS, MessageBus, Route, Runner
from application.ladder import LadderSettings
from application.webhooks import WebhookSettings, webhook_hosts
from application.container import Trailhead
from application.handler import GameService, StateCache
from application.inline import InlineRunner
from application.messages import Message
from application.projections import Projector
from application.settings import registry_of, settings_from_env
from domain.core import GameSpec
from storage import SchemaOutOfDate, Storage, open_storage


def bootstrap(settings: Mapping[str, Any] | None = None, games: Sequence[GameSpec] | None = None,
              migrate: bool = True, messages: Mapping[type[Message], Route] = HANDLERS) -> Trailhead:
    """A container for `settings` (the environment's by default), `games` (the registered ones) and the
    bus's message table `messages`.

    With `migrate` the database's pending migrations are applied first; without, a database
    that needs them is refused with a message naming `trailhead db migrate`.

    Raises:
        SchemaOutOfDate: the schema needs migrations and `migrate` is False.
    """
    settings = dict(settings_from_env() if settings is None else settings)
    if games is None:
        from domain.games import GAMES

        games = GAMES
    registry = registry_of(tuple(games))
    store = storage_of(settings)
    prepare(store, migrate)
    cache = StateCache()
    handler = GameService(store, registry, cache, settings.get("CLIENT_SEEDS", "mixed"))
    projector = Projector(registry, int(settings.get("PROJECTION_BATCH", 500)))
    runner: Runner
    if settings.get("REDIS_URL"):
        from workers.rq import RqRunner

        runner = RqRunner(settings)
    else:
        runner = InlineRunner(store, projector)
    bus = MessageBus(handler, runner, projector, messages, float(settings.get("BOT_BUDGET_SECONDS", 2.0)),
                     float(settings.get("ARENA_MINUTE_SECONDS", 60.0)))
    bus.ladder = LadderSettings(float(settings.get("LADDER_SECONDS", 30)), int(settings.get("LADDER_TURN_SECONDS", 60)),
                                settings.get("LADDER_TAKEOVER_BOT"))
    bus.webhooks = WebhookSettings(webhook_hosts(settings.get("WEBHOOK_HOSTS")), settings.get("WEBHOOK_SECRET"))
    if settings.get("REDIS_URL"):
        from workers.commits import CommitPublisher

        # streams in every process (this host's and others') wake at once on this process's commits
        publisher = CommitPublisher(settings["REDIS_URL"], settings.get("QUEUE_PREFIX") or "trailhead")
        bus.on_commit(publisher)
        bus.on_tournament_commit(publisher.tournament)
    return Trailhead(settings, registry, store, cache, handler, projector, runner, bus)


def storage_of(settings: Mapping[str, Any]) -> Storage:
    """The storage port that `TRAILHEAD_DB` names (a SQLite path or a `postgresql://` URL)."""
    return open_storage(settings["DATABASE"], settings.get("SYNCHRONOUS", "FULL"), settings.get("DB_POOL_SIZE"),
                        settings.get("DB_POOL_WAIT_SECONDS"))


def prepare(store: Storage, migrate: bool) -> None:
    pending = store.pending_migrations()
    if not pending:
        return
    if not migrate:
        raise SchemaOutOfDate(f"the database needs {len(pending)} migration(s) ({'; '.join(pending)}): "
                              "run `trailhead db migrate`")
    store.migrate()
