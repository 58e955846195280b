"""The games Tableside knows, in their home-screen order: the one list of them (ALL_RULES;
"variant" is a game's options, docs/glossary.md). What a new game takes: docs/games.md."""

from __future__ import annotations

from . import bgg_card_game, bgg_game, card_commons, cgt, lost_cities, score_pad, six_nimmt
from .record import GameRules

# The score pad, for any other game, comes last.
ALL_RULES: tuple[GameRules, ...] = (
    lost_cities.GAME,
    bgg_card_game.GAME,
    bgg_game.GAME,
    cgt.GAME,
    card_commons.GAME,
    six_nimmt.GAME,
    score_pad.GAME,
)
GAMES: dict[str, GameRules] = {rules.key: rules for rules in ALL_RULES}


def register(rules: GameRules) -> GameRules:
    """Add a game that is not in ALL_RULES (a test's toy game); the caller removes it from GAMES."""
    GAMES[rules.key] = rules
    return rules
