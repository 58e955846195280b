"""Tableside's rules: turn a FORMAT.md game record into scores, places and reasons.

Pure Python, standard library only, no I/O (the CLI lives in __main__).

    >>> from scoring import score
    >>> score(record).to_json()
"""

from __future__ import annotations

from typing import Any

from . import bgg_card_game, bgg_game, card_commons, cgt, lost_cities
from .fields import RecordError
from .record import GameRules, Record, parse_record
from .result import Line, Result

GAMES: dict[str, GameRules] = {
    module.GAME.key: module.GAME for module in (lost_cities, bgg_card_game, bgg_game, cgt, card_commons)
}


def parse(record: Any) -> Record:
    """Validate a record (parsed JSON) exactly as FORMAT.md says; raises RecordError."""
    return parse_record(record, GAMES)


def score(record: Any) -> Result:
    """Score a record (parsed JSON, or an already parsed Record); raises RecordError when invalid."""
    parsed = record if isinstance(record, Record) else parse(record)
    return parsed.rules.score(parsed.game)


__all__ = ["GAMES", "GameRules", "Line", "Record", "RecordError", "Result", "parse", "score"]
