"""Pure game logic: the core protocol and one package per game (no IO here)."""
