"""How long a game took: the time its game clock played (game_clock.py), breaks left out, from its
start to when it was first saved as finished. A record without a clock (one saved before the clock
was kept) keeps the duration it always had: from its `played_at` (set when the game is created) to
the moment it was first saved as finished (the store's `finished_at`, kept through later edits).

Unknown (None) where that measures no sitting: an imported game without a clock (its finished_at is
its played_at), a clock not stopped (a game in progress), a clock that went backwards, or more than
MAX_SITTING played."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from companion.language import _
from companion.services import game_clock

MAX_SITTING = timedelta(hours=12)  # longer: left open overnight, not played for that long


def minutes(game: Any) -> int | None:
    """Whole minutes (at least 1) between start and finish, for a stored game; None when unknown."""
    record = getattr(game, "record", None)
    if not isinstance(record, dict) or not (getattr(game, "finished_at", None) or "clock" in record):
        return None
    clock = game_clock.of_game(game)
    if clock is None or clock.stopped is None:
        return None
    took = clock.played(clock.stopped)
    if not timedelta(0) < took <= MAX_SITTING:
        return None
    return max(1, round(took.total_seconds() / 60))


def in_words(mins: int | None) -> str | None:
    """'25 min', '1 h 5 min', '2 h'; None stays None."""
    if mins is None:
        return None
    hours, rest = divmod(mins, 60)
    if not hours:
        return _("{minutes} min").format(minutes=rest)
    return _("{hours} h {minutes} min").format(hours=hours, minutes=rest) if rest else _("{hours} h").format(hours=hours)
