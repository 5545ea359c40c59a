"""Replays and audit: rebuild, step through, verify, export/import and fork any game."""
