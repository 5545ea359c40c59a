"""Canonical JSON: the one byte form used for hashes, storage and comparisons."""

from __future__ import annotations

import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Serialise with sorted keys, no spaces, UTF-8 text and no NaN/Infinity."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
