"""Where a game was played and its notes (the record's optional `location` and `notes`): what is
stored, and why a text arriving from elsewhere is not what Setup and Results would have stored.

One rule for every way in: Setup and Results store `clean_detail` of what was typed
(services/game_details.py; without the bidi controls and invisible characters a player's name loses,
by scoring/names.py's `strip_hidden`), an import must already hold exactly that (`detail_problem` with
`arriving=True`), and start-up sets aside a stored record whose text breaks the limits
(`arriving=False`: too long, or holding control characters), which older imports let through:
a 1,000,000-character note kept that game's results page from ever drawing.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.language import _, number
from scoring.names import hidden_characters, strip_hidden

MAX_LOCATION = 100  # a place's name, shown on one line
MAX_NOTES = 1000  # a few sentences; BG Stats keeps them as the play's comments
LIMITS = {"location": MAX_LOCATION, "notes": MAX_NOTES}
SPACING = "\t\n\r"  # control characters that only space text out: kept in a stored record, not by Setup


def _odd_control(text: str) -> str | None:
    """The first control character of `text` that is not a tab or a line break (NUL, ESC, ...)."""
    if text.isascii() and text.isprintable():
        return None
    for ch in text:
        if ch not in SPACING and unicodedata.category(ch) == "Cc":
            return ch
    return None


def clean_detail(text: str | None, field: str) -> str:
    """What Setup and Results store of a typed `location` or `notes`: control characters taken out (a
    tab is a space; notes keep their line breaks, as \\n), bidi controls and invisible characters taken
    out as from a player's name (scoring/names.py), a location on one line with its spaces run together,
    trimmed, at most the field's limit."""
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    if _odd_control(text):
        text = "".join(ch for ch in text if ch in SPACING or unicodedata.category(ch) != "Cc")
    text = strip_hidden(text).strip()
    if field == "location":
        text = " ".join(text.split())
    return strip_hidden(text[: LIMITS[field]]).strip()  # again: the cut may part a joiner from what follows it


def _holds(field: str, ch: str) -> str:
    return _("{field}: it holds a control character ({code})").format(field=field, code=f"U+{ord(ch):04X}")


def detail_problem(value: Any, field: str, arriving: bool) -> str | None:
    """Why `value` cannot be the record's `field` ("location" or "notes"), in words after the field's
    name; None when it can. `arriving` (an import, a new game): it must be exactly what Setup would
    store; a stored record (start-up) is held to the limits only: its length and no control character
    besides tabs and line breaks."""
    if not isinstance(value, str):
        return _("{field}: it must be text").format(field=field)
    limit = LIMITS[field]
    if len(value) > limit:
        return _("{field}: it is {length} characters long (at most {limit})").format(
            field=field, length=number(len(value)), limit=number(limit)
        )
    odd = _odd_control(value)
    if odd:
        return _holds(field, odd)
    if not arriving or value == "" or clean_detail(value, field) == value:  # "" is kept as it came (docs/format.md)
        return None
    if hidden := hidden_characters(value):  # a bidi control or an invisible character, as in a name
        return _holds(field, hidden[0])
    if field == "location" and ("\n" in value or "\r" in value):
        return _("{field}: it holds a line break (a location is one line)").format(field=field)
    if "\t" in value:
        return _("{field}: it holds a tab").format(field=field)
    if "\r" in value:
        return _("{field}: it holds a carriage return (a line break is written \\n)").format(field=field)
    if value != value.strip():
        return _("{field}: it has spaces around it").format(field=field)
    return _("{field}: it holds spaces other than single plain spaces (Setup runs them together into one)").format(field=field)
