"""How long a game took: from its start (the record's `played_at`, set when the game is created)
to the moment it was first saved as finished (the store's `finished_at`, kept through later edits).

Unknown (None) where the two do not measure a sitting: an imported game (its finished_at is its
played_at), a clock that went backwards, or a game left open longer than MAX_SITTING."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from companion.data.checks import played_when

MAX_SITTING = timedelta(hours=12)  # longer: left open overnight, not played for that long


def minutes(game: Any) -> int | None:
    """Whole minutes (at least 1) between start and finish, for a stored game; None when unknown."""
    record = getattr(game, "record", None)
    finished = getattr(game, "finished_at", None)
    if not isinstance(record, dict) or not finished or "played_at" not in record:
        return None
    try:
        took = played_when(finished) - played_when(record["played_at"])
    except (TypeError, ValueError):
        return None
    if not timedelta(0) < took <= MAX_SITTING:
        return None
    return max(1, round(took.total_seconds() / 60))


def in_words(mins: int | None) -> str | None:
    """'25 min', '1 h 5 min', '2 h'; None stays None."""
    if mins is None:
        return None
    hours, rest = divmod(mins, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h {rest} min" if rest else f"{hours} h"
