"""Whether a stored record can be used: it scores, its id is acceptable, its date reads.

Used at start-up for every stored record, for every backup written and for every backup
before it is restored. A record that fails is set aside (damaged.py), never dropped.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import scoring

from .ids import id_problem


def played_when(text: Any) -> datetime:
    """`played_at` as an aware datetime; one written without an offset is the local time of this machine.
    Raises ValueError when it is not an ISO 8601 date and time."""
    if not isinstance(text, str):
        raise ValueError("played_at is not text")
    when = datetime.fromisoformat(text)
    return when if when.tzinfo is not None else when.astimezone()


def record_problem(record: Any, finished: bool) -> str | None:
    """Why a stored record cannot be used (in words), None when it can. A finished game without a
    result (saved through the API, never by the screens) is still a game: it is not set aside."""
    try:
        scoring.score(record)
    except scoring.RecordError as e:
        return str(e)
    except Exception as e:  # a scorer bug must not stop the start: the record is set aside and named
        return f"the scorer could not read it ({type(e).__name__}: {e})"
    problem = id_problem(record.get("id"))
    if problem:
        return problem
    if "played_at" in record:
        try:
            played_when(record["played_at"])
        except ValueError:
            return f"played_at {record['played_at']!r} is not an ISO 8601 date and time"
    return None


def doc_problem(doc: dict, finished: bool) -> str | None:
    """A store entry: its record is usable and carries the entry's id."""
    problem = record_problem(doc["record"], finished)
    if problem is None and doc["record"].get("id") != doc["id"]:
        problem = "the record's id differs from the entry's"
    return problem
