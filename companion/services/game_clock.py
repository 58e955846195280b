"""The game clock: the time played, breaks left out, the same on every device of the table.

It is part of the game's stored record (`clock`, docs/format.md; scoring/clock.py checks it), never a
counter held by a screen: what every screen shows is worked out from the stored times and the
server's clock, so a reload, a second device, a restarted server and an undo all show the same.

A record without `clock` (every game stored before it, and a new game until its first pause) reads
as a clock started at its `played_at`, never paused; a finished one as stopped when it was first
saved (`finished_at`): exactly the duration Tableside gave before. The first pause writes the clock
out; saving the game as finished stops it (`stopped`), with or without pauses.

`now` is the one source of time here (tests replace it: `monkeypatch.setattr(game_clock, "now", …)`);
`TICK` is how often a screen's clock moves: each second (tests/conftest.py stills it, and the time,
for every test but those of the clock, so a screen stands still while a test reads or compares it)."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.data.checks import played_when
from companion.language import N_, _, number
from scoring import RecordError
from scoring.clock import MAX_PAUSES, Clock, parse_clock

TICK_VARIABLE = "TABLESIDE_CLOCK_TICK"


def tick_from(text: str | None) -> float:
    """Seconds between two drawings of a running clock's time: 1, or $TABLESIDE_CLOCK_TICK when it is a
    number from 1 to 3600 (a test suite whose screens must stand still while it reads them)."""
    try:
        seconds = float(text or 1)
    except ValueError:
        return 1.0
    return seconds if 1 <= seconds <= 3600 else 1.0


TICK = tick_from(os.environ.get(TICK_VARIABLE))
ALREADY_PAUSED = N_("The clock is paused already.")
ALREADY_RUNNING = N_("The clock is running already.")
STOPPED = N_("The clock stopped when the game was saved.")
TOO_MANY_PAUSES = N_("The clock has been paused {count} times, as many as a game keeps: it runs on.")


def now() -> datetime:
    """The server's time (every device's clock is drawn from it, not from the device's own)."""
    return datetime.now(UTC)


def stamp(when: datetime) -> str:
    """A clock time as stored: UTC, ISO 8601 to the second."""
    return when.astimezone(UTC).isoformat(timespec="seconds")


def read(record: dict, finished_at: str | None = None) -> Clock | None:
    """The record's clock; for a record without one, the clock it implies (started at `played_at`,
    stopped at `finished_at` when given). None when it cannot be read (a damaged or plain record)."""
    try:
        if "clock" in record:
            return parse_clock(record["clock"])
        started = played_when(record.get("played_at"))
        stopped = played_when(finished_at) if finished_at else None
    except (RecordError, ValueError, TypeError):
        return None
    if stopped is not None and stopped < started:  # a clock that went back (or an import): no sitting measured
        return None
    return Clock(started, (), stopped)


def of_game(game: Any) -> Clock | None:
    """The clock of a stored game (anything with `record` and `finished_at`)."""
    record = getattr(game, "record", None)
    return read(record, getattr(game, "finished_at", None)) if isinstance(record, dict) else None


def shown(played: timedelta) -> str:
    """'0:07', '12:05' (minutes:seconds), past an hour '1:02:03' (hours:minutes:seconds)."""
    seconds = max(0, int(played.total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def next_tick(played: timedelta) -> float:
    """Seconds until the shown time next changes: just past its next whole TICK (a second)."""
    return TICK - played.total_seconds() % TICK + 0.01


def _written(record: dict) -> dict[str, Any]:
    """The record's clock as stored (a copy to change), or the one its played_at implies."""
    if "clock" in record:
        clock = record["clock"]
        return {**clock, "pauses": [dict(p) for p in clock.get("pauses", [])]}
    clock = read(record)
    if clock is None:
        raise RecordError(("clock",), _("this game has no start time to run a clock from"))
    return {"started": stamp(clock.started), "pauses": []}


def _last(clock: Clock) -> datetime:
    """The latest time the clock holds: a new one is never before it (a server clock set back)."""
    times = [clock.started, *(t for pause in clock.pauses for t in pause if t is not None)]
    return max(times)


def _at(clock: Clock, when: datetime) -> str:
    return stamp(max(when, _last(clock)))


def with_pause(record: dict, paused: bool, when: datetime) -> dict:
    """The record with its clock paused (or, `paused` false, running again) at `when`.
    RecordError (a sentence for the person) when that changes nothing or cannot be."""
    clock = read(record)
    if clock is None:
        raise RecordError(("clock",), _("this game's clock cannot be read"))
    if clock.stopped is not None:
        raise RecordError(("clock",), _(STOPPED))
    if clock.paused == paused:
        raise RecordError(("clock",), _(ALREADY_PAUSED) if paused else _(ALREADY_RUNNING))
    written = _written(record)
    if paused:
        if len(written["pauses"]) >= MAX_PAUSES:
            raise RecordError(("clock",), _(TOO_MANY_PAUSES).format(count=number(MAX_PAUSES)))
        written["pauses"].append({"from": _at(clock, when)})
    else:
        written["pauses"][-1]["to"] = _at(clock, when)
    return {**record, "clock": written}


def with_stop(record: dict, when: datetime) -> dict:
    """The record with its clock stopped at `when` (an open pause ends there): the game is saved as finished.
    A clock already stopped (an edit of a saved game), or one that cannot be read, is left as it is."""
    clock = read(record)
    if clock is None or clock.stopped is not None:
        return record
    written = _written(record)
    at = _at(clock, when)
    if clock.paused:
        written["pauses"][-1]["to"] = at
    written["stopped"] = at
    if not written["pauses"]:
        del written["pauses"]
    return {**record, "clock": written}


def carried(record: dict, clock_from: dict) -> dict:
    """`record` with the clock of `clock_from` (undo replays cards on older states: the clock stays as it is now)."""
    if record.get("clock") == clock_from.get("clock"):
        return record
    if "clock" not in clock_from:
        return {k: v for k, v in record.items() if k != "clock"}
    return {**record, "clock": clock_from["clock"]}
