"""Examples: `play` (one game against the strongest bot with the SDK) and `engine` (an engine for trailhead-bot)."""
