"""Whether a game in progress is complete but not saved: every round played (or, for a game scored
once at the end, something entered) and the result decided, with no round under way.

Such a game is not saved by itself (a player may still correct a card), so leaving its Results asks
(Save to history / Keep editing / Discard) and Home offers a one-tap Save beside it."""

from __future__ import annotations

from typing import Any

import scoring
from companion.data.store import IN_PROGRESS, StoredGame


def has_content(value: Any) -> bool:
    """Whether a part of a record holds something entered: a number other than 0, a non-empty
    list, a dict with content. Strings (a chosen colour) are setup, not play."""
    if isinstance(value, (bool, str)) or value is None:
        return False
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, dict):
        return any(has_content(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_content(v) if isinstance(v, (dict, list, tuple)) else True for v in value)
    return False


def complete(game: StoredGame) -> bool:
    if game.status != IN_PROGRESS:
        return False
    rules = scoring.GAMES.get(game.game)
    if rules is None or not has_content(game.record.get(rules.body)) or has_content(game.draft):
        return False
    try:
        return scoring.score(game.record).decided
    except scoring.RecordError:
        return False
