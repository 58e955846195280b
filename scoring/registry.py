"""The games this package knows: each game module registers its `GameRules` here on import."""

from __future__ import annotations

from .record import GameRules

GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> GameRules:
    """Make a game known to the envelope, the CLI and the app (a game module calls it once)."""
    GAMES[rules.key] = rules
    return rules
