"""Hikes of the West: a solo dice game of three hikes, scored like golf against par."""

from __future__ import annotations

from domain.core.package import game_spec

# 2: path cards may be hiked either way round (data/RULINGS.md, Orientation)
SPEC = game_spec(__name__, id="hikes-of-the-west", title="Hikes of the West", min_seats=1, max_seats=1,
                 rules_version=2, oldest_rules_version=1)

__all__ = ["SPEC"]
