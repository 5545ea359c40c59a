"""Hikes of the West has no table options."""

from __future__ import annotations

OPTIONS_SCHEMA = {"type": "object", "properties": {}, "additionalProperties": False}
