"""The game clock a record may carry (docs/format.md, "The clock"): when play started, its pauses
(breaks), and when it stopped. Optional, never scored: a record without it reads as before.

```json
"clock": {"started": "2026-03-01T20:00:00+01:00",
          "pauses": [{"from": "2026-03-01T20:40:00+01:00", "to": "2026-03-01T21:05:00+01:00"}],
          "stopped": "2026-03-01T21:30:12+01:00"}
```

Every time is ISO 8601 with its UTC offset (a clock is read on several devices: a time without one
would mean a different moment on each). The times never go back: each pause begins at or after the
start and the end of the pause before it, ends at or after it begins, and the stop comes at or after
all of them. Only the last pause may be open (no `to`: the clock is paused now), and not on a
stopped clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .fields import RecordError, Where, check_keys, need_list, need_object, need_str
from .words import Said

MAX_PAUSES = 1000  # far more breaks than an evening has; bounds what a crafted record makes every tap read


@dataclass(frozen=True)
class Clock:
    started: datetime
    pauses: tuple[tuple[datetime, datetime | None], ...] = ()  # (from, to); to None: paused now
    stopped: datetime | None = None

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None

    def played(self, now: datetime) -> timedelta:
        """Time played by `now` (or by the stop): from the start, breaks left out; never negative."""
        end = self.stopped or now
        took = end - self.started
        for begin, finish in self.pauses:
            took -= min(finish or end, end) - min(begin, end)
        return max(took, timedelta(0))


def _moment(value: Any, where: Where) -> datetime:
    text = need_str(value, where)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise RecordError(where, Said("'{text}' is not an ISO 8601 date and time", text=text)) from None
    if when.tzinfo is None:
        raise RecordError(where, Said("'{text}' has no UTC offset (write it as {text}+00:00, or with its own offset)", text=text))
    return when


def _not_before(when: datetime, earlier: datetime, where: Where, what: str) -> None:
    """`when` at or after `earlier` (`what`, in words: "the start"), else a RecordError."""
    try:
        ok = when >= earlier
    except OverflowError:  # an offset at the calendar's very end: not comparable in UTC
        ok = False
    if not ok:
        raise RecordError(where, Said("it is before {what}", what=what))


def parse_clock(raw: Any) -> Clock:
    """The clock a record carries, checked; RecordError names the field at fault."""
    where: Where = ("clock",)
    clock = need_object(raw, where)
    check_keys(clock, where, required=("started",), optional=("pauses", "stopped"))
    started = _moment(clock["started"], (*where, "started"))
    pauses_at = (*where, "pauses")
    raw_pauses = need_list(clock.get("pauses", []), pauses_at)
    if len(raw_pauses) > MAX_PAUSES:
        raise RecordError(pauses_at, Said("{count:,} pauses (at most {most:,})", count=len(raw_pauses), most=MAX_PAUSES))
    last, last_what = started, Said("the start")
    pauses: list[tuple[datetime, datetime | None]] = []
    for i, raw_pause in enumerate(raw_pauses, start=1):
        at = (*pauses_at, Said("pause {n}", n=i))
        pause = need_object(raw_pause, at)
        check_keys(pause, at, required=("from",), optional=("to",))
        begin = _moment(pause["from"], (*at, "from"))
        _not_before(begin, last, (*at, "from"), last_what)
        end = None
        if "to" in pause:
            end = _moment(pause["to"], (*at, "to"))
            _not_before(end, begin, (*at, "to"), Said("the pause's own from"))
            last, last_what = end, Said("the end of pause {n}", n=i)
        elif i < len(raw_pauses) or "stopped" in clock:
            raise RecordError(at, Said("only the last pause of a running clock may be open (without 'to')"))
        else:
            last, last_what = begin, Said("pause {n}", n=i)
        pauses.append((begin, end))
    stopped = None
    if "stopped" in clock:
        stopped = _moment(clock["stopped"], (*where, "stopped"))
        _not_before(stopped, last, (*where, "stopped"), last_what)
    return Clock(started, tuple(pauses), stopped)
