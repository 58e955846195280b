"""Where a game was played and notes on it: the record's optional `location` and `notes` (FORMAT.md
metadata, format 1: kept on every round trip, never scored). Pure: no Flet.

Both are trimmed text; an empty one is left out of the record rather than stored as "" (a record
without them is what older versions wrote, and reads the same).
"""

from __future__ import annotations

from typing import Any

from companion.data.details import MAX_LOCATION, MAX_NOTES, clean_detail


def clean(text: str | None, limit: int) -> str:
    """Trimmed, at most `limit` characters; line breaks only in notes (a location is one line). The
    store's own rule (data/details.py), which an import and start-up check against."""
    return clean_detail(text, "location" if limit == MAX_LOCATION else "notes")


def details_of(record: dict) -> tuple[str, str]:
    """(location, notes) of a record, "" where it has none."""
    location, notes = record.get("location"), record.get("notes")
    return (location if isinstance(location, str) else "", notes if isinstance(notes, str) else "")


def with_details(record: dict, location: str | None, notes: str | None) -> dict:
    """A copy of `record` with these location and notes (cleaned; left out when empty)."""
    out = {k: v for k, v in record.items() if k not in ("location", "notes")}
    for key, value, limit in (("location", location, MAX_LOCATION), ("notes", notes, MAX_NOTES)):
        cleaned = clean(value, limit)
        if cleaned:
            out[key] = cleaned
    return out


def same_details(record: dict, location: str | None, notes: str | None) -> bool:
    return details_of(record) == (clean(location, MAX_LOCATION), clean(notes, MAX_NOTES))


def merged(record: Any, details_from: dict) -> Any:
    """`record` carrying the location and notes of `details_from` (for states kept to replay: undo)."""
    return with_details(record, *details_of(details_from))
