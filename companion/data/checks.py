"""Whether a stored game can be used: one validation for everything that enters the store and
everything found in it.

`record_problem` is used by import (transfer.read_import, GameStore.add_finished), by every
save of the store and by the start-up check of every stored record (and of every backup
written or restored), so whatever import accepts, start-up keeps. It checks what the record's
rules say (scoring), and what the index, the month files, the statistics and the exports
derive from it:

- `id`: 1 to 200 characters (ids.py);
- `played_at`: ISO 8601, a date and time between the years 1970 and 9999 (read in its own
  offset; one written without an offset is the local time of this machine), which can be read
  in every time zone: its UTC value, 14 hours either way (the widest offsets in use; a time
  without an offset may itself be in any of them), lies inside the calendar Python knows. So
  the check says the same under every zone (a start-up trusts what a backup checked under
  another), and no export or list can fail on a date;
- `location` and `notes` within their limits, without control characters (details.py);
- the game clock's times (`clock`, scoring/clock.py) held to the rules of `played_at`;
- every text of the record (keys included) can be written as UTF-8: a lone surrogate (a half
  of a UTF-16 pair, which JSON's `\\ud800` escape can carry) cannot be stored, and is named.

A record arriving from outside (an import, a new game: `arriving=True`) is held to what Setup
and Results store: a player's name as Setup keeps it (no control characters, line or paragraph
separators, noncharacters, invisible or direction-changing characters, spaces around it; not
the same player as another of the record: scoring/names.py), `location` and `notes` exactly as
Setup cleans them, and `played_at` not in the future (beyond a day and a half of clock skew or
of a time written without its offset). Records stored before those rules stay usable. A
record that fails at start-up is set aside (damaged.py), never dropped.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Any

import scoring
from companion.data.details import detail_problem
from companion.data.ids import id_problem
from companion.data.photos import refs_problem
from companion.language import N_, _, spoken
from scoring.names import players_problem

# What a stored record must pass, as a number kept in each backup's manifest: a data file whose bytes a
# backup made under the same number verified needs no check record by record at start-up. Raise it
# when that changes (these checks, or a rule of `scoring` that refuses what it used to accept).
# 2: dates readable in every zone (1 depended on the zone of the check), limits of location and notes.
CHECKS = 2

EARLIEST_YEAR = 1970
LATEST_YEAR = 9999
WIDEST_OFFSET = timedelta(hours=14)  # UTC+14 (Kiribati) and UTC-12 are the widest offsets in use
# How far after this machine's clock an arriving game may be dated: a clock a little wrong, or a time
# written without its offset on a machine in another zone (26 hours apart at most), is not a typo.
FUTURE_SKEW = timedelta(hours=36)
# How far an arriving game's clock may start from its played_at: Tableside starts it there; another app
# may date the game by its end. Further than this, one of the two is a typo (a clock started in 1970).
CLOCK_FROM_PLAYED_AT = timedelta(hours=36)
ODD_IN_NAMES = {
    "Cc": N_("a control character"),
    "Cs": N_("half of a surrogate pair"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
}


def played_when(text: Any) -> datetime:
    """`played_at` as an aware datetime; one written without an offset is the local time of this machine.
    Raises ValueError when it is not an ISO 8601 date and time (or one this machine cannot place)."""
    if not isinstance(text, str):
        raise ValueError(_("played_at is not text"))
    try:
        when = datetime.fromisoformat(text)
        return when if when.tzinfo is not None else when.astimezone()
    except OverflowError as e:  # a naive time at the edge of the calendar, placed in the local zone
        raise ValueError(str(e)) from None


def with_offset(text: str) -> str:
    """`played_at` as it is stored: a time written without an offset gets this machine's offset at
    that moment (what it meant where it was entered); any other is kept as written. For a date that
    date_problem accepts."""
    when = datetime.fromisoformat(text)
    if when.tzinfo is not None:
        return text
    try:
        return when.astimezone().isoformat()
    except (OverflowError, OSError):  # a platform that cannot place it (Windows, before 1970): kept as written
        return text


def _in_every_zone(when: datetime) -> bool:
    """Whether `when` can be read in every time zone (see the module docstring)."""
    offset = when.utcoffset()
    spread = WIDEST_OFFSET if offset is not None else 2 * WIDEST_OFFSET  # a naive time's own zone is unknown too
    try:
        utc = when.replace(tzinfo=None) - (offset or timedelta(0))
    except OverflowError:  # past the calendar's ends already
        return False
    return datetime.min + spread <= utc <= datetime.max - spread


def _in_the_future(when: datetime, now: datetime | None) -> bool:
    now = now or datetime.now(UTC)
    try:
        if when.tzinfo is None:
            return when > now.astimezone().replace(tzinfo=None) + FUTURE_SKEW
        return when > now + FUTURE_SKEW
    except OverflowError:  # an aware time at the calendar's end: _in_every_zone refuses it
        return False


def date_problem(text: Any, field: str = "played_at", arriving: bool = False, now: datetime | None = None) -> str | None:
    """Why `text` cannot be a game's date, in words; None when it can. `arriving` (an import, a new
    game): it must not be in the future either (`now`: this machine's clock)."""
    try:
        when = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        when = None
    if when is None:
        return _("{field} {value} is not an ISO 8601 date and time").format(field=field, value=repr(text))
    if not EARLIEST_YEAR <= when.year <= LATEST_YEAR:
        return _("{field} {value} is not between the years {earliest} and {latest}").format(
            field=field, value=repr(text), earliest=EARLIEST_YEAR, latest=LATEST_YEAR
        )
    if arriving and _in_the_future(when, now):
        return _("{field} {value} is in the future (a game is recorded once it is played: is the year right?)").format(
            field=field, value=repr(text)
        )
    if not _in_every_zone(when):
        return _("{field} {value} is too near the end of the year {latest} to be read in every time zone").format(
            field=field, value=repr(text), latest=LATEST_YEAR
        )
    return None


def _codepoint(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def _shown(text: str) -> str:
    """A text as it can be printed: a lone surrogate as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _unstorable(text: str) -> str | None:
    """The first character of `text` that UTF-8 cannot hold (a lone surrogate), as U+XXXX."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return _codepoint(text[e.start])
    return None


def text_problem(value: Any) -> str | None:
    """The first text (key or value) of a record that cannot be written as UTF-8, named by its place
    (`players › player 2`, `rounds › item 1 › Ana`, `notes`: its keys as written, its positions in words)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            bad = _unstorable(node)
            if bad:
                place = " › ".join(at) or _("record")
                if at[:1] == ("players",) and len(at) == 2:
                    return _("{place}: the name holds a character that cannot be stored ({code}, half of a surrogate pair)").format(
                        place=place, code=bad
                    )
                return _("{place}: it holds a character that cannot be stored ({code}, half of a surrogate pair)").format(
                    place=place, code=bad
                )
        elif isinstance(node, dict):
            for key in node:
                bad = _unstorable(key) if isinstance(key, str) else None
                if bad:
                    place = " › ".join((*at, _shown(key)))
                    return _("{place}: the key holds a character that cannot be stored ({code}, half of a surrogate pair)").format(
                        place=place, code=bad
                    )
            stack.extend((item, (*at, _shown(str(key)))) for key, item in reversed(node.items()))
        elif isinstance(node, list):
            step = _("player {number}") if at == ("players",) else _("item {number}")
            stack.extend((item, (*at, step.format(number=i))) for i, item in reversed(list(enumerate(node, start=1))))
    return None


def name_problem(name: str) -> str | None:
    """Why a player's name arriving from outside cannot be stored as it is; None when it can."""
    for ch in name:
        if ch.isascii() and ch.isprintable():
            continue
        category = unicodedata.category(ch)
        if category in ODD_IN_NAMES:
            return _("a name cannot hold {what} ({code})").format(what=_(ODD_IN_NAMES[category]), code=_codepoint(ch))
        if (0xFDD0 <= ord(ch) <= 0xFDEF) or (ord(ch) & 0xFFFE) == 0xFFFE:
            return _("a name cannot hold a noncharacter ({code})").format(code=_codepoint(ch))
    return None


def clock_problem(clock: Any, arriving: bool, played_at: Any = None, finished: bool = False) -> str | None:
    """The game clock's times held to played_at's rules (its shape and order are scoring/clock.py's). An
    arriving game's clock starts near its `played_at` (Tableside starts it there), and a finished
    arriving game's clock has stopped: its time played must not grow after the import."""
    if not isinstance(clock, dict):
        return None  # scoring names it
    pauses = clock.get("pauses")
    named = [("started", clock.get("started")), ("stopped", clock.get("stopped"))]
    for i, pause in enumerate(pauses if isinstance(pauses, list) else [], start=1):
        if isinstance(pause, dict):
            named += [(f"pauses › pause {i} › {key}", pause.get(key)) for key in ("from", "to")]
    for field, text in named:
        problem = date_problem(text, f"clock › {field}", arriving) if isinstance(text, str) else None
        if problem:
            return problem
    if not arriving:
        return None
    if finished and "stopped" not in clock:
        return _("clock: a finished game's clock has stopped, and this one has no 'stopped' (it would keep running)")
    try:
        apart = abs(played_when(clock.get("started")) - played_when(played_at)) if played_at is not None else timedelta(0)
    except (ValueError, OverflowError):
        return None  # scoring, or played_at's own check, names it
    if apart > CLOCK_FROM_PLAYED_AT:
        hours = CLOCK_FROM_PLAYED_AT // timedelta(hours=1)
        started = clock.get("started")
        return _(
            "clock › started: {started} is more than {hours} hours from played_at {played_at} (a clock starts when the game does)"
        ).format(started=repr(started), hours=hours, played_at=repr(played_at))
    return None


def metadata_problem(record: dict, arriving: bool = False, finished: bool = False) -> str | None:
    """What the store and its index need of a record beyond its rules (see the module docstring)."""
    problem = text_problem(record)
    if problem:
        return problem
    problem = id_problem(record.get("id")) if "id" in record or not arriving else None  # an import may leave the id to the store
    if problem:
        return problem
    if "played_at" in record:
        problem = date_problem(record["played_at"], arriving=arriving)
        if problem:
            return problem
    problem = clock_problem(record.get("clock"), arriving, record.get("played_at"), finished) if "clock" in record else None
    if problem:
        return problem
    for field in ("location", "notes"):
        problem = detail_problem(record[field], field, arriving) if field in record else None
        if problem:
            return problem
    if "photos" in record:  # the tableaux' photos (photos.py): references only, the files are apart
        problem = refs_problem(record["photos"], record.get("players"))
        if problem:
            return problem
    players = record.get("players")
    if arriving and isinstance(players, list):
        for i, name in enumerate(players, start=1):
            problem = name_problem(name) if isinstance(name, str) else None
            if problem:
                return _("players › player {number}: {problem}").format(number=i, problem=problem)
        problem = players_problem(players)  # Setup's own rules (scoring/names.py: the rules' words)
        if problem:
            return f"players › {spoken(problem)}"
    return None


def record_problem(record: Any, finished: bool, arriving: bool = False) -> str | None:
    """Why a stored record cannot be used (in words), None when it can. A finished game without a
    result (saved through the API, never by the screens) is still a game: it is not set aside."""
    try:
        scoring.score(record)
    except scoring.RecordError as e:
        return spoken(e.said)  # the rules' words, in the reader's language (English at start-up: no reader yet)
    except Exception as e:  # a scorer bug must not stop the start: the record is set aside and named
        return _("the scorer could not read it ({error})").format(error=f"{type(e).__name__}: {e}")
    return metadata_problem(record, arriving)


def doc_problem(doc: dict, finished: bool) -> str | None:
    """A store entry: its record is usable and carries the entry's id."""
    problem = record_problem(doc["record"], finished)
    if problem is None and doc["record"].get("id") != doc["id"]:
        problem = _("the record's id differs from the entry's")
    return problem
