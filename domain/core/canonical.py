"""Canonical JSON: the one byte form used for hashes, storage and comparisons."""

from __future__ import annotations

import json
from typing import Any

# What json.dumps builds on every call given these options; built once (an encoder keeps no state
# between calls, so threads can share it). The same bytes, without a new encoder per value.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(value: Any) -> str:
    """Serialise with sorted keys, no spaces, UTF-8 text and no NaN/Infinity."""
    return _ENCODER.encode(value)
