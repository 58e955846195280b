"""Whether a stored game can be used: one validation for everything that enters the store and
everything found in it.

`record_problem` is used by import (transfer.read_import, GameStore.add_finished), by every
save of the store and by the start-up check of every stored record (and of every backup
written or restored), so whatever import accepts, start-up keeps. It checks what the record's
rules say (scoring), and what the index, the month files, the statistics and the exports
derive from it:

- `id`: 1 to 200 characters (ids.py);
- `played_at`: ISO 8601, a date and time between the years 1970 and 9999 (read in its own
  offset; one written without an offset is the local time of this machine), which can also
  be read in UTC;
- every text of the record (keys included) can be written as UTF-8: a lone surrogate (a half
  of a UTF-16 pair, which JSON's `\\ud800` escape can carry) cannot be stored, and is named.

A record arriving from outside (an import, a new game) is also refused when a player's name
holds control characters, line or paragraph separators or noncharacters (`arriving=True`);
records stored before that rule stay usable. A record that fails at start-up is set aside
(damaged.py), never dropped.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from typing import Any

import scoring
from companion.data.ids import id_problem

# What a stored record must pass, as a number kept in each backup's manifest: a data file whose bytes a
# backup made under the same number verified needs no check record by record at start-up. Raise it
# when that changes (these checks, or a rule of `scoring` that refuses what it used to accept).
CHECKS = 1

EARLIEST_YEAR = 1970
LATEST_YEAR = 9999
ODD_IN_NAMES = {"Cc": "a control character", "Cs": "half of a surrogate pair", "Zl": "a line separator", "Zp": "a paragraph separator"}


def played_when(text: Any) -> datetime:
    """`played_at` as an aware datetime; one written without an offset is the local time of this machine.
    Raises ValueError when it is not an ISO 8601 date and time (or one this machine cannot place)."""
    if not isinstance(text, str):
        raise ValueError("played_at is not text")
    try:
        when = datetime.fromisoformat(text)
        return when if when.tzinfo is not None else when.astimezone()
    except OverflowError as e:  # a naive time at the edge of the calendar, placed in the local zone
        raise ValueError(str(e)) from None


def date_problem(text: Any, field: str = "played_at") -> str | None:
    """Why `text` cannot be a game's date, in words; None when it can."""
    try:
        when = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        when = None
    if when is None:
        return f"{field} {text!r} is not an ISO 8601 date and time"
    outside = f"{field} {text!r} is not between the years {EARLIEST_YEAR} and {LATEST_YEAR}"
    if not EARLIEST_YEAR <= when.year <= LATEST_YEAR:
        return outside
    try:
        played_when(text).astimezone(UTC)
    except (OverflowError, ValueError):
        return outside + " once placed in UTC"
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
    (`players › player 2`, `rounds › item 1 › Ana`, `notes`)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            bad = _unstorable(node)
            if bad:
                what = "the name" if at[:1] == ("players",) and len(at) == 2 else "it"
                return f"{' › '.join(at) or 'record'}: {what} holds a character that cannot be stored ({bad}, half of a surrogate pair)"
        elif isinstance(node, dict):
            for key in node:
                bad = _unstorable(key) if isinstance(key, str) else None
                if bad:
                    place = " › ".join((*at, _shown(key)))
                    return f"{place}: the key holds a character that cannot be stored ({bad}, half of a surrogate pair)"
            stack.extend((item, (*at, _shown(str(key)))) for key, item in reversed(node.items()))
        elif isinstance(node, list):
            label = "player" if at == ("players",) else "item"
            stack.extend((item, (*at, f"{label} {i}")) for i, item in reversed(list(enumerate(node, start=1))))
    return None


def name_problem(name: str) -> str | None:
    """Why a player's name arriving from outside cannot be stored as it is; None when it can."""
    for ch in name:
        if ch.isascii() and ch.isprintable():
            continue
        category = unicodedata.category(ch)
        if category in ODD_IN_NAMES:
            return f"a name cannot hold {ODD_IN_NAMES[category]} ({_codepoint(ch)})"
        if (0xFDD0 <= ord(ch) <= 0xFDEF) or (ord(ch) & 0xFFFE) == 0xFFFE:
            return f"a name cannot hold a noncharacter ({_codepoint(ch)})"
    return None


def metadata_problem(record: dict, arriving: bool = False) -> str | None:
    """What the store and its index need of a record beyond its rules (see the module docstring)."""
    problem = text_problem(record)
    if problem:
        return problem
    problem = id_problem(record.get("id")) if "id" in record or not arriving else None  # an import may leave the id to the store
    if problem:
        return problem
    if "played_at" in record:
        problem = date_problem(record["played_at"])
        if problem:
            return problem
    if arriving:
        for i, name in enumerate(record.get("players") or [], start=1):
            problem = name_problem(name) if isinstance(name, str) else None
            if problem:
                return f"players › player {i}: {problem}"
    return None


def record_problem(record: Any, finished: bool, arriving: bool = False) -> str | None:
    """Why a stored record cannot be used (in words), None when it can. A finished game without a
    result (saved through the API, never by the screens) is still a game: it is not set aside."""
    try:
        scoring.score(record)
    except scoring.RecordError as e:
        return str(e)
    except Exception as e:  # a scorer bug must not stop the start: the record is set aside and named
        return f"the scorer could not read it ({type(e).__name__}: {e})"
    return metadata_problem(record, arriving)


def doc_problem(doc: dict, finished: bool) -> str | None:
    """A store entry: its record is usable and carries the entry's id."""
    problem = record_problem(doc["record"], finished)
    if problem is None and doc["record"].get("id") != doc["id"]:
        problem = "the record's id differs from the entry's"
    return problem
