"""The database's schema brought up to date (`trailhead db migrate`)."""

from __future__ import annotations

import dataclasses

from storage import Operations


@dataclasses.dataclass(frozen=True, slots=True)
class Migrated:
    """What a migration run did: the schema's version before and after it, and the migrations it applied."""

    before: int
    applied: list[str]
    after: int


def migrate_schema(store: Operations) -> Migrated:
    """Apply every pending migration, each in one transaction (hosts starting together take turns)."""
    before = store.schema_version()
    applied = store.migrate()
    return Migrated(before, applied, store.schema_version())
